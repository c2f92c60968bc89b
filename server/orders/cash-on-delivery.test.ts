import { and, count, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ROLE } from "../../contract/accounts-rules";
import { COD_MESSAGES } from "../../contract/cash-on-delivery";
import { SHIPPING_MESSAGES } from "../../contract/shipping";
import { Unavailable } from "../lib/errors";
import { bearer, createUserAndLogin, lastMailTo, post } from "../test-support/accounts";
import { malformed, type TestApi } from "../test-support/api-client";
import { seedCatalog } from "../test-support/catalog-fixture";
import { pdfText } from "../test-support/pdf-text";
import {
  attemptsOf,
  decide,
  historyOf,
  orderOf,
  payAgain,
  placeOrder,
  reconcileNow,
  shopperWithAddress,
  stockOf,
} from "../test-support/checkout";
import { startTestApp } from "../test-support/test-app";
import { gstDocuments } from "../gst/gst.tables";
import { codConfirmationLinks, orders } from "./orders.tables";

let app: FastifyInstance;
let api: TestApi;
let owner: { token: string };
let staff: { token: string };

beforeAll(async () => {
  // Listening: the store asks the built-in Delhivery sandbox over HTTP whether it collects cash at a pincode.
  ({ app, api } = await startTestApp({}, { listen: true }));
  owner = await createUserAndLogin(app, ROLE.superAdmin);
  staff = await createUserAndLogin(app, ROLE.admin);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await api.as(owner.token).updateStoreSettings({
    codMaxOrder: 10_000,
    codOpenOrders: 2,
    codConfirmHours: 48,
    codCustomised: "no",
    codFee: 0,
    prepaidDiscount: 0,
  });
  app.services.settings.forget();
});

const product = async (stock = 5, price = 2499) =>
  (await seedCatalog(app, [{ name: "Rani Pink Anarkali", price, categoryId: 1, sizes: { M: stock } }]))[0]!;

const placeCod = (token: string, addressId: number, id: number, extra: Record<string, unknown> = {}) =>
  placeOrder(app, token, {
    items: [{ id, size: "M", quantity: 1 }],
    addressId,
    paymentMethod: "COD",
    ...extra,
  });

const orderCount = async () => (await app.services.db.select({ n: count() }).from(orders))[0]!.n;

/** An order's GST invoice, by the order's row id. */
const invoiceOf = async (orderPk: number) =>
  (
    await app.services.db
      .select()
      .from(gstDocuments)
      .where(and(eq(gstDocuments.orderId, orderPk), eq(gstDocuments.kind, "invoice")))
  )[0]!;

async function codOrder() {
  const id = await product();
  const shopper = await shopperWithAddress(app);
  const placed = await placeCod(shopper.token, shopper.addressId, id);
  expect(placed.statusCode, placed.body).toBe(200);
  return { id, shopper, orderId: placed.json().data.orderId as string };
}

const confirm = (token: string, orderId: string) => api.as(token).confirmCod({ orderId });
const setStatus = (orderId: string, status: string, extra: Record<string, string> = {}) =>
  post(app, "/api/orders/update-order-status", { orderId, status, ...extra }, bearer(staff.token));

describe("placing a Cash on Delivery order", () => {
  it("reserves the stock, asks PhonePe nothing, holds the pieces 48 hours and sends the shopper to her order", async () => {
    const { id, orderId } = await codOrder();
    const order = await orderOf(app, orderId);
    expect(order).toMatchObject({
      status: "Pending",
      paymentStatus: "Initiated",
      paymentMethod: "COD",
      paidAt: null,
    });
    expect(await stockOf(app, id, "M")).toBe(4);
    expect(await attemptsOf(app, orderId)).toEqual([]);
    const hours = (order.reservedUntil.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);
    expect((await historyOf(app, orderId)).map((e) => `${e.subject}:${e.to}`)).toEqual([
      "order:Pending",
      "stock:reserved",
      "payment:cash on delivery",
    ]);
  });

  it("answers a retried Place Order with the same order", async () => {
    const id = await product();
    const shopper = await shopperWithAddress(app);
    const body = {
      items: [{ id, size: "M", quantity: 1 }],
      addressId: shopper.addressId,
      paymentMethod: "COD",
    };
    const first = await placeOrder(app, shopper.token, body, "cod-key-1");
    const again = await placeOrder(app, shopper.token, body, "cod-key-1");
    expect(again.json().data.orderId).toBe(first.json().data.orderId);
    expect(again.json().data.phonePe.checkoutUrl).toMatch(
      new RegExp(`/orders/${first.json().data.orderId}$`),
    );
    expect(await stockOf(app, id, "M")).toBe(4);
  });
});

describe("the rules, each refusal in the shopper's words and changing nothing", () => {
  async function refused(extra: { pincode?: string } = {}) {
    const id = await product(5, 2499);
    const shopper = await shopperWithAddress(app);
    let addressId = shopper.addressId;
    if (extra.pincode) {
      const added = await post(
        app,
        "/api/addresses/add-address",
        {
          name: "Anita Das",
          phone: "98480 12345",
          address: "12 Aberdeen Bazaar",
          city: "Port Blair",
          state: "Andaman and Nicobar Islands",
          country: "India",
          pincode: extra.pincode,
        },
        bearer(shopper.token),
      );
      expect(added.statusCode, added.body).toBe(200);
      addressId = added.json().data.id;
    }
    const before = await orderCount();
    const line = { id, size: "M", quantity: 1 };
    const response = await placeOrder(app, shopper.token, { items: [line], addressId, paymentMethod: "COD" });
    expect(await orderCount()).toBe(before);
    expect(await stockOf(app, id, "M")).toBe(5);
    return response;
  }

  it("is off when the owner sets its maximum to ₹0", async () => {
    await api.as(owner.token).updateStoreSettings({ codMaxOrder: 0 });
    const response = await refused();
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(COD_MESSAGES.off);
  });

  it("is for bags up to the owner's maximum", async () => {
    await api.as(owner.token).updateStoreSettings({ codMaxOrder: 2000 });
    const response = await refused();
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(COD_MESSAGES.overLimit(2000_00));
    expect(response.json().message).toContain("₹2,000");
  });

  it("is not where the courier collects no cash (Port Blair)", async () => {
    const response = await refused({ pincode: "744101" });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(COD_MESSAGES.pincode("744101"));
  });

  it("says so when the courier cannot be asked", async () => {
    // The sandbox's failure knob is a row of the database the PostgreSQL run shares between test files
    // (delivery-check.test.ts turns it on and off): the courier's check fails here alone.
    vi.spyOn(app.services.shipping.deliveryCheck, "check").mockRejectedValue(
      new Unavailable(SHIPPING_MESSAGES.unavailable),
    );
    const shopper = await shopperWithAddress(app);
    const id = await product();
    const response = await placeCod(shopper.token, shopper.addressId, id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(COD_MESSAGES.courierUnavailable);
    expect(await stockOf(app, id, "M")).toBe(5);
  });

  it("allows a shopper the owner's number of cash orders on their way, and not one more", async () => {
    const shopper = await shopperWithAddress(app);
    for (let n = 0; n < 2; n += 1) {
      const placed = await placeCod(shopper.token, shopper.addressId, await product());
      expect(placed.statusCode, placed.body).toBe(200);
    }
    const id = await product();
    const third = await placeCod(shopper.token, shopper.addressId, id);
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe(COD_MESSAGES.tooManyOpen(2));
    expect(await stockOf(app, id, "M")).toBe(5);
    // The checkout page is told the same before the last step.
    const option = await api.as(shopper.token).codOption({ pincode: "500034", subtotal: 2499 });
    expect(option.body.data).toEqual({
      offered: false,
      reason: COD_MESSAGES.tooManyOpen(2),
      fee: 0,
      prepaidDiscount: 0,
    });
  });

  it("tells the checkout page when it is offered", async () => {
    const shopper = await shopperWithAddress(app);
    const yes = await api.as(shopper.token).codOption({ pincode: "500034", subtotal: 2499 });
    expect(yes.body.data).toEqual({ offered: true, reason: null, fee: 0, prepaidDiscount: 0 });
    const customised = await api
      .as(shopper.token)
      .codOption({ pincode: "500034", subtotal: 2499, customised: true });
    expect(customised.body.data.reason).toBe(COD_MESSAGES.customised);
    // The owner may allow pieces made to measure too.
    expect((await api.as(owner.token).updateStoreSettings({ codCustomised: "yes" })).status).toBe(200);
    app.services.settings.forget();
    const allowed = await api
      .as(shopper.token)
      .codOption({ pincode: "500034", subtotal: 2499, customised: true });
    expect(allowed.body.data).toEqual({ offered: true, reason: null, fee: 0, prepaidDiscount: 0 });
    expect((await api.codOption({ pincode: "500034" })).status).toBe(401);
    expect((await api.as(shopper.token).codOption(malformed({ pincode: "5000" }))).status).toBe(400);
  });
});

describe("confirming", () => {
  it("by the shopper moves the order to Processing once; another shopper cannot; a PhonePe order is not confirmed", async () => {
    const { shopper, orderId } = await codOrder();
    const first = await confirm(shopper.token, orderId);
    expect(first.body.message).toBe(COD_MESSAGES.confirmed);
    expect(first.body.data.orderStatus).toBe("Processing");
    expect((await confirm(shopper.token, orderId)).body.message).toBe(COD_MESSAGES.alreadyConfirmed);
    const history = await historyOf(app, orderId);
    expect(history.filter((e) => e.subject === "order" && e.to === "Processing")).toHaveLength(1);

    const stranger = await createUserAndLogin(app, ROLE.customer);
    expect((await confirm(stranger.token, orderId)).status).toBe(404);

    const id = await product();
    const phonePe = await placeOrder(app, shopper.token, {
      items: [{ id, size: "M", quantity: 1 }],
      addressId: shopper.addressId,
    });
    const refused = await confirm(shopper.token, phonePe.json().data.orderId);
    expect(refused.status).toBe(409);
    expect(refused.error.message).toBe(COD_MESSAGES.notCod);
  });

  it("by staff on the phone keeps their note; a note is required", async () => {
    const { orderId } = await codOrder();
    expect((await api.as(staff.token).staffConfirmCod(malformed({ orderId, note: " " }))).status).toBe(400);
    const confirmed = await api
      .as(staff.token)
      .staffConfirmCod({ orderId, note: "called at 11:05, she said yes" });
    expect(confirmed.body.data.order.orderStatus).toBe("Processing");
    const event = (await historyOf(app, orderId)).find((e) => e.to === "Processing")!;
    expect(event.note).toBe("confirmed by phone: called at 11:05, she said yes");
    const shopper = await createUserAndLogin(app, ROLE.customer);
    expect((await api.as(shopper.token).staffConfirmCod({ orderId, note: "x" })).status).toBe(403);
  });

  it("by the one-tap link of the mail, without signing in: good until the hold ends, for its order only", async () => {
    const { shopper, orderId } = await codOrder();
    const mail = (await lastMailTo(app, shopper.email))!;
    expect(mail.subject).toContain(`please confirm your order ${orderId}`);
    const link = new URL(/Confirm my order: (\S+)/.exec(mail.text)![1]!);
    expect(link.pathname).toBe(`/orders/${orderId}/confirm`);
    const token = link.searchParams.get("token")!;
    const other = await codOrder();
    for (const wrong of [
      { orderId, token: token.slice(0, -2) + (token.endsWith("AA") ? "BB" : "AA") },
      { orderId: other.orderId, token },
    ]) {
      const refused = await api.confirmCodByLink(wrong);
      expect(refused.status).toBe(404);
      expect(refused.error.message).toBe(COD_MESSAGES.linkInvalid);
    }
    expect((await orderOf(app, other.orderId)).status).toBe("Pending");
    const shown = await api.codLink({ orderId, token });
    expect(shown.body.data).toMatchObject({ orderId, orderStatus: "Pending", totalAmount: 2499 });
    const confirmed = await api.confirmCodByLink({ orderId, token });
    expect(confirmed.body).toMatchObject({
      message: COD_MESSAGES.confirmed,
      data: { orderStatus: "Processing" },
    });
    expect((await historyOf(app, orderId)).find((e) => e.to === "Processing")!.note).toBe(
      "confirmed by the link in the mail",
    );
    expect((await api.confirmCodByLink({ orderId, token })).body.message).toBe(COD_MESSAGES.alreadyConfirmed);
    // Once the hold has ended, the link is no more.
    await app.services.db
      .update(codConfirmationLinks)
      .set({ expiresAt: sql`now()` })
      .where(eq(codConfirmationLinks.orderId, (await orderOf(app, orderId)).id));
    expect((await api.codLink({ orderId, token })).status).toBe(404);
  });

  it("staff find the cash orders waiting for confirmation apart from the others", async () => {
    const { orderId } = await codOrder();
    const shopper = await shopperWithAddress(app);
    const card = await placeOrder(app, shopper.token, {
      items: [{ id: await product(), size: "M", quantity: 1 }],
      addressId: shopper.addressId,
    });
    const listed = await api
      .as(staff.token)
      .adminOrders({ status: "Pending", paymentMethod: "COD", page: 1, limit: 50 });
    const ids = listed.body.data.map((order) => order.orderId);
    expect(ids).toContain(orderId);
    expect(ids).not.toContain(card.json().data.orderId);
    expect(listed.body.data.every((order) => order.paymentMethod === "COD")).toBe(true);
    expect(listed.body.pagination.total).toBe(ids.length);
  });

  it("never comes: the order is cancelled when its hours end, its stock released once, and it cannot be confirmed after", async () => {
    const { id, shopper, orderId } = await codOrder();
    await app.services.db
      .update(orders)
      .set({ reservedUntil: sql`now() - interval '1 minute'` })
      .where(eq(orders.publicId, orderId));
    await reconcileNow(app);
    await reconcileNow(app);
    expect(await orderOf(app, orderId)).toMatchObject({ status: "Cancelled", paymentStatus: "Failed" });
    expect(await stockOf(app, id, "M")).toBe(5);
    const history = await historyOf(app, orderId);
    expect(history.filter((e) => e.subject === "stock" && e.to === "released")).toHaveLength(1);
    expect(history.find((e) => e.to === "Cancelled")!.note).toContain("not confirmed");
    expect((await confirm(shopper.token, orderId)).status).toBe(409);
  });
});

describe("paying", () => {
  it("online instead: Pay now on the same order makes it a PhonePe order, paid", async () => {
    const { shopper, orderId } = await codOrder();
    const again = await payAgain(app, shopper.token, orderId);
    expect(again.statusCode, again.body).toBe(200);
    const [attempt] = await attemptsOf(app, orderId);
    await decide(app, attempt!.merchantOrderId, "approve");
    await reconcileNow(app);
    expect(await orderOf(app, orderId)).toMatchObject({
      status: "Processing",
      paymentStatus: "Success",
      paymentMethod: "PhonePe",
    });
  });

  it("in cash at the door: delivered, the order is paid and its GST invoice issued and mailed, once", async () => {
    const { shopper, orderId } = await codOrder();
    await confirm(shopper.token, orderId);
    const shipped = await setStatus(orderId, "Shipped", {
      courier: "delhivery",
      trackingNumber: "DL1234567890",
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect((await orderOf(app, orderId)).paidAt).toBeNull();
    expect((await setStatus(orderId, "Delivered")).statusCode).toBe(200);
    const order = await orderOf(app, orderId);
    expect(order).toMatchObject({ status: "Delivered", paymentStatus: "Success", paymentMethod: "COD" });
    expect(order.paidAt).not.toBeNull();
    const invoices = await app.services.db
      .select()
      .from(gstDocuments)
      .where(and(eq(gstDocuments.orderId, order.id), eq(gstDocuments.kind, "invoice")));
    expect(invoices).toHaveLength(1);
    expect((await setStatus(orderId, "Delivered")).statusCode).toBe(409);
    expect(
      (await historyOf(app, orderId)).filter((e) => e.subject === "payment" && e.to === "Success"),
    ).toHaveLength(1);
    expect((await lastMailTo(app, shopper.email))!.subject).toMatch(/delivered/i);
  });

  it("cancelled by staff after confirmation: no refund, no credit note, the stock back once", async () => {
    const { id, shopper, orderId } = await codOrder();
    await confirm(shopper.token, orderId);
    const cancelled = await setStatus(orderId, "Cancelled", { cancelReason: "out-of-stock" });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const order = await orderOf(app, orderId);
    expect(order).toMatchObject({ status: "Cancelled", paymentStatus: "Failed" });
    expect(await stockOf(app, id, "M")).toBe(5);
    const documents = await app.services.db
      .select()
      .from(gstDocuments)
      .where(eq(gstDocuments.orderId, order.id));
    expect(documents).toEqual([]);
  });
});

describe("the owner's fee for paying in cash", () => {
  const withFee = async () => {
    expect((await api.as(owner.token).updateStoreSettings({ codFee: 49 })).status).toBe(200);
    app.services.settings.forget();
  };

  it("is said beside the choice and priced into the checkout's total and GST when cash is chosen, never otherwise", async () => {
    await withFee();
    const id = await product();
    const shopper = await shopperWithAddress(app);
    const option = await api.as(shopper.token).codOption({ pincode: "500034", subtotal: 2499 });
    expect(option.body.data).toEqual({ offered: true, reason: null, fee: 49, prepaidDiscount: 0 });

    const items = [{ id, size: "M" as const, quantity: 1 }];
    const online = (await api.priceCart({ items })).body.data;
    const cash = (await api.priceCart({ items, paymentMethod: "COD" })).body.data;
    expect(online).toMatchObject({ subtotal: 2499, deliveryCharge: 0, total: 2499 });
    expect(online.codFee).toBeUndefined();
    expect(cash).toMatchObject({ subtotal: 2499, deliveryCharge: 0, codFee: 49, total: 2548 });
    // A ₹2,499 piece is at 5 %: the fee at its rate holds 4,900 × 5 / 105 = 233.3, 233 paise.
    expect(Math.round((cash.gstIncluded - online.gstIncluded) * 100)).toBe(233);
  });

  it("is charged on a cash order as the server priced it: a total without it is refused and writes nothing", async () => {
    await withFee();
    const id = await product();
    const shopper = await shopperWithAddress(app);
    const before = await orderCount();
    const stale = await placeCod(shopper.token, shopper.addressId, id, { totalAmount: 2499 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors.totalAmount).toBe("The total is now ₹2,548, with ₹49 for paying in cash.");
    expect(await orderCount()).toBe(before);
    expect(await stockOf(app, id, "M")).toBe(5);

    const placed = await placeCod(shopper.token, shopper.addressId, id, { totalAmount: 2548 });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().data.orderId as string;
    expect(await orderOf(app, orderId)).toMatchObject({ codFeePaise: 4_900, totalPaise: 254_800 });
    const mine = (await api.as(shopper.token).myOrders()).body.data.find((o) => o.orderId === orderId);
    expect(mine).toMatchObject({ codFee: 49, totalAmount: 2548 });

    // Paid online, an order carries no fee.
    const online = await placeOrder(app, shopper.token, {
      items: [{ id: await product(), size: "M", quantity: 1 }],
      addressId: shopper.addressId,
      paymentMethod: "PhonePe",
    });
    expect(online.statusCode, online.body).toBe(200);
    expect(await orderOf(app, online.json().data.orderId)).toMatchObject({
      codFeePaise: 0,
      totalPaise: 249_900,
    });
  });

  it("is a line of the GST invoice issued when the cash is collected", async () => {
    await withFee();
    const { shopper, orderId } = await codOrder();
    await confirm(shopper.token, orderId);
    await setStatus(orderId, "Shipped", { courier: "delhivery", trackingNumber: "DL1234567891" });
    expect((await setStatus(orderId, "Delivered")).statusCode).toBe(200);
    const invoice = await invoiceOf((await orderOf(app, orderId)).id);
    expect(invoice.totalPaise).toBe(254_800);
    expect(invoice.lines.map((line) => [line.description, line.totalPaise])).toEqual([
      ["Rani Pink Anarkali", 249_900],
      ["Cash on Delivery fee", 4_900],
    ]);
    expect(invoice.lines[1]).toMatchObject({ rateBp: 500, taxablePaise: 4_667 });
  });

  it("is saved by paying online instead: PhonePe is asked for the total without it, and the order drops it", async () => {
    await withFee();
    const { shopper, orderId } = await codOrder();
    expect((await payAgain(app, shopper.token, orderId)).statusCode).toBe(200);
    const [attempt] = await attemptsOf(app, orderId);
    expect(attempt!.amountPaise).toBe(249_900);
    await decide(app, attempt!.merchantOrderId, "approve");
    await reconcileNow(app);
    const order = await orderOf(app, orderId);
    expect(order).toMatchObject({ paymentMethod: "PhonePe", codFeePaise: 0, totalPaise: 249_900 });
    const invoice = await invoiceOf(order.id);
    expect(invoice.totalPaise).toBe(249_900);
    expect(invoice.lines.map((line) => line.description)).toEqual(["Rani Pink Anarkali"]);
  });
});

describe("the owner's discount for paying online (the prepaid nudge)", () => {
  const withDiscount = async (prepaidDiscount: number, codFee = 0) => {
    expect((await api.as(owner.token).updateStoreSettings({ prepaidDiscount, codFee })).status).toBe(200);
    app.services.settings.forget();
  };

  it("is off at first, then said beside cash and priced into the total and GST when PhonePe is chosen", async () => {
    const id = await product();
    const shopper = await shopperWithAddress(app);
    const items = [{ id, size: "M" as const, quantity: 1 }];
    expect((await api.priceCart({ items, paymentMethod: "PhonePe" })).body.data.discount).toBeUndefined();

    await withDiscount(50);
    const option = await api.as(shopper.token).codOption({ pincode: "500034", subtotal: 2499 });
    expect(option.body.data).toEqual({ offered: true, reason: null, fee: 0, prepaidDiscount: 50 });
    const none = (await api.priceCart({ items })).body.data;
    const online = (await api.priceCart({ items, paymentMethod: "PhonePe" })).body.data;
    const cash = (await api.priceCart({ items, paymentMethod: "COD" })).body.data;
    expect(none).toMatchObject({ total: 2499 });
    expect(none.discount).toBeUndefined();
    expect(cash.discount).toBeUndefined();
    expect(online).toMatchObject({ subtotal: 2499, deliveryCharge: 0, discount: 50, total: 2449 });
    // The discount lowers the taxable value: ₹50 at 5 % held 238 paise of GST.
    expect(Math.round((none.gstIncluded - online.gstIncluded) * 100)).toBe(238);
    // Never more than the pieces: a ₹30 piece paid online costs its delivery alone.
    const cheap = await product(5, 30);
    const small = await api.priceCart({
      items: [{ id: cheap, size: "M", quantity: 1 }],
      paymentMethod: "PhonePe",
    });
    expect(small.body.data).toMatchObject({ subtotal: 30, discount: 30 });
    expect(small.body.data.total).toBe(small.body.data.deliveryCharge);
  });

  it("is taken off an order paid online as the server priced it, down to PhonePe's amount and the invoice", async () => {
    await withDiscount(50);
    const id = await product();
    const shopper = await shopperWithAddress(app);
    const order = (totalAmount: number) =>
      placeOrder(app, shopper.token, {
        items: [{ id, size: "M", quantity: 1 }],
        addressId: shopper.addressId,
        paymentMethod: "PhonePe",
        totalAmount,
      });
    const stale = await order(2499);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors.totalAmount).toBe("The total is now ₹2,449, with ₹50 off for paying online.");
    expect(await stockOf(app, id, "M")).toBe(5);

    const placed = await order(2449);
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().data.orderId as string;
    expect(await orderOf(app, orderId)).toMatchObject({ prepaidDiscountPaise: 5_000, totalPaise: 244_900 });
    const [attempt] = await attemptsOf(app, orderId);
    expect(attempt!.amountPaise).toBe(244_900);
    const mine = (await api.as(shopper.token).myOrders()).body.data.find((o) => o.orderId === orderId);
    expect(mine).toMatchObject({ prepaidDiscount: 50, totalAmount: 2449, payOnlineSaves: 0 });

    await decide(app, attempt!.merchantOrderId, "approve");
    await reconcileNow(app);
    const paid = await orderOf(app, orderId);
    expect(paid).toMatchObject({
      paidAt: expect.any(Date),
      prepaidDiscountPaise: 5_000,
      totalPaise: 244_900,
    });
    // The payment's mail shows it as the order page does.
    expect((await lastMailTo(app, shopper.email))!.text).toContain(
      "Delivery: Free\nDiscount for paying online: -₹50\nTotal: ₹2,449",
    );
    const invoice = await invoiceOf(paid.id);
    expect(invoice.totalPaise).toBe(244_900);
    expect(invoice.lines).toHaveLength(1);
    // ₹2,449 at 5 %: 244,900 × 5 / 105 = 11,661.9, 11,662.
    expect(invoice.lines[0]).toMatchObject({ discountPaise: 5_000, totalPaise: 244_900, rateBp: 500 });
    expect(invoice.taxablePaise + invoice.cgstPaise + invoice.sgstPaise + invoice.igstPaise).toBe(244_900);
    expect(invoice.cgstPaise + invoice.sgstPaise + invoice.igstPaise).toBe(11_662);
    const pdf = await app.inject({
      url: `/api/orders/gst-document?id=${orderId}&kind=invoice`,
      headers: bearer(shopper.token),
    });
    // In the piece's item cell (wrapped), the line's total after it.
    const text = pdfText(pdf.rawPayload);
    expect(text).toMatch(/Less ₹50\.00 discount for\s+paying online/);
    expect(text).toMatch(/Rani Pink Anarkali .* ₹2,499\.00 .* ₹2,449\.00\n/);
  });

  it("is what a cash order saves paid online instead, with its fee: PhonePe is asked for the total without both", async () => {
    await withDiscount(50, 49);
    const { shopper, orderId } = await codOrder();
    expect(await orderOf(app, orderId)).toMatchObject({ codFeePaise: 4_900, prepaidDiscountPaise: 0 });
    const mine = (await api.as(shopper.token).myOrders()).body.data.find((o) => o.orderId === orderId);
    expect(mine).toMatchObject({ codFee: 49, prepaidDiscount: 0, totalAmount: 2548, payOnlineSaves: 99 });

    expect((await payAgain(app, shopper.token, orderId)).statusCode).toBe(200);
    const [attempt] = await attemptsOf(app, orderId);
    expect(attempt!.amountPaise).toBe(244_900);
    await decide(app, attempt!.merchantOrderId, "approve");
    await reconcileNow(app);
    const order = await orderOf(app, orderId);
    expect(order).toMatchObject({
      paymentMethod: "PhonePe",
      codFeePaise: 0,
      prepaidDiscountPaise: 5_000,
      totalPaise: 244_900,
    });
    const after = (await api.as(shopper.token).myOrders()).body.data.find((o) => o.orderId === orderId);
    expect(after).toMatchObject({ prepaidDiscount: 50, totalAmount: 2449, payOnlineSaves: 0 });
    expect((await invoiceOf(order.id)).totalPaise).toBe(244_900);
  });
});
