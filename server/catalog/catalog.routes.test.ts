import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { seedCatalog } from "../test-support/catalog-fixture";
import { createTestApp } from "../test-support/test-app";

let app: FastifyInstance;
let close: () => Promise<void>;
let ids: number[];

beforeAll(async () => {
  ({ app, close } = await createTestApp());
  ids = await seedCatalog(app, [
    {
      name: "Emerald Georgette Anarkali",
      price: 4999,
      originalPrice: 6499,
      categoryId: 1,
      daysAgo: 1,
      soldCount: 40,
    },
    { name: "Ruby Silk Anarkali Gown", price: 12999, categoryId: 1, daysAgo: 2, soldCount: 5 },
    { name: "Mustard Chanderi Half Saree", price: 7999, categoryId: 3, daysAgo: 3, soldCount: 90 },
    { name: "Peach Lehenga with Crop Top", price: 1899, categoryId: 2, daysAgo: 4, soldCount: 12 },
    { name: "Ivory Cotton Kurta Set", price: 1499, categoryId: 4, daysAgo: 5, soldCount: 3 },
    { name: "Little Lotus Pavadai", price: 999, categoryId: 5, daysAgo: 6, sizes: { "4-5": 2, "6-7": 0 } },
    { name: "Sold Out Banarasi Anarkali", price: 3999, categoryId: 1, daysAgo: 7, sizes: { M: 0 } },
    { name: "Hidden Deleted Anarkali", price: 2999, categoryId: 1, daysAgo: 0, deleted: true },
    ...Array.from({ length: 10 }, (_, index) => ({
      name: `Teal Cotton Kurti ${index + 1}`,
      description: "Everyday printed cotton kurti with pockets.",
      price: 2100 + index * 100,
      categoryId: 4,
      daysAgo: 10 + index,
    })),
  ]);
});

afterAll(() => close());

const get = (url: string) => app.inject({ method: "GET", url });

describe("GET /api/categories/category", () => {
  it("lists the five categories with their ids", async () => {
    const response = await get("/api/categories/category");
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.code).toBe(200);
    expect(body.data.map((c: { id: number; name: string }) => [c.id, c.name])).toEqual([
      [1, "Anarkali"],
      [2, "Lehanga & CropTop"],
      [3, "Half Saree"],
      [4, "Ethnic Wear"],
      [5, "Kids"],
    ]);
  });
});

describe("GET /api/products/get-products", () => {
  it("pages through the catalog, newest first, eight at a time, with the total", async () => {
    const first = (await get("/api/products/get-products?page=1&limit=8")).json();
    expect(first.code).toBe(200);
    expect(first.data).toHaveLength(8);
    expect(first.pagination).toEqual({ page: 1, limit: 8, total: 17 });
    expect(first.data[0].name).toBe("Emerald Georgette Anarkali");
    const third = (await get("/api/products/get-products?page=3&limit=8")).json();
    expect(third.data).toHaveLength(1);
    const all = [first, (await get("/api/products/get-products?page=2&limit=8")).json(), third].flatMap(
      (p) => p.data,
    );
    expect(new Set(all.map((p: { _id: number }) => p._id)).size).toBe(17);
  });

  it("never lists a deleted product", async () => {
    const body = (await get("/api/products/get-products?limit=48")).json();
    expect(body.data.map((p: { name: string }) => p.name)).not.toContain("Hidden Deleted Anarkali");
  });

  it("answers prices in rupees with the image and stock of each product", async () => {
    const body = (await get("/api/products/get-products?categoryId=1")).json();
    const emerald = body.data.find((p: { name: string }) => p.name === "Emerald Georgette Anarkali");
    expect(emerald).toMatchObject({
      price: 4999,
      originalPrice: 6499,
      categoryId: 1,
      inStock: true,
      rating: 0,
      reviews: 0,
    });
    expect(emerald.image).toMatch(/^\/media\/[0-9a-f]{32}\/\d+\.webp$/);
    expect(emerald.picture.srcSetAvif).toContain(".avif");
    const soldOut = body.data.find((p: { name: string }) => p.name === "Sold Out Banarasi Anarkali");
    expect(soldOut.inStock).toBe(false);
  });

  it("filters by category", async () => {
    const body = (await get("/api/products/get-products?categoryId=3")).json();
    expect(body.data.map((p: { name: string }) => p.name)).toEqual(["Mustard Chanderi Half Saree"]);
    expect(body.pagination.total).toBe(1);
  });

  it("filters by a price band in rupees", async () => {
    const body = (await get("/api/products/get-products?minPrice=0&maxPrice=2000&limit=48")).json();
    expect(body.data.map((p: { price: number }) => p.price).sort((a: number, b: number) => a - b)).toEqual([
      999, 1499, 1899,
    ]);
    const premium = (await get("/api/products/get-products?minPrice=10000&maxPrice=50000")).json();
    expect(premium.data.map((p: { name: string }) => p.name)).toEqual(["Ruby Silk Anarkali Gown"]);
  });

  it("sorts by price and by bestsellers", async () => {
    const cheap = (await get("/api/products/get-products?sort=price-asc&limit=3")).json();
    expect(cheap.data.map((p: { price: number }) => p.price)).toEqual([999, 1499, 1899]);
    const dear = (await get("/api/products/get-products?sort=price-desc&limit=1")).json();
    expect(dear.data[0].price).toBe(12999);
    const best = (await get("/api/products/get-products?sort=bestsellers&limit=2")).json();
    expect(best.data.map((p: { name: string }) => p.name)).toEqual([
      "Mustard Chanderi Half Saree",
      "Emerald Georgette Anarkali",
    ]);
  });

  it("searches names and descriptions, best match first", async () => {
    const body = (await get("/api/products/get-products?search=chanderi")).json();
    expect(body.data[0].name).toBe("Mustard Chanderi Half Saree");
    const kurti = (await get("/api/products/get-products?search=pockets&limit=48")).json();
    expect(kurti.pagination.total).toBe(10);
  });

  it("finds products by their category's name", async () => {
    const body = (await get("/api/products/get-products?search=kids")).json();
    expect(body.data.map((p: { name: string }) => p.name)).toEqual(["Little Lotus Pavadai"]);
  });

  it("tolerates typos: 'anarkli' finds the Anarkali products", async () => {
    const body = (await get("/api/products/get-products?search=anarkli&limit=48")).json();
    const names = body.data.map((p: { name: string }) => p.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "Emerald Georgette Anarkali",
        "Ruby Silk Anarkali Gown",
        "Sold Out Banarasi Anarkali",
      ]),
    );
    expect(names).not.toContain("Ivory Cotton Kurta Set");
  });

  it("corrects each misspelt word of a longer search, and a misspelt category name", async () => {
    const ruby = (await get("/api/products/get-products?search=rubby%20silk%20anarkli")).json();
    expect(ruby.data[0].name).toBe("Ruby Silk Anarkali Gown");
    const kids = (await get("/api/products/get-products?search=kidz")).json();
    expect(kids.data.map((p: { name: string }) => p.name)).toEqual(["Little Lotus Pavadai"]);
  });

  it("finds nothing, without guessing, for a word unlike any in the catalog", async () => {
    const body = (await get("/api/products/get-products?search=zzqx")).json();
    expect(body).toMatchObject({ code: 200, data: [], pagination: { total: 0 } });
  });

  it("combines search with filters", async () => {
    const body = (
      await get("/api/products/get-products?search=anarkali&minPrice=10000&maxPrice=50000")
    ).json();
    expect(body.data.map((p: { name: string }) => p.name)).toEqual(["Ruby Silk Anarkali Gown"]);
  });

  it("answers an empty page past the end", async () => {
    const body = (await get("/api/products/get-products?page=9")).json();
    expect(body.data).toEqual([]);
    expect(body.pagination.total).toBe(17);
  });

  it.each([
    ["page=0", "Page must be a whole number from 1"],
    ["page=-1", "Page must be a whole number from 1"],
    ["page=abc", "Page must be a whole number from 1"],
    ["limit=1000", "Limit cannot be more than 48"],
    ["limit=0", "Limit must be a whole number from 1"],
    ["minPrice=cheap", "Minimum price must be a number"],
    ["maxPrice=-5", "Maximum price cannot be negative"],
    ["minPrice=5000&maxPrice=2000", "Minimum price cannot be above maximum price"],
    ["categoryId=x", "Invalid category ID"],
    ["sort=random", "Unknown sort order"],
    [`search=${"a".repeat(101)}`, "Search is too long"],
  ])("refuses %s with a clear 400", async (query, message) => {
    const response = await get(`/api/products/get-products?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, message });
  });
});

describe("GET /api/products/get-product", () => {
  it("answers the product with sizes, stock, images and category", async () => {
    const response = await get(`/api/products/get-product?id=${ids[0]}`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      _id: ids[0],
      name: "Emerald Georgette Anarkali",
      price: 4999,
      originalPrice: 6499,
      size: ["S", "M"],
      sizes: [
        { label: "S", stock: 5 },
        { label: "M", stock: 5 },
      ],
      inStock: true,
      features: ["Pure georgette", "Hand embroidered"],
      care: "Dry clean only.",
      reviews: 0,
      category: { id: 1, name: "Anarkali" },
    });
    expect(data.images).toHaveLength(1);
    expect(data.pictures[0].width).toBe(30);
  });

  it("says 'Product not found' for an unknown or deleted id", async () => {
    for (const id of [999999, ids[7]]) {
      const response = await get(`/api/products/get-product?id=${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 404, message: "Product not found" });
    }
  });

  it.each(["abc", "0", "-3", "1.5", ""])("says 'Invalid product ID' for id=%s", async (id) => {
    const response = await get(`/api/products/get-product?id=${id}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, message: "Invalid product ID" });
  });

  it("says 'Invalid product ID' when the id is missing", async () => {
    const response = await get("/api/products/get-product");
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Invalid product ID");
  });
});

describe("the API's edges", () => {
  it("answers an unknown call with a 404 envelope", async () => {
    const response = await get("/api/nothing-here");
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe(404);
  });

  it("serves stored media with a long cache lifetime", async () => {
    const product = (await get(`/api/products/get-product?id=${ids[0]}`)).json().data;
    const response = await get(product.image);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/webp");
    expect(response.headers["cache-control"]).toContain("immutable");
  });

  it("reports health and publishes an OpenAPI document of the calls", async () => {
    expect((await get("/api/health")).json()).toMatchObject({ code: 200 });
    const docs = (await get("/api/docs")).json();
    expect(Object.keys(docs.paths)).toEqual(
      expect.arrayContaining([
        "/products/get-products",
        "/products/get-product",
        "/categories/category",
        "/contact/get-contact",
      ]),
    );
  });
});
