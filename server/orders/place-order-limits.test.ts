import { count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "../../contract/accounts-rules";
import { createUserAndLogin, freshIp, mailCount, post, bearer } from "../test-support/accounts";
import { seedCatalog } from "../test-support/catalog-fixture";
import { HOME, placeOrder, shopperWithAddress, stockOf } from "../test-support/checkout";
import { createTestApp } from "../test-support/test-app";
import { outboxEmails } from "../mail/mail.tables";
import { orders } from "./orders.tables";

let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await createTestApp({}, { listen: true }));
});
afterAll(() => close());

const product = async (sizes: Record<string, number> = { M: 20 }) =>
  (await seedCatalog(app, [{ name: "Saffron Half Saree", price: 1899, categoryId: 3, sizes }]))[0]!;

const ordersOf = async (userId: number) =>
  (await app.services.db.select({ n: count() }).from(orders).where(eq(orders.userId, userId)))[0]!.n;

describe("no one account holds more than its share", () => {
  it("50 Place Orders in a burst from one account: refused past the limits with 429, holding at most the allowed stock", async () => {
    const ids = await Promise.all(Array.from({ length: 50 }, () => product({ M: 20 })));
    const shopper = await shopperWithAddress(app);
    const address = freshIp();
    const answers = await Promise.all(
      ids.map((id, index) =>
        placeOrder(
          app,
          shopper.token,
          { items: [{ id, size: "M", quantity: 10 }], addressId: shopper.addressId },
          `burst-${index}-0000`,
          address,
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    // At most 2 orders awaiting payment per account (UNPAID_ORDERS_PER_ACCOUNT), 10 Place Orders per 15 minutes.
    expect(statuses.filter((status) => status === 200)).toHaveLength(2);
    expect(statuses.filter((status) => status === 429)).toHaveLength(48);
    const refusals = answers.filter((a) => a.statusCode === 429);
    const messages = new Set(refusals.map((a) => a.json().message.replace(/\d+ minutes/, "N minutes")));
    expect(messages).toEqual(
      new Set([
        "You have 2 orders waiting for payment. Pay for or cancel one of them in My Orders before placing another.",
        "Too many orders placed. Please try again in N minutes.",
      ]),
    );
    // The rate limit says when to come back.
    for (const refusal of refusals.filter((a) => a.json().message.startsWith("Too many")))
      expect(Number(refusal.headers["retry-after"])).toBeGreaterThan(800);
    expect(await ordersOf(shopper.id)).toBe(2);
    const stock = await Promise.all(ids.map((id) => stockOf(app, id, "M")));
    expect(stock.reduce<number>((held, left) => held + (20 - left!), 0)).toBe(20);
  });

  it("at most 30 pieces wait for payment per account", async () => {
    const [first, second] = [await product(), await product()];
    const shopper = await shopperWithAddress(app);
    const big = await placeOrder(app, shopper.token, {
      items: [{ id: first, size: "M", quantity: 10 }],
      addressId: shopper.addressId,
    });
    expect(big.statusCode, big.body).toBe(200);
    const more = await seedCatalog(app, [
      { name: "Lotus Lehenga", price: 5999, categoryId: 2, sizes: { S: 10, M: 10, L: 10 } },
    ]);
    const refused = await placeOrder(app, shopper.token, {
      items: [
        { id: more[0], size: "S", quantity: 10 },
        { id: more[0], size: "M", quantity: 10 },
        { id: second, size: "M", quantity: 1 },
      ],
      addressId: shopper.addressId,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      "At most 30 pieces can wait for payment at once. Pay for or cancel an order in My Orders before placing another.",
    );
    expect(await stockOf(app, more[0]!, "S")).toBe(10);
    expect(await stockOf(app, second, "M")).toBe(20);
  });

  it("at most 10 orders wait for payment from one client address, whoever places them", async () => {
    const id = await product({ M: 20 });
    const address = freshIp();
    const shoppers = await Promise.all(Array.from({ length: 11 }, () => shopperWithAddress(app)));
    const answers = [];
    for (const shopper of shoppers)
      answers.push(
        await placeOrder(
          app,
          shopper.token,
          { items: [{ id, size: "M", quantity: 1 }], addressId: shopper.addressId },
          undefined,
          address,
        ),
      );
    expect(answers.slice(0, 10).map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(answers[10]!.statusCode).toBe(429);
    expect(answers[10]!.json().message).toBe(
      "Too many orders from your network are waiting for payment. Please try again in a few minutes.",
    );
    expect(await stockOf(app, id, "M")).toBe(10);
  });
});

describe("idempotency and caps that cannot be split", () => {
  it("the same Idempotency-Key with a different request is 422 and writes nothing", async () => {
    const id = await product();
    const shopper = await shopperWithAddress(app);
    const key = "checkout-attempt-mismatch";
    const first = await placeOrder(
      app,
      shopper.token,
      { items: [{ id, size: "M", quantity: 1 }], addressId: shopper.addressId },
      key,
    );
    expect(first.statusCode).toBe(200);
    const same = await placeOrder(
      app,
      shopper.token,
      { items: [{ id, size: "M", quantity: 1 }], addressId: shopper.addressId },
      key,
    );
    expect(same.json().data.orderId).toBe(first.json().data.orderId);
    const other = await placeOrder(
      app,
      shopper.token,
      { items: [{ id, size: "M", quantity: 3 }], addressId: shopper.addressId },
      key,
    );
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(
      "This Idempotency-Key was already used for a different order. Use a new key for a new order.",
    );
    expect(await ordersOf(shopper.id)).toBe(1);
    expect(await stockOf(app, id, "M")).toBe(19);
  });

  it("the per-line cap counts a product and size across all lines, whatever their tailoring", async () => {
    const [id] = await seedCatalog(app, [
      {
        name: "Ivory Anarkali",
        price: 2999,
        categoryId: 1,
        sizes: { M: 20 },
        customizations: [{ name: "Sleeve Length", charge: 200 }],
      },
    ]);
    const shopper = await shopperWithAddress(app);
    const sleeve = (inches: number) => ({
      options: ["Sleeve Length"],
      unit: "in" as const,
      measurements: { sleeve: inches },
      note: "",
    });
    const split = await placeOrder(app, shopper.token, {
      items: [
        { id, size: "M", quantity: 6 },
        { id, size: "M", quantity: 3, customization: sleeve(10) },
        { id, size: "M", quantity: 2, customization: sleeve(12) },
      ],
      addressId: shopper.addressId,
    });
    expect(split.statusCode, split.body).toBe(400);
    expect(split.json()).toMatchObject({
      message: "At most 10 pieces of one product in one size in an order.",
      errors: { "items.2.quantity": "At most 10 pieces of one product in one size in an order." },
    });
    expect(await stockOf(app, id!, "M")).toBe(20);
  });
});

describe("a production store without PhonePe", () => {
  // A store of its own, made in a hook (its time is the hook's, not the test's).
  let closed: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    closed = await createTestApp({ env: "production", phonePe: null });
  });
  afterAll(() => closed.close());

  it("refuses Place Order before any order is written or mailed", async () => {
    const [id] = await seedCatalog(closed.app, [
      { name: "Kids Lehenga", price: 1499, categoryId: 5, sizes: { "4-5": 3 } },
    ]);
    const { token, email } = await createUserAndLogin(closed.app, ROLE.customer);
    const response = await placeOrder(closed.app, token, {
      items: [{ id, size: "4-5", quantity: 1 }],
      shippingAddress: {
        fullName: HOME.name,
        address: HOME.address,
        city: HOME.city,
        state: HOME.state,
        country: "India",
        postalCode: HOME.pincode,
        phone: HOME.phone,
      },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe("Unable to start the payment. Please try again in a few minutes.");
    expect(await closed.app.services.db.select().from(orders)).toEqual([]);
    expect(await stockOf(closed.app, id!, "4-5")).toBe(3);
    expect(await mailCount(closed.app, email)).toBe(0);
    expect(await closed.app.services.db.select().from(outboxEmails)).toEqual([]);
  });
});

describe("price-cart", () => {
  it("is the same for guests and shoppers without orders awaiting payment", async () => {
    const id = await product({ M: 1 });
    const shopper = await shopperWithAddress(app);
    const items = [{ id, size: "M", quantity: 1 }];
    const signedIn = await post(app, "/api/orders/price-cart", { items }, bearer(shopper.token));
    const guest = await post(app, "/api/orders/price-cart", { items });
    expect(signedIn.json().data).toEqual(guest.json().data);
    expect(guest.json().data.lines[0]).toMatchObject({ problem: null, orderId: null });
  });
});
