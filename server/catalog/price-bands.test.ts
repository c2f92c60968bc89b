import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRICE_BANDS } from "../../contract/catalog-options";
import { seedCatalog } from "../test-support/catalog-fixture";
import { createTestApp } from "../test-support/test-app";

let app: FastifyInstance;
let close: () => Promise<void>;

/** Prices at every band's edge, a paisa either side of them, and a bridal lehenga past the spec's ₹50,000. */
const PRICES = [0.01, 1999.99, 2000, 4999.99, 5000, 9999.99, 10000, 49999, 50000, 75000, 125000];

beforeAll(async () => {
  ({ app, close } = await createTestApp());
  await seedCatalog(
    app,
    PRICES.map((price) => ({ name: `Piece at ${price}`, price, categoryId: 2 })),
  );
});
afterAll(() => close());

const pricesIn = async (query: string) => {
  const response = await app.inject(`/api/products/get-products?limit=48&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as { price: number }[]).map((product) => product.price);
};

describe("price bands", () => {
  it("the store's bands hold each price exactly once, a price above the top band included", async () => {
    const shown = await Promise.all(
      PRICE_BANDS.map((band) =>
        pricesIn(`minPrice=${band.min}${band.max === undefined ? "" : `&maxPrice=${band.max}`}`),
      ),
    );
    for (const price of PRICES)
      expect(
        shown.filter((prices) => prices.includes(price)),
        `₹${price}`,
      ).toHaveLength(1);
    expect(shown[0]).toContain(1999.99);
    expect(shown[1]).toEqual(expect.arrayContaining([2000, 4999.99]));
    expect(shown[3]).toEqual(expect.arrayContaining([10000, 75000, 125000]));
  });

  it("the spec's bands, as a spec client sends them, meet without overlapping", async () => {
    const [under, middle] = [
      await pricesIn("minPrice=0&maxPrice=2000"),
      await pricesIn("minPrice=2000&maxPrice=5000"),
    ];
    expect(under).not.toContain(2000);
    expect(middle).toContain(2000);
    expect(middle).not.toContain(5000);
  });
});
