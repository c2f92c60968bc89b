import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../accounts/accounts.tables";

/** A shopper's saved delivery addresses (the checkout's address book). */
export const addresses = pgTable(
  "addresses",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Ten digits, without +91. */
    phone: text("phone").notNull(),
    address: text("address").notNull(),
    city: text("city").notNull(),
    /** The pincode's district, from the pincode directory ("" for an address saved before it). */
    district: text("district").notNull().default(""),
    /** A state or union territory as contract/indian-states.ts names it (older rows: as the shopper wrote it). */
    state: text("state").notNull(),
    country: text("country").notNull(),
    /** Six digits. */
    pincode: text("pincode").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("addresses_user_id_idx").on(table.userId)],
);
