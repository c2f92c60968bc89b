import { formatPaise } from "../../contract/money";
import type { ShippingAddress } from "../../contract/orders";
import { STORE } from "../../contract/store";
import { describeMeasurements } from "../../contract/tailoring-rules";
import type { Mail } from "../mail/mail.service";
import type { OrderedCustomization } from "./orders.tables";
import { brandedMail, type MailParagraph } from "../mail/mail-layout";
import { courierName, trackingLinkOf, type Shipment } from "../../contract/couriers";
import { formatHoldTime } from "../../contract/hold-time";

/** What the mails need of an order and its lines. */
export const mailedOrder = (
  order: Pick<
    MailedOrder,
    "publicId" | "totalPaise" | "deliveryPaise" | "codFeePaise" | "prepaidDiscountPaise" | "shippingAddress"
  >,
  items: MailedOrder["items"],
): MailedOrder => ({
  publicId: order.publicId,
  fullName: order.shippingAddress.fullName,
  email: order.shippingAddress.email,
  totalPaise: order.totalPaise,
  deliveryPaise: order.deliveryPaise,
  codFeePaise: order.codFeePaise,
  prepaidDiscountPaise: order.prepaidDiscountPaise,
  shippingAddress: order.shippingAddress,
  items,
});

export type MailedOrder = {
  publicId: string;
  fullName: string;
  email: string;
  totalPaise: number;
  deliveryPaise: number;
  codFeePaise: number;
  prepaidDiscountPaise: number;
  shippingAddress: ShippingAddress;
  items: {
    name: string;
    size: string;
    quantity: number;
    unitPricePaise: number;
    customization: OrderedCustomization | null;
  }[];
};

/** A customised line's second line: what the tailor will do, with the measurements and the note. */
const customizationText = ({ options, ...asked }: OrderedCustomization) =>
  [
    `  Customised: ${options.map((option) => option.name).join(", ")}`,
    describeMeasurements(asked),
    asked.note && `note: ${asked.note}`,
  ]
    .filter(Boolean)
    .join("; ");

/**
 * The order's lines, then its delivery charge (or free delivery), the fee for paying in cash and the discount
 * for paying online when there is one, and its total, as the order page shows them.
 */
export const linesText = (order: MailedOrder) =>
  [
    ...order.items.map(
      (item) =>
        `${item.name}, size ${item.size} × ${item.quantity}: ${formatPaise(item.unitPricePaise * item.quantity)}` +
        (item.customization ? `\n${customizationText(item.customization)}` : ""),
    ),
    `Delivery: ${deliveryText(order.deliveryPaise)}`,
    ...(order.codFeePaise > 0 ? [`Cash on Delivery fee: ${formatPaise(order.codFeePaise)}`] : []),
    ...(order.prepaidDiscountPaise > 0
      ? [`Discount for paying online: -${formatPaise(order.prepaidDiscountPaise)}`]
      : []),
    `Total: ${formatPaise(order.totalPaise)}`,
  ].join("\n");

export const deliveryText = (deliveryPaise: number) =>
  deliveryPaise === 0 ? "Free" : formatPaise(deliveryPaise);

const addressText = ({ shippingAddress: a }: MailedOrder) =>
  `${a.fullName}\n${a.address}\n${a.city}, ${a.state} ${a.postalCode}\n${a.country}\nPhone ${a.phone}`;

/** Sent once, when PhonePe has opened the order's first payment page. */
export function orderPlacedMail(order: MailedOrder, orderUrl: string, payBy: Date): Mail {
  return {
    to: order.email,
    subject: `${STORE.name}: order ${order.publicId} placed`,
    ...brandedMail([
      `Namaste ${order.fullName},`,
      `Thank you for your order ${order.publicId} of ${formatPaise(order.totalPaise)}. It is confirmed as soon as your PhonePe payment goes through; we will write again then.`,
      `We hold the pieces for you until ${formatHoldTime(payBy)}. If the payment did not go through, you can pay again from your order's page until then.`,
      linesText(order),
      { label: "See your order", url: orderUrl },
    ]),
  };
}

/** At most once for an order left unpaid, while its pieces are still held. */
export function paymentReminderMail(order: MailedOrder, orderUrl: string, payBy: Date): Mail {
  return {
    to: order.email,
    subject: `${STORE.name}: your order ${order.publicId} is waiting for payment`,
    ...brandedMail([
      `Namaste ${order.fullName},`,
      `Your order ${order.publicId} of ${formatPaise(order.totalPaise)} is not paid yet. We hold its pieces for you until ${formatHoldTime(payBy)}; after that they go back on sale and the order is cancelled.`,
      linesText(order),
      "If you have already paid, there is nothing to do: we confirm the order as soon as PhonePe does.",
      { label: "Pay now", url: orderUrl },
    ]),
  };
}

export function paymentReceivedMail(
  order: MailedOrder,
  orderUrl: string,
  invoiceNumber: string,
  { afterCancelling = false }: { afterCancelling?: boolean } = {},
): Mail {
  return {
    to: order.email,
    subject: `${STORE.name}: payment received for order ${order.publicId}`,
    ...brandedMail([
      `Namaste ${order.fullName},`,
      ...(afterCancelling
        ? [
            `You had cancelled order ${order.publicId}, but PhonePe confirmed your payment for it afterwards. Its pieces were still in stock, so the order goes ahead. If you do not want it, reply to this mail and we will cancel it and refund you in full.`,
          ]
        : []),
      `We have received your payment of ${formatPaise(order.totalPaise)} for order ${order.publicId}. We are preparing it now and will tell you when it ships.`,
      linesText(order),
      `Delivery to:\n${addressText(order)}`,
      `Your GST tax invoice ${invoiceNumber} is attached; you can also download it from your order's page.`,
      { label: "Follow your order", url: orderUrl },
    ]),
  };
}

export function paymentFailedMail(order: MailedOrder, retryUrl: string): Mail {
  return {
    to: order.email,
    subject: `${STORE.name}: payment for order ${order.publicId} did not go through`,
    ...brandedMail([
      `Namaste ${order.fullName},`,
      `Your payment of ${formatPaise(order.totalPaise)} for order ${order.publicId} did not go through, so the order is cancelled and nothing was charged. If money left your account, PhonePe returns it within a few working days.`,
      "Your bag still holds the pieces on this device. You can try again:",
      { label: "Try again", url: retryUrl },
    ]),
  };
}

export function refundMail(order: MailedOrder, amountPaise: number, reason: string): Mail {
  return {
    to: order.email,
    subject: `${STORE.name}: refund for order ${order.publicId}`,
    ...brandedMail([
      `Namaste ${order.fullName},`,
      `We are refunding ${formatPaise(amountPaise)} for order ${order.publicId} to the account you paid from, because ${reason}. PhonePe usually completes refunds within 5-7 working days.`,
    ]),
  };
}

/** The shipment's lines of a mail: courier, number, and where to track it. */
function trackingParagraphs(shipment: Shipment): MailParagraph[] {
  if (!shipment.courier) return [];
  const link = trackingLinkOf(shipment);
  const name = courierName(shipment.courier);
  return [
    [`Courier: ${name}`, shipment.trackingNumber ? `Tracking number: ${shipment.trackingNumber}` : null]
      .filter(Boolean)
      .join("\n"),
    ...(link
      ? [
          link.withNumber
            ? { label: "Track your parcel", url: link.url }
            : `Track it on ${name}'s page with the tracking number: ${link.url}`,
        ]
      : []),
  ];
}

export function orderShippedMail(order: MailedOrder, orderUrl: string, shipment: Shipment): Mail {
  return {
    to: order.email,
    subject: `${STORE.name}: order ${order.publicId} has shipped`,
    ...brandedMail([
      `Namaste ${order.fullName},`,
      `Your order ${order.publicId} is on its way. It usually arrives within 7-10 working days.`,
      ...trackingParagraphs(shipment),
      `Delivery to:\n${addressText(order)}`,
      { label: "Follow your order", url: orderUrl },
    ]),
  };
}

/** Staff corrected the courier or the tracking number of a shipped order. */
export function trackingCorrectedMail(order: MailedOrder, orderUrl: string, shipment: Shipment): Mail {
  return {
    to: order.email,
    subject: `${STORE.name}: corrected tracking details for order ${order.publicId}`,
    ...brandedMail([
      `Namaste ${order.fullName},`,
      `We had given you the wrong tracking details for your order ${order.publicId}. These are the right ones:`,
      ...trackingParagraphs(shipment),
      { label: "Follow your order", url: orderUrl },
    ]),
  };
}

export function orderDeliveredMail(order: MailedOrder, orderUrl: string): Mail {
  return {
    to: order.email,
    subject: `${STORE.name}: order ${order.publicId} delivered`,
    ...brandedMail([
      `Namaste ${order.fullName},`,
      `Your order ${order.publicId} has been delivered. We hope you love it!`,
      { label: "See your order", url: orderUrl },
    ]),
  };
}

export function orderCancelledMail(
  order: MailedOrder,
  orderUrl: string,
  refunded: boolean,
  reason: string,
  creditNoteNumber?: string,
): Mail {
  return {
    to: order.email,
    subject: `${STORE.name}: order ${order.publicId} cancelled`,
    ...brandedMail([
      `Namaste ${order.fullName},`,
      refunded
        ? `We are sorry: we have had to cancel your order ${order.publicId}. The ${formatPaise(order.totalPaise)} you paid is being refunded to the account you paid from; we will write again when PhonePe has sent it.`
        : `Your order ${order.publicId} of ${formatPaise(order.totalPaise)} has been cancelled. Nothing was charged; if money left your account, PhonePe returns it within a few working days.`,
      `Reason: ${reason}`,
      ...(creditNoteNumber
        ? [`The GST credit note ${creditNoteNumber}, which cancels the order's tax invoice, is attached.`]
        : []),
      { label: "See your order", url: orderUrl },
    ]),
  };
}
