import { useEffect, useRef } from "react";
import { data, Form, useActionData, useLoaderData, useNavigation, href, Link } from "react-router";
import { ANY_ROLE } from "#contract/accounts-rules";
import {
  MAX_REVIEW_PHOTOS,
  myReviewCall,
  REVIEW_MESSAGES,
  uploadReviewPhotosCall,
  writeReviewCall,
  type Review,
} from "#contract/reviews";
import type { CallResult } from "#contract/call";
import { compressImages } from "~/admin/compress-images";
import { requireUser } from "~/accounts/guards";
import { keepThroughLogout } from "~/accounts/revalidation";
import { formatDate } from "~/accounts/format";
import { ReviewPhotos, Stars } from "~/catalog/review-list";
import { controlProps, FormField, FormNotice, useFieldErrors } from "~/components/form-field";
import { ResponsivePicture } from "~/components/picture";
import { BUTTON_PRIMARY, TEXT_LINK } from "~/components/styles";
import { toast } from "~/components/toast";
import { browserApi } from "~/lib/api-client";
import { formText, postedForm } from "~/lib/form-values";
import { useHydrated } from "~/lib/hydration";
import { privatePageHeaders } from "~/lib/page-headers";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/write-review";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Write a review", description: "Review a product you bought.", noindex: true });

export const headers = privatePageHeaders;
export const shouldRevalidate = keepThroughLogout;

const FAILURE_TEXT = "Something went wrong. Please try again.";
type ReviewField = "rating" | "title" | "text" | "photos";

/** Spec (issue 19): a shopper reviews a product once an order of it was delivered to them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, ANY_ROLE);
  const productId = new URL(request.url).searchParams.get("product") ?? "";
  const result = await context.api(myReviewCall, { productId });
  if (result.ok) return result.data;
  if (result.status === 400 || result.status === 404)
    throw new Response(REVIEW_MESSAGES.productNotFound, { status: 404 });
  throw new Response(result.message, { status: result.status || 502 });
}

const reviewValues = (form: FormData) => ({
  productId: formText(form, "productId"),
  rating: formText(form, "rating"),
  title: formText(form, "title"),
  text: formText(form, "text"),
});

/** What the page shows of write-review's answer, from the server (no scripts) or the browser. */
function answerOf(result: CallResult<typeof writeReviewCall>, values: ReturnType<typeof reviewValues>) {
  if (result.ok) return { ok: true as const, message: result.message };
  return data(
    {
      ok: false as const,
      message: result.status === 0 || result.status >= 500 ? FAILURE_TEXT : result.message,
      errors: (result.errors ?? {}) as Partial<Record<ReviewField, string>>,
      values,
    },
    { status: result.status >= 400 ? result.status : 503 },
  );
}

/** Without scripts: the review without photos (a file needs the upload the browser does). */
export async function action({ request, context }: Route.ActionArgs) {
  const values = reviewValues(await postedForm(request));
  return answerOf(await context.api(writeReviewCall, { ...values, photos: [] }), values);
}

/** With scripts: the photos are compressed and uploaded first, then the review names them. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const values = reviewValues(form);
  const files = form.getAll("photos").filter((file): file is File => file instanceof File && file.size > 0);
  const failed = (message: string) =>
    data({ ok: false as const, message, errors: { photos: message }, values }, { status: 400 });
  if (files.length > MAX_REVIEW_PHOTOS) return failed(REVIEW_MESSAGES.tooManyPhotos);
  let photos: string[] = [];
  if (files.length > 0) {
    const { compressed, skipped } = await compressImages(files);
    if (skipped.length > 0) return failed(`Not a photo this browser can read: ${skipped.join(", ")}`);
    const upload = new FormData();
    for (const file of compressed) upload.append("files", file.blob, file.name);
    const uploaded = await browserApi(uploadReviewPhotosCall, upload);
    if (!uploaded.ok) return failed(uploaded.status === 0 ? FAILURE_TEXT : uploaded.message);
    photos = uploaded.data.photos;
  }
  return answerOf(await browserApi(writeReviewCall, { ...values, photos }), values);
}

export default function WriteReview() {
  const { product, canReview, review } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <div className="flex items-center gap-4">
        <div className="w-16 shrink-0 overflow-hidden rounded-md">
          <ResponsivePicture picture={product.picture} sizes="64px" className="h-auto w-full" />
        </div>
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">Write a review</h1>
          <p className="mt-1">
            <Link to={href("/products/:id", { id: String(product.id) })} className={TEXT_LINK}>
              {product.name}
            </Link>
          </p>
        </div>
      </div>
      {review ? (
        <YourReview review={review} />
      ) : canReview ? (
        <ReviewForm productId={product.id} />
      ) : (
        <div className="mt-8">
          <FormNotice tone="error">{REVIEW_MESSAGES.notDelivered}</FormNotice>
          <Link to={href("/orders")} className={`${TEXT_LINK} mt-4 inline-block`}>
            See My Orders
          </Link>
        </div>
      )}
    </div>
  );
}

const STATUS_TEXT: Record<Review["status"], string> = {
  pending: "Waiting for the store's check: it shows on the product page once approved.",
  approved: "Published on the product page.",
  hidden: "Not shown on the product page.",
};

function YourReview({ review }: { review: Review }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const answer = useActionData<typeof action>();
  useEffect(() => {
    // Just sent: the form has gone, so the keyboard goes to what replaced it.
    if (answer?.ok) heading.current?.focus();
  }, [answer]);
  return (
    <section aria-labelledby="your-review" className="mt-8 rounded-2xl bg-white p-5 ring-1 ring-brand-100">
      {answer?.ok ? <FormNotice tone="success">{answer.message}</FormNotice> : null}
      <h2 id="your-review" ref={heading} tabIndex={-1} className="mt-2 text-lg font-bold outline-none">
        Your review
      </h2>
      <p className="mt-1 text-sm text-muted">{STATUS_TEXT[review.status]}</p>
      <div className="mt-4">
        <Stars rating={review.rating} />
        <h3 className="mt-1 font-sans font-semibold">{review.title}</h3>
        <p className="text-sm text-muted">{formatDate(review.createdAt)}</p>
        <p className="mt-2 whitespace-pre-line break-words">{review.text}</p>
        <ReviewPhotos photos={review.photos} label="Your photos" />
      </div>
    </section>
  );
}

function ReviewForm({ productId }: { productId: number }) {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const failure = answer && !answer.ok ? answer : undefined;
  const { errorOf, markEdited } = useFieldErrors<ReviewField>(answer, failure?.errors);
  const formRef = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();

  useEffect(() => {
    if (!failure) return;
    toast("error", "Error", failure.message);
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failure]);

  const control = (field: Exclude<ReviewField, "rating" | "photos">) => ({
    ...controlProps(`review-${field}`, errorOf(field)),
    name: field,
    defaultValue: failure?.values[field] ?? "",
    onChange: () => markEdited(field),
  });
  const ratingError = errorOf("rating");

  return (
    <Form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      className="mt-8 grid gap-5 rounded-2xl bg-white p-5 ring-1 ring-brand-100 sm:p-8"
    >
      <input type="hidden" name="productId" value={productId} />
      {failure && !failure.errors.rating ? <FormNotice tone="error">{failure.message}</FormNotice> : null}
      <fieldset aria-describedby={ratingError ? "review-rating-error" : undefined}>
        <legend className="font-semibold">Your rating</legend>
        {/* A star is filled when its own or a later (higher) rating is chosen. */}
        <div className="relative mt-2 flex gap-1 text-brand-200 [&_input:checked+label]:text-amber-600 [&_input:focus-visible+label]:outline-2 [&_input:focus-visible+label]:outline-offset-2 [&_label:has(~input:checked)]:text-amber-600">
          {[1, 2, 3, 4, 5].map((stars) => (
            <span key={stars} className="contents">
              <input
                type="radio"
                name="rating"
                value={stars}
                id={`review-rating-${stars}`}
                required
                defaultChecked={failure?.values.rating === String(stars)}
                onChange={() => markEdited("rating")}
                aria-invalid={ratingError ? true : undefined}
                className="peer sr-only"
              />
              <label htmlFor={`review-rating-${stars}`} className="cursor-pointer rounded p-1">
                <svg width={32} height={32} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
                  <path d="m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9L12 3z" />
                </svg>
                <span className="sr-only">{stars === 1 ? "1 star" : `${stars} stars`}</span>
              </label>
            </span>
          ))}
        </div>
        {ratingError ? (
          <p id="review-rating-error" className="mt-1 text-sm text-red-700">
            {ratingError}
          </p>
        ) : null}
      </fieldset>
      <FormField id="review-title" label="Title" error={errorOf("title")} required>
        <input {...control("title")} type="text" required maxLength={100} />
      </FormField>
      <FormField id="review-text" label="Your review" error={errorOf("text")} required>
        <textarea {...control("text")} rows={6} required maxLength={2000} />
      </FormField>
      {/* Photos are compressed and uploaded by the page's scripts: without them the form has no file field
          (a page's form body is small, ssr.ts), and says so. */}
      {hydrated ? (
        <FormField id="review-photos" label="Photos" error={errorOf("photos")} optional>
          <input
            {...controlProps("review-photos", errorOf("photos"))}
            name="photos"
            type="file"
            accept="image/*"
            multiple
            onChange={() => markEdited("photos")}
          />
        </FormField>
      ) : null}
      <p className={`text-sm text-muted ${hydrated ? "-mt-3" : ""}`}>
        {hydrated
          ? `Up to ${MAX_REVIEW_PHOTOS} photos of you wearing it.`
          : "Adding photos needs JavaScript; the review itself does not."}
      </p>
      <div>
        <button type="submit" disabled={sending} className={BUTTON_PRIMARY}>
          {sending ? "Sending..." : "Submit review"}
        </button>
      </div>
    </Form>
  );
}
