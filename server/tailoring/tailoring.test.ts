import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "../../contract/accounts-rules";
import { TAILORING_MESSAGES, type CustomizationRequest } from "../../contract/tailoring-rules";
import { bearer, createUserAndLogin, freshIp, lastMailTo, post } from "../test-support/accounts";
import { gstDocuments } from "../gst/gst.tables";
import { seedCatalog } from "../test-support/catalog-fixture";
import {
  decide,
  historyOf,
  orderOf,
  placedOrder,
  placeOrder,
  reconcileNow,
  shopperWithAddress,
  stockOf,
} from "../test-support/checkout";
import { createTestApp } from "../test-support/test-app";
import { eq } from "drizzle-orm";
import { orderItems } from "../orders/orders.tables";

let app: FastifyInstance;
let close: () => Promise<void>;
let staff: string;

beforeAll(async () => {
  ({ app, close } = await createTestApp({}, { listen: true }));
  staff = (await createUserAndLogin(app, ROLE.admin)).token;
});
afterAll(() => close());

const get = (url: string, token?: string) =>
  app.inject({ method: "GET", url, remoteAddress: freshIp(), headers: token ? bearer(token) : {} });

/** A lehenga offering a free sleeve change, a ₹350 blouse fit and a ₹700.50 dupatta fabric. */
const lehenga = async (sizes: Record<string, number> = { M: 5 }) =>
  (
    await seedCatalog(app, [
      {
        name: "Mango Lehenga",
        price: 4999,
        categoryId: 2,
        sizes,
        customizations: [
          { name: "Sleeve Length", charge: 0 },
          { name: "Blouse Fit", charge: 350 },
          { name: "Dupatta Fabric", charge: 700.5 },
        ],
      },
    ])
  )[0]!;

/** Staff save the product as it is, offering `customizations` (what the edit page sends). */
async function offer(id: number, customizations: unknown) {
  const product = (await get(`/api/products/get-product-for-staff?id=${id}`, staff)).json().data;
  return post(
    app,
    "/api/products/update-product",
    {
      id,
      name: product.name,
      description: product.description,
      price: product.price,
      category: product.categoryId,
      size: product.sizes.map((size: { label: string }) => size.label),
      images: product.images.map((image: { id: string }) => image.id),
      features: product.features,
      customizations,
    },
    bearer(staff),
  );
}

const blouseFit: CustomizationRequest = {
  options: ["Blouse Fit", "Dupatta Fabric"],
  unit: "in",
  measurements: { bust: 34, waist: 28.5, shoulder: 14 },
  note: "Pure silk dupatta, please",
};

describe("tailoring offered per product", () => {
  it("shows the product's customisations and charges to shoppers and staff, as staff set them", async () => {
    const id = await lehenga();
    const shown = (await get(`/api/products/get-product?id=${id}`)).json().data;
    expect(shown.customizations).toEqual([
      { name: "Sleeve Length", charge: 0 },
      { name: "Blouse Fit", charge: 350 },
      { name: "Dupatta Fabric", charge: 700.5 },
    ]);
    const saved = await offer(id, [{ name: "Embroidery Style", charge: 1200 }]);
    expect(saved.statusCode, saved.body).toBe(200);
    // The change shows at once in the shop's (cached) answer.
    expect((await get(`/api/products/get-product?id=${id}`)).json().data.customizations).toEqual([
      { name: "Embroidery Style", charge: 1200 },
    ]);
    expect(
      (await get(`/api/products/get-product-for-staff?id=${id}`, staff)).json().data.customizations,
    ).toEqual([{ name: "Embroidery Style", charge: 1200 }]);
  });

  it.each([
    [[{ name: "Zari Polish", charge: 100 }], "Zari Polish is not a customisation we offer."],
    [[{ name: "Blouse Fit", charge: -1 }], TAILORING_MESSAGES.charge],
    [[{ name: "Blouse Fit", charge: 10.005 }], TAILORING_MESSAGES.charge],
    [
      [
        { name: "Blouse Fit", charge: 1 },
        { name: "Blouse Fit", charge: 2 },
      ],
      "Each customisation can be offered once.",
    ],
  ])("refuses a product offering %j with a 400 that names it", async (customizations, message) => {
    const id = await lehenga();
    const response = await offer(id, customizations);
    expect(response.statusCode).toBe(400);
    expect(Object.values(response.json().errors ?? {})).toContain(message);
    expect((await get(`/api/products/get-product?id=${id}`)).json().data.customizations).toHaveLength(3);
  });
});

describe("a customised line in the bag and the order", () => {
  it("is priced by the server: the product's price plus each chosen option's charge", async () => {
    const id = await lehenga();
    const response = await post(app, "/api/orders/price-cart", {
      items: [
        { id, size: "M", quantity: 2, price: 6049.5, customization: blouseFit },
        { id, size: "M", quantity: 1, price: 4999 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const cart = response.json().data;
    expect(
      cart.lines.map((line: { price: number; customized: boolean }) => [line.price, line.customized]),
    ).toEqual([
      [6049.5, true],
      [4999, false],
    ]);
    expect(cart).toMatchObject({ subtotal: 17098, orderable: true });
  });

  it("keeps what was asked, with the charges, on its own line of the order, and reserves the stock of both lines", async () => {
    const id = await lehenga({ M: 3 });
    const shopper = await shopperWithAddress(app);
    const response = await placeOrder(app, shopper.token, {
      items: [
        { id, size: "M", quantity: 1, price: 6049.5, customization: blouseFit },
        { id, size: "M", quantity: 1, price: 4999 },
        // The same customisation, written in another order, is the same line.
        {
          id,
          size: "M",
          quantity: 1,
          customization: {
            ...blouseFit,
            options: ["Dupatta Fabric", "Blouse Fit"],
            note: " Pure silk dupatta, please ",
          },
        },
      ],
      addressId: shopper.addressId,
      totalAmount: 17098,
    });
    expect(response.statusCode, response.body).toBe(200);
    const orderId = response.json().data.orderId as string;
    expect((await orderOf(app, orderId)).subtotalPaise).toBe(1709800);
    expect(await stockOf(app, id, "M")).toBe(0);

    const order = (await get(`/api/orders/get-order?id=${orderId}`, shopper.token)).json().data;
    expect(order.items).toHaveLength(2);
    expect(order.items[0]).toMatchObject({
      quantity: 2,
      price: 6049.5,
      customization: {
        options: [
          { name: "Blouse Fit", charge: 350 },
          { name: "Dupatta Fabric", charge: 700.5 },
        ],
        unit: "in",
        measurements: { bust: 34, waist: 28.5, shoulder: 14 },
        note: "Pure silk dupatta, please",
        doneAt: null,
      },
    });
    expect(order.items[1]).toMatchObject({ quantity: 1, price: 4999, customization: null });
  });

  it("keeps the charge it was ordered at when staff change it later", async () => {
    const id = await lehenga();
    const shopper = await shopperWithAddress(app);
    const { orderId } = await placedOrder(app, shopper, [
      { id, size: "M", quantity: 1, customization: blouseFit },
    ]);
    await offer(id, [
      { name: "Blouse Fit", charge: 500 },
      { name: "Dupatta Fabric", charge: 900 },
    ]);
    const order = (await get(`/api/orders/get-order?id=${orderId}`, shopper.token)).json().data;
    expect(order.items[0].price).toBe(6049.5);
    expect(order.items[0].customization.options).toEqual([
      { name: "Blouse Fit", charge: 350 },
      { name: "Dupatta Fabric", charge: 700.5 },
    ]);
  });

  it("refuses a price the client computed without the charges, and changes nothing", async () => {
    const id = await lehenga();
    const shopper = await shopperWithAddress(app);
    const response = await placeOrder(app, shopper.token, {
      items: [{ id, size: "M", quantity: 1, price: 4999, customization: blouseFit }],
      addressId: shopper.addressId,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors).toEqual({ "items.0.price": "Mango Lehenga now costs ₹6,049.50." });
    expect(await stockOf(app, id, "M")).toBe(5);
  });

  it("refuses an option the product does not offer, with the field it concerns, and changes nothing", async () => {
    const id = await lehenga();
    const shopper = await shopperWithAddress(app);
    const asked = { ...blouseFit, options: ["Color Change"], note: "Maroon" };
    const response = await placeOrder(app, shopper.token, {
      items: [{ id, size: "M", quantity: 1, customization: asked }],
      addressId: shopper.addressId,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: "Color Change is not offered for Mango Lehenga.",
      errors: { "items.0.customization.options": "Color Change is not offered for Mango Lehenga." },
    });
    expect(await stockOf(app, id, "M")).toBe(5);

    // The bag says so on the line, before Place Order.
    const cart = (
      await post(app, "/api/orders/price-cart", {
        items: [{ id, size: "M", quantity: 1, customization: asked }],
      })
    ).json().data;
    expect(cart.lines[0]).toMatchObject({
      problem: "customization-unavailable",
      message: "Color Change is not offered for Mango Lehenga.",
    });
    expect(cart.orderable).toBe(false);
  });

  it.each([
    [
      { ...blouseFit, measurements: { bust: 34, waist: 28 } },
      "items.0.customization.measurements.shoulder",
      "Enter the shoulder measurement.",
    ],
    [
      { ...blouseFit, measurements: { bust: 340, waist: 28, shoulder: 14 } },
      "items.0.customization.measurements.bust",
      "Bust must be from 20 to 60 inches, in steps of 0.5.",
    ],
    [
      { ...blouseFit, unit: "cm", measurements: { bust: 34, waist: 71, shoulder: 36 } },
      "items.0.customization.measurements.bust",
      "Bust must be from 51 to 152 cm, in steps of 0.5.",
    ],
    [
      { ...blouseFit, measurements: { bust: 34.3, waist: 28, shoulder: 14 } },
      "items.0.customization.measurements.bust",
      "Bust must be from 20 to 60 inches, in steps of 0.5.",
    ],
    [{ ...blouseFit, note: "" }, "items.0.customization.note", "Tell us the dupatta fabric you would like."],
    [{ ...blouseFit, options: [] }, "items.0.customization.options", TAILORING_MESSAGES.chooseOption],
    [{ ...blouseFit, unit: "mm" }, "items.0.customization.unit", TAILORING_MESSAGES.unit],
    [{ ...blouseFit, note: "x".repeat(501) }, "items.0.customization.note", TAILORING_MESSAGES.noteTooLong],
  ])(
    "refuses a customisation the tailor cannot work from (%#) with a 400 naming the field",
    async (customization, field, message) => {
      const id = await lehenga();
      const shopper = await shopperWithAddress(app);
      const response = await placeOrder(app, shopper.token, {
        items: [{ id, size: "M", quantity: 1, customization }],
        addressId: shopper.addressId,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors?.[field]).toBe(message);
      expect(await stockOf(app, id, "M")).toBe(5);
    },
  );
});

describe("a paid customised order", () => {
  it("mails what the tailor will do and invoices the charges under the piece's rate", async () => {
    const id = await lehenga();
    const shopper = await shopperWithAddress(app);
    const order = await placedOrder(app, shopper, [{ id, size: "M", quantity: 1, customization: blouseFit }]);
    await decide(app, order.merchantOrderId, "approve");
    await reconcileNow(app);
    const mail = await lastMailTo(app, shopper.email);
    expect(mail!.subject).toContain(`payment received for order ${order.orderId}`);
    expect(mail!.text).toContain(
      "Mango Lehenga, size M × 1: ₹6,049.50\n  Customised: Blouse Fit, Dupatta Fabric; Bust 34 · Waist 28.5 · Shoulder 14 in; note: Pure silk dupatta, please",
    );
    const [invoice] = await app.services.db
      .select()
      .from(gstDocuments)
      .where(eq(gstDocuments.orderId, (await orderOf(app, order.orderId)).id));
    // ₹6,049.50 a piece is above ₹2,500: 18 % of it, the charges included.
    expect(invoice!.lines).toEqual([
      expect.objectContaining({
        description: "Mango Lehenga (customised: Blouse Fit, Dupatta Fabric)",
        unitPricePaise: 499900,
        customisationPaise: 105050,
        totalPaise: 604950,
        rateBp: 1800,
      }),
    ]);
  });
});

describe("POST /api/orders/mark-tailoring-done", () => {
  async function customisedOrder({ paid }: { paid: boolean }) {
    const id = await lehenga();
    const shopper = await shopperWithAddress(app);
    const order = await placedOrder(app, shopper, [
      { id, size: "M", quantity: 1, customization: blouseFit },
      { id, size: "M", quantity: 1 },
    ]);
    if (paid) {
      await decide(app, order.merchantOrderId, "approve");
      await reconcileNow(app);
    }
    const items = await app.services.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, (await orderOf(app, order.orderId)).id))
      .orderBy(orderItems.id);
    return { ...order, shopper, customised: items[0]!.id, plain: items[1]!.id };
  }
  const markDone = (body: Record<string, unknown>, token = staff) =>
    post(app, "/api/orders/mark-tailoring-done", body, bearer(token));
  const ship = (orderId: string) =>
    post(app, "/api/orders/update-order-status", { orderId, status: "Shipped" }, bearer(staff));

  it("is for staff only", async () => {
    const order = await customisedOrder({ paid: true });
    const response = await markDone(
      { orderId: order.orderId, itemId: order.customised },
      order.shopper.token,
    );
    expect(response.statusCode).toBe(403);
    const guest = await post(app, "/api/orders/mark-tailoring-done", {
      orderId: order.orderId,
      itemId: order.customised,
    });
    expect(guest.statusCode).toBe(401);
  });

  it("holds the order back from shipping until the tailor is done, once, in the history", async () => {
    const order = await customisedOrder({ paid: true });
    const before = (await get(`/api/orders/get-order-details?id=${order.orderId}`, staff)).json().data;
    expect(before.tailoringPending).toBe(1);

    const refused = await ship(order.orderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(TAILORING_MESSAGES.pending);
    expect((await orderOf(app, order.orderId)).status).toBe("Processing");

    const done = await markDone({ orderId: order.orderId, itemId: order.customised });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe(TAILORING_MESSAGES.done);
    expect(done.json().data.tailoringPending).toBe(0);
    const doneAt = done.json().data.order.items[0].customization.doneAt;
    expect(doneAt).toEqual(expect.any(String));

    const again = await markDone({ orderId: order.orderId, itemId: order.customised });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.order.items[0].customization.doneAt).toBe(doneAt);
    const tailoring = (await historyOf(app, order.orderId)).filter((event) => event.subject === "tailoring");
    expect(tailoring.map((event) => [event.from, event.to, event.note])).toEqual([
      ["pending", "done", "Mango Lehenga, size M"],
    ]);

    expect((await ship(order.orderId)).statusCode).toBe(200);
    // The shopper sees it too.
    const seen = (await get(`/api/orders/get-order?id=${order.orderId}`, order.shopper.token)).json().data;
    expect(seen.items[0].customization.doneAt).toBe(doneAt);
  });

  it("refuses an unpaid order, a line without tailoring and another order's line", async () => {
    const unpaid = await customisedOrder({ paid: false });
    const notPaid = await markDone({ orderId: unpaid.orderId, itemId: unpaid.customised });
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json().message).toBe(TAILORING_MESSAGES.notPaid);

    const paid = await customisedOrder({ paid: true });
    const plain = await markDone({ orderId: paid.orderId, itemId: paid.plain });
    expect(plain.statusCode).toBe(404);
    expect(plain.json().message).toBe(TAILORING_MESSAGES.notCustomised);
    const elsewhere = await markDone({ orderId: paid.orderId, itemId: unpaid.customised });
    expect(elsewhere.statusCode).toBe(404);
    expect((await historyOf(app, paid.orderId)).some((event) => event.subject === "tailoring")).toBe(false);
  });
});

describe("saved measurements", () => {
  const save = (token: string, body: Record<string, unknown>) =>
    post(app, "/api/users/save-measurements", body, bearer(token));

  it("keeps a shopper's sets by label, newest first, replaces one of the same label, and deletes", async () => {
    const shopper = await createUserAndLogin(app, ROLE.customer);
    expect(
      (await save(shopper.token, { label: "Me", unit: "in", measurements: { bust: 34 } })).statusCode,
    ).toBe(200);
    const second = await save(shopper.token, {
      label: "Amma",
      unit: "cm",
      measurements: { bust: 96.5, waist: 80 },
    });
    expect(second.json().data.map((set: { label: string }) => set.label)).toEqual(["Amma", "Me"]);
    const replaced = await save(shopper.token, {
      label: "Me",
      unit: "in",
      measurements: { bust: 35, waist: 29 },
    });
    expect(replaced.json().data).toEqual([
      { id: expect.any(Number), label: "Me", unit: "in", measurements: { bust: 35, waist: 29 } },
      { id: expect.any(Number), label: "Amma", unit: "cm", measurements: { bust: 96.5, waist: 80 } },
    ]);
    const listed = await get("/api/users/saved-measurements", shopper.token);
    expect(listed.headers["cache-control"]).toContain("private");
    expect(listed.json().data).toEqual(replaced.json().data);

    // Another shopper neither sees nor deletes them.
    const other = await createUserAndLogin(app, ROLE.customer);
    expect((await get("/api/users/saved-measurements", other.token)).json().data).toEqual([]);
    const id = replaced.json().data[0].id;
    const stranger = await post(app, "/api/users/delete-measurements", { id }, bearer(other.token));
    expect(stranger.statusCode).toBe(404);
    const deleted = await post(app, "/api/users/delete-measurements", { id }, bearer(shopper.token));
    expect(deleted.json().data.map((set: { label: string }) => set.label)).toEqual(["Amma"]);
  });

  it("refuses a sixth set, a measurement out of range and a guest", async () => {
    const shopper = await createUserAndLogin(app, ROLE.customer);
    for (const label of ["A", "B", "C", "D", "E"])
      expect((await save(shopper.token, { label, unit: "in", measurements: { waist: 30 } })).statusCode).toBe(
        200,
      );
    const sixth = await save(shopper.token, { label: "F", unit: "in", measurements: { waist: 30 } });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().message).toBe(TAILORING_MESSAGES.tooManySaved);

    const wrong = await save(shopper.token, { label: "A", unit: "in", measurements: { waist: 300 } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({
      "measurements.waist": "Waist must be from 16 to 60 inches, in steps of 0.5.",
    });
    expect(
      (await post(app, "/api/users/save-measurements", { label: "X", unit: "in", measurements: {} }))
        .statusCode,
    ).toBe(401);
  });
});
