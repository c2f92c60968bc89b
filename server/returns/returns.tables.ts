import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import type { RefundDestination } from "../../contract/order-returns";
import { RETURN_REASONS, RETURN_STATES } from "../../contract/returns-rules";
import { users } from "../accounts/accounts.tables";
import { grievances } from "../grievances/grievances.tables";
import { orderItems, orders } from "../orders/orders.tables";

/**
 * A return of one line of a delivered order (issue 39, decision 051): one per line, its number known the
 * moment it is written (`RT-000001`). Its thread with the shopper is its complaint ticket's; its moves are in
 * the order's history.
 */
export const orderReturns = pgTable(
  "order_returns",
  {
    id: serial("id").primaryKey(),
    publicId: text("public_id")
      .notNull()
      .unique()
      .generatedAlwaysAs(sql`'RT-' || lpad(id::text, 6, '0')`),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    /** The line returned: one return per line. */
    orderItemId: integer("order_item_id")
      .notNull()
      .unique()
      .references(() => orderItems.id),
    quantity: integer("quantity").notNull(),
    reason: text("reason", { enum: RETURN_REASONS }).notNull(),
    details: text("details").notNull(),
    /** Media ids of the shopper's photos (1 to 3), the ticket's own. */
    photos: jsonb("photos").$type<string[]>().notNull(),
    state: text("state", { enum: RETURN_STATES }).notNull().default("requested"),
    grievanceId: integer("grievance_id")
      .notNull()
      .references(() => grievances.id),
    /** Where a cash order's refund goes, kept only until it is sent (then null). */
    refundTo: jsonb("refund_to").$type<RefundDestination>(),
    refusal: text("refusal"),
    /** The courier's reverse pickup, once booked (its reference is the return's public id). */
    pickupWaybill: text("pickup_waybill"),
    /** What was refunded for it, worked out when the piece is received. */
    refundPaise: integer("refund_paise"),
    /** The transfer's reference (UTR) of a cash order's refund. */
    refundReference: text("refund_reference"),
    decidedBy: integer("decided_by").references(() => users.id),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    receivedAt: timestamp("received_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
  },
  (table) => [
    check("order_returns_quantity_positive", sql`${table.quantity} > 0`),
    check("order_returns_refund_not_negative", sql`${table.refundPaise} >= 0`),
    index("order_returns_order_idx").on(table.orderId),
    // Staff's list of returns to answer or to receive, oldest first.
    index("order_returns_state_idx").on(table.state, table.requestedAt),
  ],
);

export type OrderReturnRow = typeof orderReturns.$inferSelect;
