/**
 * Verified-purchase reviews: a shopper reviews a product once, after an order of it was delivered to them;
 * staff approve or hide each review, and a product's rating and review count come from the approved ones.
 * The texts and limits, without Zod, for the storefront's scripts (the calls are in reviews.ts).
 */
export const REVIEW_MESSAGES = {
  productNotFound: "Product not found",
  reviewNotFound: "Review not found",
  notDelivered: "You can review a product once an order of it has been delivered to you.",
  alreadyReviewed: "You have already reviewed this product.",
  ratingRequired: "Please choose a rating from 1 to 5 stars",
  titleRequired: "Please give your review a title",
  titleTooLong: "The title can be at most 100 characters",
  textRequired: "Please write your review",
  textTooLong: "The review can be at most 2000 characters",
  tooManyPhotos: "At most 3 photos",
  photoNotFound: "A photo could not be found. Please add it again.",
  submitted: "Thank you! Your review will appear once the store has checked it.",
  approved: "Review approved",
  hidden: "Review hidden",
  noReviews: "No reviews available.",
  tooMany: "Too many requests. Please try again later.",
} as const;

export const MAX_REVIEW_PHOTOS = 3;
export const REVIEW_STATUSES = ["pending", "approved", "hidden"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
