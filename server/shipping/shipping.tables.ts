import { sql } from "drizzle-orm";
import { check, pgEnum, pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core";

/** How the built-in Delhivery sandbox answers, for tests and for trying the store's failure paths by hand. */
export const delhiverySandboxFailure = pgEnum("delhivery_sandbox_failure", [
  /** Answers as Delhivery does. */
  "none",
  /** HTTP 502 with an HTML page, as a proxy in front of Delhivery does. */
  "server-error",
  /** Answers later than the client waits. */
  "slow",
  /** HTTP 200 with JSON cut short. */
  "truncated",
]);

/**
 * The built-in Delhivery sandbox of this install: its API token, made at random on the first start and read back
 * by every process (as the PhonePe sandbox's credentials, decision 039), and how it fails. One row.
 */
export const delhiverySandbox = pgTable(
  "delhivery_sandbox",
  {
    id: smallint("id").primaryKey().default(1),
    token: text("token").notNull(),
    failure: delhiverySandboxFailure("failure").notNull().default("none"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("delhivery_sandbox_one_row", sql`${table.id} = 1`)],
);
