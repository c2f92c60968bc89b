import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "../../contract/accounts-rules";
import { bearer, createUserAndLogin, lastMailTo, post } from "../test-support/accounts";
import { seedCatalog } from "../test-support/catalog-fixture";
import {
  decide,
  orderOf,
  paymentOf,
  placedOrder,
  placeOrder,
  reconcileNow,
  shopperWithAddress,
} from "../test-support/checkout";
import { pdfText } from "../test-support/pdf-text";
import { createTestApp } from "../test-support/test-app";
import type { TestApi } from "../test-support/api-client";
import { gstDocuments } from "../gst/gst.tables";
import { createDeliveryCharges } from "./delivery-charge";
import { deliveryPaiseFor } from "../../contract/delivery-rule";

let app: FastifyInstance;
let api: TestApi;
let close: () => Promise<void>;
let staff: { token: string };
/** ₹1,499 (5 %), ₹500 (5 %), ₹2,999 (18 %). */
let kurti: number;
let dupatta: number;
let lehenga: number;

beforeAll(async () => {
  ({ app, api, close } = await createTestApp({}, { listen: true }));
  staff = await createUserAndLogin(app, ROLE.admin);
  [kurti, dupatta, lehenga] = (await seedCatalog(app, [
    { name: "Saffron Cotton Kurti", price: 1499, categoryId: 4, sizes: { M: 50 } },
    { name: "Chanderi Dupatta", price: 500, categoryId: 4, sizes: { M: 50 } },
    { name: "Peacock Silk Lehenga", price: 2999, categoryId: 2, sizes: { M: 50 } },
  ])) as [number, number, number];
});
afterAll(() => close());

const priced = async (items: { id: number; size: "M"; quantity: number }[]) =>
  (await api.priceCart({ items })).body.data;

async function paid(
  shopper: Awaited<ReturnType<typeof shopperWithAddress>>,
  items: { id: number; size: string; quantity: number }[],
) {
  const placed = await placedOrder(app, shopper, items);
  await decide(app, placed.merchantOrderId, "approve");
  await reconcileNow(app);
  return placed.orderId;
}

async function invoiceOf(orderId: string) {
  const order = await orderOf(app, orderId);
  const [invoice] = await app.services.db
    .select()
    .from(gstDocuments)
    .where(and(eq(gstDocuments.orderId, order.id), eq(gstDocuments.kind, "invoice")));
  return invoice!;
}

describe("the delivery charge", () => {
  it("is the store's setting: free at or above ₹1,999, ₹99 below", async () => {
    const rule = await api.deliveryRule();
    expect(rule.status).toBe(200);
    expect(rule.body.data).toEqual({ freeFrom: 1999, charge: 99 });
  });

  it("is priced by the server in the bag: ₹99 below ₹1,999, free at ₹1,999 and above, nothing for an empty bag", async () => {
    expect(await priced([{ id: kurti, size: "M", quantity: 1 }])).toMatchObject({
      subtotal: 1499,
      deliveryCharge: 99,
      total: 1598,
    });
    expect(
      await priced([
        { id: kurti, size: "M", quantity: 1 },
        { id: dupatta, size: "M", quantity: 1 },
      ]),
    ).toMatchObject({ subtotal: 1999, deliveryCharge: 0, total: 1999 });
    expect(await priced([{ id: lehenga, size: "M", quantity: 1 }])).toMatchObject({
      subtotal: 2999,
      deliveryCharge: 0,
      total: 2999,
    });
    expect(await priced([])).toMatchObject({ subtotal: 0, deliveryCharge: 0, total: 0 });
  });

  it("is on the order, its total and the PhonePe amount; what the client says of it is ignored", async () => {
    const shopper = await shopperWithAddress(app);
    const items = [{ id: kurti, size: "M", quantity: 1 }];
    // A client that says delivery is free (the spec's client: "the charge is always 0") is told the total.
    const free = await placeOrder(app, shopper.token, {
      items,
      addressId: shopper.addressId,
      totalAmount: 1499,
      deliveryCharge: 0,
    });
    expect(free.statusCode).toBe(409);
    expect(free.json().errors).toEqual({ totalAmount: "The total is now ₹1,598, with ₹99 for delivery." });

    const placed = await placeOrder(app, shopper.token, {
      items,
      addressId: shopper.addressId,
      totalAmount: 1598,
      deliveryCharge: 0,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().data.orderId as string;
    expect(await orderOf(app, orderId)).toMatchObject({
      subtotalPaise: 149_900,
      deliveryPaise: 9_900,
      totalPaise: 159_800,
    });
    expect((await paymentOf(app, orderId)).amountPaise).toBe(159_800);
    const order = (await api.as(shopper.token).getOrder({ id: orderId })).body.data;
    expect(order).toMatchObject({ subtotal: 1499, deliveryCharge: 99, totalAmount: 1598 });
    // Staff's order page shows the same.
    const details = (await api.as(staff.token).orderDetails({ id: orderId })).body.data;
    expect(details.order).toMatchObject({ deliveryCharge: 99, totalAmount: 1598 });
    expect((await lastMailTo(app, shopper.email))!.text).toContain("Delivery: ₹99\nTotal: ₹1,598");
  });

  it("is absent from an order of ₹1,999 or more", async () => {
    const shopper = await shopperWithAddress(app);
    const { orderId } = await placedOrder(app, shopper, [
      { id: kurti, size: "M", quantity: 1 },
      { id: dupatta, size: "M", quantity: 1 },
    ]);
    expect(await orderOf(app, orderId)).toMatchObject({ deliveryPaise: 0, totalPaise: 199_900 });
    expect((await paymentOf(app, orderId)).amountPaise).toBe(199_900);
    expect((await lastMailTo(app, shopper.email))!.text).toContain("Delivery: Free\nTotal: ₹1,999");
  });

  it("is a line of the GST invoice with its own SAC and the pieces' highest rate, and the credit note reverses it", async () => {
    const shopper = await shopperWithAddress(app);
    const orderId = await paid(shopper, [{ id: dupatta, size: "M", quantity: 1 }]);
    const invoice = await invoiceOf(orderId);
    expect(invoice.lines.map((line) => [line.description, line.hsn, line.rateBp, line.totalPaise])).toEqual([
      ["Chanderi Dupatta", "6204", 500, 50_000],
      ["Delivery charge", "9965", 500, 9_900],
    ]);
    // ₹99 at 5 % within Telangana: ₹94.29 taxable, ₹2.36 + ₹2.35.
    expect(invoice.lines[1]).toMatchObject({
      taxablePaise: 9_429,
      cgstPaise: 236,
      sgstPaise: 235,
      igstPaise: 0,
    });
    expect(invoice.totalPaise).toBe((await orderOf(app, orderId)).totalPaise);
    expect((await lastMailTo(app, shopper.email))!.text).toContain("Delivery: ₹99");

    const pdf = await app.inject({
      method: "GET",
      url: `/api/orders/gst-document?id=${orderId}&kind=invoice`,
      headers: bearer(shopper.token),
    });
    const line = pdfText(pdf.rawPayload)
      .split("\n")
      .find((row) => row.includes("Delivery charge"));
    // GST documents keep two decimals.
    expect(line).toMatch(/9965\s+1\s+₹99\.00\s+₹94\.29\s+5%\s+₹2\.36\s+₹2\.35\s+₹99\.00/);
    expect(pdfText(pdf.rawPayload)).toMatch(/Total \(GST included\)\s+₹599\.00/);

    // An order that ships free has no delivery line.
    const free = await paid(await shopperWithAddress(app), [{ id: lehenga, size: "M", quantity: 1 }]);
    expect((await invoiceOf(free)).lines.map((line) => line.hsn)).toEqual(["6204"]);

    const cancelled = await post(
      app,
      "/api/orders/update-order-status",
      { orderId, status: "Cancelled", cancelReason: "out-of-stock" },
      bearer(staff.token),
    );
    expect(cancelled.statusCode).toBe(200);
    const order = await orderOf(app, orderId);
    const [creditNote] = await app.services.db
      .select()
      .from(gstDocuments)
      .where(and(eq(gstDocuments.orderId, order.id), eq(gstDocuments.kind, "credit_note")));
    expect(creditNote!.lines.at(-1)).toMatchObject({ description: "Delivery charge", totalPaise: 9_900 });
    expect(creditNote!.totalPaise).toBe(59_900);
  });

  it("follows the setting, and takes the highest rate of the order's pieces when they have two", async () => {
    // A bag at 5 % and 18 % costs more than ₹2,500: a store whose threshold is ₹5,000 charges its delivery.
    const { app: store, close: closeStore } = await createTestApp(
      {
        delivery: { chargePaise: 14_900, freeFromPaise: 500_000 },
      },
      { listen: true },
    );
    try {
      const [a, b] = await seedCatalog(store, [
        { name: "Mint Cotton Kurti", price: 999, categoryId: 4, sizes: { M: 5 } },
        { name: "Ruby Tissue Dupatta", price: 2600, categoryId: 4, sizes: { M: 5 } },
      ]);
      const shopper = await shopperWithAddress(store);
      const placed = await placedOrder(store, shopper, [
        { id: a!, size: "M", quantity: 1 },
        { id: b!, size: "M", quantity: 1 },
      ]);
      await store.services.phonePeSandbox!.decide(placed.merchantOrderId, "approve");
      await reconcileNow(store);
      const order = await orderOf(store, placed.orderId);
      expect(order).toMatchObject({ deliveryPaise: 14_900, totalPaise: 99_900 + 260_000 + 14_900 });
      const [invoice] = await store.services.db
        .select()
        .from(gstDocuments)
        .where(and(eq(gstDocuments.orderId, order.id), eq(gstDocuments.kind, "invoice")));
      expect(invoice!.lines.map((line) => [line.hsn, line.rateBp])).toEqual([
        ["6204", 500],
        ["6204", 1800],
        ["9965", 1800],
      ]);
      // The setting is the rule everywhere: the bag and the pages read it too.
      expect(
        (await post(store, "/api/orders/price-cart", { items: [{ id: a, size: "M", quantity: 1 }] })).json()
          .data,
      ).toMatchObject({ deliveryCharge: 149, total: 1148 });
      const rule = await store.inject({ method: "GET", url: "/api/store/delivery-charge" });
      expect(rule.json().data).toEqual({ freeFrom: 5000, charge: 149 });
    } finally {
      await closeStore();
    }
  });
});

describe("the delivery charge's one accessor", () => {
  it("reads its source for each order, so that a settings page can replace it without touching a caller", async () => {
    let source = { freeFromPaise: 199_900, chargePaise: 9_900 };
    const delivery = createDeliveryCharges({ source: async () => source });
    expect(await delivery.chargeFor(150_000)).toBe(9_900);
    source = { freeFromPaise: 100_000, chargePaise: 4_900 };
    expect(await delivery.chargeFor(150_000)).toBe(0);
    expect(await delivery.chargeFor(50_000)).toBe(4_900);
    expect(await delivery.ruleInRupees()).toEqual({ freeFrom: 1000, charge: 49 });
  });

  it("charges nothing for an empty bag and nothing from the threshold on", () => {
    const rule = { freeFromPaise: 199_900, chargePaise: 9_900 };
    expect(deliveryPaiseFor(0, rule)).toBe(0);
    expect(deliveryPaiseFor(1, rule)).toBe(9_900);
    expect(deliveryPaiseFor(199_899, rule)).toBe(9_900);
    expect(deliveryPaiseFor(199_900, rule)).toBe(0);
  });
});
