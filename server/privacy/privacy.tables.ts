import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { CONSENT_PURPOSES } from "../../contract/privacy-rules";
import { users } from "../accounts/accounts.tables";

/**
 * The consent log (decision 045): each consent a shopper gave or withdrew, with the privacy notice's version she
 * was shown. Rows are only added; her current choice is her newest row of a purpose. It holds no personal data
 * beyond the account's id, so it is kept after an erasure, as proof.
 */
export const consents = pgTable(
  "consents",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    purpose: text("purpose", { enum: CONSENT_PURPOSES }).notNull(),
    action: text("action", { enum: ["given", "withdrawn"] }).notNull(),
    noticeVersion: text("notice_version").notNull(),
    /** Where and how it was given or withdrawn, when that says more than the purpose (a WhatsApp number, STOP). */
    source: text("source"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("consents_user_purpose_idx").on(table.userId, table.purpose, table.id)],
);

/**
 * The erasure log: when which account was erased and how many records of each kind were erased or anonymised.
 * No personal data: the account's row is kept, anonymised, so the id names nobody.
 */
export const accountErasures = pgTable("account_erasures", {
  id: serial("id").primaryKey(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id),
  erasedAt: timestamp("erased_at", { withTimezone: true }).notNull().defaultNow(),
  /** What was erased, by kind: `{ "profile": 1, "addresses": 2, "orders": 3, ... }`. */
  erased: jsonb("erased").$type<Record<string, number>>().notNull(),
});
