import { formatPaise } from "../../contract/money";
import { formatHoldTime } from "../../contract/hold-time";
import { STORE } from "../../contract/store";
import type { Mail } from "../mail/mail.service";
import { brandedMail } from "../mail/mail-layout";
import { linesText, type MailedOrder } from "./order-mails";

/** A cash order placed: the shopper confirms it in one tap from the mail (decision 048). */
export function codConfirmMail(order: MailedOrder, confirmUrl: string, orderUrl: string, until: Date): Mail {
  return {
    to: order.email,
    subject: `${STORE.name}: please confirm your order ${order.publicId}`,
    ...brandedMail([
      `Namaste ${order.fullName},`,
      `Thank you for your order ${order.publicId} of ${formatPaise(order.totalPaise)}, to be paid in cash when it arrives. Please confirm it, so that we pack it for dispatch.`,
      { label: "Confirm my order", url: confirmUrl },
      `We hold the pieces for you until ${formatHoldTime(until)}; an order not confirmed by then is cancelled.`,
      linesText(order),
      { label: "See your order", url: orderUrl },
    ]),
  };
}
