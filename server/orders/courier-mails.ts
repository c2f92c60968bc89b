import { formatPaise } from "../../contract/money";
import { STORE } from "../../contract/store";
import type { Mail } from "../mail/mail.service";
import { brandedMail } from "../mail/mail-layout";
import type { MailedOrder } from "./order-mails";

/** The shopper's mails of her parcel's journey with the courier (decision 050). */
export function outForDeliveryMail(order: MailedOrder, orderUrl: string, cashPaise: number | null): Mail {
  return {
    to: order.email,
    subject: `${STORE.name}: order ${order.publicId} is out for delivery`,
    ...brandedMail([
      `Namaste ${order.fullName},`,
      `Your order ${order.publicId} is out for delivery today. Please keep your phone close: the courier may call.`,
      ...(cashPaise === null
        ? []
        : [`Please keep ${formatPaise(cashPaise)} ready: the courier collects it in cash at the door.`]),
      { label: "Follow your parcel", url: orderUrl },
    ]),
  };
}

export function returnedToOriginMail(
  order: MailedOrder,
  orderUrl: string,
  refunded: boolean,
  creditNoteNumber?: string,
): Mail {
  return {
    to: order.email,
    subject: `${STORE.name}: order ${order.publicId} came back to us`,
    ...brandedMail([
      `Namaste ${order.fullName},`,
      `The courier could not deliver your order ${order.publicId} and has brought it back to us.`,
      refunded
        ? `The ${formatPaise(order.totalPaise)} you paid is being refunded to the account you paid from; we will write again when PhonePe has sent it.`
        : "Nothing is owed. If you would still like the pieces, write to us and we will send them again.",
      ...(creditNoteNumber
        ? [`The GST credit note ${creditNoteNumber}, which cancels the order's tax invoice, is attached.`]
        : []),
      { label: "See your order", url: orderUrl },
    ]),
  };
}
