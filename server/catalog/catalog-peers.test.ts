/**
 * A store of several processes (STORE_PROCESSES, decision 031): each catalog change made in one process is told
 * to the others, and a change one of them made drops what this process kept of it, as its own would, without
 * being told on again. server/cluster.processes.test.ts runs the same through the cluster's primary.
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalog } from "../test-support/catalog-fixture";
import { createTestApp } from "../test-support/test-app";
import type { CatalogChange } from "./catalog-changes";
import type { CatalogPeers } from "./catalog-peers";
import { products } from "./catalog.tables";

let app: FastifyInstance;
let close: () => Promise<void>;
const told: CatalogChange[] = [];
let hear: (change: CatalogChange) => void = () => {
  throw new Error("the store did not listen to its peers");
};
const peers: CatalogPeers = {
  tell: (change) => told.push(change),
  onChange(forget) {
    hear = forget;
    return () => {};
  },
};

beforeAll(async () => {
  ({ app, close } = await createTestApp({}, { catalogPeers: peers }));
});
afterAll(() => close());

const get = (url: string) => app.inject({ method: "GET", url });
const product = async (id: number) => (await get(`/api/products/get-product?id=${id}`)).json().data;
const listedNames = async () =>
  ((await get("/api/products/get-products?page=1&limit=8")).json().data as { name: string }[]).map(
    (item) => item.name,
  );
const renameBehindTheStoresBack = (id: number, name: string) =>
  app.services.db.update(products).set({ name }).where(eq(products.id, id));

describe("the store's other processes", () => {
  it("are told of each catalog change made here", async () => {
    told.length = 0;
    const [id] = await seedCatalog(app, [{ name: "Saffron Anarkali", price: 2999, categoryId: 1 }]);
    expect(told).toEqual([{ categories: true }, { productIds: [id], listings: "membership" }]);
  });

  it("tell this one of theirs: what it kept that shows it is dropped, and it is not told on", async () => {
    const [id] = await seedCatalog(app, [{ name: "Teal Half Saree", price: 3999, categoryId: 3 }]);
    expect((await product(id!)).name).toBe("Teal Half Saree");
    expect(await listedNames()).toContain("Teal Half Saree");
    await renameBehindTheStoresBack(id!, "Teal Silk Half Saree");
    expect((await product(id!)).name).toBe("Teal Half Saree");
    told.length = 0;

    hear({ productIds: [id!], listings: "membership" });
    expect((await product(id!)).name).toBe("Teal Silk Half Saree");
    expect(await listedNames()).toContain("Teal Silk Half Saree");
    expect(told).toEqual([]);
  });
});
