import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createUserAndLogin, freshIp } from "../test-support/accounts";
import { seedCatalog } from "../test-support/catalog-fixture";
import { createTestApp } from "../test-support/test-app";

let app: FastifyInstance;
let close: () => Promise<void>;
let staff: string;
let customer: string;

beforeAll(async () => {
  ({ app, close } = await createTestApp({ publicUrl: "https://shop.example" }));
  staff = (await createUserAndLogin(app, 2)).token;
  customer = (await createUserAndLogin(app, 3)).token;
});
afterAll(() => close());

const newProduct = async () =>
  (await seedCatalog(app, [{ name: "Teal Anarkali", price: 2499, categoryId: 1 }]))[0]!;

const deleteProduct = (
  id: number | string,
  headers: Record<string, string>,
  method: "GET" | "HEAD" | "DELETE" = "GET",
) => app.inject({ method, url: `/api/products/delete-product?id=${id}`, headers, remoteAddress: freshIp() });

const productStatus = async (id: number) =>
  (await app.inject({ method: "GET", url: `/api/products/get-product?id=${id}` })).statusCode;

describe("GET /api/products/delete-product", () => {
  it("hides the product from the catalog for staff", async () => {
    const id = await newProduct();
    const listed = () => app.inject({ method: "GET", url: "/api/products/get-products?page=1&limit=8" });
    expect((await listed()).json().data.map((p: { _id: number }) => p._id)).toContain(id);
    expect(await productStatus(id)).toBe(200);

    const response = await deleteProduct(id, bearer(staff));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: 200,
      message: "The product has been removed from your account.",
      data: null,
    });
    // At once, though both answers were cached before.
    expect(await productStatus(id)).toBe(404);
    expect((await listed()).json().data.map((p: { _id: number }) => p._id)).not.toContain(id);
    expect((await deleteProduct(id, bearer(staff))).statusCode).toBe(404);
  });

  it("answers 401 without a session and 403 to a customer, and deletes nothing", async () => {
    const id = await newProduct();
    expect((await deleteProduct(id, {})).statusCode).toBe(401);
    expect((await deleteProduct(id, bearer(customer))).statusCode).toBe(403);
    expect(await productStatus(id)).toBe(200);
  });

  it("with the cookie, only from the store's own pages", async () => {
    const id = await newProduct();
    const cookie = { cookie: `__Host-session=${staff}` };
    expect((await deleteProduct(id, { ...cookie, "sec-fetch-site": "cross-site" })).statusCode).toBe(403);
    expect((await deleteProduct(id, cookie)).statusCode).toBe(403);
    expect(await productStatus(id)).toBe(200);
    expect((await deleteProduct(id, { ...cookie, "sec-fetch-site": "same-origin" })).statusCode).toBe(200);
  });

  it("with the cookie, never from another site or a sibling subdomain, whatever the headers say", async () => {
    const id = await newProduct();
    const cookie = { cookie: `__Host-session=${staff}` };
    for (const headers of [
      { origin: "https://evil.example" } as Record<string, string>,
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      { origin: "https://evil.shop.example" },
      { origin: "http://shop.example.evil.example" },
      { origin: "null" },
      { "sec-fetch-site": "same-site" },
      { origin: "https://shop.example", "sec-fetch-site": "cross-site" },
      { origin: "https://shop.example", "sec-fetch-site": "same-site" },
    ]) {
      for (const method of ["GET", "DELETE"] as const) {
        const refused = await deleteProduct(id, { ...cookie, ...headers }, method);
        expect(refused.statusCode, JSON.stringify({ method, headers })).toBe(403);
        expect(refused.json().message).toBe("Requests from other sites are not accepted.");
      }
    }
    expect(await productStatus(id)).toBe(200);
  });

  it("with the cookie, never from a link opened outside the browser (a mail or chat app) or typed", async () => {
    const id = await newProduct();
    const cookie = { cookie: `__Host-session=${staff}` };
    for (const headers of [
      { "sec-fetch-site": "none" } as Record<string, string>,
      { "sec-fetch-site": "none", origin: "https://shop.example" },
    ]) {
      const refused = await deleteProduct(id, { ...cookie, ...headers });
      expect(refused.statusCode, JSON.stringify(headers)).toBe(403);
      expect(refused.json().message).toBe("This request must come from the store's own pages.");
    }
    expect(await productStatus(id)).toBe(200);
    // A client with the token, as the spec's client sends it, says nothing of where it comes from.
    expect((await deleteProduct(id, { ...bearer(staff), "sec-fetch-site": "none" })).statusCode).toBe(200);
  });

  it("with the cookie, from the store's own pages", async () => {
    const cookie = { cookie: `__Host-session=${staff}` };
    for (const headers of [
      { origin: "https://shop.example" } as Record<string, string>,
      { origin: "https://shop.example", "sec-fetch-site": "same-origin" },
      { "sec-fetch-site": "same-origin" },
    ]) {
      const id = await newProduct();
      expect((await deleteProduct(id, { ...cookie, ...headers })).statusCode).toBe(200);
      expect(await productStatus(id)).toBe(404);
    }
  });

  it("never deletes on HEAD", async () => {
    const id = await newProduct();
    const cookie = { cookie: `__Host-session=${staff}`, origin: "https://shop.example" };
    for (const headers of [bearer(staff), cookie, { ...cookie, origin: "https://evil.example" }])
      expect((await deleteProduct(id, headers, "HEAD")).statusCode).toBe(405);
    expect(await productStatus(id)).toBe(200);
  });

  it("also answers DELETE, and refuses a malformed id", async () => {
    const id = await newProduct();
    expect((await deleteProduct(id, bearer(staff), "DELETE")).statusCode).toBe(200);
    const malformed = await deleteProduct("abc", bearer(staff));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe("Invalid product ID");
  });
});
