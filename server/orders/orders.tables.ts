import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { ORDER_STATUSES, PAYMENT_STATUSES, type ShippingAddress } from "../../contract/orders";
import type { CustomizationRequest } from "../../contract/tailoring-rules";
import { users } from "../accounts/accounts.tables";
import { products } from "../catalog/catalog.tables";

/** A line's customisation kept on the order: what was asked, and each option's charge when it was ordered. */
export type OrderedCustomization = Omit<CustomizationRequest, "options"> & {
  options: { name: string; chargePaise: number }[];
};

/**
 * The last ten digits of a shipping address's phone, whatever was typed around them ("+91 98480 12345",
 * "098480-12345" and "9848012345" are all 9848012345): the expression of the search's index, and of its
 * query, which must be the same.
 */
export const shippingPhoneDigits = (shippingAddress: AnyPgColumn) =>
  sql`right(regexp_replace((${shippingAddress}->>'phone'), '[^0-9]', '', 'g'), 10)`;

/**
 * A shopper's order. Its lines' stock is reserved in the transaction that creates it; `stockReleasedAt` is
 * set by the one update that gives the stock back (a failed, expired or cancelled order), so it happens once.
 */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    /** The order's public id (`orderId` in the API): random, so it says nothing about the store's sales. */
    publicId: text("public_id").notNull().unique(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("Pending"),
    paymentStatus: text("payment_status", { enum: PAYMENT_STATUSES }).notNull().default("Initiated"),
    /** PhonePe, or COD (cash at the door, decision 048): a COD order paid online later becomes PhonePe. */
    paymentMethod: text("payment_method", { enum: ["PhonePe", "COD"] })
      .notNull()
      .default("PhonePe"),
    subtotalPaise: integer("subtotal_paise").notNull(),
    deliveryPaise: integer("delivery_paise").notNull(),
    /**
     * The owner's fee for paying in cash (decision 048), priced at Place Order; 0 for an order paid online,
     * and dropped when a cash order is paid online instead.
     */
    codFeePaise: integer("cod_fee_paise").notNull().default(0),
    /**
     * The prepaid nudge (decision 048): what paying online took off the order, priced at Place Order (or when
     * a cash order is paid online instead); 0 for a cash order. Never more than the pieces' subtotal.
     */
    prepaidDiscountPaise: integer("prepaid_discount_paise").notNull().default(0),
    totalPaise: integer("total_paise").notNull(),
    /** The delivery address as it was when the order was placed (a later edit of the address book keeps it). */
    shippingAddress: jsonb("shipping_address").$type<ShippingAddress>().notNull(),
    /** The client's key for one checkout attempt: a retried or double-clicked Place Order finds this order. */
    idempotencyKey: text("idempotency_key"),
    /** Until when the reserved stock is held for the payment; after it, an unpaid order is released. */
    reservedUntil: timestamp("reserved_until", { withTimezone: true }).notNull(),
    /**
     * The end of the window for paying (ORDER_HOLD_MINUTES after the order was placed): until then the shopper
     * may pay again; `reservedUntil` adds PhonePe's grace for a late confirmation (decision 035).
     */
    payBy: timestamp("pay_by", { withTimezone: true }),
    /** The client address the order was placed from, hashed: orders awaiting payment are limited per address. */
    placedFrom: text("placed_from"),
    /** A fingerprint of the Place Order request: its Idempotency-Key with another request is refused. */
    requestHash: text("request_hash"),
    /** When the one payment reminder of an order left unpaid was queued. */
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    stockReleasedAt: timestamp("stock_released_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /**
     * Set by staff when the order ships, and corrected until it is delivered (decision 038): the courier's key in
     * contract/couriers.ts (older orders: as staff wrote it), its tracking number, and for "other" the
     * courier's own https tracking link.
     */
    courier: text("courier"),
    trackingNumber: text("tracking_number"),
    trackingUrl: text("tracking_url"),
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    /** Who cancelled the order when staff did (`staff:<user id>`): such an order is never revived by a payment. */
    cancelledBy: text("cancelled_by"),
    /** Why staff cancelled the order, as the shopper reads it on her order page and in the mail (decision 040). */
    cancelReason: text("cancel_reason"),
    /** Since when a refund of the order has failed and waits for staff (payments/refunds.ts); null when none does. */
    refundAttentionSince: timestamp("refund_attention_since", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      "orders_amounts_add_up",
      sql`${table.totalPaise} = ${table.subtotalPaise} + ${table.deliveryPaise} + ${table.codFeePaise} - ${table.prepaidDiscountPaise}`,
    ),
    check(
      "orders_prepaid_discount_within_subtotal",
      sql`${table.prepaidDiscountPaise} between 0 and ${table.subtotalPaise}`,
    ),
    index("orders_user_created_idx").on(table.userId, table.createdAt),
    // Staff's Received Orders (newest first, optionally of one status) and the dashboard's sums of paid sales.
    index("orders_created_idx").on(table.createdAt, table.id),
    index("orders_status_created_idx").on(table.status, table.createdAt, table.id),
    // Covering: the dashboard's sales and best sellers read paid orders of a date range from the index alone.
    index("orders_paid_at_idx")
      .on(table.paidAt, table.status, table.totalPaise, table.id)
      .where(sql`${table.paidAt} is not null`),
    // Received Orders' search by shipping name, e-mail or phone (a substring, as staff type it); the phone by
    // its digits as the search normalises them (shippingPhoneDigits, decision 040).
    index("orders_ship_name_trgm_idx").using(
      "gin",
      sql`(${table.shippingAddress}->>'fullName') gin_trgm_ops`,
    ),
    index("orders_ship_email_trgm_idx").using("gin", sql`(${table.shippingAddress}->>'email') gin_trgm_ops`),
    // A whole e-mail address, found by its start in the lower-cased e-mails: the trigram index reads the long
    // lists of the trigrams every address shares (".co", "com", "gma") for it.
    index("orders_ship_email_lower_idx").on(sql`lower(${table.shippingAddress}->>'email') text_pattern_ops`),
    index("orders_ship_phone_digits_trgm_idx").using(
      "gin",
      sql`${shippingPhoneDigits(table.shippingAddress)} gin_trgm_ops`,
    ),
    // Orders with a refund waiting for staff: the dashboard's list and Received Orders' filter.
    index("orders_refund_attention_idx")
      .on(table.refundAttentionSince, table.id)
      .where(sql`${table.refundAttentionSince} is not null`),
    uniqueIndex("orders_user_idempotency_key_idx").on(table.userId, table.idempotencyKey),
    // Orders awaiting payment (holding stock), counted per account and per client address at Place Order.
    index("orders_awaiting_user_idx")
      .on(table.userId)
      .where(sql`${table.status} = 'Pending' and ${table.stockReleasedAt} is null`),
    index("orders_awaiting_from_idx")
      .on(table.placedFrom)
      .where(sql`${table.status} = 'Pending' and ${table.stockReleasedAt} is null`),
  ],
);

/** An order's lines, priced by the server when the order was placed; name and image kept as they were. */
/**
 * How many orders have each status, kept exact by the trigger of migration 0007 in every transaction that
 * inserts, updates or deletes orders, so that staff's lists and dashboard read a total without counting
 * every order. Each status's count is split over 16 rows (`shard` is the order id modulo 16), so that
 * orders placed at the same moment seldom wait for the same row; a total is the sum of its shards.
 */
export const orderCounts = pgTable(
  "order_counts",
  {
    status: text("status", { enum: ORDER_STATUSES }).notNull(),
    shard: smallint("shard").notNull(),
    orders: integer("orders").notNull(),
  },
  (table) => [primaryKey({ columns: [table.status, table.shard] })],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    size: text("size").notNull(),
    quantity: integer("quantity").notNull(),
    unitPricePaise: integer("unit_price_paise").notNull(),
    name: text("name").notNull(),
    image: text("image"),
    /** The tailoring asked for, as it was ordered (null for a line sold as it is); its charges are in the price. */
    customization: jsonb("customization").$type<OrderedCustomization>(),
    /** When staff marked the line's tailoring done. */
    tailoringDoneAt: timestamp("tailoring_done_at", { withTimezone: true }),
  },
  (table) => [
    check("order_items_quantity_positive", sql`${table.quantity} > 0`),
    // Covering: the dashboard's best sellers sum quantities by product from the index alone.
    index("order_items_order_id_idx").on(table.orderId, table.productId, table.quantity),
    // Received Orders' tailoring filter: the lines still waiting for the tailor (few at any time).
    index("order_items_tailoring_pending_idx")
      .on(table.orderId)
      .where(sql`${table.customization} is not null and ${table.tailoringDoneAt} is null`),
  ],
);

/** Every change of an order or of its payments: who or what made it, when, from what to what. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    /** `shopper`, `staff:<user id>`, `phonepe` (an Order Status answer), `reconciler`, `system`. */
    actor: text("actor").notNull(),
    /** What changed: `order`, `payment`, `stock`, `refund`, `tailoring`. */
    subject: text("subject").notNull(),
    from: text("from"),
    to: text("to").notNull(),
    note: text("note"),
    details: jsonb("details"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("order_events_order_id_idx").on(table.orderId, table.id)],
);

/**
 * The link in a Cash on Delivery order's mail that confirms it in one tap (decision 048): a random token,
 * kept only as its SHA-256, good until the order's hold ends.
 */
export const codConfirmationLinks = pgTable("cod_confirmation_links", {
  orderId: integer("order_id")
    .primaryKey()
    .references(() => orders.id),
  tokenHash: text("token_hash").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
