import { useEffect, useRef, useState } from "react";
import { data, Form, useActionData, useLoaderData, useNavigation, href, Link } from "react-router";
import { ANY_ROLE } from "#contract/accounts-rules";
import {
  MAX_REVIEW_PHOTOS,
  myReviewCall,
  REVIEW_MESSAGES,
  reviewForm,
  uploadReviewPhotosCall,
  writeReviewCall,
  type Review,
} from "#contract/reviews";
import { photosUpload } from "~/admin/compress-images";
import { requireUser } from "~/accounts/guards";
import { keepThroughLogout } from "~/accounts/revalidation";
import { formatDate } from "~/accounts/format";
import { ReviewPhotos, Stars } from "~/catalog/review-list";
import { controlProps, FormField, FormNotice } from "~/components/form-field";
import { FieldError } from "~/components/field-error";
import { ResponsivePicture } from "~/components/picture";
import { BUTTON_PRIMARY, TEXT_LINK } from "~/components/styles";
import { toast } from "~/components/toast";
import { browserApi } from "~/lib/api-client";
import { readForm } from "~/lib/form-reading";
import {
  errorOf,
  failedReply,
  inputOf,
  readFormInBrowser,
  refusalOf,
  textareaOf,
  useContractForm,
  type SubmissionResult,
} from "~/lib/forms";
import { useHydrated } from "~/lib/hydration";
import { privatePageHeaders } from "~/lib/page-headers";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/write-review";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Write a review", description: "Review a product you bought.", noindex: true });

export const headers = privatePageHeaders;
export const shouldRevalidate = keepThroughLogout;

const FAILURE_TEXT = "Something went wrong. Please try again.";

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

type ReviewAnswer =
  | { ok: true; message: string }
  | { ok: false; message: string; photosError?: string; reply: SubmissionResult<string[]> };

/** What the page shows of write-review's refusal, from the server (no scripts) or the browser. */
function refused(result: { status: number; message: string }, reply: SubmissionResult<string[]>) {
  const message = result.status === 0 || result.status >= 500 ? FAILURE_TEXT : result.message;
  return data<ReviewAnswer>(
    { ok: false, message, reply },
    {
      status: result.status >= 400 ? result.status : 503,
    },
  );
}

/** Without scripts: the review without photos (a file needs the upload the browser does). */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = await readForm(request, reviewForm);
  if (submission.status !== "success")
    return refused({ status: 400, message: REVIEW_MESSAGES.ratingRequired }, submission.reply());
  const result = await context.api(writeReviewCall, { ...submission.value, photos: [] });
  if (result.ok) return data<ReviewAnswer>({ ok: true, message: result.message });
  return refused(result, refusalOf(submission, result));
}

/** With scripts: the photos are compressed and uploaded first, then the review names them. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const files = form.getAll("photos").filter((file): file is File => file instanceof File && file.size > 0);
  const failed = (message: string) =>
    data<ReviewAnswer>(
      { ok: false, message, photosError: message, reply: failedReply(form) },
      {
        status: 400,
      },
    );
  if (files.length > MAX_REVIEW_PHOTOS) return failed(REVIEW_MESSAGES.tooManyPhotos);
  let photos: string[] = [];
  if (files.length > 0) {
    const prepared = await photosUpload(files);
    if ("refused" in prepared) return failed(prepared.refused);
    const uploaded = await browserApi(uploadReviewPhotosCall, prepared.upload);
    if (!uploaded.ok) return failed(uploaded.status === 0 ? FAILURE_TEXT : uploaded.message);
    photos = uploaded.data.photos;
  }
  // The form's check let it through: read it again the same way for the call.
  const submission = await readFormInBrowser(form, loadReviewForm);
  if (submission.status !== "success")
    return refused({ status: 400, message: REVIEW_MESSAGES.ratingRequired }, failedReply(form));
  const result = await browserApi(writeReviewCall, { ...submission.value, photos });
  if (result.ok) return data<ReviewAnswer>({ ok: true, message: result.message });
  return refused(result, failedReply(form, result));
}

const loadReviewForm = () => import("#contract/reviews").then((m) => m.reviewForm);

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
  const answer = useActionData<typeof clientAction>();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const failure = answer && !answer.ok ? answer : undefined;
  const { fields, formProps } = useContractForm(loadReviewForm, failure?.reply, { id: "review" });
  // A photo's error goes once another photo is chosen.
  const [photosChangedFor, setPhotosChangedFor] = useState<unknown>();
  const photosError = photosChangedFor === failure ? undefined : failure?.photosError;
  const formRef = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();

  useEffect(() => {
    if (!failure) return;
    toast("error", "Error", failure.message);
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failure]);

  const rating = fields.rating;
  const ratingError = errorOf(rating);

  return (
    <Form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      {...formProps()}
      className="mt-8 grid gap-5 rounded-2xl bg-white p-5 ring-1 ring-brand-100 sm:p-8"
    >
      <input type="hidden" name="productId" value={productId} />
      {failure && !ratingError ? <FormNotice tone="error">{failure.message}</FormNotice> : null}
      <fieldset aria-describedby={ratingError ? rating.errorId : undefined}>
        <legend className="font-semibold">Your rating</legend>
        {/* A star is filled when its own or a later (higher) rating is chosen. */}
        <div className="relative mt-2 flex gap-1 text-brand-200 [&_input:checked+label]:text-amber-600 [&_input:focus-visible+label]:outline-2 [&_input:focus-visible+label]:outline-offset-2 [&_label:has(~input:checked)]:text-amber-600">
          {[1, 2, 3, 4, 5].map((stars) => (
            <span key={stars} className="contents">
              <input
                type="radio"
                name={rating.name}
                value={stars}
                id={`${rating.id}-${stars}`}
                required
                defaultChecked={rating.initialValue === String(stars)}
                aria-invalid={ratingError ? true : undefined}
                className="peer sr-only"
              />
              <label htmlFor={`${rating.id}-${stars}`} className="cursor-pointer rounded p-1">
                <svg width={32} height={32} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
                  <path d="m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9L12 3z" />
                </svg>
                <span className="sr-only">{stars === 1 ? "1 star" : `${stars} stars`}</span>
              </label>
            </span>
          ))}
        </div>
        <FieldError field={rating} />
      </fieldset>
      <FormField id={fields.title.id} label="Title" error={errorOf(fields.title)} required>
        <input {...inputOf(fields.title, "text")} required maxLength={100} />
      </FormField>
      <FormField id={fields.text.id} label="Your review" error={errorOf(fields.text)} required>
        <textarea {...textareaOf(fields.text)} rows={6} required maxLength={2000} />
      </FormField>
      {/* Photos are compressed and uploaded by the page's scripts: without them the form has no file field
          (a page's form body is small, ssr.ts), and says so. */}
      {hydrated ? (
        <FormField id="review-photos" label="Photos" error={photosError} optional>
          <input
            {...controlProps("review-photos", photosError)}
            name="photos"
            type="file"
            accept="image/*"
            multiple
            onChange={() => setPhotosChangedFor(failure)}
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
