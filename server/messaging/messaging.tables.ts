import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "../accounts/accounts.tables";
import type { Mail } from "../mail/mail.service";
import { orders } from "../orders/orders.tables";
import type { TemplateComponent } from "./whatsapp-protocol";

/** What a message is about: an order's update, a Cash on Delivery question or answer, a sign-in code. */
export const MESSAGE_EVENTS = [
  "order-placed",
  "payment-received",
  "shipped",
  "out-for-delivery",
  "delivered",
  "cancelled",
  "refunded",
  "cod-confirm",
  "cod-answer",
  "login-code",
  "phone-code",
] as const;
export type MessageEvent = (typeof MESSAGE_EVENTS)[number];

/**
 * Where a message stands: `pending` to send (again), `sending` while the provider is asked (a row left so past
 * its lease was not answered: whatsapp-outbox.ts), `accepted` by the provider, then its statuses, which only
 * move forward (sent < delivered < read); `failed` given up or refused later; `skipped` when its consent was
 * withdrawn before it went.
 */
export const MESSAGE_STATUSES = [
  "pending",
  "sending",
  "accepted",
  "sent",
  "delivered",
  "read",
  "failed",
  "skipped",
] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/**
 * The WhatsApp outbox and record (decision 053): each message written in the transaction of the change that
 * causes it, sent by the shared job runner, then kept with its statuses. One per order and event
 * (`event_key`: the event, or `refunded:2` for an order's second refund), so a change told twice queues one.
 * `fallback_mail` is the mail to queue when the message cannot be delivered (whatsapp-outbox.ts).
 */
export const whatsappMessages = pgTable(
  "whatsapp_messages",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id").references(() => orders.id),
    userId: integer("user_id").references(() => users.id),
    event: text("event", { enum: MESSAGE_EVENTS }).notNull(),
    eventKey: text("event_key").notNull(),
    /** Country code and number, digits only. */
    to: text("to").notNull(),
    kind: text("kind", { enum: ["template", "text"] }).notNull(),
    template: text("template"),
    language: text("language"),
    components: jsonb("components").$type<TemplateComponent[]>(),
    text: text("text"),
    /** How Meta bills it (a text answered within the user's 24 hours is `service`, free). */
    category: text("category", { enum: ["utility", "authentication", "service"] }).notNull(),
    fallbackMail: jsonb("fallback_mail").$type<Mail>(),
    status: text("status", { enum: MESSAGE_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** A sign-in code's message is worth nothing after its code expires. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    wamid: text("wamid").unique(),
    errorCode: integer("error_code"),
    errorReason: text("error_reason"),
    fellBackAt: timestamp("fell_back_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    readAt: timestamp("read_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("whatsapp_messages_order_event_idx").on(table.orderId, table.eventKey),
    index("whatsapp_messages_due_idx").on(table.status, table.nextAttemptAt),
    index("whatsapp_messages_to_idx").on(table.to, table.acceptedAt),
    index("whatsapp_messages_accepted_idx").on(table.acceptedAt),
  ],
);

/** Each status a message went through, as the provider told it (or the outbox decided), oldest first. */
export const whatsappMessageEvents = pgTable(
  "whatsapp_message_events",
  {
    id: serial("id").primaryKey(),
    messageId: integer("message_id")
      .notNull()
      .references(() => whatsappMessages.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    /** When the provider says it happened (its timestamp), else when the store learnt it. */
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    detail: text("detail"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("whatsapp_message_events_message_idx").on(table.messageId, table.id)],
);

/** An order whose shopper ticked "Send my order updates on WhatsApp" at checkout, and to which number. */
export const whatsappOrderRecipients = pgTable("whatsapp_order_recipients", {
  orderId: integer("order_id")
    .primaryKey()
    .references(() => orders.id),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id),
  phone: text("phone").notNull(),
  givenAt: timestamp("given_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Numbers that replied STOP: nothing more is sent to them until their owner opts in again. */
export const whatsappOptOuts = pgTable("whatsapp_opt_outs", {
  phone: text("phone").primaryKey(),
  at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
});

/** Messages users sent the store (STOP, button taps), by WhatsApp's id: a delivery seen twice is applied once. */
export const whatsappInbound = pgTable("whatsapp_inbound", {
  id: text("id").primaryKey(),
  from: text("from").notNull(),
  type: text("type").notNull(),
  body: text("body"),
  contextId: text("context_id"),
  outcome: text("outcome"),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The mobile number an account proved it owns on WhatsApp (a code sent there, typed back): the number the
 * account may sign in with by a WhatsApp code. One account per number: the newest proof wins.
 */
export const whatsappVerifiedNumbers = pgTable("whatsapp_verified_numbers", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  phone: text("phone").notNull().unique(),
  verifiedAt: timestamp("verified_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Messages sent per second, counted across every store process (the business number's throughput). */
export const whatsappSendSlots = pgTable("whatsapp_send_slots", {
  second: bigint("second", { mode: "number" }).primaryKey(),
  count: integer("count").notNull().default(0),
});

/**
 * The built-in WhatsApp sandbox of this install (never in production): its credentials, made at random on the
 * first start and read back by every process (decision 039), and how it fails and pushes statuses. One row.
 */
export const whatsappSandbox = pgTable(
  "whatsapp_sandbox",
  {
    id: smallint("id").primaryKey().default(1),
    accessToken: text("access_token").notNull(),
    appSecret: text("app_secret").notNull(),
    verifyToken: text("verify_token").notNull(),
    phoneNumberId: text("phone_number_id").notNull(),
    /** How the next sends fail (whatsapp-sandbox.ts), and how many more; null: until told otherwise. */
    failure: text("failure").notNull().default("none"),
    failuresLeft: integer("failures_left"),
    /** `auto`: sent, delivered and read pushed after each message; `manual`: only when asked. */
    statuses: text("statuses", { enum: ["auto", "manual"] })
      .notNull()
      .default("auto"),
  },
  (table) => [check("whatsapp_sandbox_one_row", sql`${table.id} = 1`)],
);

/** What the sandbox's phones received: each message as the phone shows it, with its buttons and status. */
export const whatsappSandboxMessages = pgTable(
  "whatsapp_sandbox_messages",
  {
    wamid: text("wamid").primaryKey(),
    to: text("to").notNull(),
    kind: text("kind").notNull(),
    template: text("template"),
    text: text("text").notNull(),
    /** Each button's label, and the payload a quick reply carries back when tapped. */
    buttons: jsonb("buttons").$type<{ text: string; payload: string | null; url: string | null }[]>(),
    callbackData: text("callback_data"),
    /** The error its `failed` status will carry (a number that cannot receive, a text outside the window). */
    failsWith: integer("fails_with"),
    status: text("status").notNull().default("accepted"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("whatsapp_sandbox_messages_to_idx").on(table.to, table.createdAt)],
);

/** What the sandbox's users sent the store: their last message opens the 24-hour window. */
export const whatsappSandboxInbound = pgTable(
  "whatsapp_sandbox_inbound",
  {
    id: text("id").primaryKey(),
    from: text("from").notNull(),
    kind: text("kind").notNull(),
    text: text("text").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("whatsapp_sandbox_inbound_from_idx").on(table.from, table.at)],
);
