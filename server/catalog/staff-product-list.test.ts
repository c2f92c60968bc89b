import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "../../contract/accounts-rules";
import { bearer, createUserAndLogin, freshIp, post } from "../test-support/accounts";
import { seedCatalog, type FixtureProduct } from "../test-support/catalog-fixture";
import { createTestApp } from "../test-support/test-app";

let app: FastifyInstance;
let close: () => Promise<void>;
let staff: string;
let shopper: string;
let ids: Record<string, number>;

beforeAll(async () => {
  ({ app, close } = await createTestApp());
  staff = (await createUserAndLogin(app, ROLE.admin)).token;
  shopper = (await createUserAndLogin(app, ROLE.customer)).token;
  const products: FixtureProduct[] = [
    { name: "Peacock Blue Anarkali", price: 3499, categoryId: 1, sizes: { S: 12, M: 9 }, daysAgo: 5 },
    { name: "Ivory Chikankari Anarkali", price: 2500, categoryId: 1, sizes: { S: 0, M: 3 }, daysAgo: 4 },
    { name: "Emerald Silk Lehenga", price: 8999, categoryId: 2, sizes: { M: 0, L: 0 }, daysAgo: 3 },
    { name: "Rani Pink Half Saree", price: 4299, categoryId: 3, sizes: { M: 20 }, daysAgo: 2, deleted: true },
    { name: "Little Marigold Frock", price: 999, categoryId: 5, sizes: { "6-7": 6 }, daysAgo: 1 },
    { name: "100% Cotton Kurta_set", price: 1299, categoryId: 4, sizes: { L: 1 }, daysAgo: 0 },
  ];
  const created = await seedCatalog(app, products);
  ids = Object.fromEntries(products.map((product, index) => [product.name, created[index]!]));
});
afterAll(() => close());

const list = (query: string, token: string | null = staff) =>
  app.inject({
    method: "GET",
    url: `/api/admin/products?${query}`,
    headers: token ? bearer(token) : {},
    remoteAddress: freshIp(),
  });
const namesOf = async (query: string) => {
  const response = await list(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.map((row: { name: string }) => row.name) as string[];
};

describe("GET /api/admin/products", () => {
  it("lists every product, hidden ones too, newest first, with its category, sizes, stock state and picture", async () => {
    const response = await list("");
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.pagination).toEqual({ page: 1, limit: 20, total: 6 });
    expect(body.data.map((row: { name: string }) => row.name)).toEqual([
      "100% Cotton Kurta_set",
      "Little Marigold Frock",
      "Rani Pink Half Saree",
      "Emerald Silk Lehenga",
      "Ivory Chikankari Anarkali",
      "Peacock Blue Anarkali",
    ]);
    expect(body.data[2]).toMatchObject({
      _id: ids["Rani Pink Half Saree"],
      category: "Half Saree",
      categoryId: 3,
      price: 4299,
      hidden: true,
      sizes: [{ label: "M", stock: 20 }],
      stockState: "in-stock",
    });
    expect(body.data[2].picture.src).toMatch(/\.webp$/);
    expect(body.data[4]).toMatchObject({
      sizes: [
        { label: "S", stock: 0 },
        { label: "M", stock: 3 },
      ],
      stockState: "low",
    });
  });

  it("finds by a part of the name, whatever its case, taking % and _ as they are, or by the product's number", async () => {
    expect(await namesOf("search=anarkali")).toEqual(["Ivory Chikankari Anarkali", "Peacock Blue Anarkali"]);
    expect(await namesOf("search=CHIKAN")).toEqual(["Ivory Chikankari Anarkali"]);
    expect(await namesOf("search=100%25")).toEqual(["100% Cotton Kurta_set"]);
    expect(await namesOf("search=a_s")).toEqual(["100% Cotton Kurta_set"]);
    expect(await namesOf(`search=%23${ids["Emerald Silk Lehenga"]}`)).toEqual(["Emerald Silk Lehenga"]);
    expect(await namesOf("search=georgette")).toEqual([]);
  });

  it("filters by category, stock state and visibility, together", async () => {
    expect(await namesOf("categoryId=1")).toEqual(["Ivory Chikankari Anarkali", "Peacock Blue Anarkali"]);
    expect(await namesOf("stock=sold-out")).toEqual(["Emerald Silk Lehenga"]);
    // A size with 5 or fewer (sold out ones included), while another is in stock.
    expect(await namesOf("stock=low")).toEqual(["100% Cotton Kurta_set", "Ivory Chikankari Anarkali"]);
    expect(await namesOf("stock=in-stock")).toEqual([
      "Little Marigold Frock",
      "Rani Pink Half Saree",
      "Peacock Blue Anarkali",
    ]);
    expect(await namesOf("visibility=hidden")).toEqual(["Rani Pink Half Saree"]);
    expect(await namesOf("visibility=shown&stock=in-stock")).toEqual([
      "Little Marigold Frock",
      "Peacock Blue Anarkali",
    ]);
    expect(await namesOf("categoryId=1&stock=low&search=ivory")).toEqual(["Ivory Chikankari Anarkali"]);
    // An untouched select of the page's form sends an empty value: no filter.
    expect(await namesOf("categoryId=&stock=&visibility=&sort=&search=")).toHaveLength(6);
  });

  it("sorts by name, price, age and fewest pieces, the id breaking ties", async () => {
    expect(await namesOf("sort=name")).toEqual([
      "100% Cotton Kurta_set",
      "Emerald Silk Lehenga",
      "Ivory Chikankari Anarkali",
      "Little Marigold Frock",
      "Peacock Blue Anarkali",
      "Rani Pink Half Saree",
    ]);
    expect((await namesOf("sort=price-asc"))[0]).toBe("Little Marigold Frock");
    expect((await namesOf("sort=price-desc"))[0]).toBe("Emerald Silk Lehenga");
    expect((await namesOf("sort=oldest"))[0]).toBe("Peacock Blue Anarkali");
    expect(await namesOf("sort=stock")).toEqual([
      "Emerald Silk Lehenga",
      "100% Cotton Kurta_set",
      "Ivory Chikankari Anarkali",
      "Little Marigold Frock",
      "Rani Pink Half Saree",
      "Peacock Blue Anarkali",
    ]);
  });

  it("pages through the list with the total of all it holds, and says so past the last page", async () => {
    const first = (await list("sort=name&limit=4")).json();
    const second = (await list("sort=name&limit=4&page=2")).json();
    expect(first.pagination).toEqual({ page: 1, limit: 4, total: 6 });
    expect(second.pagination).toEqual({ page: 2, limit: 4, total: 6 });
    expect([...first.data, ...second.data].map((row: { name: string }) => row.name)).toEqual(
      await namesOf("sort=name"),
    );
    const past = (await list("sort=name&limit=4&page=3")).json();
    expect(past).toMatchObject({ data: [], pagination: { page: 3, total: 6 } });
  });

  it("refuses a bad filter with its message, and anyone but staff", async () => {
    for (const [query, field] of [
      ["stock=some", "stock"],
      ["visibility=all", "visibility"],
      ["sort=colour", "sort"],
      ["limit=101", "limit"],
      ["page=0", "page"],
      ["categoryId=x", "categoryId"],
    ]) {
      const response = await list(query!);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual([field]);
    }
    expect((await list("", shopper)).statusCode).toBe(403);
    expect((await list("", null)).statusCode).toBe(401);
  });
});

describe("POST /api/products/set-stock", () => {
  const setStock = (body: unknown, token: string | null = staff) =>
    post(app, "/api/products/set-stock", body, token ? bearer(token) : {});
  const shopSizes = async (id: number) =>
    (await app.inject({ method: "GET", url: `/api/products/get-product?id=${id}` })).json().data;

  it("sets the named sizes' stock, leaves the others, and the shop shows it at once", async () => {
    const id = ids["Emerald Silk Lehenga"]!;
    expect((await shopSizes(id)).inStock).toBe(false); // kept by the catalog's cache
    const response = await setStock({ id, stock: { L: 7 } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      code: 200,
      message: "Stock saved.",
      data: {
        _id: id,
        sizes: [
          { label: "M", stock: 0 },
          { label: "L", stock: 7 },
        ],
        stockState: "low",
      },
    });
    expect(await shopSizes(id)).toMatchObject({
      inStock: true,
      sizes: [
        { label: "M", stock: 0 },
        { label: "L", stock: 7 },
      ],
    });
    expect(await namesOf("stock=sold-out")).toEqual([]);
  });

  it("sets the stock of a hidden product", async () => {
    const id = ids["Rani Pink Half Saree"]!;
    expect((await setStock({ id, stock: { M: "4" } })).json().data.sizes).toEqual([{ label: "M", stock: 4 }]);
  });

  it("refuses a size the product does not come in, a bad count, and anyone but staff, changing nothing", async () => {
    const id = ids["Peacock Blue Anarkali"]!;
    const notOffered = await setStock({ id, stock: { S: 1, XL: 3 } });
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json()).toMatchObject({
      message: "This product does not come in size XL.",
      errors: { "stock.XL": "This product does not come in size XL." },
    });
    const bad = await setStock({ id, stock: { S: -1, M: 2.5 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      "stock.S": "Stock cannot be negative",
      "stock.M": "Stock must be a whole number",
    });
    expect((await setStock({ id, stock: {} })).json().message).toBe("Give the stock of at least one size.");
    expect((await setStock({ id: 999_999, stock: { S: 1 } })).statusCode).toBe(404);
    expect((await setStock({ id, stock: { S: 1 } }, shopper)).statusCode).toBe(403);
    expect((await shopSizes(id)).sizes).toEqual([
      { label: "S", stock: 12 },
      { label: "M", stock: 9 },
    ]);
  });
});
