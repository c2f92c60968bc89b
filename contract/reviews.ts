import { z } from "zod";
import { defineCall } from "./call";
import { imageFilesForm, picture } from "./catalog";
import { envelope } from "./envelope";
import { idField } from "./ids";

import { MAX_REVIEW_PHOTOS, REVIEW_MESSAGES, REVIEW_STATUSES } from "./reviews-rules";

export * from "./reviews-rules";

/** What anyone sees of an approved review: the author as a first name and an initial. */
export const publicReview = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  title: z.string(),
  text: z.string(),
  author: z.string(),
  verifiedPurchase: z.literal(true),
  photos: z.array(picture),
  createdAt: z.string(),
});
export type PublicReview = z.infer<typeof publicReview>;

export const productReviewsQuery = z.object({
  productId: idField(REVIEW_MESSAGES.productNotFound),
});
export const productReviewsResponse = envelope(
  z.object({
    productId: z.number().int(),
    rating: z.number(),
    count: z.number().int(),
    /** The newest approved reviews (at most 20). */
    reviews: z.array(publicReview),
  }),
);

export const writeReviewRequest = z.object({
  productId: idField(REVIEW_MESSAGES.productNotFound),
  rating: z.coerce
    .number({ error: REVIEW_MESSAGES.ratingRequired })
    .int({ error: REVIEW_MESSAGES.ratingRequired })
    .min(1, { error: REVIEW_MESSAGES.ratingRequired })
    .max(5, { error: REVIEW_MESSAGES.ratingRequired }),
  title: z
    .string({ error: REVIEW_MESSAGES.titleRequired })
    .trim()
    .min(1, { error: REVIEW_MESSAGES.titleRequired })
    .max(100, { error: REVIEW_MESSAGES.titleTooLong }),
  text: z
    .string({ error: REVIEW_MESSAGES.textRequired })
    .trim()
    .min(1, { error: REVIEW_MESSAGES.textRequired })
    .max(2000, { error: REVIEW_MESSAGES.textTooLong }),
  /** Media ids from upload-review-photos. */
  photos: z
    .array(z.string().max(100, { error: REVIEW_MESSAGES.photoNotFound }), {
      error: REVIEW_MESSAGES.photoNotFound,
    })
    .max(MAX_REVIEW_PHOTOS, { error: REVIEW_MESSAGES.tooManyPhotos })
    .default([]),
});
export type WriteReviewRequest = z.infer<typeof writeReviewRequest>;
/** The review as its form sends it: the photos are files, uploaded by the page's scripts before the review. */
export const reviewForm = writeReviewRequest.omit({ photos: true });

/** A shopper's own review, or a review as staff see it. */
export const review = publicReview.extend({
  verifiedPurchase: z.boolean(),
  status: z.enum(REVIEW_STATUSES),
  productId: z.number().int(),
  productName: z.string(),
});
export type Review = z.infer<typeof review>;

export const myReviewQuery = productReviewsQuery;
export const myReviewResponse = envelope(
  z.object({
    product: z.object({ id: z.number().int(), name: z.string(), picture: picture.nullable() }),
    /** True when an order of the product was delivered to the shopper and they have not reviewed it. */
    canReview: z.boolean(),
    review: review.nullable(),
  }),
);

export const staffReviewsQuery = z.object({
  status: z.enum(REVIEW_STATUSES, { error: "Unknown review status" }).default("pending"),
  page: z.coerce
    .number({ error: "Page must be a whole number from 1" })
    .int({ error: "Page must be a whole number from 1" })
    .positive({ error: "Page must be a whole number from 1" })
    .max(100_000, { error: "Page must be a whole number from 1" })
    .default(1),
});
export const staffReviewsResponse = envelope(
  z.object({
    reviews: z.array(review),
    page: z.number().int(),
    pages: z.number().int(),
    total: z.number().int(),
  }),
);

export const moderateReviewRequest = z.object({
  id: idField(REVIEW_MESSAGES.reviewNotFound),
  status: z.enum(["approved", "hidden"], { error: "Choose Approve or Hide" }),
});
export const moderateReviewResponse = envelope(review);

export const uploadReviewPhotosResponse = envelope(z.object({ photos: z.array(z.string()) }));

export const productReviewsCall = defineCall({
  method: "GET",
  path: "/products/reviews",
  tag: "reviews",
  description: "A product's approved reviews (the newest 20), its rating and review count.",
  query: productReviewsQuery,
  output: productReviewsResponse,
});

export const myReviewCall = defineCall({
  method: "GET",
  path: "/users/review",
  tag: "reviews",
  description: "Signed in: whether the shopper may review the product, and their review of it if any.",
  query: myReviewQuery,
  output: myReviewResponse,
});

export const writeReviewCall = defineCall({
  method: "POST",
  path: "/users/write-review",
  tag: "reviews",
  description:
    "Signed in: reviews a product once, after an order of it was delivered to the shopper. The review shows " +
    "once staff approve it.",
  body: writeReviewRequest,
  output: moderateReviewResponse,
});

export const uploadReviewPhotosCall = defineCall({
  method: "POST",
  path: "/users/upload-review-photos",
  tag: "reviews",
  description:
    "Signed in: multipart/form-data with the repeated field `files`, at most 3 photos (JPEG, PNG, WebP, AVIF " +
    "or HEIC, 10 MB each). `photos` in the answer are media ids for write-review.",
  form: imageFilesForm(MAX_REVIEW_PHOTOS),
  output: uploadReviewPhotosResponse,
});

export const staffReviewsCall = defineCall({
  method: "GET",
  path: "/admin/reviews",
  tag: "reviews",
  description: "Staff: reviews of one status (pending first), newest first, 20 a page.",
  query: staffReviewsQuery,
  output: staffReviewsResponse,
});

export const moderateReviewCall = defineCall({
  method: "POST",
  path: "/admin/reviews/moderate",
  tag: "reviews",
  description: "Staff: approves or hides a review; the product's rating and count follow at once.",
  body: moderateReviewRequest,
  output: moderateReviewResponse,
});
