import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { products } from "../catalog/catalog.tables";

/**
 * Back-in-stock alerts. An alert is active until it ends: when its e-mail is queued (the size came back)
 * or, unconfirmed, when it expires. A guest's address carries the hash of its confirmation token until the
 * link is opened; a signed-in shopper's own address is confirmed at once.
 */
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    size: text("size").notNull(),
    /** Lowercased. */
    email: text("email").notNull(),
    confirmTokenHash: text("confirm_token_hash"),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (table) => [
    // One active alert per address and size.
    uniqueIndex("stock_alerts_active_idx")
      .on(table.productId, table.size, table.email)
      .where(sql`${table.endedAt} is null`),
    // What a restock looks for.
    index("stock_alerts_waiting_idx")
      .on(table.productId, table.size)
      .where(sql`${table.endedAt} is null and ${table.confirmedAt} is not null`),
    uniqueIndex("stock_alerts_token_idx").on(table.confirmTokenHash),
  ],
);
