import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ROLE } from "../../contract/accounts-rules";
import { bearer, createUserAndLogin, freshIp, lastMailTo, post } from "../test-support/accounts";
import { seedCatalog } from "../test-support/catalog-fixture";
import {
  decide,
  historyOf,
  orderOf,
  orderStatus,
  paymentOf,
  placedOrder,
  reconcileNow,
  refundsOf,
  shopperWithAddress,
  stockOf,
} from "../test-support/checkout";
import { createTestApp } from "../test-support/test-app";
import { orders } from "../orders/orders.tables";
import { secondsUntilNextCheck } from "./payment-attempts";
import { webhookAuthorization } from "./phonepe-protocol";

let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await createTestApp({}, { listen: true }));
});
afterAll(() => close());

const product = async (sizes: Record<string, number> = { M: 4 }) =>
  (await seedCatalog(app, [{ name: "Mint Half Saree", price: 3150, categoryId: 3, sizes }]))[0]!;

/** A shopper's order of 2 × size M, waiting for its payment. */
async function pendingOrder(sizes?: Record<string, number>) {
  const id = await product(sizes);
  const shopper = await shopperWithAddress(app);
  const placed = await placedOrder(app, shopper, [{ id, size: "M", quantity: 2 }]);
  return { id, shopper, ...placed };
}

const transitions = async (orderId: string) =>
  (await historyOf(app, orderId))
    .filter((e) => e.from !== null)
    .map((e) => `${e.subject}:${e.from}->${e.to}`);

function webhook(body: unknown, authorization?: string) {
  return app.inject({
    method: "POST",
    url: "/api/phonepe/webhook",
    remoteAddress: freshIp(),
    headers: { "content-type": "application/json", ...(authorization ? { authorization } : {}) },
    payload: JSON.stringify(body),
  });
}

/** The Authorization of the sandbox's webhooks, from this install's own credentials. */
const sandboxHook = () => {
  const { webhookUsername, webhookPassword } = app.services.phonePeSandbox!.settings;
  return webhookAuthorization(webhookUsername, webhookPassword);
};

describe("a payment settles only on PhonePe's own Order Status", () => {
  it("approved: the order is paid once, the stock stays sold, the shopper is mailed", async () => {
    const { id, shopper, orderId, merchantOrderId } = await pendingOrder();
    await decide(app, merchantOrderId, "approve");
    await reconcileNow(app);

    const order = await orderOf(app, orderId);
    expect(order).toMatchObject({ status: "Processing", paymentStatus: "Success", stockReleasedAt: null });
    expect(order.paidAt).not.toBeNull();
    expect(await paymentOf(app, orderId)).toMatchObject({ state: "COMPLETED", paidAmountPaise: 630000 });
    expect(await stockOf(app, id, "M")).toBe(2);
    const mail = await lastMailTo(app, shopper.email);
    expect(mail!.subject).toContain(`payment received for order ${orderId}`);
    expect(mail!.text).toContain("Mint Half Saree, size M × 2: ₹6,300");
    expect(mail!.text).toContain("500034");
    expect(await transitions(orderId)).toEqual([
      "payment:CREATED->PENDING",
      "payment:PENDING->COMPLETED",
      "order:Pending->Processing",
      "payment:Initiated->Success",
    ]);

    const status = await orderStatus(app, shopper.token, orderId);
    expect(status.json().data).toEqual({
      orderId,
      orderStatus: "Processing",
      paymentMethod: "PhonePe",
      paymentStatus: "Success",
    });
  });

  it("declined: the order is cancelled, its stock given back once, the shopper mailed a way to try again", async () => {
    const { id, shopper, orderId, merchantOrderId } = await pendingOrder();
    expect(await stockOf(app, id, "M")).toBe(2);
    await decide(app, merchantOrderId, "decline", { webhook: "duplicate" });
    await reconcileNow(app);
    await reconcileNow(app);

    expect(await orderOf(app, orderId)).toMatchObject({ status: "Cancelled", paymentStatus: "Failed" });
    expect(await stockOf(app, id, "M")).toBe(4);
    const mail = await lastMailTo(app, shopper.email);
    expect(mail!.subject).toContain("did not go through");
    expect(mail!.text).toContain("/checkout");
    expect(
      (await historyOf(app, orderId)).filter((e) => e.subject === "stock" && e.to === "released"),
    ).toHaveLength(1);
  });

  it("a redirect alone settles nothing; the shopper's status call asks PhonePe", async () => {
    const { shopper, orderId, merchantOrderId } = await pendingOrder();
    // The shopper paid but PhonePe's webhook never came, and no reconciler ran.
    await decide(app, merchantOrderId, "approve", { webhook: "drop" });
    expect((await orderOf(app, orderId)).status).toBe("Pending");
    const status = await orderStatus(app, shopper.token, orderId);
    expect(status.json().data).toMatchObject({ orderStatus: "Processing", paymentStatus: "Success" });
  });

  it("left pending, the order waits; the reconciler settles it when PhonePe does", async () => {
    const { shopper, orderId, merchantOrderId } = await pendingOrder();
    await decide(app, merchantOrderId, "pending");
    await reconcileNow(app);
    expect((await orderStatus(app, shopper.token, orderId)).json().data.paymentStatus).toBe("Initiated");
    await decide(app, merchantOrderId, "approve", { webhook: "drop" });
    await reconcileNow(app);
    expect((await orderOf(app, orderId)).status).toBe("Processing");
  });
});

describe("webhooks", () => {
  it("duplicated and reordered events change nothing more than the first", async () => {
    const { orderId, merchantOrderId } = await pendingOrder();
    const completed = await app.services.phonePeSandbox!.webhookFor(merchantOrderId); // still PENDING: a 'failed' event
    await decide(app, merchantOrderId, "approve", { webhook: "drop" });
    const approved = await app.services.phonePeSandbox!.webhookFor(merchantOrderId);
    for (const hook of [approved, approved, completed, approved]) {
      const response = await app.inject({
        method: "POST",
        url: "/api/phonepe/webhook",
        headers: hook.headers,
        payload: hook.body,
      });
      expect(response.statusCode).toBe(200);
      await app.services.payments.reconciler.runOnce();
    }
    expect(await orderOf(app, orderId)).toMatchObject({ status: "Processing", paymentStatus: "Success" });
    expect(await transitions(orderId)).toEqual([
      "payment:CREATED->PENDING",
      "payment:PENDING->COMPLETED",
      "order:Pending->Processing",
      "payment:Initiated->Success",
    ]);
  });

  it("a forged, missing or wrong Authorization is refused and changes nothing", async () => {
    const { orderId, merchantOrderId } = await pendingOrder();
    const body = {
      event: "checkout.order.completed",
      payload: { merchantOrderId, state: "COMPLETED", amount: 630000 },
    };
    for (const authorization of [
      undefined,
      "",
      "bad",
      webhookAuthorization(app.services.phonePeSandbox!.settings.webhookUsername, "guessed-pass1"),
      // The credentials the source published before they were made per install.
      webhookAuthorization("sandbox_hook", "sandboxHook2026"),
    ]) {
      const response = await webhook(body, authorization);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe(401);
    }
    await app.services.payments.reconciler.runOnce();
    expect((await orderOf(app, orderId)).status).toBe("Pending");
    expect((await historyOf(app, orderId)).some((e) => e.to === "webhook received")).toBe(false);
  });

  it("a genuine webhook whose body lies is checked with Order Status and changes nothing", async () => {
    const { orderId, merchantOrderId } = await pendingOrder();
    const response = await webhook(
      { event: "checkout.order.completed", payload: { merchantOrderId, state: "COMPLETED", amount: 630000 } },
      sandboxHook(),
    );
    expect(response.statusCode).toBe(200);
    await app.services.payments.reconciler.runOnce();
    expect(await orderOf(app, orderId)).toMatchObject({ status: "Pending", paymentStatus: "Initiated" });
    expect((await historyOf(app, orderId)).some((e) => e.to === "webhook received")).toBe(true);
  });

  it("an unknown order or a malformed body is acknowledged and ignored", async () => {
    expect(
      (
        await webhook(
          { event: "checkout.order.completed", payload: { merchantOrderId: "nope-1" } },
          sandboxHook(),
        )
      ).statusCode,
    ).toBe(200);
    expect((await webhook("not json at all", sandboxHook())).statusCode).toBe(200);
    expect((await webhook([], sandboxHook())).statusCode).toBe(200);
  });

  it("a store without PhonePe has no webhook: 404, as for any unknown call", async () => {
    const unpaid = await createTestApp({ phonePe: null });
    try {
      const response = await unpaid.app.inject({
        method: "POST",
        url: "/api/phonepe/webhook",
        remoteAddress: freshIp(),
        headers: { "content-type": "application/json", authorization: sandboxHook() },
        payload: JSON.stringify({ event: "checkout.order.completed", payload: { merchantOrderId: "x-1" } }),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 404 });
    } finally {
      await unpaid.close();
    }
  });
});

describe("money that does not match, late payments and expiry", () => {
  it("a paid amount that is not the order's does not pay it: the order is cancelled and the money refunded", async () => {
    const { id, orderId, merchantOrderId } = await pendingOrder();
    await decide(app, merchantOrderId, "approve", { paidAmountPaise: 100 });
    await reconcileNow(app);
    expect(await orderOf(app, orderId)).toMatchObject({
      status: "Cancelled",
      paymentStatus: "Refund Pending",
      paidAt: null,
    });
    expect(await stockOf(app, id, "M")).toBe(4);
    const [refund] = await refundsOf(app, orderId);
    // The same pass sent it to PhonePe (after the payment's transaction committed); the next asks how it stands.
    expect(refund).toMatchObject({ amountPaise: 100, state: "PENDING" });
    await reconcileNow(app);
    expect((await refundsOf(app, orderId))[0]).toMatchObject({ state: "COMPLETED" });
    expect((await orderOf(app, orderId)).paymentStatus).toBe("Refunded");
  });

  it("an order whose payment window ended is released once, and a late payment re-reserves what is still there", async () => {
    const { id, shopper, orderId, merchantOrderId } = await pendingOrder();
    await app.services.db
      .update(orders)
      .set({ reservedUntil: sql`now() - interval '1 minute'` })
      .where(eq(orders.publicId, orderId));
    await reconcileNow(app);
    await reconcileNow(app);
    expect(await orderOf(app, orderId)).toMatchObject({ status: "Cancelled", paymentStatus: "Failed" });
    expect(await stockOf(app, id, "M")).toBe(4);
    // Its reminder (if any) went while the pieces were held: the expiry itself mails nothing.
    expect((await lastMailTo(app, shopper.email))!.subject).toContain(`order ${orderId} placed`);

    await decide(app, merchantOrderId, "approve");
    await reconcileNow(app);
    expect(await orderOf(app, orderId)).toMatchObject({
      status: "Processing",
      paymentStatus: "Success",
      stockReleasedAt: null,
    });
    expect(await stockOf(app, id, "M")).toBe(2);
    expect(await refundsOf(app, orderId)).toEqual([]);
  });

  it("a late payment for pieces sold meanwhile is refunded in full", async () => {
    const { id, orderId, merchantOrderId } = await pendingOrder({ M: 2 });
    await app.services.db
      .update(orders)
      .set({ reservedUntil: sql`now() - interval '1 minute'` })
      .where(eq(orders.publicId, orderId));
    await reconcileNow(app);
    expect(await stockOf(app, id, "M")).toBe(2);
    const other = await shopperWithAddress(app);
    await placedOrder(app, other, [{ id, size: "M", quantity: 2 }]);

    await decide(app, merchantOrderId, "approve");
    await reconcileNow(app);
    expect(await orderOf(app, orderId)).toMatchObject({
      status: "Cancelled",
      paymentStatus: "Refund Pending",
    });
    expect(await stockOf(app, id, "M")).toBe(0);
    expect((await refundsOf(app, orderId))[0]).toMatchObject({ amountPaise: 630000 });
  });

  it("a payment PhonePe never heard of (the store stopped before pay answered) is failed and its stock freed", async () => {
    const { id, orderId } = await pendingOrder();
    const payment = await paymentOf(app, orderId);
    // As if the attempt was written but PhonePe was never called: rename it at the store's side.
    await app.services.db.execute(
      sql`update payments set state = 'CREATED', merchant_order_id = ${`${payment.merchantOrderId}x`}, created_at = now() - interval '5 minutes' where id = ${payment.id}`,
    );
    await reconcileNow(app);
    expect(await orderOf(app, orderId)).toMatchObject({ status: "Cancelled", paymentStatus: "Failed" });
    expect(await stockOf(app, id, "M")).toBe(4);
  });

  it("follows PhonePe's reconciliation schedule", () => {
    expect(
      [0, 19, 20, 49, 50, 109, 110, 169, 170, 229, 230, 900].map((age) => secondsUntilNextCheck(age, false)),
    ).toEqual([20, 1, 3, 3, 6, 6, 10, 10, 30, 30, 60, 60]);
    expect(secondsUntilNextCheck(2000, true)).toBe(900);
  });
});

describe("shoppers see their own orders only", () => {
  it("My Orders lists the shopper's orders, newest first, with lines, address and status", async () => {
    const { shopper, orderId } = await pendingOrder();
    const second = await placedOrder(app, shopper, [{ id: await product(), size: "M", quantity: 1 }]);
    const response = await app.inject({
      method: "GET",
      url: "/api/orders/my-orders",
      headers: bearer(shopper.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    const list = response.json().data;
    expect(list.map((o: { orderId: string }) => o.orderId)).toEqual([second.orderId, orderId]);
    expect(list[1]).toMatchObject({
      _id: orderId,
      orderStatus: "Pending",
      paymentStatus: "Initiated",
      paymentMethod: "PhonePe",
      totalAmount: 6300,
      items: [{ name: "Mint Half Saree", size: "M", quantity: 2, price: 3150 }],
      shippingAddress: { fullName: "Kavya Reddy", city: "Hyderabad", phone: "9848012345" },
    });
  });

  it("another shopper gets 'Order not found.' for the detail and both status calls; staff see it", async () => {
    const { orderId } = await pendingOrder();
    const stranger = await createUserAndLogin(app, ROLE.customer);
    const detail = await app.inject({
      method: "GET",
      url: `/api/orders/get-order?id=${orderId}`,
      headers: bearer(stranger.token),
    });
    expect(detail.statusCode).toBe(404);
    expect(detail.json().message).toBe("Order not found.");
    for (const url of ["/api/orders/get-order-status", "/api/phonepe/get-order-status"]) {
      const response = await post(app, url, { orderId }, bearer(stranger.token));
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe("Order not found.");
    }
    const staff = await createUserAndLogin(app, ROLE.admin);
    const seen = await app.inject({
      method: "GET",
      url: `/api/orders/get-order?id=${orderId}`,
      headers: bearer(staff.token),
    });
    expect(seen.json().data.orderId).toBe(orderId);
    expect((await app.inject({ method: "GET", url: "/api/orders/my-orders" })).statusCode).toBe(401);
  });
});

describe("the PhonePe client", () => {
  it("fetches its OAuth token once and reuses it until shortly before it expires", async () => {
    const spy = vi.spyOn(globalThis, "fetch");
    try {
      const first = await pendingOrder();
      await pendingOrder();
      await decide(app, first.merchantOrderId, "approve", { webhook: "drop" });
      await reconcileNow(app);
      const tokenCalls = spy.mock.calls.filter(([url]) => String(url).endsWith("/v1/oauth/token"));
      expect(tokenCalls.length).toBeLessThanOrEqual(1);
      expect(spy.mock.calls.some(([url]) => String(url).includes("/checkout/v2/order/"))).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });
});
