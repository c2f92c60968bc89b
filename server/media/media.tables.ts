import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** An image stored once per content (id = hash of the original bytes), with resized AVIF and WebP variants. */
export const mediaAssets = pgTable("media_assets", {
  id: text("id").primaryKey(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  widths: integer("widths").array().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
