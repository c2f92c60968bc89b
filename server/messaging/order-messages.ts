import { count, and, eq } from "drizzle-orm";
import { courierName, trackingLinkOf } from "../../contract/couriers";
import { formatHoldDay } from "../../contract/hold-time";
import { formatPaise } from "../../contract/money";
import type { Transaction } from "../db/client";
import { enqueueMail, type Mail } from "../mail/mail.service";
import type { OrderSubscriber } from "../orders/order-changes";
import type { NewsChange } from "../orders/order-notices";
import type { OrderItemRow, OrderRow } from "../orders/orders.tables";
import { whatsappMessages, type MessageEvent } from "./messaging.tables";
import type { WhatsAppConsents } from "./whatsapp-consents";
import { queueWhatsApp } from "./whatsapp-outbox";
import { TEMPLATES, templateComponents, type TemplateKey } from "./whatsapp-templates";

/** A Cash on Delivery order's quick replies carry the order and its confirmation link's token (cod-replies.ts). */
export const codPayload = (action: "confirm" | "cancel", publicId: string, token: string) =>
  `COD-${action.toUpperCase()}:${publicId}:${token}`;

/**
 * An order's updates on WhatsApp (decision 053), queued in the transaction of the change, at the places its
 * mails are: the order placed (a PhonePe order's first payment page, a cash order's confirmation question with
 * its two buttons), paid, cancelled and refunded beside their mails, which go anyway (they carry the invoice, the
 * credit note, the money); shipped, out for delivery and delivered instead of their mails, which are kept as the
 * messages' fallback and queued only when a message cannot be delivered. Nothing is queued for an order whose
 * shopper did not tick WhatsApp, withdrew, or replied STOP (whatsapp-consents.ts), or when WhatsApp is off.
 */
export function createOrderMessages({
  consents,
  templates,
  publicUrl,
  enabled,
}: {
  consents: Pick<WhatsAppConsents, "recipientOf">;
  templates: { language: string; names: Record<TemplateKey, string> };
  publicUrl: string;
  /** False when the store has no WhatsApp (production without credentials). */
  enabled: boolean;
}) {
  const orderPath = (order: OrderRow) => order.publicId;
  const orderUrl = (order: OrderRow) => `${publicUrl}/orders/${order.publicId}`;
  const nameOf = (order: OrderRow) => order.shippingAddress.fullName;

  async function queue(
    tx: Transaction,
    order: OrderRow,
    event: MessageEvent,
    key: TemplateKey,
    values: { body: string[]; buttons?: string[] },
    options: { eventKey?: string; fallbackMail?: Mail } = {},
  ): Promise<boolean> {
    if (!enabled) return false;
    const recipient = await consents.recipientOf(tx, order.id);
    if (!recipient) return false;
    return queueWhatsApp(tx, {
      orderId: order.id,
      userId: recipient.userId,
      event,
      ...(options.eventKey ? { eventKey: options.eventKey } : {}),
      to: recipient.phone,
      category: "utility",
      kind: "template",
      template: templates.names[key],
      language: templates.language,
      components: templateComponents(TEMPLATES[key], {
        body: values.body,
        buttons: values.buttons ?? [orderPath(order)],
      }),
      ...(options.fallbackMail ? { fallbackMail: options.fallbackMail } : {}),
    });
  }

  /** The order's refunds so far on WhatsApp, for the next one's key. */
  async function refundsSent(tx: Transaction, orderId: number) {
    const [row] = await tx
      .select({ n: count() })
      .from(whatsappMessages)
      .where(and(eq(whatsappMessages.orderId, orderId), eq(whatsappMessages.event, "refunded")));
    return Number(row?.n ?? 0);
  }

  /** Paid, cancelled, refunded: beside the mail, which goes anyway (order-notices.ts). */
  const subscriber: OrderSubscriber = async (tx, change) => {
    const { order } = change;
    switch (change.kind) {
      case "paid":
        await queue(tx, order, "payment-received", "paymentReceived", {
          body: [nameOf(order), formatPaise(order.totalPaise), order.publicId],
        });
        return;
      case "released":
        if (change.declined)
          await queue(tx, order, "cancelled", "orderCancelled", {
            body: [
              nameOf(order),
              order.publicId,
              "your payment did not go through",
              "Nothing was charged; if money left your account, PhonePe returns it within a few working days.",
            ],
          });
        return;
      case "cancelled-by-staff":
        await queue(tx, order, "cancelled", "orderCancelled", {
          body: [
            nameOf(order),
            order.publicId,
            change.told.replace(/[.\s]+$/, ""),
            order.paidAt
              ? "The money you paid is being refunded to the account you paid from."
              : "Nothing was charged.",
          ],
        });
        return;
      case "refund-started":
        await queue(
          tx,
          order,
          "refunded",
          "orderRefunded",
          { body: [nameOf(order), formatPaise(change.amountPaise), order.publicId] },
          { eventKey: `refunded:${(await refundsSent(tx, order.id)) + 1}` },
        );
        return;
      default:
        return;
    }
  };

  /** The values of a news message: where the parcel is. */
  function newsOf(change: NewsChange): { event: MessageEvent; key: TemplateKey; body: string[] } {
    const { order, items } = change;
    if (change.kind === "shipped") {
      const { shipment } = change;
      return {
        event: "shipped",
        key: "orderShipped",
        body: [
          nameOf(order),
          order.publicId,
          shipment.courier ? courierName(shipment.courier) : "our courier",
          shipment.trackingNumber ?? "to follow",
          trackingLinkOf(shipment)?.url ?? orderUrl(order),
        ],
      };
    }
    if (change.kind === "out-for-delivery")
      return {
        event: "out-for-delivery",
        key: "outForDelivery",
        body: [
          nameOf(order),
          order.publicId,
          order.paidAt
            ? "It is paid, so there is nothing to pay at the door."
            : `Please keep ${formatPaise(order.totalPaise)} ready in cash for the courier.`,
        ],
      };
    const reviewed = items[0];
    return {
      event: "delivered",
      key: "orderDelivered",
      body: [
        nameOf(order),
        order.publicId,
        reviewed ? `${publicUrl}/reviews/write?product=${reviewed.productId}` : orderUrl(order),
      ],
    };
  }

  /**
   * Shipped, out for delivery, delivered (order-notices.ts's `deliverNews`): on WhatsApp with the mail as its
   * fallback when the order has WhatsApp, else the mail.
   */
  async function news(tx: Transaction, change: NewsChange, mail: Mail): Promise<void> {
    const { event, key, body } = newsOf(change);
    if (await queue(tx, change.order, event, key, { body }, { fallbackMail: mail })) return;
    await enqueueMail(tx, mail);
  }

  /** A PhonePe order's first payment page opened (order-placed-mail.ts): beside its mail. */
  async function placed(tx: Transaction, order: OrderRow, _items: OrderItemRow[]) {
    await queue(tx, order, "order-placed", "orderPlaced", {
      body: [nameOf(order), order.publicId, formatPaise(order.totalPaise)],
    });
  }

  /** A cash order placed (cod-confirmation.ts): its question, with the link's token in its two quick replies. */
  async function codConfirm(tx: Transaction, order: OrderRow, token: string) {
    await queue(tx, order, "cod-confirm", "codConfirm", {
      body: [
        nameOf(order),
        order.publicId,
        formatPaise(order.totalPaise),
        formatHoldDay(order.reservedUntil),
      ],
      buttons: [codPayload("confirm", order.publicId, token), codPayload("cancel", order.publicId, token)],
    });
  }

  return { subscriber, news, placed, codConfirm };
}

export type OrderMessages = ReturnType<typeof createOrderMessages>;
