import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COUNTRY_MESSAGES } from "../../contract/country-of-origin";
import { bearer, createUserAndLogin, freshIp, post } from "../test-support/accounts";
import { decide, placedOrder, reconcileNow, shopperWithAddress } from "../test-support/checkout";
import { pdfText } from "../test-support/pdf-text";
import { seedCatalog } from "../test-support/catalog-fixture";
import { createTestApp } from "../test-support/test-app";
import { jpegPhoto } from "../test-support/photos";
import { uploadImages } from "../test-support/uploads";

let app: FastifyInstance;
let close: () => Promise<void>;
let staff: string;
let photos: string[];

beforeAll(async () => {
  ({ app, close } = await createTestApp({}, { listen: true }));
  staff = (await createUserAndLogin(app, 2)).token;
  await seedCatalog(app, []); // the five categories
  photos = (
    await uploadImages(app, staff, [{ filename: "front.jpg", data: await jpegPhoto(300, 400) }])
  ).json().files;
});
afterAll(() => close());

const draft = (overrides: Record<string, unknown> = {}) => ({
  name: "Ikat Half Saree",
  description: "Handwoven ikat with a zari border.",
  price: 2899,
  category: 3,
  size: ["S", "M"],
  images: photos,
  ...overrides,
});
const addProduct = (body: unknown) => post(app, "/api/products/add-product", body, bearer(staff));
const updateProduct = (body: unknown) => post(app, "/api/products/update-product", body, bearer(staff));
const shopProduct = async (id: number) =>
  (await app.inject({ method: "GET", url: `/api/products/get-product?id=${id}` })).json().data;
const staffProduct = async (id: number) =>
  (
    await app.inject({
      method: "GET",
      url: `/api/products/get-product-for-staff?id=${id}`,
      headers: bearer(staff),
      remoteAddress: freshIp(),
    })
  ).json().data;
const productCount = async () =>
  (await app.inject({ method: "GET", url: "/api/products/get-products?page=1&limit=48" })).json().pagination
    .total as number;

/** update-product's body for a product as staff see it, with `changes`. */
async function edited(id: number, changes: Record<string, unknown>) {
  const product = await staffProduct(id);
  return {
    id,
    name: product.name,
    description: product.description,
    price: product.price,
    category: product.categoryId,
    size: product.sizes.map((size: { label: string }) => size.label),
    images: product.images.map((image: { id: string }) => image.id),
    features: product.features,
    ...changes,
  };
}

describe("a product's country of origin", () => {
  it("is India when the draft leaves it out (the spec's client), and shown to shoppers and staff", async () => {
    const added = await addProduct(draft());
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().data._id as number;
    expect((await shopProduct(id)).countryOfOrigin).toBe("India");
    expect((await staffProduct(id)).countryOfOrigin).toBe("India");
  });

  it("is what staff type, tidied, on add and on edit; an edit that leaves it out keeps it", async () => {
    const added = await addProduct(draft({ countryOfOrigin: "  bangladesh " }));
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().data._id as number;
    expect((await shopProduct(id)).countryOfOrigin).toBe("Bangladesh");

    const changed = await updateProduct(await edited(id, { countryOfOrigin: "Nepal" }));
    expect(changed.statusCode, changed.body).toBe(200);
    // The shop's answer, kept for 30 s, goes with the change.
    expect((await shopProduct(id)).countryOfOrigin).toBe("Nepal");

    const kept = await updateProduct(await edited(id, { name: "Ikat Half Saree, indigo" }));
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await staffProduct(id)).toMatchObject({
      name: "Ikat Half Saree, indigo",
      countryOfOrigin: "Nepal",
    });
  });

  it("refuses what is no country's name with a 400 naming the field, and changes nothing", async () => {
    const before = await productCount();
    const cases: [unknown, string][] = [
      ["", COUNTRY_MESSAGES.required],
      ["   ", COUNTRY_MESSAGES.required],
      ["India 2", COUNTRY_MESSAGES.notAName],
      ["<script>", COUNTRY_MESSAGES.notAName],
      [7, COUNTRY_MESSAGES.notAName],
      [null, COUNTRY_MESSAGES.notAName],
      ["A".repeat(61), COUNTRY_MESSAGES.tooLong],
    ];
    for (const [countryOfOrigin, message] of cases) {
      const refused = await addProduct(draft({ countryOfOrigin }));
      expect(refused.statusCode, `${String(countryOfOrigin)}: ${refused.body}`).toBe(400);
      expect(refused.json().errors).toMatchObject({ countryOfOrigin: message });
    }
    expect(await productCount()).toBe(before);

    const id = (await addProduct(draft({ countryOfOrigin: "India" }))).json().data._id as number;
    for (const [countryOfOrigin, message] of cases) {
      const refused = await updateProduct(await edited(id, { countryOfOrigin, name: "Renamed" }));
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().errors).toMatchObject({ countryOfOrigin: message });
    }
    expect(await staffProduct(id)).toMatchObject({ name: "Ikat Half Saree", countryOfOrigin: "India" });
  });
});

describe("the GST invoice", () => {
  it("says where each piece was made, as its product did when the invoice was issued", async () => {
    const made = async (countryOfOrigin: string) =>
      (await addProduct(draft({ countryOfOrigin, price: 1499 }))).json().data._id as number;
    const [indian, bangladeshi] = [await made("India"), await made("Bangladesh")];
    const shopper = await shopperWithAddress(app);
    const placed = await placedOrder(app, shopper, [
      { id: indian, size: "S", quantity: 1 },
      { id: bangladeshi, size: "M", quantity: 1 },
    ]);
    await decide(app, placed.merchantOrderId, "approve");
    await reconcileNow(app);
    const pdf = await app.inject({
      method: "GET",
      url: `/api/orders/gst-document?id=${placed.orderId}&kind=invoice`,
      headers: bearer(shopper.token),
      remoteAddress: freshIp(),
    });
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, " ");
    expect(text).toContain("Country of origin: India");
    expect(text).toContain("Country of origin: Bangladesh");
  });
});
