import { and, asc, count, desc, eq, isNull, sql } from "drizzle-orm";
import {
  REVIEW_MESSAGES,
  type PublicReview,
  type Review,
  type ReviewStatus,
  type WriteReviewRequest,
} from "../../contract/reviews";
import { users } from "../accounts/accounts.tables";
import { setRating } from "../catalog/product-rating";
import type { CatalogChange } from "../catalog/catalog-changes";
import { productImages, products } from "../catalog/catalog.tables";
import type { Database, Executor } from "../db/client";
import { badRequest, conflict, forbidden, notFound } from "../lib/errors";
import type { MediaService } from "../media/media.service";
import { orderItems, orders } from "../orders/orders.tables";
import { productReviews, reviewPhotoUploads } from "./reviews.tables";

const PUBLIC_REVIEWS = 20;
const STAFF_PAGE = 20;

/** "Kavya Reddy" → "Kavya R.": enough to be a person, not enough to find them. */
export function authorName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "A shopper";
  const last = words.length > 1 ? ` ${[...words[words.length - 1]!][0]!.toUpperCase()}.` : "";
  return `${words[0]}${last}`;
}

type ReviewRow = typeof productReviews.$inferSelect & { fullName: string; productName: string };

/**
 * Verified-purchase reviews (contract/reviews.ts). A shopper may write one per product once an order line
 * of it was delivered to them; it waits for staff. Approving or hiding a review sets the product's rating
 * and count from its approved reviews in the same transaction, then tells the catalog's caches.
 */
export function createReviews({
  db,
  media,
  announce,
}: {
  db: Database;
  media: MediaService;
  /** The catalog's caches: a product's rating and count show on its page and in the listings. */
  announce: (change: CatalogChange) => void;
}) {
  const selectReviews = () =>
    db
      .select({
        review: productReviews,
        fullName: users.fullName,
        productName: products.name,
      })
      .from(productReviews)
      .innerJoin(users, eq(users.id, productReviews.userId))
      .innerJoin(products, eq(products.id, productReviews.productId));

  async function picturesOf(rows: { photos: string[] }[], alt: string) {
    const assets = await media.findMany(rows.flatMap((row) => row.photos));
    return (photos: string[]) =>
      photos.flatMap((id) => {
        const asset = assets.get(id);
        return asset ? [media.toPicture(asset, alt)] : [];
      });
  }

  async function toReviews(rows: ReviewRow[]): Promise<Review[]> {
    const pictures = await picturesOf(rows, "A shopper's photo of the product");
    return rows.map((row) => ({
      id: row.id,
      rating: row.rating,
      title: row.title,
      text: row.text,
      author: authorName(row.fullName),
      verifiedPurchase: true,
      photos: pictures(row.photos),
      createdAt: row.createdAt.toISOString(),
      status: row.status,
      productId: row.productId,
      productName: row.productName,
    }));
  }

  const flatten = (
    rows: { review: typeof productReviews.$inferSelect; fullName: string; productName: string }[],
  ) => rows.map(({ review, fullName, productName }) => ({ ...review, fullName, productName }));

  // Read for every product page rendered: built once, and prepared once per connection by PostgreSQL.
  const liveProductById = db
    .select({ id: products.id, name: products.name, rating: products.rating, count: products.reviewCount })
    .from(products)
    .where(and(eq(products.id, sql.placeholder("productId")), isNull(products.deletedAt)))
    .prepare("review_live_product");
  const approvedReviews = selectReviews()
    .where(
      and(eq(productReviews.productId, sql.placeholder("productId")), eq(productReviews.status, "approved")),
    )
    .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
    .limit(PUBLIC_REVIEWS)
    .prepare("approved_reviews");

  async function liveProduct(productId: number) {
    const [product] = await liveProductById.execute({ productId });
    if (!product) throw notFound(REVIEW_MESSAGES.productNotFound);
    return product;
  }

  /** A product's newest approved reviews, with the rating and count the listings show. */
  async function forProduct(productId: number) {
    const product = await liveProduct(productId);
    const rows = await approvedReviews.execute({ productId });
    const reviews: PublicReview[] = (await toReviews(flatten(rows))).map(
      ({ status: _status, productId: _productId, productName: _productName, ...shown }) => ({
        ...shown,
        verifiedPurchase: true as const,
      }),
    );
    return { productId, rating: product.rating, count: product.count, reviews };
  }

  /** Whether an order line of the product was delivered to the shopper. */
  async function wasDelivered(tx: Executor, userId: number, productId: number) {
    const [line] = await tx
      .select({ id: orderItems.id })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(
        and(eq(orders.userId, userId), eq(orders.status, "Delivered"), eq(orderItems.productId, productId)),
      )
      .limit(1);
    return line !== undefined;
  }

  async function ownReview(userId: number, productId: number): Promise<Review | null> {
    const rows = await selectReviews().where(
      and(eq(productReviews.userId, userId), eq(productReviews.productId, productId)),
    );
    return (await toReviews(flatten(rows)))[0] ?? null;
  }

  /** The review page: the product, whether the shopper may review it, and their review if written. */
  async function mine(userId: number, productId: number) {
    const product = await liveProduct(productId);
    const [image] = await db
      .select({ mediaId: productImages.mediaId })
      .from(productImages)
      .where(eq(productImages.productId, productId))
      .orderBy(asc(productImages.position))
      .limit(1);
    const asset = image ? (await media.findMany([image.mediaId])).get(image.mediaId) : undefined;
    const review = await ownReview(userId, productId);
    return {
      product: {
        id: product.id,
        name: product.name,
        picture: asset ? media.toPicture(asset, product.name) : null,
      },
      canReview: review === null && (await wasDelivered(db, userId, productId)),
      review,
    };
  }

  /** Keeps the photos a shopper uploaded for a review as theirs, until a review of theirs takes them. */
  async function keepUploads(userId: number, mediaIds: readonly string[]) {
    if (mediaIds.length > 0)
      await db.insert(reviewPhotoUploads).values(mediaIds.map((mediaId) => ({ mediaId, userId })));
  }

  /**
   * Claims one unused upload of each photo for the review, in the review's transaction; false when a photo is
   * not the writer's own upload, or was used by a review already. Two reviews claiming one upload at once:
   * the second waits for the first's lock, finds it used, and fails.
   */
  async function claimUploads(tx: Executor, userId: number, reviewId: number, photos: string[]) {
    for (const mediaId of photos) {
      const unused = sql`(select ${reviewPhotoUploads.id} from ${reviewPhotoUploads}
        where ${reviewPhotoUploads.userId} = ${userId} and ${reviewPhotoUploads.mediaId} = ${mediaId}
        and ${reviewPhotoUploads.reviewId} is null order by ${reviewPhotoUploads.id} limit 1)`;
      const [claimed] = await tx
        .update(reviewPhotoUploads)
        .set({ reviewId })
        .where(and(eq(reviewPhotoUploads.id, unused), isNull(reviewPhotoUploads.reviewId)))
        .returning({ id: reviewPhotoUploads.id });
      if (!claimed) return false;
    }
    return true;
  }

  /** A review of a delivered product, with photos from the writer's own uploads, each used once. */
  async function write(userId: number, input: WriteReviewRequest): Promise<Review> {
    await liveProduct(input.productId);
    if (!(await wasDelivered(db, userId, input.productId))) throw forbidden(REVIEW_MESSAGES.notDelivered);
    const photos = [...new Set(input.photos)];
    await db.transaction(async (tx) => {
      // The unique index keeps one review per shopper and product, also for two requests at once.
      const [written] = await tx
        .insert(productReviews)
        .values({
          productId: input.productId,
          userId,
          rating: input.rating,
          title: input.title,
          text: input.text,
          photos,
        })
        .onConflictDoNothing()
        .returning({ id: productReviews.id });
      if (!written) throw conflict(REVIEW_MESSAGES.alreadyReviewed);
      if (!(await claimUploads(tx, userId, written.id, photos)))
        throw badRequest(REVIEW_MESSAGES.photoNotFound, { photos: REVIEW_MESSAGES.photoNotFound });
    });
    return (await ownReview(userId, input.productId))!;
  }

  async function forStaff(status: ReviewStatus, page: number) {
    const [{ total }] = (await db
      .select({ total: count() })
      .from(productReviews)
      .where(eq(productReviews.status, status))) as [{ total: number }];
    const rows = await selectReviews()
      .where(eq(productReviews.status, status))
      .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
      .limit(STAFF_PAGE)
      .offset((page - 1) * STAFF_PAGE);
    return {
      reviews: await toReviews(flatten(rows)),
      page,
      pages: Math.max(1, Math.ceil(total / STAFF_PAGE)),
      total,
    };
  }

  /**
   * Approves or hides a review and sets its product's rating (the approved reviews' mean, to one decimal)
   * and count in the same transaction, so two staff at once leave the numbers right. Doing it twice changes
   * nothing more.
   */
  async function moderate(staffId: number, id: number, status: "approved" | "hidden"): Promise<Review> {
    const productId = await db.transaction(async (tx) => {
      const [review] = await tx
        .update(productReviews)
        .set({ status, moderatedBy: `staff:${staffId}`, moderatedAt: new Date() })
        .where(eq(productReviews.id, id))
        .returning({ productId: productReviews.productId });
      if (!review) throw notFound(REVIEW_MESSAGES.reviewNotFound);
      const approved = and(
        eq(productReviews.productId, review.productId),
        eq(productReviews.status, "approved"),
      );
      await setRating(tx, review.productId, async (locked) => {
        const [summary] = await locked
          .select({
            rating: sql<number>`coalesce(round(avg(${productReviews.rating}), 1), 0)::real`,
            count: sql<number>`count(*)::int`,
          })
          .from(productReviews)
          .where(approved);
        return { rating: Number(summary?.rating ?? 0), count: Number(summary?.count ?? 0) };
      });
      return review.productId;
    });
    announce({ productIds: [productId], listings: "rows" });
    const rows = await selectReviews().where(eq(productReviews.id, id));
    return (await toReviews(flatten(rows)))[0]!;
  }

  return { forProduct, mine, keepUploads, write, forStaff, moderate };
}

export type Reviews = ReturnType<typeof createReviews>;
