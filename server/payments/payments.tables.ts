import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { orders } from "../orders/orders.tables";

/**
 * One payment attempt of an order at PhonePe, under its own `merchantOrderId`. Written before PhonePe is
 * called; the reconciler claims attempts whose `nextCheckAt` is due and asks PhonePe's Order Status.
 */
export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    merchantOrderId: text("merchant_order_id").notNull().unique(),
    amountPaise: integer("amount_paise").notNull(),
    /** CREATED (PhonePe not yet answered), PENDING, COMPLETED, FAILED, or EXPIRED (PhonePe never settled it). */
    state: text("state", { enum: ["CREATED", "PENDING", "COMPLETED", "FAILED", "EXPIRED"] })
      .notNull()
      .default("CREATED"),
    phonePeOrderId: text("phonepe_order_id"),
    checkoutUrl: text("checkout_url"),
    /** When PhonePe stops accepting the payment. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** The amount PhonePe says was paid, the mode and transaction of the attempt that settled it. */
    paidAmountPaise: integer("paid_amount_paise"),
    paymentMode: text("payment_mode"),
    transactionId: text("transaction_id"),
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }).notNull().defaultNow(),
    checks: integer("checks").notNull().default(0),
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (table) => [
    index("payments_order_id_idx").on(table.orderId),
    index("payments_due_idx").on(table.state, table.nextCheckAt),
  ],
);

/** Money sent back to a shopper through PhonePe, under its own `merchantRefundId`. */
export const refunds = pgTable(
  "refunds",
  {
    id: serial("id").primaryKey(),
    paymentId: integer("payment_id")
      .notNull()
      .references(() => payments.id),
    merchantRefundId: text("merchant_refund_id").notNull().unique(),
    amountPaise: integer("amount_paise").notNull(),
    reason: text("reason").notNull(),
    /** CREATED (PhonePe not yet answered), PENDING, CONFIRMED, COMPLETED or FAILED. */
    state: text("state", { enum: ["CREATED", "PENDING", "CONFIRMED", "COMPLETED", "FAILED"] })
      .notNull()
      .default("CREATED"),
    phonePeRefundId: text("phonepe_refund_id"),
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }).notNull().defaultNow(),
    checks: integer("checks").notNull().default(0),
    /** After this the reconciler stops asking PhonePe, and the refund needs a person (refunds.ts). */
    checkUntil: timestamp("check_until", { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '10 days'`),
    /**
     * Why a FAILED refund failed: PhonePe `refused` it (its code and message in `failureReason`), or gave `no-answer`
     * (still pending, or unreachable, when `checkUntil` passed).
     */
    failure: text("failure", { enum: ["refused", "no-answer"] }),
    failureReason: text("failure_reason"),
    /**
     * What staff did about a FAILED refund: sent the money another way (`paid-another-way`, with their
     * `resolutionNote`), or asked PhonePe again (`retried`). A FAILED refund without one needs attention.
     */
    resolution: text("resolution", { enum: ["paid-another-way", "retried"] }),
    resolutionNote: text("resolution_note"),
    resolvedBy: text("resolved_by"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (table) => [
    index("refunds_due_idx").on(table.state, table.nextCheckAt),
    index("refunds_payment_id_idx").on(table.paymentId),
  ],
);

/**
 * The built-in PhonePe sandbox's own records (only used when no PhonePe credentials are set): what PhonePe
 * would keep for each order and refund. In the database, so every store process answers the same.
 */
export const phonePeSandboxOrders = pgTable("phonepe_sandbox_orders", {
  merchantOrderId: text("merchant_order_id").primaryKey(),
  orderId: text("order_id").notNull().unique(),
  amountPaise: integer("amount_paise").notNull(),
  state: text("state", { enum: ["PENDING", "COMPLETED", "FAILED"] })
    .notNull()
    .default("PENDING"),
  /** What the shopper paid: the order's amount unless a test asks for another. */
  paidAmountPaise: integer("paid_amount_paise"),
  redirectUrl: text("redirect_url").notNull(),
  token: text("token").notNull().unique(),
  metaInfo: jsonb("meta_info"),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  transactionId: text("transaction_id"),
  /**
   * What becomes of this payment's refunds (phonepe-sandbox.ts): they `complete` when first asked about, stay
   * `pending`, are `refused` when asked for, or `fail` after PhonePe accepted them. Chosen on the hosted page.
   */
  refundOutcome: text("refund_outcome", { enum: ["complete", "pending", "refuse", "fail"] })
    .notNull()
    .default("complete"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const phonePeSandboxRefunds = pgTable("phonepe_sandbox_refunds", {
  merchantRefundId: text("merchant_refund_id").primaryKey(),
  refundId: text("refund_id").notNull().unique(),
  originalMerchantOrderId: text("original_merchant_order_id").notNull(),
  amountPaise: integer("amount_paise").notNull(),
  state: text("state", { enum: ["PENDING", "CONFIRMED", "COMPLETED", "FAILED"] })
    .notNull()
    .default("PENDING"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The built-in sandbox's credentials, made once per install (its first start) and kept here, so that every
 * process of the store answers to the same ones and no one knows them from the source (decision 039). One row.
 */
export const phonePeSandboxCredentials = pgTable(
  "phonepe_sandbox_credentials",
  {
    id: smallint("id").primaryKey().default(1),
    clientId: text("client_id").notNull(),
    clientSecret: text("client_secret").notNull(),
    clientVersion: text("client_version").notNull(),
    webhookUsername: text("webhook_username").notNull(),
    webhookPassword: text("webhook_password").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("phonepe_sandbox_credentials_one_row", sql`${table.id} = 1`)],
);
