import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { GRIEVANCE_CATEGORIES, GRIEVANCE_STATUSES } from "../../contract/grievances-rules";
import { users } from "../accounts/accounts.tables";
import { mediaAssets } from "../media/media.tables";

/**
 * A complaint to the grievance officer (decision 044). Its ticket number comes from its id, so it is known the
 * moment the row is written. The limits count from `received_at`: filing for a signed-in shopper, the mailed
 * link's confirmation for a guest; `acknowledge_by` and `resolve_by` are set with it.
 */
export const grievances = pgTable(
  "grievances",
  {
    id: serial("id").primaryKey(),
    ticketNumber: text("ticket_number")
      .notNull()
      .unique()
      .generatedAlwaysAs(sql`'GR-' || lpad(id::text, 6, '0')`),
    /** The shopper's account, or null for a guest (and once an account is erased). */
    userId: integer("user_id").references(() => users.id),
    name: text("name").notNull(),
    email: text("email").notNull(),
    orderPublicId: text("order_public_id"),
    category: text("category", { enum: GRIEVANCE_CATEGORIES }).notNull(),
    text: text("text").notNull(),
    /** Media ids of the shopper's photos (at most 3). */
    photos: jsonb("photos").$type<string[]>().notNull().default([]),
    status: text("status", { enum: GRIEVANCE_STATUSES }).notNull(),
    /** The link e-mailed to a guest (to confirm, then to see the thread); only its hash is kept. */
    linkTokenHash: text("link_token_hash").unique(),
    /** Until when a guest's link confirms the ticket. */
    confirmBefore: timestamp("confirm_before", { withTimezone: true }),
    filedAt: timestamp("filed_at", { withTimezone: true }).notNull().defaultNow(),
    receivedAt: timestamp("received_at", { withTimezone: true }),
    acknowledgeBy: timestamp("acknowledge_by", { withTimezone: true }),
    resolveBy: timestamp("resolve_by", { withTimezone: true }),
    acknowledgedAt: timestamp("acknowledged_at", { withTimezone: true }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    /** Set when the shopper's account was erased: the ticket stays, without her personal data. */
    erasedAt: timestamp("erased_at", { withTimezone: true }),
  },
  (table) => [
    index("grievances_status_received_idx").on(table.status, table.receivedAt),
    index("grievances_user_idx").on(table.userId),
  ],
);

/** The officer's messages on a ticket, each mailed to the shopper: its acknowledgement, answers, resolution. */
export const grievanceMessages = pgTable(
  "grievance_messages",
  {
    id: serial("id").primaryKey(),
    grievanceId: integer("grievance_id")
      .notNull()
      .references(() => grievances.id),
    kind: text("kind", { enum: ["acknowledged", "answered", "resolved"] }).notNull(),
    text: text("text").notNull(),
    staffUserId: integer("staff_user_id").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("grievance_messages_grievance_idx").on(table.grievanceId, table.id)],
);

/**
 * A photo uploaded for a complaint, kept with the hash of the token its upload answered, so that a complaint
 * (a guest's too) attaches only its sender's uploads, each once.
 */
export const grievancePhotoUploads = pgTable(
  "grievance_photo_uploads",
  {
    id: serial("id").primaryKey(),
    mediaId: text("media_id")
      .notNull()
      .references(() => mediaAssets.id),
    tokenHash: text("token_hash").notNull(),
    grievanceId: integer("grievance_id").references(() => grievances.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("grievance_photo_uploads_unused_idx")
      .on(table.tokenHash, table.mediaId)
      .where(sql`${table.grievanceId} is null`),
  ],
);
