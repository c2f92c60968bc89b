import type { GstDocuments } from "../gst/gst-documents";
import type { Transaction } from "../db/client";
import { enqueueMail, type Mail } from "../mail/mail.service";
import type { OrderChange, OrderSubscriber } from "./order-changes";
import {
  mailedOrder,
  orderCancelledMail,
  orderDeliveredMail,
  orderShippedMail,
  paymentFailedMail,
  paymentReceivedMail,
  refundMail,
} from "./order-mails";
import { outForDeliveryMail, returnedToOriginMail } from "./courier-mails";

/** The news of a parcel (shipped, out for delivery, delivered): what carries it besides a mail. */
export type NewsChange = Extract<OrderChange, { kind: "shipped" | "out-for-delivery" | "delivered" }>;
export type DeliverNews = (tx: Transaction, change: NewsChange, mail: Mail) => Promise<void>;

/**
 * The shopper's mails of an order's changes and the GST documents that go with them (decision 025): a paid
 * order's tax invoice, numbered in the payment's transaction and attached to its mail (its PDF drawn when the
 * mail is sent); a paid order cancelled by the store, its credit note. Queued in the change's transaction.
 * The news of the parcel goes through `deliverNews`: WhatsApp, when the shopper chose it, with the mail as its
 * fallback (decision 053); the mail otherwise.
 */
export function createOrderNotices({
  gst,
  publicUrl,
  deliverNews = (tx, _change, mail) => enqueueMail(tx, mail),
}: {
  gst: GstDocuments;
  publicUrl: string;
  deliverNews?: DeliverNews;
}): OrderSubscriber {
  const orderUrl = (publicId: string) => `${publicUrl}/orders/${publicId}`;

  return async function notify(tx, change: OrderChange) {
    const { order, items } = change;
    // Every mail of an order names it: staff see them on the order's page.
    const send = (mail: Mail) => enqueueMail(tx, { ...mail, orderId: order.id });
    const news = (news: NewsChange, mail: Mail) => deliverNews(tx, news, { ...mail, orderId: order.id });
    switch (change.kind) {
      case "paid": {
        const invoice = await gst.issueInvoice(tx, order, items);
        await send({
          ...paymentReceivedMail(mailedOrder(order, items), orderUrl(order.publicId), invoice.number, {
            afterCancelling: change.afterCancelling,
          }),
          attachments: [{ kind: "gst-document", id: invoice.id }],
        });
        return;
      }
      case "released":
        if (change.declined)
          await send(paymentFailedMail(mailedOrder(order, items), `${publicUrl}/checkout`));
        return;
      case "shipped":
        await news(
          change,
          orderShippedMail(mailedOrder(change.shipped, items), orderUrl(order.publicId), change.shipment),
        );
        return;
      case "delivered":
        await news(
          change,
          orderDeliveredMail(mailedOrder(change.delivered, items), orderUrl(order.publicId)),
        );
        return;
      case "cancelled-by-staff": {
        // A confirmed Cash on Delivery order is Processing but unpaid: no invoice to reverse.
        const wasPaid = order.paidAt !== null;
        // A paid order's invoice is reversed by a credit note, in this transaction.
        const creditNote = wasPaid
          ? await gst.issueCreditNote(
              tx,
              order,
              "the order was cancelled by the store and its payment refunded",
            )
          : undefined;
        await send({
          ...orderCancelledMail(
            mailedOrder(change.cancelled, items),
            orderUrl(order.publicId),
            wasPaid,
            change.told,
            creditNote?.number,
          ),
          ...(creditNote ? { attachments: [{ kind: "gst-document" as const, id: creditNote.id }] } : {}),
        });
        return;
      }
      case "out-for-delivery":
        await news(
          change,
          outForDeliveryMail(
            mailedOrder(order, items),
            orderUrl(order.publicId),
            order.paidAt ? null : order.totalPaise,
          ),
        );
        return;
      case "returned": {
        const wasPaid = order.paidAt !== null;
        const creditNote = wasPaid
          ? await gst.issueCreditNote(tx, order, "the parcel was returned to the shop by the courier")
          : undefined;
        await send({
          ...returnedToOriginMail(
            mailedOrder(change.returned, items),
            orderUrl(order.publicId),
            wasPaid,
            creditNote?.number,
          ),
          ...(creditNote ? { attachments: [{ kind: "gst-document" as const, id: creditNote.id }] } : {}),
        });
        return;
      }
      case "refund-started":
        await send(refundMail(mailedOrder(order, items), change.amountPaise, change.reason));
        return;
    }
  };
}
