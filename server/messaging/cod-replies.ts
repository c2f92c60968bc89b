import { and, eq } from "drizzle-orm";
import { COD_MESSAGES } from "../../contract/cash-on-delivery";
import { STORE } from "../../contract/store";
import type { Database } from "../db/client";
import { DomainError, NotFound } from "../lib/errors";
import { brandedMail } from "../mail/mail-layout";
import type { Mail } from "../mail/mail.service";
import type { CodConfirmation } from "../orders/cod-confirmation";
import type { OrderRow } from "../orders/orders.tables";
import type { CancelUnpaid } from "../orders/shopper-cancel";
import { whatsappMessages } from "./messaging.tables";
import { queueWhatsApp } from "./whatsapp-outbox";
import type { QuickReply } from "./whatsapp-webhook";

/** A quick reply of the Cash on Delivery question (order-messages.ts's codPayload). */
const PAYLOAD = /^COD-(CONFIRM|CANCEL):([A-Za-z0-9-]{4,40}):([\w-]{20,100})$/;

/**
 * The shopper's one-tap answer on WhatsApp to a Cash on Delivery order's question (decision 053): its
 * "Confirm order" and "Cancel order" quick replies carry the order and the token of the same question's mail
 * link, so a tap is held to the link's rules (good until the order's hold ends: cod-confirmation.ts) and the
 * cancel to the shopper's own (shopper-cancel.ts: only while it awaits payment). A tap from another number than
 * the one asked changes nothing. The shopper is answered on WhatsApp (a text, inside the 24 hours her tap
 * opened), or by mail if that cannot be delivered.
 */
export function createCodReplies({
  db,
  codConfirmation,
  cancelUnpaid,
  publicUrl,
}: {
  db: Database;
  codConfirmation: Pick<CodConfirmation, "orderOfLink" | "byLink">;
  cancelUnpaid: CancelUnpaid;
  publicUrl: string;
}) {
  const fallbackOf = (order: OrderRow, text: string): Mail => ({
    to: order.shippingAddress.email,
    // Staff see it on the order's page with its other mails.
    orderId: order.id,
    subject: `${STORE.name}: your order ${order.publicId}`,
    ...brandedMail([
      `Namaste ${order.shippingAddress.fullName},`,
      text,
      { label: "See your order", url: `${publicUrl}/orders/${order.publicId}` },
    ]),
  });

  async function answer(reply: QuickReply, text: string, order: OrderRow | null) {
    await queueWhatsApp(db, {
      ...(order ? { orderId: order.id, fallbackMail: fallbackOf(order, text) } : {}),
      ...(order?.userId ? { userId: order.userId } : {}),
      event: "cod-answer",
      eventKey: `cod-answer:${reply.inboundId}`,
      to: reply.from,
      category: "service",
      kind: "text",
      text,
    });
  }

  /** The number the order's question went to, if it went on WhatsApp. */
  async function askedNumber(orderId: number): Promise<string | null> {
    const [asked] = await db
      .select({ to: whatsappMessages.to })
      .from(whatsappMessages)
      .where(and(eq(whatsappMessages.orderId, orderId), eq(whatsappMessages.event, "cod-confirm")));
    return asked?.to ?? null;
  }

  /** Applies a tap; answers what came of it (kept with the inbound message). */
  return async function onQuickReply(reply: QuickReply): Promise<string> {
    const match = PAYLOAD.exec(reply.payload);
    if (!match) return "ignored: not one of the store's quick replies";
    const [, action, publicId = "", token = ""] = match;
    let order: OrderRow;
    try {
      order = await codConfirmation.orderOfLink({ orderId: publicId, token });
    } catch (error) {
      if (!(error instanceof NotFound)) throw error;
      await answer(reply, COD_MESSAGES.linkInvalid, null);
      return "refused: the question's token is not good (expired, or not the order's)";
    }
    if ((await askedNumber(order.id)) !== reply.from) return "refused: the tap came from another number";
    try {
      if (action === "CONFIRM") {
        const { confirmed } = await codConfirmation.byLink({ orderId: publicId, token }, "whatsapp");
        await answer(
          reply,
          `Order ${publicId}: ${confirmed ? COD_MESSAGES.confirmed : COD_MESSAGES.alreadyConfirmed}`,
          order,
        );
        return confirmed ? "confirmed" : "confirmed already";
      }
      const cancelled = await cancelUnpaid(order.id);
      await answer(
        reply,
        cancelled
          ? `Your order ${publicId} is cancelled, as you asked. Nothing was charged.`
          : `Your order ${publicId} was cancelled already.`,
        order,
      );
      return cancelled ? "cancelled" : "cancelled already";
    } catch (error) {
      // The rules refuse it from where the order stands (cancelled, shipped): she is told why.
      if (!(error instanceof DomainError)) throw error;
      await answer(reply, `Order ${publicId}: ${error.message}`, order);
      return `refused: ${error.message}`;
    }
  };
}
