import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "../../contract/accounts-rules";
import { REVIEW_MESSAGES, type writeReviewCall } from "../../contract/reviews";
import type { CallInput } from "../../contract/call";
import { bearer, createUserAndLogin, freshIp } from "../test-support/accounts";
import { malformed, type TestApi } from "../test-support/api-client";
import { seedCatalog } from "../test-support/catalog-fixture";
import { decide, placedOrder, reconcileNow, shopperWithAddress } from "../test-support/checkout";
import { createTestApp } from "../test-support/test-app";
import { jpegPhoto } from "../test-support/photos";
import { multipartBody } from "../test-support/uploads";
import { eq } from "drizzle-orm";
import { productImages } from "../catalog/catalog.tables";
import { authorName } from "./reviews.service";

let app: FastifyInstance;
let api: TestApi;
let close: () => Promise<void>;
let staff: string;

beforeAll(async () => {
  // Listening: orders are paid through the built-in PhonePe sandbox.
  ({ app, api, close } = await createTestApp({}, { listen: true }));
  staff = (await createUserAndLogin(app, ROLE.admin)).token;
});
afterAll(() => close());

type ReviewInput = CallInput<typeof writeReviewCall>;

const write = (token: string, body: ReviewInput) => api.as(token).writeReview(body);
const moderate = (id: number, status: "approved" | "hidden", token = staff) =>
  api.as(token).moderateReview({ id, status });
const myReview = async (productId: number, token: string) =>
  (await api.as(token).myReview({ productId })).body.data;
const productAnswer = async (id: number) => (await api.getProduct({ id })).body.data;
const reviewsOf = async (productId: number) => (await api.productReviews({ productId })).body.data;
const shipAs = async (orderId: string, status: "Shipped" | "Delivered") =>
  expect((await api.as(staff).updateOrderStatus({ orderId, status })).status).toBe(200);

const aProduct = async () =>
  (await seedCatalog(app, [{ name: "Rani Pink Anarkali", price: 2499, categoryId: 1, sizes: { M: 9 } }]))[0]!;

/** A shopper with an order of the product that went through payment and shipping to the given status. */
async function shopperWithOrder(productId: number, until: "Processing" | "Shipped" | "Delivered") {
  const shopper = await shopperWithAddress(app);
  const order = await placedOrder(app, shopper, [{ id: productId, size: "M", quantity: 1 }]);
  await decide(app, order.merchantOrderId, "approve");
  await reconcileNow(app);
  for (const status of ["Shipped", "Delivered"] as const) {
    if (until === "Processing" || (until === "Shipped" && status === "Delivered")) break;
    await shipAs(order.orderId, status);
  }
  return shopper;
}

/** Photos uploaded for a review: `count` JPEGs of widths `width`, `width + 1`… (each its own image). */
const uploadPhotos = (token: string | null, count: number, width = 40) =>
  Promise.all(Array.from({ length: count }, (_, n) => jpegPhoto(width + n, 30))).then((photos) => {
    const { payload, contentType } = multipartBody(
      photos.map((data, n) => ({ filename: `photo-${n}.jpg`, data })),
    );
    return app.inject({
      method: "POST",
      url: "/api/users/upload-review-photos",
      remoteAddress: freshIp(),
      headers: { "content-type": contentType, ...(token ? bearer(token) : {}) },
      payload,
    });
  });

const review = (productId: number, extra: Partial<ReviewInput> = {}): ReviewInput => ({
  productId,
  rating: 5,
  title: "Fits beautifully",
  text: "The chikankari is even finer than in the photos.",
  ...extra,
});

describe("writing a review", () => {
  it("only after an order of the product was delivered to the shopper, once", async () => {
    const productId = await aProduct();
    const paidOnly = await shopperWithOrder(productId, "Shipped");
    const refused = await write(paidOnly.token, review(productId));
    expect(refused.status).toBe(403);
    expect(refused.error.message).toBe(REVIEW_MESSAGES.notDelivered);
    const stranger = await createUserAndLogin(app, ROLE.customer);
    expect((await write(stranger.token, review(productId))).status).toBe(403);

    const shopper = await shopperWithOrder(productId, "Delivered");
    expect(await myReview(productId, shopper.token)).toMatchObject({
      canReview: true,
      review: null,
      product: { id: productId },
    });

    const written = await write(shopper.token, review(productId));
    expect(written.body).toMatchObject({
      message: REVIEW_MESSAGES.submitted,
      data: { status: "pending", rating: 5, verifiedPurchase: true, title: "Fits beautifully" },
    });
    const again = await write(shopper.token, review(productId, { rating: 1 }));
    expect(again.status).toBe(409);
    expect(again.error.message).toBe(REVIEW_MESSAGES.alreadyReviewed);
    expect(await myReview(productId, shopper.token)).toMatchObject({
      canReview: false,
      review: { status: "pending", rating: 5 },
    });
    // Pending: not shown, not counted.
    expect(await reviewsOf(productId)).toMatchObject({ count: 0, rating: 0, reviews: [] });
  });

  it("refuses bad input in the store's words and changes nothing", async () => {
    const productId = await aProduct();
    const shopper = await shopperWithOrder(productId, "Delivered");
    const cases: [Partial<ReviewInput>, string][] = [
      [{ rating: 0 }, REVIEW_MESSAGES.ratingRequired],
      [{ rating: 6 }, REVIEW_MESSAGES.ratingRequired],
      [{ rating: 4.5 }, REVIEW_MESSAGES.ratingRequired],
      [{ title: "  " }, REVIEW_MESSAGES.titleRequired],
      [{ title: "x".repeat(101) }, REVIEW_MESSAGES.titleTooLong],
      [{ text: "" }, REVIEW_MESSAGES.textRequired],
      [{ text: "x".repeat(2001) }, REVIEW_MESSAGES.textTooLong],
      [{ photos: ["a", "b", "c", "d"] }, REVIEW_MESSAGES.tooManyPhotos],
      [{ photos: ["no-such-photo"] }, REVIEW_MESSAGES.photoNotFound],
      [{ productId: 2 ** 31 }, REVIEW_MESSAGES.productNotFound],
    ];
    for (const [change, message] of cases) {
      const response = await write(shopper.token, review(productId, change));
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect(response.error.message, JSON.stringify(change)).toBe(message);
    }
    expect((await write(shopper.token, review(999_999))).status).toBe(404);
    expect((await myReview(productId, shopper.token)).review).toBeNull();
    expect((await api.writeReview(review(productId))).status).toBe(401);
  });

  it("carries up to three photos uploaded by the shopper, shown as pictures", async () => {
    const productId = await aProduct();
    const shopper = await shopperWithOrder(productId, "Delivered");
    const upload = (token: string | null, count: number) => uploadPhotos(token, count);
    expect((await upload(null, 1)).statusCode).toBe(401);
    const tooMany = await upload(shopper.token, 4);
    expect(tooMany.statusCode).toBe(413);
    const uploaded = await upload(shopper.token, 2);
    expect(uploaded.statusCode).toBe(200);
    const photos = uploaded.json().data.photos as string[];
    expect(photos).toHaveLength(2);

    const written = await write(shopper.token, review(productId, { photos }));
    const shown = written.body.data.photos;
    expect(shown).toHaveLength(2);
    expect(shown[0]).toMatchObject({ width: 40, height: 30, alt: "A shopper's photo of the product" });
  });

  it("attaches only the shopper's own uploads, each to one review", async () => {
    const [first, second] = [await aProduct(), await aProduct()];
    const shopper = await shopperWithOrder(first, "Delivered");
    const other = await shopperWithOrder(first, "Delivered");
    // The shopper's second product, delivered in an order of its own.
    const secondOrder = await placedOrder(app, shopper, [{ id: second, size: "M", quantity: 1 }]);
    await decide(app, secondOrder.merchantOrderId, "approve");
    await reconcileNow(app);
    for (const status of ["Shipped", "Delivered"] as const) await shipAs(secondOrder.orderId, status);

    const [theirs] = (await uploadPhotos(other.token, 1, 61)).json().data.photos as string[];
    const [productPhoto] = await app.services.db
      .select({ mediaId: productImages.mediaId })
      .from(productImages)
      .where(eq(productImages.productId, first));
    for (const photo of [theirs!, productPhoto!.mediaId]) {
      const refused = await write(shopper.token, review(first, { photos: [photo] }));
      expect(refused.status, photo).toBe(400);
      expect(refused.error).toMatchObject({ errors: { photos: REVIEW_MESSAGES.photoNotFound } });
    }
    // Nothing was written by the refusals: the shopper may still review the product.
    expect(await myReview(first, shopper.token)).toMatchObject({
      canReview: true,
      review: null,
    });

    const [mine] = (await uploadPhotos(shopper.token, 1, 62)).json().data.photos as string[];
    const written = await write(shopper.token, review(first, { photos: [mine!, mine!] }));
    expect(written.body.data.photos).toHaveLength(1);
    const again = await write(shopper.token, review(second, { photos: [mine!] }));
    expect(again.status).toBe(400);
    // Uploaded again, the same picture is a new upload of the shopper's.
    expect((await uploadPhotos(shopper.token, 1, 62)).json().data.photos).toEqual([mine]);
    expect((await write(shopper.token, review(second, { photos: [mine!] }))).status).toBe(200);
  });
});

describe("staff moderate, and the product's rating follows the approved reviews", () => {
  it("approving shows and counts a review at once, hiding takes it out again", async () => {
    const productId = await aProduct();
    // Both kept in the answer cache before any review is approved.
    const listing = async () =>
      (await api.getProducts({ categoryId: 1, sort: "newest" })).body.data.find(
        (item) => item._id === productId,
      );
    expect(await productAnswer(productId)).toMatchObject({ rating: 0, reviews: 0 });
    expect(await listing()).toMatchObject({ rating: 0, reviews: 0 });
    const ids: number[] = [];
    for (const rating of [5, 4, 4]) {
      const shopper = await shopperWithOrder(productId, "Delivered");
      ids.push((await write(shopper.token, review(productId, { rating }))).body.data.id);
    }
    const queue = await api.as(staff).staffReviews({ status: "pending" });
    expect(queue.body.data.reviews.map((r) => r.id)).toEqual(expect.arrayContaining(ids));

    for (const id of ids)
      expect((await moderate(id, "approved")).body.message).toBe(REVIEW_MESSAGES.approved);
    expect(await productAnswer(productId)).toMatchObject({ rating: 4.3, reviews: 3 });
    expect(await listing()).toMatchObject({
      rating: 4.3,
      reviews: 3,
    });
    const shown = await reviewsOf(productId);
    expect(shown).toMatchObject({ rating: 4.3, count: 3 });
    expect(shown.reviews[0]).toMatchObject({
      verifiedPurchase: true,
      author: expect.stringMatching(/^\S+ [A-Z]\.$/),
    });
    expect(shown.reviews[0]).not.toHaveProperty("status");

    expect((await moderate(ids[0]!, "hidden")).body.message).toBe(REVIEW_MESSAGES.hidden);
    expect((await moderate(ids[0]!, "hidden")).status).toBe(200); // again: nothing more changes
    expect(await productAnswer(productId)).toMatchObject({ rating: 4, reviews: 2 });
    expect((await reviewsOf(productId)).reviews).toHaveLength(2);
  });

  it("is staff's only, and names a missing review", async () => {
    const shopper = await createUserAndLogin(app, ROLE.customer);
    expect((await api.as(shopper.token).staffReviews({})).status).toBe(403);
    expect((await moderate(1, "approved", shopper.token)).status).toBe(403);
    expect((await moderate(2 ** 30, "approved")).status).toBe(404);
    const bad = await api.as(staff).moderateReview(malformed({ id: 1, status: "deleted" }));
    expect(bad.status).toBe(400);
    expect((await api.as(staff).staffReviews(malformed({ status: "other" }))).status).toBe(400);
  });

  it("two staff approving reviews of one product at once leave the right count", async () => {
    const productId = await aProduct();
    const ids: number[] = [];
    for (let n = 0; n < 4; n++) {
      const shopper = await shopperWithOrder(productId, "Delivered");
      ids.push((await write(shopper.token, review(productId, { rating: 1 + n }))).body.data.id);
    }
    await Promise.all(ids.map((id) => moderate(id, "approved")));
    expect(await productAnswer(productId)).toMatchObject({ rating: 2.5, reviews: 4 });
  });
});

describe("authorName", () => {
  it.each([
    ["Kavya Reddy", "Kavya R."],
    ["Lakshmi", "Lakshmi"],
    ["  anu  priya  devi ", "anu D."],
    ["", "A shopper"],
  ])("%s → %s", (full, shown) => expect(authorName(full)).toBe(shown));
});
