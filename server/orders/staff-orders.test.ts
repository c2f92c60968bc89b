import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "../../contract/orders";
import { ROLE } from "../../contract/accounts-rules";
import { selectRows } from "../db/client";
import { bearer, createUserAndLogin, freshIp, lastMailTo, post } from "../test-support/accounts";
import { seedCatalog } from "../test-support/catalog-fixture";
import {
  decide,
  historyOf,
  orderOf,
  paymentOf,
  placedOrder,
  reconcileNow,
  refundsOf,
  shopperWithAddress,
  stockOf,
} from "../test-support/checkout";
import { createTestApp } from "../test-support/test-app";
import { createDashboard } from "./dashboard";
import { countOrders } from "./order-counts";

let app: FastifyInstance;
let close: () => Promise<void>;
let staff: { token: string; userId: number };

beforeAll(async () => {
  ({ app, close } = await createTestApp({}, { listen: true }));
  const login = await createUserAndLogin(app, ROLE.admin);
  staff = { token: login.token, userId: login.id };
});
afterAll(() => close());

const get = (url: string, token?: string) =>
  app.inject({ method: "GET", url, remoteAddress: freshIp(), headers: token ? bearer(token) : {} });

/** A status change; a cancellation gives a reason unless the test says otherwise (cancel-reason.test.ts). */
const update = (body: Record<string, unknown>, token = staff.token) =>
  post(
    app,
    "/api/orders/update-order-status",
    body.status === "Cancelled" && !("cancelReason" in body)
      ? { cancelReason: "out-of-stock", ...body }
      : body,
    bearer(token),
  );

async function pendingOrder(sizes: Record<string, number> = { M: 4 }) {
  const [id] = await seedCatalog(app, [{ name: "Rani Pink Anarkali", price: 2499, categoryId: 1, sizes }]);
  const shopper = await shopperWithAddress(app);
  const placed = await placedOrder(app, shopper, [{ id: id!, size: "M", quantity: 2 }]);
  return { id: id!, shopper, ...placed };
}

async function paidOrder() {
  const order = await pendingOrder();
  await decide(app, order.merchantOrderId, "approve");
  await reconcileNow(app);
  expect((await orderOf(app, order.orderId)).status).toBe("Processing");
  return order;
}

const staffEvents = async (orderId: string) =>
  (await historyOf(app, orderId))
    .filter((event) => event.actor.startsWith("staff:"))
    .map((event) => `${event.actor}|${event.subject}:${event.from}->${event.to}`);

describe("GET /api/orders/get-admin-orders", () => {
  it("is for staff only: 401 without a session, 403 for a customer", async () => {
    expect((await get("/api/orders/get-admin-orders")).statusCode).toBe(401);
    const customer = await createUserAndLogin(app, ROLE.customer);
    expect((await get("/api/orders/get-admin-orders", customer.token)).statusCode).toBe(403);
    const superAdmin = await createUserAndLogin(app, ROLE.superAdmin);
    expect((await get("/api/orders/get-admin-orders", superAdmin.token)).statusCode).toBe(200);
  });

  it("lists every shopper's orders, newest first, 10 a page by default, with the pagination", async () => {
    const first = await pendingOrder();
    const second = await pendingOrder();
    const response = await get("/api/orders/get-admin-orders", staff.token);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.pagination).toMatchObject({ page: 1, limit: 10 });
    expect(body.pagination.total).toBeGreaterThanOrEqual(2);
    const ids = body.data.map((order: { orderId: string }) => order.orderId);
    expect(ids.indexOf(second.orderId)).toBeLessThan(ids.indexOf(first.orderId));
    expect(body.data[0]).toMatchObject({ orderStatus: "Pending", paymentMethod: "PhonePe" });
    expect(body.data[0].items[0]).toMatchObject({ name: "Rani Pink Anarkali", price: 2499 });

    const paged = (await get("/api/orders/get-admin-orders?page=2&limit=1", staff.token)).json();
    expect(paged.pagination).toMatchObject({ page: 2, limit: 1 });
    expect(paged.data).toHaveLength(1);
    expect(paged.data[0].orderId).toBe(ids[1]);
  });

  it("filters by status and searches by order id, name or phone", async () => {
    const paid = await paidOrder();
    const processing = (
      await get("/api/orders/get-admin-orders?status=Processing&limit=50", staff.token)
    ).json();
    expect(
      processing.data.every((order: { orderStatus: string }) => order.orderStatus === "Processing"),
    ).toBe(true);
    expect(processing.data.map((order: { orderId: string }) => order.orderId)).toContain(paid.orderId);

    const byId = (
      await get(`/api/orders/get-admin-orders?search=${paid.orderId.toLowerCase()}`, staff.token)
    ).json();
    expect(byId.data.map((order: { orderId: string }) => order.orderId)).toEqual([paid.orderId]);
    expect(byId.pagination.total).toBe(1);

    const byName = (
      await get("/api/orders/get-admin-orders?search=kavya%20red&limit=50", staff.token)
    ).json();
    expect(byName.data.map((order: { orderId: string }) => order.orderId)).toContain(paid.orderId);
    const phone = (await orderOf(app, paid.orderId)).shippingAddress.phone;
    const byPhone = (
      await get(
        `/api/orders/get-admin-orders?search=${encodeURIComponent(phone.slice(-5))}&limit=50`,
        staff.token,
      )
    ).json();
    expect(byPhone.data.map((order: { orderId: string }) => order.orderId)).toContain(paid.orderId);

    const none = (await get("/api/orders/get-admin-orders?search=100%25_nobody", staff.token)).json();
    expect(none).toMatchObject({ data: [], pagination: { total: 0 } });
  });

  it.each([
    ["page=0", "Page must be 1 or more"],
    ["page=abc", "Page must be a number"],
    ["limit=51", "Limit must be 50 or less"],
    ["limit=0", "Limit must be 1 or more"],
    ["status=Lost", "Status must be one of"],
    ["search=a%00b", "NUL"],
  ])("refuses %s with 400", async (query, message) => {
    const response = await get(`/api/orders/get-admin-orders?${query}`, staff.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });
});

describe("GET /api/orders/get-order-details", () => {
  it("gives staff any shopper's order with its attempts, refunds and history; customers 403, no session 401", async () => {
    const paid = await paidOrder();
    const url = `/api/orders/get-order-details?id=${paid.orderId}`;
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(url, paid.shopper.token)).statusCode).toBe(403);
    const response = await get(url, staff.token);
    expect(response.statusCode).toBe(200);
    const details = response.json().data;
    expect(details.order).toMatchObject({
      orderId: paid.orderId,
      orderStatus: "Processing",
      totalAmount: 4998,
    });
    expect(details.order.shippingAddress.email).toBe(paid.shopper.email);
    expect(details.attempts).toEqual([
      expect.objectContaining({
        merchantOrderId: paid.merchantOrderId,
        state: "COMPLETED",
        amount: 4998,
        paidAmount: 4998,
      }),
    ]);
    expect(details.refunds).toEqual([]);
    expect(details.history.map((e: { to: string }) => e.to)).toContain("Processing");
    expect(details.allowedTransitions).toEqual(["Shipped", "Cancelled"]);
    expect(details.paidAt).not.toBeNull();
  });

  it("answers 404 'Order not found.' for an unknown order", async () => {
    const response = await get("/api/orders/get-order-details?id=RBNOSUCHORDER", staff.token);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe("Order not found.");
  });
});

describe("POST /api/orders/update-order-status", () => {
  it("is for staff only", async () => {
    const paid = await paidOrder();
    expect(
      (await post(app, "/api/orders/update-order-status", { orderId: paid.orderId, status: "Shipped" }))
        .statusCode,
    ).toBe(401);
    expect((await update({ orderId: paid.orderId, status: "Shipped" }, paid.shopper.token)).statusCode).toBe(
      403,
    );
    expect((await orderOf(app, paid.orderId)).status).toBe("Processing");
  });

  it("ships with courier and tracking number, then delivers; each change recorded and mailed", async () => {
    const paid = await paidOrder();
    const shipped = await update({
      orderId: paid.orderId,
      status: "Shipped",
      courier: "bluedart",
      trackingNumber: "BD123456789IN",
    });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json()).toMatchObject({
      message: "Order marked Shipped.",
      data: { courier: "bluedart", trackingNumber: "BD123456789IN", allowedTransitions: ["Delivered"] },
    });
    let mail = await lastMailTo(app, paid.shopper.email);
    expect(mail!.subject).toContain(`order ${paid.orderId} has shipped`);
    expect(mail!.text).toContain("BD123456789IN");

    // The shopper sees it in My Orders.
    const mine = await get("/api/orders/my-orders", paid.shopper.token);
    expect(mine.json().data.find((o: { orderId: string }) => o.orderId === paid.orderId).orderStatus).toBe(
      "Shipped",
    );

    // Shipping twice is refused, not applied twice.
    const again = await update({ orderId: paid.orderId, status: "Shipped" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("An order that is Shipped cannot be marked Shipped.");

    expect((await update({ orderId: paid.orderId, status: "Delivered" })).statusCode).toBe(200);
    mail = await lastMailTo(app, paid.shopper.email);
    expect(mail!.subject).toContain("delivered");
    expect(await staffEvents(paid.orderId)).toEqual([
      `staff:${staff.userId}|order:Processing->Shipped`,
      `staff:${staff.userId}|order:Shipped->Delivered`,
    ]);
    const notes = (await historyOf(app, paid.orderId)).filter((e) => e.to === "Shipped").map((e) => e.note);
    expect(notes).toEqual(["Blue Dart BD123456789IN"]);

    const late = await update({ orderId: paid.orderId, status: "Cancelled" });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe("An order that is Delivered cannot be marked Cancelled.");
  });

  it.each([
    [{ status: "Delivered" }, 409, "An order that is Pending cannot be marked Delivered."],
    [{ status: "Shipped" }, 409, "An order that is Pending cannot be marked Shipped."],
    [{ status: "Processing" }, 409, "An order that is Pending cannot be marked Processing."],
    [{ status: "Lost" }, 400, "Status must be one of"],
    [{ status: "Cancelled", trackingNumber: "A\u0000B" }, 400, "NUL"],
    [{ status: "Cancelled", orderId: "RBNOSUCHORDER" }, 404, "Order not found."],
  ])("refuses %o on a pending order", async (body, statusCode, message) => {
    const pending = await pendingOrder();
    const response = await update({ orderId: pending.orderId, ...body });
    expect(response.statusCode).toBe(statusCode);
    expect(response.json().message).toContain(message);
    expect((await orderOf(app, pending.orderId)).status).toBe("Pending");
  });

  it("cancels a pending order: its stock comes back once, and a late payment is refunded, never reviving it", async () => {
    const pending = await pendingOrder();
    expect(await stockOf(app, pending.id, "M")).toBe(2);
    const response = await update({ orderId: pending.orderId, status: "Cancelled" });
    expect(response.statusCode).toBe(200);
    expect(await orderOf(app, pending.orderId)).toMatchObject({
      status: "Cancelled",
      cancelledBy: `staff:${staff.userId}`,
    });
    expect(await stockOf(app, pending.id, "M")).toBe(4);
    expect((await update({ orderId: pending.orderId, status: "Cancelled" })).statusCode).toBe(409);
    expect((await lastMailTo(app, pending.shopper.email))!.subject).toContain("cancelled");

    // The shopper pays on PhonePe's page anyway, after the cancellation.
    await decide(app, pending.merchantOrderId, "approve");
    await reconcileNow(app);
    await reconcileNow(app);
    const order = await orderOf(app, pending.orderId);
    expect(order).toMatchObject({ status: "Cancelled", paidAt: null });
    expect(await stockOf(app, pending.id, "M")).toBe(4);
    const refunds = await refundsOf(app, pending.orderId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      reason: "the payment came after the store had cancelled the order",
      state: "COMPLETED",
    });
    expect(order.paymentStatus).toBe("Refunded");
    expect(
      (await historyOf(app, pending.orderId)).filter((e) => e.subject === "stock" && e.to === "released"),
    ).toHaveLength(1);
  });

  it("cancels a paid order: stock released once, the payment refunded through PhonePe", async () => {
    const paid = await paidOrder();
    expect(await stockOf(app, paid.id, "M")).toBe(2);
    const response = await update({ orderId: paid.orderId, status: "Cancelled" });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      order: { orderStatus: "Cancelled", paymentStatus: "Refund Pending" },
      refunds: [{ amount: 4998, state: "CREATED", reason: "the order was cancelled by the store" }],
      allowedTransitions: [],
    });
    expect(await stockOf(app, paid.id, "M")).toBe(4);
    expect((await update({ orderId: paid.orderId, status: "Cancelled" })).statusCode).toBe(409);

    await reconcileNow(app);
    await reconcileNow(app);
    const refunds = await refundsOf(app, paid.orderId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.state).toBe("COMPLETED");
    expect(await orderOf(app, paid.orderId)).toMatchObject({
      status: "Cancelled",
      paymentStatus: "Refunded",
    });
    expect(await stockOf(app, paid.id, "M")).toBe(4);
    expect((await paymentOf(app, paid.orderId)).state).toBe("COMPLETED");
    expect(await staffEvents(paid.orderId)).toEqual([
      `staff:${staff.userId}|stock:reserved->released`,
      `staff:${staff.userId}|order:Processing->Cancelled`,
      `staff:${staff.userId}|payment:Success->Refund Pending`,
      `staff:${staff.userId}|refund:null->requested`,
    ]);
    const mine = (await get("/api/orders/my-orders", paid.shopper.token)).json().data;
    expect(mine.find((o: { orderId: string }) => o.orderId === paid.orderId)).toMatchObject({
      orderStatus: "Cancelled",
      paymentStatus: "Refunded",
    });
  });
});

describe("GET /api/admin/dashboard", () => {
  it("is for staff only", async () => {
    expect((await get("/api/admin/dashboard")).statusCode).toBe(401);
    const customer = await createUserAndLogin(app, ROLE.customer);
    expect((await get("/api/admin/dashboard", customer.token)).statusCode).toBe(403);
  });

  it("counts orders to ship, today's and this week's paid sales, best sellers and low stock", async () => {
    const before = (await get("/api/admin/dashboard", staff.token)).json().data;
    const paid = await paidOrder();
    const after = (await get("/api/admin/dashboard", staff.token)).json().data;
    expect(after.toShip).toBe(before.toShip + 1);
    expect(after.salesToday).toBeCloseTo(before.salesToday + 4998, 2);
    expect(after.salesThisWeek).toBeCloseTo(before.salesThisWeek + 4998, 2);
    // The 10 lowest sizes: this one (2 left) unless 10 others have 2 or fewer.
    const low = after.lowStock as Array<{ productId: number; stock: number }>;
    expect(low.length).toBeLessThanOrEqual(10);
    expect(low.every((line) => line.stock <= 5)).toBe(true);
    if (low.length < 10 || low.at(-1)!.stock > 2)
      expect(low).toContainEqual({ productId: paid.id, name: "Rani Pink Anarkali", size: "M", stock: 2 });
    // The API's ranking may be a minute old; a fresh one counts this order's 2 pieces.
    const ranking = await createDashboard({
      db: app.services.db,
      returnsByMonth: app.services.shipping.parcels.returnsByMonth,
      whatsappThisMonth: async () => ({ month: "", messages: 0, billable: 0, costEstimate: 0 }),
      bestSellersTtlMs: 0,
    }).numbers();
    expect(ranking.bestSellers.length).toBeGreaterThan(0);
    expect(ranking.bestSellers.length).toBeLessThanOrEqual(5);
    expect(after.bestSellers.length).toBeLessThanOrEqual(5);

    // Cancelled (refunded), it no longer counts as a sale nor to ship.
    await update({ orderId: paid.orderId, status: "Cancelled" });
    const cancelled = (await get("/api/admin/dashboard", staff.token)).json().data;
    expect(cancelled.toShip).toBe(before.toShip);
    expect(cancelled.salesToday).toBeCloseTo(before.salesToday, 2);
  });
});

describe("the kept order counts", () => {
  it("equal a count of the orders of each status after every kind of change, and give the list's totals", async () => {
    const exactCounts = async () => {
      const rows = await selectRows<{ status: string; n: number }>(
        app.services.db,
        sql`select status, count(*)::int as n from orders group by status`,
      );
      return Object.fromEntries(rows.map((row) => [row.status, row.n]));
    };
    const keptCounts = async () =>
      Object.fromEntries(
        (
          await Promise.all(
            ORDER_STATUSES.map(
              async (status) => [status, await countOrders(app.services.db, status)] as const,
            ),
          )
        ).filter(([, n]) => n > 0),
      );

    const pending = await pendingOrder();
    const shipped = await paidOrder();
    const cancelled = await paidOrder();
    expect((await update({ orderId: shipped.orderId, status: "Shipped" })).statusCode).toBe(200);
    expect((await update({ orderId: cancelled.orderId, status: "Cancelled" })).statusCode).toBe(200);
    // Several orders in one statement, and an update that changes no status.
    await app.services.db.execute(sql`update orders set updated_at = now()`);
    expect(await keptCounts()).toEqual(await exactCounts());

    const all = (await get("/api/orders/get-admin-orders?page=1&limit=1", staff.token)).json();
    expect(all.pagination.total).toBe(Object.values(await exactCounts()).reduce((a, b) => a + b, 0));
    const toShip = (await get("/api/orders/get-admin-orders?status=Shipped", staff.token)).json();
    expect(toShip.pagination.total).toBe((await exactCounts()).Shipped);

    // A deleted order leaves the counts too (nothing in the store deletes one; the count stays right).
    await app.services.db.execute(
      sql`delete from order_events where order_id = (select id from orders where public_id = ${pending.orderId})`,
    );
    await app.services.db.execute(
      sql`delete from payments where order_id = (select id from orders where public_id = ${pending.orderId})`,
    );
    await app.services.db.execute(
      sql`delete from order_items where order_id = (select id from orders where public_id = ${pending.orderId})`,
    );
    await app.services.db.execute(sql`delete from orders where public_id = ${pending.orderId}`);
    expect(await keptCounts()).toEqual(await exactCounts());
  });
});
