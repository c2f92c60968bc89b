import { eq, inArray, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { FastifyBaseLogger } from "fastify";
import type { Database, Executor } from "../db/client";
import { claimDue, createJobRunner, retryDelaySeconds, type JobRunner } from "../lib/job-runner";
import { mailboxMessages, outboxEmails, type AttachmentRef } from "./mail.tables";

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** Files drawn when the mail is sent (a GST invoice's PDF), not when it is queued. */
  attachments?: AttachmentRef[];
  /** The order it is about: staff see it on the order's page. */
  orderId?: number;
};

/** A file as a mail carries it. */
export type MailFile = { filename: string; content: Buffer; contentType: string };

const LEASE_SECONDS = 300;
const MAX_ATTEMPTS = 8;

/** Puts a mail in the outbox; call it with the transaction of the change that causes the mail. */
export async function enqueueMail(writer: Executor, mail: Mail) {
  await writer.insert(outboxEmails).values(mail);
}

type Transport = (
  mail: Omit<Mail, "attachments"> & { from: string; attachments?: MailFile[] },
) => Promise<void>;

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
    const { attachments, ...message } = mail;
    await db.insert(mailboxMessages).values({
      ...message,
      attachments:
        attachments?.map(({ filename, contentType, content }) => ({
          filename,
          contentType,
          bytes: content.length,
        })) ?? null,
    });
    log.info({ to: mail.to, subject: mail.subject }, "mail delivered to the local mailbox");
  };
}

/**
 * Sends due outbox mails. A batch is claimed with a lease through the shared job runner, so any number of
 * processes can run this side by side without sending twice; a failure is retried with backoff.
 */
export function createMailWorker({
  db,
  transport,
  from,
  log,
  attachmentOf,
}: {
  db: Database;
  transport: Transport;
  from: string;
  log: FastifyBaseLogger;
  /** Draws an attachment a queued mail names (outside any transaction, just before sending). */
  attachmentOf?: (ref: AttachmentRef) => Promise<MailFile>;
}): JobRunner {
  const outbox = {
    table: outboxEmails,
    id: outboxEmails.id,
    dueAt: outboxEmails.nextAttemptAt,
    attempts: outboxEmails.attempts,
  };

  /** Sends what is due now; returns how many were sent. */
  async function sendDue(limit = 20): Promise<number> {
    const ids = await claimDue(db, outbox, {
      where: eq(outboxEmails.status, "pending"),
      limit,
      leaseSeconds: LEASE_SECONDS,
    });
    if (ids.length === 0) return 0;
    const batch = await db
      .select()
      .from(outboxEmails)
      .where(inArray(outboxEmails.id, ids))
      .orderBy(outboxEmails.id);
    let sent = 0;
    for (const mail of batch) {
      try {
        const attachments = mail.attachments?.length
          ? await Promise.all(
              mail.attachments.map((ref) => {
                if (!attachmentOf) throw new Error(`no renderer for a ${ref.kind} attachment`);
                return attachmentOf(ref);
              }),
            )
          : undefined;
        await transport({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
          ...(attachments ? { attachments } : {}),
        });
        await db
          .update(outboxEmails)
          .set({ status: "sent", sentAt: sql`now()` })
          .where(eq(outboxEmails.id, mail.id));
        sent += 1;
      } catch (error) {
        const failed = mail.attempts >= MAX_ATTEMPTS;
        log.warn({ mailId: mail.id, attempt: mail.attempts, err: error }, "sending a mail failed");
        await db
          .update(outboxEmails)
          .set({
            status: failed ? "failed" : "pending",
            lastError: String(error instanceof Error ? error.message : error).slice(0, 500),
            nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(mail.attempts)})`,
          })
          .where(eq(outboxEmails.id, mail.id));
      }
    }
    return sent;
  }

  return createJobRunner({ name: "mail", intervalMs: 2000, pass: sendDue, log });
}

export type MailWorker = JobRunner;
