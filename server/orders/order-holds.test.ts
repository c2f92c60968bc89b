import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, lastMailTo, mailCount, post } from "../test-support/accounts";
import { seedCatalog } from "../test-support/catalog-fixture";
import {
  attemptsOf,
  cancelOrder,
  decide,
  historyOf,
  orderOf,
  payAgain,
  placedOrder,
  placeOrder,
  reconcileNow,
  shopperWithAddress,
  stockOf,
} from "../test-support/checkout";
import { createTestApp } from "../test-support/test-app";
import { outboxEmails } from "../mail/mail.tables";
import { refunds } from "../payments/payments.tables";
import { orders } from "./orders.tables";

let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await createTestApp({}, { listen: true }));
});
afterAll(() => close());

const product = async (sizes: Record<string, number> = { M: 4 }, name = "Peacock Blue Anarkali") =>
  (await seedCatalog(app, [{ name, price: 2499, categoryId: 1, sizes }]))[0]!;

/** A shopper's order of one piece of size M, waiting for its payment. */
async function pendingOrder(sizes?: Record<string, number>) {
  const id = await product(sizes);
  const shopper = await shopperWithAddress(app);
  const placed = await placedOrder(app, shopper, [{ id, size: "M", quantity: 1 }]);
  return { id, shopper, ...placed };
}

describe("the hold", () => {
  it("lasts ORDER_HOLD_MINUTES (15) for paying, PhonePe's attempt expires with it, the stock 5 minutes more", async () => {
    const before = Date.now();
    const { orderId } = await pendingOrder();
    const order = await orderOf(app, orderId);
    const [attempt] = await attemptsOf(app, orderId);
    const minutes = (at: Date) => (at.getTime() - before) / 60_000;
    expect(minutes(order.payBy!)).toBeCloseTo(15, 0);
    expect(minutes(order.reservedUntil)).toBeCloseTo(20, 0);
    expect(Math.abs(attempt!.expiresAt.getTime() - order.payBy!.getTime())).toBeLessThan(2000);
  });
});

describe("Pay now", () => {
  it("opens a new attempt on the same order and its held stock; one pays it, and a second payment is refunded", async () => {
    const { id, shopper, orderId, merchantOrderId } = await pendingOrder();
    await decide(app, merchantOrderId, "pending");
    const shown = await app.inject({
      method: "GET",
      url: `/api/orders/get-order?id=${orderId}`,
      headers: bearer(shopper.token),
    });
    expect(new Date(shown.json().data.payBy).getTime()).toBeGreaterThan(Date.now());

    const again = await payAgain(app, shopper.token, orderId);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.orderId).toBe(orderId);
    const attempts = await attemptsOf(app, orderId);
    expect(attempts.map((a) => [a.merchantOrderId, a.state])).toEqual([
      [`${orderId}-1`, "PENDING"],
      [`${orderId}-2`, "PENDING"],
    ]);
    expect(again.json().data.phonePe.checkoutUrl).toBe(attempts[1]!.checkoutUrl);
    // The same pieces: nothing more taken from the shelf.
    expect(await stockOf(app, id, "M")).toBe(3);

    await decide(app, `${orderId}-2`, "approve");
    await reconcileNow(app);
    expect(await orderOf(app, orderId)).toMatchObject({ status: "Processing", paymentStatus: "Success" });
    // The first attempt goes through too (a UPI app answered late): it never pays twice.
    await decide(app, merchantOrderId, "approve");
    await reconcileNow(app);
    const [firstAttempt] = await attemptsOf(app, orderId);
    const refunded = await app.services.db
      .select({ reason: refunds.reason, amountPaise: refunds.amountPaise })
      .from(refunds)
      .where(eq(refunds.paymentId, firstAttempt!.id));
    expect(refunded).toEqual([
      { reason: "the order was already paid by another attempt", amountPaise: 249900 },
    ]);
    // The order is still paid: only the second payment goes back.
    expect(await orderOf(app, orderId)).toMatchObject({ status: "Processing", paymentStatus: "Success" });
    expect((await lastMailTo(app, shopper.email))!.text).toContain(
      "because the order was already paid by another attempt",
    );
    expect(await stockOf(app, id, "M")).toBe(3);
    // One 'order placed' mail, for the order, not one per attempt.
    const placedMails = await app.services.db
      .select()
      .from(outboxEmails)
      .where(sql`${outboxEmails.subject} like ${`%order ${orderId} placed%`}`);
    expect(placedMails).toHaveLength(1);
  });

  it("a double click gets the page just opened; a declined newest attempt releases the stock at once", async () => {
    const { id, shopper, orderId, merchantOrderId } = await pendingOrder();
    const first = await payAgain(app, shopper.token, orderId);
    const second = await payAgain(app, shopper.token, orderId);
    expect(second.json().data.phonePe.checkoutUrl).toBe(first.json().data.phonePe.checkoutUrl);
    expect(await attemptsOf(app, orderId)).toHaveLength(2);

    // The older attempt failing (left to expire at PhonePe) leaves the order waiting for the newer one.
    await decide(app, merchantOrderId, "decline");
    await reconcileNow(app);
    expect(await orderOf(app, orderId)).toMatchObject({ status: "Pending", stockReleasedAt: null });
    expect(await stockOf(app, id, "M")).toBe(3);

    await decide(app, `${orderId}-2`, "decline");
    await reconcileNow(app);
    expect(await orderOf(app, orderId)).toMatchObject({ status: "Cancelled", paymentStatus: "Failed" });
    expect(await stockOf(app, id, "M")).toBe(4);
  });

  it("is refused for a paid order, a cancelled or expired one, and another shopper's", async () => {
    const paid = await pendingOrder();
    await decide(app, paid.merchantOrderId, "approve", { webhook: "drop" });
    // PhonePe is asked first: the payment made meanwhile counts, and no attempt is opened.
    const afterPaying = await payAgain(app, paid.shopper.token, paid.orderId);
    expect(afterPaying.statusCode).toBe(409);
    expect(afterPaying.json().message).toBe("This order is already paid.");
    expect(await attemptsOf(app, paid.orderId)).toHaveLength(1);

    const expired = await pendingOrder();
    await app.services.db
      .update(orders)
      .set({ payBy: sql`now() - interval '1 second'` })
      .where(eq(orders.publicId, expired.orderId));
    const late = await payAgain(app, expired.shopper.token, expired.orderId);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      "This order is no longer waiting for payment. Place it again from your bag.",
    );

    const stranger = await shopperWithAddress(app);
    const other = await payAgain(app, stranger.token, expired.orderId);
    expect(other.statusCode).toBe(404);
    expect(await attemptsOf(app, expired.orderId)).toHaveLength(1);
  });
});

describe("the same pieces placed again while their order awaits payment", () => {
  it("are offered that order; cancelling it releases its stock at once and the bag can be placed again", async () => {
    const id = await product({ M: 1 });
    const shopper = await shopperWithAddress(app);
    const bag = { items: [{ id, size: "M", quantity: 1 }], addressId: shopper.addressId };
    const first = await placeOrder(app, shopper.token, bag, "bag-attempt-0001");
    const orderId = first.json().data.orderId as string;
    expect(await stockOf(app, id, "M")).toBe(0);

    // Another checkout attempt (a new key) of the same pieces: not "sold out", but "your order …".
    const again = await placeOrder(app, shopper.token, bag, "bag-attempt-0002");
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: `Pieces in your bag are held for your order ${orderId}, which is waiting for payment. Pay for it, or cancel it and order again.`,
      errors: { awaitingOrderId: orderId },
    });
    // The bag says the same, line by line, to her alone.
    const priced = await post(app, "/api/orders/price-cart", { items: bag.items }, bearer(shopper.token));
    expect(priced.json().data.lines[0]).toMatchObject({
      problem: "awaiting-payment",
      orderId,
      available: 0,
    });
    expect(priced.json().data.lines[0].message).toMatch(
      new RegExp(`^In your order ${orderId}, waiting for payment until \\d{1,2}:\\d\\d [ap]m\\.$`),
    );
    const asGuest = await post(app, "/api/orders/price-cart", { items: bag.items });
    expect(asGuest.json().data.lines[0]).toMatchObject({ problem: "sold-out", orderId: null });

    const cancelled = await cancelOrder(app, shopper.token, orderId);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ orderStatus: "Cancelled", paymentStatus: "Failed" });
    expect(await stockOf(app, id, "M")).toBe(1);
    expect((await historyOf(app, orderId)).filter((e) => e.to === "released")).toHaveLength(1);
    // Cancelling twice changes nothing more.
    expect((await cancelOrder(app, shopper.token, orderId)).statusCode).toBe(200);
    expect(await stockOf(app, id, "M")).toBe(1);

    // The first checkout attempt's key is free again: "Cancel it and order again" places a new order.
    const reordered = await placeOrder(app, shopper.token, bag, "bag-attempt-0001");
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().data.orderId).not.toBe(orderId);
    expect(await stockOf(app, id, "M")).toBe(0);
  });

  it("a paid order cannot be cancelled by its shopper, nor another shopper's", async () => {
    const { shopper, orderId, merchantOrderId } = await pendingOrder();
    const stranger = await shopperWithAddress(app);
    expect((await cancelOrder(app, stranger.token, orderId)).statusCode).toBe(404);
    await decide(app, merchantOrderId, "approve", { webhook: "drop" });
    const refused = await cancelOrder(app, shopper.token, orderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("This order is already paid.");
    expect((await orderOf(app, orderId)).status).toBe("Processing");
  });
});

describe("a payment after the shopper cancelled follows decision 019, and she is told", () => {
  it("the pieces still there: the order goes ahead", async () => {
    const { id, shopper, orderId, merchantOrderId } = await pendingOrder();
    await cancelOrder(app, shopper.token, orderId);
    expect(await stockOf(app, id, "M")).toBe(4);
    await decide(app, merchantOrderId, "approve");
    await reconcileNow(app);
    expect(await orderOf(app, orderId)).toMatchObject({
      status: "Processing",
      paymentStatus: "Success",
      cancelledBy: null,
    });
    expect(await stockOf(app, id, "M")).toBe(3);
    const mail = await lastMailTo(app, shopper.email);
    expect(mail!.subject).toContain(`payment received for order ${orderId}`);
    expect(mail!.text).toContain("You had cancelled order");
  });

  it("the pieces sold meanwhile: the money is refunded", async () => {
    const { id, shopper, orderId, merchantOrderId } = await pendingOrder({ M: 1 });
    await cancelOrder(app, shopper.token, orderId);
    const other = await shopperWithAddress(app);
    await placedOrder(app, other, [{ id, size: "M", quantity: 1 }]);
    await decide(app, merchantOrderId, "approve");
    await reconcileNow(app);
    expect(await orderOf(app, orderId)).toMatchObject({
      status: "Cancelled",
      paymentStatus: "Refund Pending",
    });
    const mail = await lastMailTo(app, shopper.email);
    expect(mail!.subject).toContain(`refund for order ${orderId}`);
    expect(mail!.text).toContain(
      "because the payment came after the order was cancelled, and its pieces had sold out",
    );
  });
});

describe("mails that match what happened", () => {
  it("one reminder at most for an order left unpaid, once half its window has passed; none for a paid one", async () => {
    const unpaid = await pendingOrder();
    const paid = await pendingOrder();
    await decide(app, paid.merchantOrderId, "approve");
    await reconcileNow(app);
    // Nothing yet: the window has only begun.
    await app.services.paymentReminders.runOnce();
    expect(await lastMailTo(app, unpaid.shopper.email)).toMatchObject({
      subject: expect.stringContaining(`order ${unpaid.orderId} placed`),
    });
    await app.services.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '8 minutes'` })
      .where(sql`${orders.publicId} in (${unpaid.orderId}, ${paid.orderId})`);
    await app.services.paymentReminders.runOnce();
    await app.services.paymentReminders.runOnce();
    const reminder = await lastMailTo(app, unpaid.shopper.email);
    expect(reminder!.subject).toContain(`your order ${unpaid.orderId} is waiting for payment`);
    expect(reminder!.text).toMatch(/until \d{1,2}:\d\d [ap]m/);
    expect(reminder!.text).toContain(`/orders/${unpaid.orderId}`);
    expect(await mailCount(app, unpaid.shopper.email)).toBe(2);
    expect((await lastMailTo(app, paid.shopper.email))!.subject).toContain("payment received");
  });
});
