import { count } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "../../contract/accounts-rules";
import { bearer, createUserAndLogin, lastMailTo, mailCount, post } from "../test-support/accounts";
import { seedCatalog } from "../test-support/catalog-fixture";
import {
  HOME,
  historyOf,
  orderOf,
  paymentOf,
  placeOrder,
  shopperWithAddress,
  stockOf,
} from "../test-support/checkout";
import { createTestApp } from "../test-support/test-app";
import { orders } from "./orders.tables";
import { payments } from "../payments/payments.tables";

let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await createTestApp({}, { listen: true }));
});
afterAll(() => close());

const product = async (sizes: Record<string, number> = { S: 5, M: 5 }, price = 2499) =>
  (await seedCatalog(app, [{ name: "Rani Pink Anarkali", price, categoryId: 1, sizes }]))[0]!;

const orderCount = async () => (await app.services.db.select({ n: count() }).from(orders))[0]!.n;
const paymentCount = async () => (await app.services.db.select({ n: count() }).from(payments))[0]!.n;

describe("POST /api/orders/place-order", () => {
  it("prices the bag from the database, reserves its stock and opens PhonePe's checkout page", async () => {
    const id = await product({ S: 5, M: 2 });
    const other = await product({ L: 1 }, 899.5);
    const shopper = await shopperWithAddress(app);
    const response = await placeOrder(app, shopper.token, {
      items: [
        { id, name: "Rani Pink Anarkali", price: 2499, size: "M", quantity: 2 },
        { id: other, price: 899.5, size: "L", quantity: 1 },
      ],
      addressId: shopper.addressId,
      totalAmount: 5897.5,
      redirectUrl: "/payment/callback",
    });
    expect(response.statusCode, response.body).toBe(200);
    const { orderId, phonePe } = response.json().data;
    expect(orderId).toMatch(/^RB[2-9A-HJ-NP-Z]{10}$/);
    expect(phonePe.checkoutUrl).toContain("/phonepe-sandbox/pay?token=");

    const order = await orderOf(app, orderId);
    expect(order).toMatchObject({
      status: "Pending",
      paymentStatus: "Initiated",
      subtotalPaise: 589750,
      deliveryPaise: 0,
      totalPaise: 589750,
    });
    expect(order.shippingAddress).toMatchObject({
      fullName: "Kavya Reddy",
      postalCode: "500034",
      email: shopper.email,
    });
    expect(await stockOf(app, id, "M")).toBe(0);
    expect(await stockOf(app, id, "S")).toBe(5);
    expect(await stockOf(app, other, "L")).toBe(0);

    const payment = await paymentOf(app, orderId);
    expect(payment).toMatchObject({ state: "PENDING", amountPaise: 589750, merchantOrderId: `${orderId}-1` });
    expect((await lastMailTo(app, shopper.email))!.subject).toContain(`order ${orderId} placed`);
    expect((await historyOf(app, orderId)).map((e) => `${e.subject}:${e.to}`)).toEqual([
      "order:Pending",
      "stock:reserved",
      "payment:CREATED",
      "payment:PENDING",
    ]);
  });

  it("sends PhonePe's shopper back to the callback page of this order", async () => {
    const id = await product();
    const shopper = await shopperWithAddress(app);
    const response = await placeOrder(app, shopper.token, {
      items: [{ id, size: "S", quantity: 1 }],
      addressId: shopper.addressId,
    });
    const { orderId } = response.json().data;
    const sandbox = await app.services.db.execute(
      `select redirect_url from phonepe_sandbox_orders where merchant_order_id = '${orderId}-1'`,
    );
    const url = new URL((sandbox as unknown as { rows: { redirect_url: string }[] }).rows[0]!.redirect_url);
    expect(url.pathname).toBe("/payment/callback");
    expect(url.searchParams.get("orderId")).toBe(orderId);
  });

  it("accepts the spec's shippingAddress instead of a saved address", async () => {
    const id = await product();
    const { token } = await createUserAndLogin(app, ROLE.customer);
    const response = await placeOrder(app, token, {
      items: [{ id, size: "S", quantity: 1 }],
      shippingAddress: {
        fullName: "Lakshmi Rao",
        address: "12 MG Road",
        city: "Bengaluru",
        state: "Karnataka",
        country: "India",
        postalCode: "560001",
        phone: "+91 99000 11223",
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await orderOf(app, response.json().data.orderId)).shippingAddress).toMatchObject({
      fullName: "Lakshmi Rao",
      phone: "9900011223",
      postalCode: "560001",
    });
  });

  describe("bad input gets a 4xx in the envelope and changes nothing", () => {
    it.each([
      ["an empty bag", { items: [] }, 400, "Your cart is empty"],
      ["no bag", { items: undefined }, 400, "Your cart is empty"],
      ["no address", { addressId: undefined }, 400, "Select delivery address"],
      [
        "no payment method",
        { paymentMethod: undefined },
        400,
        "Please choose a payment option before continuing.",
      ],
      [
        "a way to pay the store does not take",
        { paymentMethod: "upi" },
        400,
        "Please choose a payment option before continuing.",
      ],
      ["quantity 0", { quantity: 0 }, 400, "Quantity must be a whole number from 1 to 10."],
      ["a negative quantity", { quantity: -2 }, 400, "Quantity must be a whole number from 1 to 10."],
      ["a fractional quantity", { quantity: 1.5 }, 400, "Quantity must be a whole number from 1 to 10."],
      ["a huge quantity", { quantity: 1e9 }, 400, "Quantity must be a whole number from 1 to 10."],
      ["a quantity as text", { quantity: "2" }, 400, "Quantity must be a whole number from 1 to 10."],
      ["a size not in the list", { size: "XXXXL" }, 400, "Please select a size for every item."],
      ["a size the product lacks", { size: "XL" }, 400, "Rani Pink Anarkali is not available in size XL."],
      ["an unknown product", { id: 999_999 }, 404, "A product in your bag is no longer available."],
      ["a product id past PostgreSQL's integer", { id: 9_007_199_254_740_991 }, 400, "Invalid product ID"],
      [
        "a tampered price",
        { price: 1 },
        409,
        "Prices in your bag have changed. Please review your order before paying.",
      ],
      [
        "a tampered total",
        { totalAmount: 10 },
        409,
        "Prices in your bag have changed. Please review your order before paying.",
      ],
      [
        "a redirect to another site",
        { redirectUrl: "https://evil.example/payment/callback" },
        400,
        "The redirect URL must be this store's payment page, /payment/callback.",
      ],
      [
        "a redirect to another address of the store",
        { redirectUrl: "/api/products/delete-product?id=1" },
        400,
        "The redirect URL must be this store's payment page, /payment/callback.",
      ],
      [
        "a protocol-relative redirect",
        { redirectUrl: "//evil.example/x" },
        400,
        "The redirect URL must be this store's payment page, /payment/callback.",
      ],
    ])("%s", async (_name, change, status, message) => {
      const id = await product();
      const shopper = await shopperWithAddress(app);
      const {
        quantity = 1,
        size = "S",
        price,
        id: productId = id,
        ...rest
      } = change as Record<string, unknown>;
      const item = { id: productId, size, quantity, ...(price === undefined ? {} : { price }) };
      const body = { items: [item], addressId: shopper.addressId, paymentMethod: "phonePe", ...rest };
      const [ordersBefore, paymentsBefore] = [await orderCount(), await paymentCount()];

      const response = await app.inject({
        method: "POST",
        url: "/api/orders/place-order",
        headers: { "content-type": "application/json", ...bearer(shopper.token) },
        payload: JSON.stringify(body),
      });
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toMatchObject({ code: status, message });
      expect(await orderCount()).toBe(ordersBefore);
      expect(await paymentCount()).toBe(paymentsBefore);
      expect(await stockOf(app, id, "S")).toBe(5);
    });

    it("another shopper's address: 'Invalid Address'", async () => {
      const id = await product();
      const owner = await shopperWithAddress(app);
      const stranger = await shopperWithAddress(app);
      const before = await orderCount();
      const response = await placeOrder(app, stranger.token, {
        items: [{ id, size: "S", quantity: 1 }],
        addressId: owner.addressId,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe("Invalid Address");
      expect(await orderCount()).toBe(before);
      expect(await stockOf(app, id, "S")).toBe(5);
    });

    it("a deleted product", async () => {
      const [id] = await seedCatalog(app, [
        { name: "Old Half Saree", price: 1999, categoryId: 3, deleted: true },
      ]);
      const shopper = await shopperWithAddress(app);
      const response = await placeOrder(app, shopper.token, {
        items: [{ id, size: "S", quantity: 1 }],
        addressId: shopper.addressId,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe("A product in your bag is no longer available.");
    });

    it("a shipping address with a bad pincode", async () => {
      const id = await product();
      const { token } = await createUserAndLogin(app, ROLE.customer);
      const response = await placeOrder(app, token, {
        items: [{ id, size: "S", quantity: 1 }],
        shippingAddress: {
          fullName: "Asha Rao",
          address: "12 MG Road, Fort",
          city: "Mumbai",
          state: "Maharashtra",
          country: "India",
          postalCode: "12",
          phone: "9848012345",
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: "Invalid Address",
        errors: { shippingAddress: "Enter a valid 6-digit pincode." },
      });
    });

    it("no session: 401", async () => {
      const id = await product();
      const response = await post(app, "/api/orders/place-order", {
        items: [{ id, size: "S", quantity: 1 }],
        paymentMethod: "phonePe",
        shippingAddress: HOME,
      });
      expect(response.statusCode).toBe(401);
    });
  });

  it("a size with too little stock says how many are left; a sold-out one says so", async () => {
    const id = await product({ S: 2, M: 0 });
    const shopper = await shopperWithAddress(app);
    const few = await placeOrder(app, shopper.token, {
      items: [{ id, size: "S", quantity: 3 }],
      addressId: shopper.addressId,
    });
    expect(few.statusCode).toBe(409);
    expect(few.json().message).toBe("Only 2 left of Rani Pink Anarkali in size S.");
    const none = await placeOrder(app, shopper.token, {
      items: [{ id, size: "M", quantity: 1 }],
      addressId: shopper.addressId,
    });
    expect(none.json().message).toBe("Rani Pink Anarkali in size M is sold out.");
    expect(await stockOf(app, id, "S")).toBe(2);
  });

  it("an order past what PostgreSQL's integer holds in paise is refused before anything is written", async () => {
    // ₹1,00,00,000 is the most a product may cost; three of them are 3,000,000,000 paise.
    const id = await product({ S: 5 }, 10_000_000);
    const shopper = await shopperWithAddress(app);
    const huge = await placeOrder(app, shopper.token, {
      items: [{ id, size: "S", quantity: 3 }],
      addressId: shopper.addressId,
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe(
      "An order can be at most ₹2,00,00,000. Please place a smaller order, or contact us.",
    );
    expect(await stockOf(app, id, "S")).toBe(5);
    const two = await placeOrder(app, shopper.token, {
      items: [{ id, size: "S", quantity: 2 }],
      addressId: shopper.addressId,
    });
    expect(two.statusCode).toBe(200);
  });

  it("the same line twice in a bag counts as one, within the line limit", async () => {
    const id = await product({ S: 20 });
    const shopper = await shopperWithAddress(app);
    const twice = await placeOrder(app, shopper.token, {
      items: [
        { id, size: "S", quantity: 6 },
        { id, size: "S", quantity: 5 },
      ],
      addressId: shopper.addressId,
    });
    expect(twice.statusCode).toBe(400);
    const ok = await placeOrder(app, shopper.token, {
      items: [
        { id, size: "S", quantity: 4 },
        { id, size: "S", quantity: 5 },
      ],
      addressId: shopper.addressId,
    });
    expect(ok.statusCode).toBe(200);
    expect(await stockOf(app, id, "S")).toBe(11);
  });

  it("a double-clicked or retried Place Order makes one order and one payment", async () => {
    const id = await product({ S: 5 });
    const shopper = await shopperWithAddress(app);
    const body = { items: [{ id, size: "S", quantity: 1 }], addressId: shopper.addressId };
    const key = "checkout-attempt-0001";
    const [first, second] = await Promise.all([
      placeOrder(app, shopper.token, body, key),
      placeOrder(app, shopper.token, body, key),
    ]);
    const third = await placeOrder(app, shopper.token, body, key);
    const answers = [first, second, third].filter((r) => r.statusCode === 200).map((r) => r.json().data);
    // The two at once: one creates, the other finds it (with its page, or 'being placed' while PhonePe answers).
    for (const response of [first, second]) expect([200, 409]).toContain(response.statusCode);
    expect(third.statusCode).toBe(200);
    expect(new Set(answers.map((a) => a.orderId)).size).toBe(1);
    expect(new Set(answers.map((a) => a.phonePe.checkoutUrl)).size).toBe(1);
    expect(await stockOf(app, id, "S")).toBe(4);
    const order = await orderOf(app, answers[0].orderId);
    const rows = await app.services.db.select().from(payments);
    expect(rows.filter((p) => p.orderId === order.id)).toHaveLength(1);
  });

  it("never sells more than there is, however many shoppers ask at once", async () => {
    const id = await product({ M: 3 });
    const shoppers = await Promise.all(Array.from({ length: 8 }, () => shopperWithAddress(app)));
    const responses = await Promise.all(
      shoppers.map((s) =>
        placeOrder(app, s.token, { items: [{ id, size: "M", quantity: 1 }], addressId: s.addressId }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(5);
    expect(await stockOf(app, id, "M")).toBe(0);
  });
});

describe("when PhonePe cannot be reached", () => {
  // A store of its own, made in a hook (its time is the hook's, not the test's).
  let down: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    down = await createTestApp({
      phonePe: {
        sandbox: false,
        settings: {
          oauthBaseUrl: "http://127.0.0.1:9",
          pgBaseUrl: "http://127.0.0.1:9",
          clientId: "NOBODY",
          clientSecret: "nothing-listens-here",
          clientVersion: "1",
          webhookUsername: "no_hook",
          webhookPassword: "nohook123",
        },
      },
    });
  });
  afterAll(() => down.close());

  it("Place Order answers 502, gives the stock back and lets the same checkout attempt try again", async () => {
    const [id] = await seedCatalog(down.app, [
      { name: "Kids Pattu Pavadai", price: 1299, categoryId: 5, sizes: { "4-5": 1 } },
    ]);
    const shopper = await shopperWithAddress(down.app);
    const body = { items: [{ id, size: "4-5", quantity: 1 }], addressId: shopper.addressId };
    const response = await placeOrder(down.app, shopper.token, body, "checkout-attempt-down");
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe("Unable to start the payment. Please try again in a few minutes.");
    expect(await stockOf(down.app, id!, "4-5")).toBe(1);
    const again = await placeOrder(down.app, shopper.token, body, "checkout-attempt-down");
    expect(again.statusCode).toBe(502);
    expect(await stockOf(down.app, id!, "4-5")).toBe(1);
    // An order that could not even start a payment mails nothing.
    expect(await mailCount(down.app, shopper.email)).toBe(0);
  });
});

describe("POST /api/orders/price-cart", () => {
  it("prices the bag line by line and names what stands in the way before paying", async () => {
    const id = await product({ S: 1, M: 0, L: 5 }, 2499);
    const [gone] = await seedCatalog(app, [
      { name: "Gone Lehenga", price: 5000, categoryId: 2, deleted: true },
    ]);
    const response = await post(app, "/api/orders/price-cart", {
      items: [
        { id, size: "L", quantity: 2, price: 2499 },
        { id, size: "S", quantity: 2, price: 2499 },
        { id, size: "M", quantity: 1 },
        { id, size: "XL", quantity: 1 },
        { id: gone, size: "S", quantity: 1 },
        { id, size: "L", quantity: 1, price: 1999 },
      ],
    });
    expect(response.statusCode).toBe(200);
    const { lines, subtotal, total, deliveryCharge, orderable } = response.json().data;
    expect(lines.map((l: { problem: string | null }) => l.problem)).toEqual([
      null,
      "short",
      "sold-out",
      "size-unavailable",
      "unavailable",
      "price-changed",
    ]);
    expect(lines[1].message).toBe("Only 1 left of Rani Pink Anarkali in size S.");
    expect(lines[5].message).toBe("The price is now ₹2,499 (was ₹1,999).");
    expect(lines[0]).toMatchObject({ name: "Rani Pink Anarkali", price: 2499, available: 5 });
    expect({ subtotal, deliveryCharge, total, orderable }).toEqual({
      subtotal: 2499 * 5,
      deliveryCharge: 0,
      total: 2499 * 5,
      orderable: false,
    });
    const fine = await post(app, "/api/orders/price-cart", { items: [{ id, size: "L", quantity: 2 }] });
    expect(fine.json().data).toMatchObject({ orderable: true, total: 4998 });
  });
});
