import { useEffect, useRef } from "react";
import { data, Form, useActionData, useLoaderData, useNavigation, href, Link } from "react-router";
import { STAFF_ROLES } from "#contract/accounts-rules";
import {
  moderateReviewCall,
  REVIEW_STATUSES,
  staffReviewsCall,
  type Review,
  type ReviewStatus,
} from "#contract/reviews";
import { formatDate } from "~/accounts/format";
import { requireUser } from "~/accounts/guards";
import { keepThroughLogout } from "~/accounts/revalidation";
import { ReviewPhotos, Stars } from "~/catalog/review-list";
import { FormNotice } from "~/components/form-field";
import { BUTTON_PRIMARY, BUTTON_SECONDARY, TEXT_LINK } from "~/components/styles";
import { callWithForm } from "~/lib/form-reading";
import { privatePageHeaders } from "~/lib/page-headers";
import { actionOrFailure } from "~/lib/request-failure";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/staff-reviews";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Reviews", description: "Shoppers' reviews to approve or hide.", noindex: true });

export const headers = privatePageHeaders;
export const shouldRevalidate = keepThroughLogout;

const TAB_NAMES: Record<ReviewStatus, string> = {
  pending: "To check",
  approved: "Approved",
  hidden: "Hidden",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, STAFF_ROLES);
  const search = new URL(request.url).searchParams;
  const status = REVIEW_STATUSES.find((name) => name === search.get("status")) ?? "pending";
  const result = await context.api(staffReviewsCall, { status, page: search.get("page") ?? undefined });
  if (!result.ok) throw new Response(result.message, { status: result.status || 502 });
  return { status, ...result.data };
}

export async function action({ request, context }: Route.ActionArgs) {
  const result = await callWithForm(context.api, request, moderateReviewCall);
  if (result.ok) return { ok: true as const, message: result.message };
  return data({ ok: false as const, message: result.message }, { status: result.status || 502 });
}

export const clientAction = (args: Route.ClientActionArgs) =>
  actionOrFailure(args, () =>
    data({ ok: false as const, message: "Something went wrong. Please try again." }, { status: 503 }),
  );

export default function StaffReviews() {
  const { status, reviews, page, pages, total } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The review acted on leaves the list: the keyboard goes back to the list's heading, under the notice.
    if (answer) heading.current?.focus();
  }, [answer]);

  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <Link to={href("/admin-dashboard")} className={TEXT_LINK}>
        ← Dashboard
      </Link>
      <h1 className="mt-3 text-3xl font-bold">Reviews</h1>
      <p className="mt-1 text-muted">
        A review shows on its product page once approved; the product's rating counts approved reviews only.
      </p>
      <nav aria-label="Reviews by status" className="mt-6 flex gap-2">
        {REVIEW_STATUSES.map((name) => (
          <Link
            key={name}
            to={`${href("/admin/reviews")}?status=${name}`}
            aria-current={name === status ? "page" : undefined}
            className={`rounded-full px-4 py-2 text-sm font-semibold ring-1 ring-brand-200 ${name === status ? "bg-brand-600 text-white" : "bg-white text-brand-700 hover:bg-brand-50"}`}
          >
            {TAB_NAMES[name]}
          </Link>
        ))}
      </nav>
      {answer ? (
        <FormNotice tone={answer.ok ? "success" : "error"} className="mt-6">
          {answer.message}
        </FormNotice>
      ) : null}
      <h2 ref={heading} tabIndex={-1} className="mt-6 text-lg font-bold outline-none">
        {TAB_NAMES[status]}: {total === 1 ? "1 review" : `${total} reviews`}
      </h2>
      {reviews.length === 0 ? (
        <p className="mt-4 text-muted">No reviews here.</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {reviews.map((review) => (
            <li key={review.id}>
              <ReviewCard review={review} />
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav aria-label="Pages" className="mt-6 flex items-center gap-4">
          {page > 1 ? (
            <Link to={`${href("/admin/reviews")}?status=${status}&page=${page - 1}`} className={TEXT_LINK}>
              Previous
            </Link>
          ) : null}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <Link to={`${href("/admin/reviews")}?status=${status}&page=${page + 1}`} className={TEXT_LINK}>
              Next
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

/** What staff can do with a review: each button shown unless the review is already so. */
const MODERATION_ACTIONS = [
  { status: "approved", label: "Approve", className: BUTTON_PRIMARY },
  { status: "hidden", label: "Hide", className: BUTTON_SECONDARY },
] as const;

function ReviewCard({ review }: { review: Review }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("id") === String(review.id);
  return (
    <article
      aria-labelledby={`review-${review.id}`}
      className="rounded-2xl bg-white p-5 ring-1 ring-brand-100"
    >
      <p className="text-sm">
        <Link to={href("/products/:id", { id: String(review.productId) })} className={TEXT_LINK}>
          {review.productName}
        </Link>
      </p>
      <div className="mt-2">
        <Stars rating={review.rating} />
      </div>
      <h3 id={`review-${review.id}`} className="mt-1 font-sans font-semibold">
        {review.title}
      </h3>
      <p className="text-sm text-muted">
        {review.author} · {formatDate(review.createdAt)} · Verified purchase
      </p>
      <p className="mt-2 whitespace-pre-line break-words">{review.text}</p>
      <ReviewPhotos photos={review.photos} label="Photos from the shopper" />
      <Form method="post" className="mt-4 flex flex-wrap gap-3">
        <input type="hidden" name="id" value={review.id} />
        {MODERATION_ACTIONS.filter(({ status }) => status !== review.status).map(
          ({ status, label, className }) => (
            <button
              key={status}
              type="submit"
              name="status"
              value={status}
              disabled={busy}
              className={className}
              aria-label={`${label} the review “${review.title}”`}
            >
              {label}
            </button>
          ),
        )}
      </Form>
    </article>
  );
}
