import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../accounts/accounts.tables";

/**
 * The shop's settings the owner changed (decision 042): one row per setting, its value as the service keeps
 * it (money in paise). A setting without a row has its first value, from the environment.
 */
export const storeSettings = pgTable("store_settings", {
  name: text("name").primaryKey(),
  value: jsonb("value").$type<string | number>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer("updated_by")
    .notNull()
    .references(() => users.id),
});

/** Every change of a setting: who, when, from what to what (values as store_settings keeps them). */
export const storeSettingChanges = pgTable(
  "store_setting_changes",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    fromValue: jsonb("from_value").$type<string | number>().notNull(),
    toValue: jsonb("to_value").$type<string | number>().notNull(),
    changedBy: integer("changed_by")
      .notNull()
      .references(() => users.id),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("store_setting_changes_changed_at_idx").on(table.changedAt)],
);
