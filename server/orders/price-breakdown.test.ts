/**
 * The price broken down before and after paying (decision 049): the pieces, delivery, the total, and the GST
 * the total includes, every figure from the server, the GST by the tax invoice's own arithmetic.
 */
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "../../contract/accounts-rules";
import { createUserAndLogin } from "../test-support/accounts";
import { seedCatalog } from "../test-support/catalog-fixture";
import { decide, orderOf, placedOrder, reconcileNow, shopperWithAddress } from "../test-support/checkout";
import type { TestApi } from "../test-support/api-client";
import { createTestApp } from "../test-support/test-app";
import { gstApparelRates, gstDocuments } from "../gst/gst.tables";

let app: FastifyInstance;
let api: TestApi;
let close: () => Promise<void>;
let staff: { token: string };
/** ₹1,000 (5 %), ₹2,500.01 (18 %), and a piece with one left. */
let kurti: number;
let lehenga: number;
let lastOne: number;

beforeAll(async () => {
  ({ app, api, close } = await createTestApp({}, { listen: true }));
  staff = await createUserAndLogin(app, ROLE.admin);
  [kurti, lehenga, lastOne] = (await seedCatalog(app, [
    { name: "Saffron Cotton Kurti", price: 1000, categoryId: 4, sizes: { M: 50 } },
    { name: "Emerald Silk Lehenga", price: 2500.01, categoryId: 2, sizes: { M: 50 } },
    { name: "Last Ivory Anarkali", price: 1800, categoryId: 1, sizes: { M: 1 } },
  ])) as [number, number, number];
});
afterAll(() => close());

const priced = async (items: { id: number; size: "M"; quantity: number }[]) =>
  (await api.priceCart({ items })).body.data;

async function invoiceTaxOf(orderId: string) {
  const order = await orderOf(app, orderId);
  const [invoice] = await app.services.db
    .select()
    .from(gstDocuments)
    .where(and(eq(gstDocuments.orderId, order.id), eq(gstDocuments.kind, "invoice")));
  return invoice!.cgstPaise + invoice!.sgstPaise + invoice!.igstPaise;
}

describe("the bag's price broken down before Place Order", () => {
  it("gives the pieces, delivery, the total and the GST the total includes", async () => {
    // ₹1,000 at 5 % holds ₹47.62; its ₹99 of delivery, at the pieces' rate, ₹4.71.
    expect(await priced([{ id: kurti, size: "M", quantity: 1 }])).toMatchObject({
      subtotal: 1000,
      deliveryCharge: 99,
      total: 1099,
      gstIncluded: 52.33,
    });
    // ₹2,500.01 at 18 % holds ₹381.36; delivery is free from ₹1,999.
    expect(await priced([{ id: lehenga, size: "M", quantity: 1 }])).toMatchObject({
      subtotal: 2500.01,
      deliveryCharge: 0,
      total: 2500.01,
      gstIncluded: 381.36,
    });
  });

  it("sends no discount and no COD fee: the store charges neither", async () => {
    const bag = await priced([{ id: kurti, size: "M", quantity: 2 }]);
    expect(bag).not.toHaveProperty("discount");
    expect(bag).not.toHaveProperty("codFee");
  });

  it("leaves out of the GST, as out of the subtotal, a line that cannot be ordered", async () => {
    const shopper = await shopperWithAddress(app);
    await placedOrder(app, shopper, [{ id: lastOne, size: "M", quantity: 1 }]); // the last one is held
    const bag = await priced([
      { id: kurti, size: "M", quantity: 1 },
      { id: lastOne, size: "M", quantity: 1 },
    ]);
    expect(bag.lines[1]!.problem).toBe("sold-out");
    expect(bag).toMatchObject({ subtotal: 1000, deliveryCharge: 99, total: 1099, gstIncluded: 52.33 });
  });

  it("follows the rates' table: a new rate from its day on", async () => {
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    await app.services.db.insert(gstApparelRates).values({
      effectiveFrom: today,
      thresholdPaise: 250_000,
      lowRateBp: 1200,
      highRateBp: 1800,
      defaultHsn: "6204",
    });
    try {
      // ₹1,000 at 12 % holds ₹107.14; ₹99 of delivery ₹10.61.
      expect((await priced([{ id: kurti, size: "M", quantity: 1 }])).gstIncluded).toBe(117.75);
    } finally {
      await app.services.db.delete(gstApparelRates).where(eq(gstApparelRates.effectiveFrom, today));
    }
  });
});

describe("an order's price broken down", () => {
  it("shows the GST the checkout showed while it awaits payment, and its invoice's once paid", async () => {
    const shopper = await shopperWithAddress(app);
    const items = [
      { id: kurti, size: "M" as const, quantity: 1 },
      { id: lehenga, size: "M" as const, quantity: 1 },
    ];
    const bag = await priced(items);
    const placed = await placedOrder(app, shopper, items);
    const awaiting = (await api.as(shopper.token).getOrder({ id: placed.orderId })).body.data;
    expect(awaiting).toMatchObject({
      subtotal: bag.subtotal,
      deliveryCharge: bag.deliveryCharge,
      totalAmount: bag.total,
      gstIncluded: bag.gstIncluded,
    });

    await decide(app, placed.merchantOrderId, "approve");
    await reconcileNow(app);
    const invoiceTax = (await invoiceTaxOf(placed.orderId)) / 100;
    expect(invoiceTax).toBe(bag.gstIncluded);
    const paid = (await api.as(shopper.token).getOrder({ id: placed.orderId })).body.data;
    expect(paid.gstIncluded).toBe(invoiceTax);
    // My Orders, staff's order page and Received Orders say the same.
    const mine = (await api.as(shopper.token).myOrders()).body.data;
    expect(mine.find((order) => order.orderId === placed.orderId)?.gstIncluded).toBe(invoiceTax);
    const details = (await api.as(staff.token).orderDetails({ id: placed.orderId })).body.data;
    expect(details.order.gstIncluded).toBe(invoiceTax);
    const received = (await api.as(staff.token).adminOrders({ page: 1, limit: 50 })).body.data;
    expect(received.find((order) => order.orderId === placed.orderId)?.gstIncluded).toBe(invoiceTax);
  });
});
