import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { REVIEW_STATUSES } from "../../contract/reviews";
import { users } from "../accounts/accounts.tables";
import { products } from "../catalog/catalog.tables";
import { mediaAssets } from "../media/media.tables";

/**
 * A shopper's review of a product, written after an order of it was delivered to them: one per shopper and
 * product. It shows once staff approve it; the product's `rating` and `review_count` are kept from the
 * approved ones in the transaction that approves or hides a review.
 */
export const productReviews = pgTable(
  "product_reviews",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    rating: smallint("rating").notNull(),
    title: text("title").notNull(),
    text: text("text").notNull(),
    /** Media ids of the shopper's photos (at most 3). */
    photos: jsonb("photos").$type<string[]>().notNull().default([]),
    status: text("status", { enum: REVIEW_STATUSES }).notNull().default("pending"),
    /** Who approved or hid it last (`staff:<user id>`), and when. */
    moderatedBy: text("moderated_by"),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("product_reviews_rating_range", sql`${table.rating} between 1 and 5`),
    uniqueIndex("product_reviews_user_product_idx").on(table.userId, table.productId),
    // A product's approved reviews, newest first, and its rating.
    index("product_reviews_product_status_idx").on(table.productId, table.status, table.createdAt),
    // Staff's queue of one status, newest first.
    index("product_reviews_status_created_idx").on(table.status, table.createdAt, table.id),
  ],
);

/**
 * A photo a shopper uploaded for a review (images are stored once per content, so the upload, not the image,
 * is the shopper's). A review attaches only its writer's own uploads, each once: writing it claims them.
 */
export const reviewPhotoUploads = pgTable(
  "review_photo_uploads",
  {
    id: serial("id").primaryKey(),
    mediaId: text("media_id")
      .notNull()
      .references(() => mediaAssets.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** The review the photo went into; null until one does. */
    reviewId: integer("review_id").references(() => productReviews.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("review_photo_uploads_unused_idx")
      .on(table.userId, table.mediaId)
      .where(sql`${table.reviewId} is null`),
  ],
);
