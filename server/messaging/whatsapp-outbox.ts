import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { enqueueMail, type Mail } from "../mail/mail.service";
import type { TemplateComponent } from "./whatsapp-protocol";
import {
  whatsappMessageEvents,
  whatsappMessages,
  type MessageEvent,
  type MessageStatus,
} from "./messaging.tables";

/** A message to queue, in the transaction of the change that causes it. */
export type QueuedMessage = {
  orderId?: number;
  userId?: number;
  event: MessageEvent;
  /** One message per order and key: the event, or the event and a count (an order's second refund). */
  eventKey?: string;
  to: string;
  category: "utility" | "authentication" | "service";
  /** The mail to queue when the message cannot be delivered; null when the event's mail went anyway. */
  fallbackMail?: Mail;
  expiresAt?: Date;
} & (
  | { kind: "template"; template: string; language: string; components: TemplateComponent[] }
  | { kind: "text"; text: string }
);

/**
 * Puts a message in the WhatsApp outbox (decision 053); call it with the transaction of the change that causes
 * it. A second message for the same order and key is not queued: answers whether this one was.
 */
export async function queueWhatsApp(writer: Executor, message: QueuedMessage): Promise<boolean> {
  const [row] = await writer
    .insert(whatsappMessages)
    .values({
      orderId: message.orderId ?? null,
      userId: message.userId ?? null,
      event: message.event,
      eventKey: message.eventKey ?? message.event,
      to: message.to,
      kind: message.kind,
      template: message.kind === "template" ? message.template : null,
      language: message.kind === "template" ? message.language : null,
      components: message.kind === "template" ? message.components : null,
      text: message.kind === "text" ? message.text : null,
      category: message.category,
      fallbackMail: message.fallbackMail ?? null,
      expiresAt: message.expiresAt ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: whatsappMessages.id });
  if (!row) return false;
  await writer.insert(whatsappMessageEvents).values({ messageId: row.id, status: "queued" });
  return true;
}

/** Adds a line to a message's history. */
export async function recordMessageEvent(
  writer: Executor,
  messageId: number,
  status: string,
  { at, detail }: { at?: Date; detail?: string } = {},
) {
  await writer
    .insert(whatsappMessageEvents)
    .values({ messageId, status, ...(at ? { at } : {}), detail: detail?.slice(0, 500) ?? null });
}

/** Where a status stands among the ones that only move forward (failed and skipped stand apart). */
export const STATUS_RANK: Record<MessageStatus, number> = {
  pending: 0,
  sending: 1,
  accepted: 2,
  sent: 3,
  delivered: 4,
  read: 5,
  failed: -1,
  skipped: -1,
};

/**
 * A message that will not reach its phone falls back to its mail, once (a `failed` status told twice queues
 * one mail): in the caller's transaction, with the message marked. Answers whether a mail was queued.
 */
export async function fallBackToMail(tx: Executor, messageId: number): Promise<boolean> {
  const [marked] = await tx
    .update(whatsappMessages)
    .set({ fellBackAt: sql`now()` })
    .where(
      and(
        eq(whatsappMessages.id, messageId),
        isNull(whatsappMessages.fellBackAt),
        sql`${whatsappMessages.fallbackMail} is not null`,
      ),
    )
    .returning({ mail: whatsappMessages.fallbackMail });
  if (!marked?.mail) return false;
  await enqueueMail(tx, marked.mail);
  await recordMessageEvent(tx, messageId, "fell-back-to-mail", { detail: marked.mail.subject });
  return true;
}

/** Marks messages given up (failed, with the reason) unless their statuses say they arrived. */
export async function giveUp(
  tx: Executor,
  messageId: number,
  { code, reason, status = "failed" }: { code: number | null; reason: string; status?: "failed" | "skipped" },
) {
  await tx
    .update(whatsappMessages)
    .set({
      status,
      errorCode: code,
      errorReason: reason.slice(0, 500),
      failedAt: status === "failed" ? sql`now()` : null,
      components: sql`case when ${whatsappMessages.category} = 'authentication' then null else ${whatsappMessages.components} end`,
    })
    .where(
      and(
        eq(whatsappMessages.id, messageId),
        inArray(whatsappMessages.status, ["pending", "sending", "accepted", "sent"]),
      ),
    );
  await recordMessageEvent(tx, messageId, status, { detail: reason });
}
