import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database, Transaction } from "../db/client";
import {
  whatsappInbound,
  whatsappMessageEvents,
  whatsappMessages,
  type MessageStatus as RowStatus,
} from "./messaging.tables";
import type { WhatsAppConsents } from "./whatsapp-consents";
import { fallBackToMail, recordMessageEvent, STATUS_RANK } from "./whatsapp-outbox";
import {
  inboundMessage,
  messagesValue,
  messageStatus,
  webhookNotification,
  type InboundMessage,
  type MessageStatus,
} from "./whatsapp-protocol";

/** A tap on a quick reply, as the webhook hands it on (cod-replies.ts). */
export type QuickReply = { inboundId: string; from: string; payload: string; contextId: string | null };

/** Each status's column of when it happened. */
const TIMES = { sent: "sentAt", delivered: "deliveredAt", read: "readAt" } as const;
type Forward = keyof typeof TIMES;
const isForward = (status: string): status is Forward => status in TIMES;

/** A STOP reply (any case, spaces around it). */
const isStop = (text: string) => /^\s*stop\s*$/i.test(text);

/**
 * What Meta's webhook tells the store (reference §6), applied once however often and in whatever order it comes
 * (decision 053). A status finds its message by WAMID, or by its callback data when the sender never recorded
 * the WAMID (no answer, or a crash): the message then counts as sent and is not sent again. Statuses only move
 * forward (sent < delivered < read: a delivered after a read stays read); `failed` is final unless the message
 * was delivered, records Meta's error, and falls back to the message's mail. A user's message is kept by its
 * id, so a repeat is ignored: STOP withdraws the number's consent; a quick reply goes to `onQuickReply`.
 */
export function createWhatsAppWebhook({
  db,
  consents,
  onQuickReply,
  onMailQueued,
  log,
}: {
  db: Database;
  consents: Pick<WhatsAppConsents, "stop">;
  /** A tap on a quick reply: answers what came of it, kept with the message. */
  onQuickReply: (reply: QuickReply) => Promise<string>;
  onMailQueued: () => void;
  log: FastifyBaseLogger;
}) {
  async function messageFor(tx: Transaction, status: MessageStatus) {
    const callback = /^message:(\d{1,10})$/.exec(status.biz_opaque_callback_data ?? "");
    const [row] = await tx
      .select()
      .from(whatsappMessages)
      .where(
        or(
          eq(whatsappMessages.wamid, status.id),
          callback
            ? and(eq(whatsappMessages.id, Number(callback[1])), isNull(whatsappMessages.wamid))
            : undefined,
        ),
      )
      .for("update");
    return row;
  }

  /** Applies one status; answers whether a fallback mail was queued. */
  async function applyStatus(status: MessageStatus): Promise<boolean> {
    return db.transaction(async (tx) => {
      const row = await messageFor(tx, status);
      if (!row) return false;
      const at = new Date(Number(status.timestamp) * 1000);
      // The same status told again (Meta delivers at least once) changes nothing and is not recorded twice.
      const [seen] = await tx
        .select({ id: whatsappMessageEvents.id })
        .from(whatsappMessageEvents)
        .where(
          and(
            eq(whatsappMessageEvents.messageId, row.id),
            eq(whatsappMessageEvents.status, status.status),
            eq(whatsappMessageEvents.at, at),
          ),
        )
        .limit(1);
      if (seen) return false;
      const error = status.errors?.[0];
      await recordMessageEvent(tx, row.id, status.status, {
        at,
        ...(error
          ? { detail: `(#${error.code}) ${error.title ?? ""} ${error.error_data?.details ?? ""}`.trim() }
          : status.pricing?.category
            ? { detail: `pricing: ${status.pricing.category}` }
            : {}),
      });
      // The sender had no answer (or died): this status tells the message went, with its WAMID.
      const found =
        row.wamid === null
          ? { wamid: status.id, acceptedAt: sql`coalesce(${whatsappMessages.acceptedAt}, ${at})` }
          : {};
      const current: RowStatus = row.status;
      if (isForward(status.status)) {
        const moves =
          STATUS_RANK[status.status] > STATUS_RANK[current] && current !== "failed" && current !== "skipped";
        await tx
          .update(whatsappMessages)
          .set({
            ...found,
            ...(moves ? { status: status.status } : {}),
            [TIMES[status.status]]: sql`coalesce(${whatsappMessages[TIMES[status.status]]}, ${at})`,
            // A code delivered needs no fallback: it is not kept.
            ...(status.status !== "sent" && row.category === "authentication" ? { fallbackMail: null } : {}),
          })
          .where(eq(whatsappMessages.id, row.id));
        return false;
      }
      if (status.status !== "failed") return false;
      if (STATUS_RANK[current] >= STATUS_RANK.delivered || current === "skipped") return false;
      await tx
        .update(whatsappMessages)
        .set({
          ...found,
          status: "failed",
          errorCode: error?.code ?? null,
          errorReason: error
            ? `(#${error.code}) ${error.title ?? error.message ?? ""}`.slice(0, 500)
            : "failed",
          failedAt: sql`coalesce(${whatsappMessages.failedAt}, ${at})`,
        })
        .where(eq(whatsappMessages.id, row.id));
      return row.expiresAt && row.expiresAt <= new Date() ? false : fallBackToMail(tx, row.id);
    });
  }

  /** Applies one message a user sent, once. */
  async function applyInbound(message: InboundMessage) {
    const text = message.text?.body ?? null;
    const payload = message.button?.payload ?? message.interactive?.button_reply?.id ?? null;
    const [fresh] = await db
      .insert(whatsappInbound)
      .values({
        id: message.id,
        from: message.from,
        type: message.type,
        body: (text ?? payload)?.slice(0, 1000) ?? null,
        contextId: message.context?.id ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: whatsappInbound.id });
    if (!fresh) return;
    let outcome = "ignored";
    if (text !== null && isStop(text))
      outcome = await db.transaction(
        async (tx) => `stopped; consents withdrawn: ${await consents.stop(tx, message.from)}`,
      );
    else if (payload !== null)
      outcome = await onQuickReply({
        inboundId: message.id,
        from: message.from,
        payload,
        contextId: message.context?.id ?? null,
      });
    await db.update(whatsappInbound).set({ outcome }).where(eq(whatsappInbound.id, message.id));
  }

  /** A signed delivery, entry by entry: what the store does not understand is logged and skipped. */
  async function receive(body: unknown): Promise<void> {
    const notification = webhookNotification.safeParse(body);
    if (!notification.success) {
      log.warn("a WhatsApp webhook outside the protocol was skipped");
      return;
    }
    let mailed = false;
    for (const entry of notification.data.entry)
      for (const change of entry.changes) {
        if (change.field !== "messages") continue;
        const value = messagesValue.safeParse(change.value);
        if (!value.success) {
          log.warn({ field: change.field }, "a WhatsApp change outside the protocol was skipped");
          continue;
        }
        for (const error of value.data.errors ?? [])
          log.warn({ code: error.code, title: error.title }, "WhatsApp reported an error");
        for (const item of value.data.statuses ?? []) {
          const status = messageStatus.safeParse(item);
          if (status.success) mailed = (await applyStatus(status.data)) || mailed;
          else log.warn("a WhatsApp status outside the protocol was skipped");
        }
        for (const item of value.data.messages ?? []) {
          const message = inboundMessage.safeParse(item);
          if (message.success) await applyInbound(message.data);
          else log.warn("a WhatsApp message outside the protocol was skipped");
        }
      }
    if (mailed) onMailQueued();
  }

  return { receive };
}

export type WhatsAppWebhook = ReturnType<typeof createWhatsAppWebhook>;
