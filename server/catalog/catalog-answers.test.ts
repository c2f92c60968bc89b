import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { bearer, createUserAndLogin, freshIp } from "../test-support/accounts";
import { seedCatalog } from "../test-support/catalog-fixture";
import { createTestApp } from "../test-support/test-app";
import { products } from "./catalog.tables";

let app: FastifyInstance;
let close: () => Promise<void>;
let ids: number[];

beforeAll(async () => {
  ({ app, close } = await createTestApp());
  ids = await seedCatalog(app, [
    { name: "Teal Anarkali", price: 2499, categoryId: 1 },
    { name: "Rose Half Saree", price: 3499, categoryId: 3, daysAgo: 1 },
  ]);
});
afterAll(() => close());
afterEach(() => vi.restoreAllMocks());

const LIST = "/api/products/get-products?page=1&limit=8";
const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url, headers });
const names = (body: { data: { name: string }[] }) => body.data.map((product) => product.name);

describe("catalog answers kept in memory", () => {
  it("serves a repeated answer without asking the database again, until the catalog changes", async () => {
    expect(names((await get(LIST)).json())).toEqual(["Teal Anarkali", "Rose Half Saree"]);
    // A listing's order and total are read once for all its pages and page sizes: made the newest behind
    // the store's back, the Rose Half Saree is still second.
    await app.services.db.update(products).set({ createdAt: new Date() }).where(eq(products.id, ids[1]!));
    const second = (await get("/api/products/get-products?page=2&limit=1")).json();
    expect(names(second)).toEqual(["Rose Half Saree"]);
    expect(second.pagination.total).toBe(2);
    // Changed behind the store's back, as no store code does: the cached answer stays.
    await app.services.db
      .update(products)
      .set({ name: "Teal Silk Anarkali" })
      .where(eq(products.id, ids[0]!));
    expect(names((await get(LIST)).json())).toEqual(["Teal Anarkali", "Rose Half Saree"]);
    expect(names((await get(`${LIST}&unknown=1`)).json())).toEqual(["Teal Anarkali", "Rose Half Saree"]);

    const staff = (await createUserAndLogin(app, 2)).token;
    const deleted = await app.inject({
      method: "DELETE",
      url: `/api/products/delete-product?id=${ids[1]}`,
      headers: bearer(staff),
      remoteAddress: freshIp(),
    });
    expect(deleted.statusCode).toBe(200);
    const after = (await get(LIST)).json();
    expect(names(after)).toEqual(["Teal Silk Anarkali"]);
    expect(after.pagination.total).toBe(1);
  });

  it("reads a listing once for its pages asked for together", async () => {
    const reads = vi.spyOn(app.services.db, "select");
    const page = (n: number) => get(`/api/products/get-products?page=${n}&limit=1&categoryId=1`);
    const pages = await Promise.all([page(1), page(2)]);
    expect(pages.map((response) => response.json().pagination.total)).toEqual([1, 1]);
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it("does not keep a listing read while the catalog changed", async () => {
    const { catalog, db } = app.services;
    const query = { page: 1, limit: 8, minPrice: 100 };
    const before = catalog.listProducts(query);
    catalog.forgetCachedAnswers();
    await before;
    const reads = vi.spyOn(db, "select");
    await catalog.listProducts({ ...query, page: 2 });
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it("compresses with the best encoding the client accepts, and says the answer varies by it", async () => {
    const plain = await get(LIST);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(plain.headers.vary).toContain("accept-encoding");
    expect(plain.headers["cache-control"]).toBe("public, max-age=30, stale-while-revalidate=300");

    const br = await get(LIST, { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gzip = await get(LIST, { "accept-encoding": "br;q=0, gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    const identity = await get(LIST, { "accept-encoding": "identity" });
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.body).toBe(plain.body);
  });

  it("answers 304 without a body when the client's copy is current", async () => {
    const first = await get(`/api/products/get-product?id=${ids[0]}`);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get(`/api/products/get-product?id=${ids[0]}`, { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(
      (await get(`/api/products/get-product?id=${ids[0]}`, { "if-none-match": '"old"' })).statusCode,
    ).toBe(200);
  });

  it("does not keep errors: an unknown product is looked up again on the next request", async () => {
    const url = "/api/products/get-product?id=999999";
    expect((await get(url)).statusCode).toBe(404);
    await app.services.db.insert(products).values({
      id: 999999,
      name: "Late Lehenga",
      description: "Added behind the store's back.",
      pricePaise: 199_900,
      categoryId: 2,
    });
    expect((await get(url)).json().data.name).toBe("Late Lehenga");
  });
});
