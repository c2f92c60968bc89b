import { and, eq, inArray, lte, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client";
import { mailboxMessages, outboxEmails } from "./mail.tables";

export type Mail = { to: string; subject: string; text: string; html: string; replyTo?: string };

/** Something that can write a row: the database itself or an open transaction. */
type Writer = Pick<Database, "insert">;

const LEASE_SECONDS = 300;
const MAX_ATTEMPTS = 8;

/** Puts a mail in the outbox; call it with the transaction of the change that causes the mail. */
export async function enqueueMail(writer: Writer, mail: Mail) {
  await writer.insert(outboxEmails).values(mail);
}

type Transport = (mail: Mail & { from: string }) => Promise<void>;

/**
 * SMTP through nodemailer when a URL is configured; otherwise the local mailbox table, listed at
 * /dev/mailbox outside production. Logs name the recipient and subject only, never the body.
 */
export function createMailTransport({
  db,
  smtpUrl,
  log,
}: {
  db: Database;
  smtpUrl: string | undefined;
  log: FastifyBaseLogger;
}): Transport {
  if (smtpUrl) {
    const transporter = nodemailer.createTransport(smtpUrl);
    return async (mail) => {
      await transporter.sendMail(mail);
    };
  }
  return async (mail) => {
    await db.insert(mailboxMessages).values(mail);
    log.info({ to: mail.to, subject: mail.subject }, "mail delivered to the local mailbox");
  };
}

/**
 * Sends due outbox mails. A batch is claimed by pushing its next attempt into the future (a lease), with
 * FOR UPDATE SKIP LOCKED, so any number of processes can run this side by side without sending twice.
 */
export function createMailWorker({
  db,
  transport,
  from,
  log,
}: {
  db: Database;
  transport: Transport;
  from: string;
  log: FastifyBaseLogger;
}) {
  async function claimBatch(limit: number) {
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: outboxEmails.id })
        .from(outboxEmails)
        .where(and(eq(outboxEmails.status, "pending"), lte(outboxEmails.nextAttemptAt, sql`now()`)))
        .orderBy(outboxEmails.id)
        .limit(limit)
        .for("update", { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(outboxEmails)
        .set({
          attempts: sql`${outboxEmails.attempts} + 1`,
          nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
        })
        .where(
          inArray(
            outboxEmails.id,
            due.map((row) => row.id),
          ),
        )
        .returning();
    });
  }

  /** Sends what is due now; returns how many were sent. */
  async function runOnce(limit = 20): Promise<number> {
    const batch = await claimBatch(limit);
    let sent = 0;
    for (const mail of batch) {
      try {
        await transport({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        });
        await db
          .update(outboxEmails)
          .set({ status: "sent", sentAt: sql`now()` })
          .where(eq(outboxEmails.id, mail.id));
        sent += 1;
      } catch (error) {
        const failed = mail.attempts >= MAX_ATTEMPTS;
        const backoffSeconds = Math.min(3600, 15 * 2 ** mail.attempts);
        log.warn({ mailId: mail.id, attempt: mail.attempts, err: error }, "sending a mail failed");
        await db
          .update(outboxEmails)
          .set({
            status: failed ? "failed" : "pending",
            lastError: String(error instanceof Error ? error.message : error).slice(0, 500),
            nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds})`,
          })
          .where(eq(outboxEmails.id, mail.id));
      }
    }
    return sent;
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let started = false;

  function tick() {
    running = runOnce()
      .catch((error: unknown) => log.error({ err: error }, "mail worker failed"))
      .finally(() => {
        if (started) timer = setTimeout(tick, 2000);
      });
  }

  return {
    runOnce,
    start() {
      started = true;
      tick();
    },
    /** Once started, runs a pass as soon as the current one ends instead of waiting for the next tick. */
    nudge() {
      if (!started) return;
      running = running.then(() => {
        if (!started) return;
        clearTimeout(timer);
        tick();
      });
    },
    async stop() {
      started = false;
      clearTimeout(timer);
      await running;
    },
  };
}

export type MailWorker = ReturnType<typeof createMailWorker>;
