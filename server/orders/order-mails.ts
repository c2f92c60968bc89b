import { formatPaise } from "../../contract/money";
import type { ShippingAddress } from "../../contract/orders";
import { STORE } from "../../contract/store";
import { describeMeasurements } from "../../contract/tailoring-rules";
import type { Mail } from "../mail/mail.service";
import type { OrderedCustomization } from "./orders.tables";
import { brandedMail } from "../mail/mail-layout";

export type MailedOrder = {
  publicId: string;
  fullName: string;
  email: string;
  totalPaise: number;
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

const linesText = (order: MailedOrder) =>
  order.items
    .map(
      (item) =>
        `${item.name}, size ${item.size} × ${item.quantity}: ${formatPaise(item.unitPricePaise * item.quantity)}` +
        (item.customization ? `\n${customizationText(item.customization)}` : ""),
    )
    .join("\n");

const addressText = ({ shippingAddress: a }: MailedOrder) =>
  `${a.fullName}\n${a.address}\n${a.city}, ${a.state} ${a.postalCode}\n${a.country}\nPhone ${a.phone}`;

export function orderPlacedMail(order: MailedOrder, orderUrl: string): Mail {
  return {
    to: order.email,
    subject: `${STORE.name}: order ${order.publicId} placed`,
    ...brandedMail([
      `Namaste ${order.fullName},`,
      `Thank you for your order ${order.publicId} of ${formatPaise(order.totalPaise)}. It is confirmed as soon as your PhonePe payment goes through; we will write again then.`,
      linesText(order),
      { label: "See your order", url: orderUrl },
    ]),
  };
}

export function paymentReceivedMail(order: MailedOrder, orderUrl: string, invoiceNumber: string): Mail {
  return {
    to: order.email,
    subject: `${STORE.name}: payment received for order ${order.publicId}`,
    ...brandedMail([
      `Namaste ${order.fullName},`,
      `We have received your payment of ${formatPaise(order.totalPaise)} for order ${order.publicId}. We are preparing it now and will tell you when it ships.`,
      linesText(order),
      `Delivery free, to:\n${addressText(order)}`,
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

export function refundMail(order: MailedOrder, amountPaise: number): Mail {
  return {
    to: order.email,
    subject: `${STORE.name}: refund for order ${order.publicId}`,
    ...brandedMail([
      `Namaste ${order.fullName},`,
      `We are refunding ${formatPaise(amountPaise)} for order ${order.publicId} to the account you paid from. PhonePe usually completes refunds within 5-7 working days.`,
    ]),
  };
}

export function orderShippedMail(
  order: MailedOrder,
  orderUrl: string,
  shipping: { courier?: string | null; trackingNumber?: string | null },
): Mail {
  const tracking = [
    shipping.courier ? `Courier: ${shipping.courier}` : null,
    shipping.trackingNumber ? `Tracking number: ${shipping.trackingNumber}` : null,
  ].filter((line): line is string => line !== null);
  return {
    to: order.email,
    subject: `${STORE.name}: order ${order.publicId} has shipped`,
    ...brandedMail([
      `Namaste ${order.fullName},`,
      `Your order ${order.publicId} is on its way. It usually arrives within 7-10 working days.`,
      ...(tracking.length ? [tracking.join("\n")] : []),
      `Delivery to:\n${addressText(order)}`,
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
      ...(creditNoteNumber
        ? [`The GST credit note ${creditNoteNumber}, which cancels the order's tax invoice, is attached.`]
        : []),
      { label: "See your order", url: orderUrl },
    ]),
  };
}
