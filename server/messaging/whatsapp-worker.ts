import { and, eq, gt, inArray, ne, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { selectRows, type Database } from "../db/client";
import { claimDue, createJobRunner, retryDelaySeconds, type JobRunner } from "../lib/job-runner";
import {
  MessageNotSent,
  MessageUncertain,
  type MessagingProvider,
  type OutgoingMessage,
} from "./messaging-provider";
import { whatsappMessages } from "./messaging.tables";
import { fallBackToMail, giveUp, recordMessageEvent } from "./whatsapp-outbox";

type MessageRow = typeof whatsappMessages.$inferSelect;

/** How long a claimed row is kept from other processes while its pass runs. */
const CLAIM_SECONDS = 300;
/**
 * How long a message asked of the provider without an answer (a timeout, a crash) waits before it is sent
 * again: time enough for a status naming it (its callback data) to arrive and settle it (whatsapp-webhook.ts).
 */
export const SENDING_LEASE_SECONDS = 120;
/** Sends of an order's update; a sign-in code is worth fewer, and nothing after it expires. */
const MAX_ATTEMPTS = { order: 8, code: 3 };
/**
 * WhatsApp's pair limit (reference §7): about one message every 6 seconds to one user, with bursts allowed. The
 * store's updates come in small bursts (placed, then paid): more than PAIR_BURST to one number within a minute
 * wait, and a 131056 refusal is retried with backoff.
 */
const PAIR_BURST = 10;
const PAIR_WINDOW_MS = 60_000;

/** The message as the provider takes it, with the row's id echoed in every status. */
const outgoingOf = (row: MessageRow): OutgoingMessage => {
  const base = { to: row.to, callbackData: `message:${row.id}` };
  return row.kind === "template"
    ? {
        ...base,
        kind: "template",
        template: row.template ?? "",
        language: row.language ?? "",
        components: row.components ?? [],
      }
    : { ...base, kind: "text", text: row.text ?? "" };
};

/**
 * Sends due WhatsApp messages through the shared job runner (decision 053). Rows are claimed with FOR UPDATE
 * SKIP LOCKED, so any number of processes can run this side by side; each row is marked `sending` before the
 * provider is asked and `accepted` with its WAMID after, outside any transaction. A row left `sending` (no
 * answer, or the process died in between) is sent again only after SENDING_LEASE_SECONDS, unless a status
 * naming it came meanwhile. Sends are limited to the number's throughput across processes and spaced per
 * recipient; retryable refusals wait with backoff; the rest, and messages whose consent went, are given up
 * and fall back to their mail.
 */
export function createWhatsAppWorker({
  db,
  provider,
  perSecond,
  stillWanted,
  log,
  onMailQueued,
}: {
  db: Database;
  provider: MessagingProvider;
  perSecond: number;
  /** Whether an order's message may still go (its consent, its number's STOP): checked just before sending. */
  stillWanted: (row: MessageRow) => Promise<boolean>;
  log: FastifyBaseLogger;
  onMailQueued: () => void;
}): JobRunner {
  const outbox = {
    table: whatsappMessages,
    id: whatsappMessages.id,
    dueAt: whatsappMessages.nextAttemptAt,
    attempts: whatsappMessages.attempts,
  };

  /** Puts a row back to wait, without counting the try. */
  async function later(row: MessageRow, atMs: number) {
    await db
      .update(whatsappMessages)
      .set({
        status: "pending",
        attempts: sql`${whatsappMessages.attempts} - 1`,
        nextAttemptAt: new Date(atMs),
      })
      .where(eq(whatsappMessages.id, row.id));
  }

  /** A slot in this second's sends of the number, across processes; false when the second is full. */
  async function takeSlot(): Promise<boolean> {
    const second = Math.floor(Date.now() / 1000);
    const [slot] = await selectRows<{ count: number }>(
      db,
      sql`insert into whatsapp_send_slots (second, count) values (${second}, 1)
          on conflict (second) do update set count = whatsapp_send_slots.count + 1
          returning count`,
    );
    if (Number(slot?.count ?? 0) === 1)
      await db.execute(sql`delete from whatsapp_send_slots where second < ${second - 60}`);
    return Number(slot?.count ?? 0) <= perSecond;
  }

  /** When the recipient may get its next message, if its burst of the last minute is spent. */
  async function pairLimitUntil(row: MessageRow): Promise<number | null> {
    const recent = await db
      .select({ at: whatsappMessages.acceptedAt })
      .from(whatsappMessages)
      .where(
        and(
          eq(whatsappMessages.to, row.to),
          ne(whatsappMessages.id, row.id),
          gt(whatsappMessages.acceptedAt, new Date(Date.now() - PAIR_WINDOW_MS)),
        ),
      )
      .orderBy(whatsappMessages.acceptedAt)
      .limit(PAIR_BURST);
    const oldest = recent[0]?.at;
    return recent.length >= PAIR_BURST && oldest ? oldest.getTime() + PAIR_WINDOW_MS : null;
  }

  async function giveUpAndFallBack(
    row: MessageRow,
    problem: { code: number | null; reason: string; status?: "failed" | "skipped" },
  ) {
    const mailed = await db.transaction(async (tx) => {
      await giveUp(tx, row.id, problem);
      return row.expiresAt && row.expiresAt <= new Date() ? false : fallBackToMail(tx, row.id);
    });
    if (mailed) onMailQueued();
  }

  async function sendOne(row: MessageRow): Promise<boolean> {
    if (row.expiresAt && row.expiresAt <= new Date()) {
      await giveUpAndFallBack(row, { code: null, reason: "expired before it could be sent" });
      return false;
    }
    if (!(await stillWanted(row))) {
      await giveUpAndFallBack(row, {
        code: null,
        reason: "the shopper's consent was withdrawn",
        status: "skipped",
      });
      return false;
    }
    const pairFreeAt = await pairLimitUntil(row);
    if (pairFreeAt) {
      await later(row, pairFreeAt);
      return false;
    }
    if (!(await takeSlot())) {
      await later(row, (Math.floor(Date.now() / 1000) + 1) * 1000);
      return false;
    }
    await db
      .update(whatsappMessages)
      .set({ status: "sending", nextAttemptAt: sql`now() + make_interval(secs => ${SENDING_LEASE_SECONDS})` })
      .where(and(eq(whatsappMessages.id, row.id), inArray(whatsappMessages.status, ["pending", "sending"])));
    try {
      const { wamid } = await provider.send(outgoingOf(row));
      await db.transaction(async (tx) => {
        // A status that named the message may have come first (whatsapp-webhook.ts): it is kept.
        await tx
          .update(whatsappMessages)
          .set({
            wamid,
            status: sql`case when ${whatsappMessages.status} = 'sending' then 'accepted' else ${whatsappMessages.status} end`,
            acceptedAt: sql`coalesce(${whatsappMessages.acceptedAt}, now())`,
            components: sql`case when ${whatsappMessages.category} = 'authentication' then null else ${whatsappMessages.components} end`,
          })
          .where(eq(whatsappMessages.id, row.id));
        await recordMessageEvent(tx, row.id, "accepted", { detail: wamid });
      });
      return true;
    } catch (error) {
      if (error instanceof MessageUncertain) {
        log.warn({ messageId: row.id, reason: error.reason }, "a WhatsApp message went unanswered");
        await recordMessageEvent(db, row.id, "no-answer", { detail: error.reason });
        return false;
      }
      if (!(error instanceof MessageNotSent)) throw error;
      const limit =
        row.event === "login-code" || row.event === "phone-code" ? MAX_ATTEMPTS.code : MAX_ATTEMPTS.order;
      log.warn(
        { messageId: row.id, attempt: row.attempts, code: error.code },
        "a WhatsApp message was not sent",
      );
      if (error.retryable && row.attempts < limit) {
        await db
          .update(whatsappMessages)
          .set({
            status: "pending",
            errorCode: error.code,
            errorReason: error.reason,
            nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})`,
          })
          .where(eq(whatsappMessages.id, row.id));
        await recordMessageEvent(db, row.id, "retry", { detail: error.reason });
      } else await giveUpAndFallBack(row, { code: error.code, reason: error.reason });
      return false;
    }
  }

  /** Sends what is due now; returns how many the provider took. */
  async function sendDue(limit = 20): Promise<number> {
    const ids = await claimDue(db, outbox, {
      where: inArray(whatsappMessages.status, ["pending", "sending"]),
      limit,
      leaseSeconds: CLAIM_SECONDS,
    });
    if (ids.length === 0) return 0;
    const batch = await db
      .select()
      .from(whatsappMessages)
      .where(inArray(whatsappMessages.id, ids))
      .orderBy(whatsappMessages.id);
    let sent = 0;
    for (const row of batch) {
      try {
        if (await sendOne(row)) sent += 1;
      } catch (error) {
        // The row keeps its lease and is tried again after it.
        log.error({ err: error, messageId: row.id }, "sending a WhatsApp message failed");
      }
    }
    return sent;
  }

  return createJobRunner({ name: "whatsapp", intervalMs: 2000, pass: sendDue, log });
}
