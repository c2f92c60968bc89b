import type { Picture } from "#contract/catalog";
import type { PublicReview } from "#contract/reviews";
import { REVIEW_MESSAGES } from "#contract/reviews-rules";
import { formatDate } from "~/accounts/format";
import { StarIcon } from "~/components/icons";
import { ResponsivePicture } from "~/components/picture";

/** Five stars, the first `rating` filled; read as "Rated 4 out of 5". */
export function Stars({ rating, size = 16 }: { rating: number; size?: number }) {
  return (
    <span role="img" aria-label={`Rated ${rating} out of 5`} className="inline-flex text-amber-600">
      {[1, 2, 3, 4, 5].map((star) => (
        <StarIcon key={star} size={size} className={star <= Math.round(rating) ? "" : "text-brand-200"} />
      ))}
    </span>
  );
}

/** A review's photos in a row (none: nothing), named for a screen reader by `label`. */
export function ReviewPhotos({ photos, label }: { photos: Picture[]; label: string }) {
  if (photos.length === 0) return null;
  return (
    <ul className="mt-3 flex gap-2" aria-label={label}>
      {photos.map((photo) => (
        <li key={photo.src}>
          <ResponsivePicture picture={photo} sizes="96px" className="h-24 w-24 rounded-md object-cover" />
        </li>
      ))}
    </ul>
  );
}

export type ReviewSummary = { rating: number; count: number; reviews: PublicReview[] };

/** The Reviews tab: the rating and count from approved reviews, then the newest reviews. */
export function ReviewList({ summary }: { summary: ReviewSummary | null }) {
  if (!summary || summary.count === 0) return <p>{REVIEW_MESSAGES.noReviews}</p>;
  return (
    <div>
      <p className="flex items-center gap-2">
        <Stars rating={summary.rating} size={20} />
        <span className="font-semibold">{summary.rating.toFixed(1)} out of 5</span>
        <span className="text-muted">
          ({summary.count} {summary.count === 1 ? "review" : "reviews"})
        </span>
      </p>
      <ul className="mt-6 space-y-6">
        {summary.reviews.map((review) => (
          <li key={review.id} className="border-b border-brand-100 pb-6 last:border-b-0">
            <article aria-labelledby={`review-${review.id}`}>
              <Stars rating={review.rating} />
              <h3 id={`review-${review.id}`} className="mt-1 font-sans font-semibold">
                {review.title}
              </h3>
              <p className="mt-1 text-sm text-muted">
                {review.author} · {formatDate(review.createdAt)} ·{" "}
                <span className="font-semibold text-green-800">Verified purchase</span>
              </p>
              <p className="mt-2 whitespace-pre-line break-words">{review.text}</p>
              <ReviewPhotos photos={review.photos} label="Photos from the shopper" />
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}
