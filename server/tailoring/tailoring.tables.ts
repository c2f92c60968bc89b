import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { Measurement, MeasurementUnit } from "../../contract/tailoring-rules";
import { users } from "../accounts/accounts.tables";

/** A shopper's measurements kept under a label ("Me", "Amma"), to fill the next customisation with. */
export const savedMeasurements = pgTable(
  "saved_measurements",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    label: text("label").notNull(),
    unit: text("unit").$type<MeasurementUnit>().notNull(),
    measurements: jsonb("measurements").$type<Partial<Record<Measurement, number>>>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("saved_measurements_user_label_idx").on(table.userId, table.label),
    index("saved_measurements_user_updated_idx").on(table.userId, table.updatedAt),
  ],
);
