/**
 * A change drops only the cached answers that show what it touched (decision 009): an order's stock change
 * drops its products' answers, and the listings holding them only when one went out of (or back into) stock;
 * a staff edit drops the product's answer, and the listings only when it changes what they show.
 * Rows are changed behind the store's back (as no store code does) to tell a kept answer from a new one.
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "../../contract/accounts-rules";
import type { ApiCaller } from "../../contract/call";
import { categoriesCall, getProductCall, getProductsCall } from "../../contract/catalog";
import { getMeCall } from "../../contract/accounts";
import { bearer, createUserAndLogin, post } from "../test-support/accounts";
import { seedCatalog } from "../test-support/catalog-fixture";
import { placeOrder, shopperWithAddress } from "../test-support/checkout";
import { createTestApp } from "../test-support/test-app";
import { products } from "./catalog.tables";

let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await createTestApp({}, { listen: true }));
});
afterAll(() => close());

const get = (url: string) => app.inject({ method: "GET", url });
const product = async (id: number) => (await get(`/api/products/get-product?id=${id}`)).json().data;
const listing = async (categoryId: number) =>
  (await get(`/api/products/get-products?page=1&limit=8&categoryId=${categoryId}`)).json().data as {
    _id: number;
    name: string;
    inStock: boolean;
  }[];
const renameBehindTheStoresBack = (id: number, name: string) =>
  app.services.db.update(products).set({ name }).where(eq(products.id, id));

describe("targeted invalidation of the catalog's cached answers", () => {
  it("an order drops its product's answer, and the listings holding it only when it sells out", async () => {
    const [a, b] = await seedCatalog(app, [
      { name: "Amber Anarkali", price: 2499, categoryId: 1, sizes: { S: 1, M: 1 } },
      { name: "Blue Half Saree", price: 3499, categoryId: 3, sizes: { M: 4 } },
    ]);
    expect((await product(a!)).sizes).toEqual([
      { label: "S", stock: 1 },
      { label: "M", stock: 1 },
    ]);
    expect((await product(b!)).name).toBe("Blue Half Saree");
    expect((await listing(1)).map((item) => item.name)).toEqual(["Amber Anarkali"]);
    expect((await listing(3)).map((item) => item.name)).toEqual(["Blue Half Saree"]);
    await renameBehindTheStoresBack(a!, "Amber Silk Anarkali");
    await renameBehindTheStoresBack(b!, "Blue Silk Half Saree");

    const shopper = await shopperWithAddress(app);
    const order = (size: string) =>
      placeOrder(app, shopper.token, {
        items: [{ id: a!, size, quantity: 1 }],
        addressId: shopper.addressId,
      });

    // One size sells out, the product is still in stock: its own answer is new, every other answer kept.
    expect((await order("S")).statusCode).toBe(200);
    const afterFirst = await product(a!);
    expect(afterFirst.name).toBe("Amber Silk Anarkali");
    expect(afterFirst.sizes).toEqual([
      { label: "S", stock: 0 },
      { label: "M", stock: 1 },
    ]);
    expect((await product(b!)).name).toBe("Blue Half Saree");
    expect(await listing(1)).toMatchObject([{ name: "Amber Anarkali", inStock: true }]);
    expect((await listing(3)).map((item) => item.name)).toEqual(["Blue Half Saree"]);

    // The last size sells out: the listing holding it is new; the other listing and product are kept.
    const last = await order("M");
    expect(last.statusCode).toBe(200);
    expect(await listing(1)).toMatchObject([{ name: "Amber Silk Anarkali", inStock: false }]);
    expect((await listing(3)).map((item) => item.name)).toEqual(["Blue Half Saree"]);
    expect((await product(b!)).name).toBe("Blue Half Saree");

    // Staff cancel that order: the size comes back, and the product is in stock in its listing again.
    await renameBehindTheStoresBack(a!, "Amber Anarkali");
    const staff = (await createUserAndLogin(app, ROLE.admin)).token;
    const cancelled = await post(
      app,
      "/api/orders/update-order-status",
      { orderId: last.json().data.orderId, status: "Cancelled", cancelReason: "out-of-stock" },
      bearer(staff),
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await listing(1)).toMatchObject([{ name: "Amber Anarkali", inStock: true }]);
    expect((await product(a!)).sizes).toEqual([
      { label: "S", stock: 0 },
      { label: "M", stock: 1 },
    ]);
    expect((await listing(3)).map((item) => item.name)).toEqual(["Blue Half Saree"]);
  });

  it("a staff edit drops the product's answer, and the listings only when it changes what they show", async () => {
    const [a, b] = await seedCatalog(app, [
      { name: "Coral Lehenga", price: 5999, categoryId: 2 },
      { name: "Dusk Ethnic Set", price: 1999, categoryId: 4 },
    ]);
    const staff = (await createUserAndLogin(app, ROLE.admin)).token;
    const edit = async (id: number, change: Record<string, unknown>) => {
      const now = await product(id);
      const response = await post(
        app,
        "/api/products/update-product",
        {
          id,
          name: now.name,
          description: now.description,
          price: now.price,
          category: now.category.id,
          size: now.size,
          images: now.images,
          features: now.features,
          care: now.care,
          ...change,
        },
        bearer(staff),
      );
      expect(response.statusCode, response.body).toBe(200);
    };
    await product(b!);
    await listing(2);
    await listing(4);
    await renameBehindTheStoresBack(b!, "Dusk Silk Ethnic Set");

    // Care is shown on the product's page only.
    await edit(a!, { care: "Hand wash cold." });
    expect((await product(a!)).care).toBe("Hand wash cold.");
    expect((await listing(2)).map((item) => item.name)).toEqual(["Coral Lehenga"]);
    expect((await product(b!)).name).toBe("Dusk Ethnic Set");

    // A new price reorders and refilters listings: they are all new; the other product's answer is kept.
    await renameBehindTheStoresBack(a!, "Coral Silk Lehenga");
    await edit(a!, { name: "Coral Lehenga", price: 6499 });
    expect((await listing(2)).map((item) => item.name)).toEqual(["Coral Lehenga"]);
    expect((await listing(4)).map((item) => item.name)).toEqual(["Dusk Silk Ethnic Set"]);
    expect((await product(b!)).name).toBe("Dusk Ethnic Set");
  });

  it("tells a page built from in-process calls what each cached answer shows", async () => {
    const [id] = await seedCatalog(app, [{ name: "Emerald Kids Frock", price: 999, categoryId: 5 }]);
    const page = { headers: {}, cookies: {}, ip: "127.0.0.1", host: "localhost", log: app.log };
    const shownBy = async (call: (api: ApiCaller) => Promise<unknown>) => {
      const shows = new Set<string>();
      await call(app.services.calls.callerFor(page, { serializeCookie: app.serializeCookie, shows }));
      return [...shows];
    };
    // Computed, then kept: both tell.
    for (let i = 0; i < 2; i++)
      expect(await shownBy((api) => api(getProductCall, { id }))).toEqual([`product:${id}`]);
    expect(await shownBy((api) => api(getProductsCall, { page: 1, limit: 8, categoryId: 5 }))).toEqual([
      "listings",
      `listed:${id}`,
    ]);
    expect(await shownBy((api) => api(categoriesCall))).toEqual(["categories"]);
    // An answer that is not kept shows nothing a catalog change would make stale.
    expect(await shownBy((api) => api(getMeCall))).toEqual([]);
  });
});
