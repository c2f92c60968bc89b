import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, smallint, text, timestamp } from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    /** Always stored trimmed and lower-cased, so the unique index is the only check needed. */
    email: text("email").notNull().unique(),
    fullName: text("full_name").notNull(),
    /** Ten digits, without +91. */
    phone: text("phone").notNull(),
    passwordHash: text("password_hash").notNull(),
    roleId: smallint("role_id").notNull().default(3),
    billingAddress: text("billing_address"),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the account was deleted at its owner's request: its personal data was erased then (decision 045). */
    erasedAt: timestamp("erased_at", { withTimezone: true }),
  },
  (table) => [check("users_role_id_known", sql`${table.roleId} in (1, 2, 3)`)],
);

/** One row per signed-in device. Only the SHA-256 of the token is kept. */
export const sessions = pgTable(
  "sessions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

/**
 * The pending one-time code of an account (accounts/one-time-codes.ts): the code (hashed like a password), what
 * it is for, and for a new account's e-mail the registration token that lets the browser that registered
 * verify without retyping the e-mail.
 */
export const emailVerifications = pgTable("email_verifications", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  codeHash: text("code_hash").notNull(),
  /**
   * `verify` (a new account's e-mail), `delete` (the owner's confirmation that her account goes), or sent on
   * WhatsApp: `phone-verify` (her mobile, once) and `whatsapp-login` (a sign-in).
   */
  purpose: text("purpose", { enum: ["verify", "delete", "phone-verify", "whatsapp-login"] })
    .notNull()
    .default("verify"),
  codeExpiresAt: timestamp("code_expires_at", { withTimezone: true }).notNull(),
  failedAttempts: smallint("failed_attempts").notNull().default(0),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
});

export const passwordResets = pgTable(
  "password_resets",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("password_resets_user_id_idx").on(table.userId)],
);
