import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** A file a mail carries, drawn when the mail is sent (never in the transaction that queues it). */
export type AttachmentRef = { kind: "gst-document"; id: number };
/** What the local mailbox keeps of an attachment. */
export type AttachmentSummary = { filename: string; contentType: string; bytes: number };

/**
 * Mails to send, written in the same transaction as the change that causes them;
 * the mail worker claims due rows with FOR UPDATE SKIP LOCKED and retries failures with backoff.
 */
export const outboxEmails = pgTable(
  "outbox_emails",
  {
    id: serial("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    replyTo: text("reply_to"),
    attachments: jsonb("attachments").$type<AttachmentRef[]>(),
    /** The order a mail is about (its updates, its invoice), for staff's list of what went to the shopper. */
    orderId: integer("order_id"),
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    index("outbox_emails_due_idx").on(table.status, table.nextAttemptAt),
    index("outbox_emails_order_idx").on(table.orderId),
  ],
);

/** The local mailbox: where mail goes when no SMTP server is configured (development and the demo store). */
export const mailboxMessages = pgTable("mailbox_messages", {
  id: serial("id").primaryKey(),
  from: text("from").notNull(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html").notNull(),
  replyTo: text("reply_to"),
  attachments: jsonb("attachments").$type<AttachmentSummary[]>(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});
