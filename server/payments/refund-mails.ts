import { formatPaise } from "../../contract/money";
import { STORE } from "../../contract/store";
import { brandedMail } from "../mail/mail-layout";
import type { Mail } from "../mail/mail.service";
import type { OrderRow } from "../orders/orders.tables";

/**
 * To the shop's own inbox (STORE_EMAIL) when a refund fails: PhonePe refused it, or had not completed it when
 * the store stopped asking. Says what the shopper is owed, why, and what staff can do on the order's page.
 */
export function refundNeedsAttentionMail(
  order: OrderRow,
  refund: { merchantRefundId: string; amountPaise: number },
  {
    failure,
    reason,
    orderUrl,
    storeEmail,
  }: {
    failure: "refused" | "no-answer";
    reason: string;
    orderUrl: string;
    storeEmail: string;
  },
): Mail {
  const shopper = order.shippingAddress;
  return {
    to: storeEmail,
    subject: `${STORE.name}: the refund for order ${order.publicId} needs you`,
    ...brandedMail([
      failure === "refused"
        ? `PhonePe refused the refund of ${formatPaise(refund.amountPaise)} for order ${order.publicId} (${refund.merchantRefundId}). PhonePe said: ${reason}`
        : `PhonePe had not completed the refund of ${formatPaise(refund.amountPaise)} for order ${order.publicId} (${refund.merchantRefundId}) when the store stopped asking: ${reason}`,
      `The shopper has not been refunded: ${shopper.fullName}, ${shopper.email}, phone ${shopper.phone}.`,
      failure === "refused"
        ? "On the order's page you can ask PhonePe again, or send the money another way (a bank transfer to the shopper) and mark the refund paid, with the transfer's reference."
        : "Look the refund up in PhonePe's dashboard. On the order's page you can ask PhonePe again, or, if you have sent the money another way (a bank transfer to the shopper), mark the refund paid with the transfer's reference.",
      { label: "Open the order", url: orderUrl },
    ]),
  };
}
