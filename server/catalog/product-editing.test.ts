import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders } from "../orders/orders.tables";
import { bearer, createUserAndLogin, freshIp, post } from "../test-support/accounts";
import { seedCatalog } from "../test-support/catalog-fixture";
import { createTestApp } from "../test-support/test-app";
import { jpegPhoto } from "../test-support/photos";
import { uploadImages } from "../test-support/uploads";

let app: FastifyInstance;
let close: () => Promise<void>;
let staff: string;
let customer: { token: string; id: number };
let photos: string[];

beforeAll(async () => {
  ({ app, close } = await createTestApp({ publicUrl: "https://shop.example" }));
  staff = (await createUserAndLogin(app, 2)).token;
  customer = (await createUserAndLogin(app, 3)) as { token: string; id: number };
  await seedCatalog(app, []); // the five categories
  const uploaded = await uploadImages(app, staff, [
    { filename: "front.jpg", data: await jpegPhoto(300, 400, { colour: "#aa3366" }) },
    { filename: "back.jpg", data: await jpegPhoto(300, 400, { colour: "#3366aa" }) },
    { filename: "side.jpg", data: await jpegPhoto(300, 400, { colour: "#66aa33" }) },
  ]);
  photos = uploaded.json().files;
});
afterAll(() => close());

const draft = (overrides: Record<string, unknown> = {}) => ({
  name: "Peacock Blue Anarkali",
  description: "Floor-length georgette Anarkali with zari work.",
  price: 3499,
  category: 1,
  size: ["S", "M", "L"],
  image: photos[0],
  images: photos.slice(0, 2),
  ...overrides,
});

const addProduct = (body: unknown, token: string | null = staff) =>
  post(app, "/api/products/add-product", body, token ? bearer(token) : {});
const updateProduct = (body: unknown, token: string | null = staff) =>
  post(app, "/api/products/update-product", body, token ? bearer(token) : {});
const setVisibility = (body: unknown, token: string | null = staff) =>
  post(app, "/api/products/set-visibility", body, token ? bearer(token) : {});
const staffView = (id: number, token: string | null = staff) =>
  app.inject({
    method: "GET",
    url: `/api/products/get-product-for-staff?id=${id}`,
    headers: token ? bearer(token) : {},
    remoteAddress: freshIp(),
  });
const shopProduct = async (id: number) =>
  app.inject({ method: "GET", url: `/api/products/get-product?id=${id}` });
const listing = async () =>
  (await app.inject({ method: "GET", url: "/api/products/get-products?page=1&limit=48" }))
    .json()
    .data.map((p: { _id: number; name: string; price: number; inStock: boolean }) => p);

describe("POST /api/products/add-product", () => {
  it("answers a body that is no object (none, null, a list, a number) with 400, on add and on update", async () => {
    for (const send of [addProduct, updateProduct])
      for (const payload of [undefined, "null", "[]", "7", '"text"']) {
        const response = await app.inject({
          method: "POST",
          url: send === addProduct ? "/api/products/add-product" : "/api/products/update-product",
          remoteAddress: freshIp(),
          headers: { ...bearer(staff), ...(payload ? { "content-type": "application/json" } : {}) },
          ...(payload ? { payload } : {}),
        });
        expect(response.statusCode, `${payload}: ${response.body}`).toBe(400);
      }
  });

  it("adds the spec's draft, in the shop at once, with 50 of each size and the default features", async () => {
    await listing(); // cached before the change
    const response = await addProduct(draft());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ code: 200, message: "Product added successfully!" });
    const id = response.json().data._id as number;

    const shown = await shopProduct(id);
    expect(shown.statusCode).toBe(200);
    const product = shown.json().data;
    expect(product).toMatchObject({
      name: "Peacock Blue Anarkali",
      price: 3499,
      originalPrice: null,
      size: ["S", "M", "L"],
      sizes: [
        { label: "S", stock: 50 },
        { label: "M", stock: 50 },
        { label: "L", stock: 50 },
      ],
      features: ["100% cotton", "Machine washable", "Slim fit design"],
      category: { id: 1, name: "Anarkali" },
      inStock: true,
    });
    expect(product.images).toEqual([`/media/${photos[0]}/300.webp`, `/media/${photos[1]}/300.webp`]);
    expect((await listing()).map((p: { _id: number }) => p._id)).toContain(id);
  });

  it("takes availableQunatity, stock per size, originalPrice, care, features and image URLs", async () => {
    const response = await addProduct(
      draft({
        name: "Kids Pattu Langa",
        category: 5,
        size: ["2-3", "4-5", "4-5"],
        availableQunatity: 7,
        stock: { "4-5": 3 },
        originalPrice: "2999",
        price: "1999.50",
        care: "Dry clean only.",
        features: ["Silk blend", "  ", "Zari border"],
        image: `https://cdn.example/media/${photos[2]}/300.webp`,
        images: photos.slice(0, 1),
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const product = (await shopProduct(response.json().data._id)).json().data;
    expect(product).toMatchObject({
      price: 1999.5,
      originalPrice: 2999,
      care: "Dry clean only.",
      features: ["Silk blend", "Zari border"],
      sizes: [
        { label: "2-3", stock: 7 },
        { label: "4-5", stock: 3 },
      ],
      category: { id: 5, name: "Kids" },
    });
    expect(product.images).toHaveLength(2);
    expect(product.image).toBe(`/media/${photos[2]}/300.webp`);
  });

  it("answers 401 without a session and 403 to a customer, and adds nothing", async () => {
    const before = (await listing()).length;
    expect((await addProduct(draft(), null)).statusCode).toBe(401);
    expect((await addProduct(draft(), customer.token)).statusCode).toBe(403);
    expect((await listing()).length).toBe(before);
  });

  it("answers the spec's messages for missing fields and images", async () => {
    for (const missing of [{ name: "" }, { description: "  " }, { price: "" }, { name: undefined }]) {
      const response = await addProduct(draft(missing));
      expect(response.statusCode, JSON.stringify(missing)).toBe(400);
      expect(response.json().message).toBe("Please fill all required fields!");
    }
    const noImages = await addProduct(draft({ image: undefined, images: [] }));
    expect(noImages.statusCode).toBe(400);
    expect(noImages.json().message).toBe("Please upload images first!");
  });

  it("names every missing or wrong field at once, the server's own checks included", async () => {
    const empty = await addProduct({ name: "", price: "", size: [], images: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      code: 400,
      message: "Please fill all required fields!",
      errors: {
        name: "Please fill all required fields!",
        description: "Please fill all required fields!",
        price: "Please fill all required fields!",
        category: "Please fill all required fields!",
        size: "Please choose at least one size",
        images: "Please upload images first!",
      },
    });
    const wrong = await addProduct(
      draft({ price: 12.345, stock: { S: -1 }, sizeFit: { modelSize: "XL", fit: "x".repeat(301) } }),
    );
    expect(wrong.json().errors).toEqual({
      price: "Price must be at most ₹1,00,00,000 with at most two decimals",
      "stock.S": "Stock cannot be negative",
      "sizeFit.fit": "Fit is too long (at most 300 characters)",
      "sizeFit.modelSize": "Choose one of the sizes the product comes in",
    });
    // Past the contract: an unknown category and an unknown image, told together.
    const unknown = await addProduct(draft({ category: 9, images: ["ffffffffffffffffffffffffffffffff"] }));
    expect(unknown.json()).toEqual({
      code: 400,
      message: "Unknown category: 9",
      errors: {
        category: "Unknown category: 9",
        images: "Unknown image reference: ffffffffffffffffffffffffffffffff",
      },
    });
  });

  it("keeps the product's own size and fit notes, which its page shows", async () => {
    const sizeFit = {
      modelHeight: `5'4"`,
      modelSize: "M",
      fit: "Relaxed fit; 2 inches at the side seams.",
      fabric: "Georgette with a cotton lining",
    };
    const response = await addProduct(draft({ sizeFit }));
    expect(response.statusCode, response.body).toBe(200);
    const id = response.json().data._id as number;
    expect((await shopProduct(id)).json().data.sizeFit).toEqual(sizeFit);
    expect((await staffView(id)).json().data.sizeFit).toEqual(sizeFit);
    // None given: none shown.
    const plain = (await addProduct(draft())).json().data._id as number;
    expect((await shopProduct(plain)).json().data.sizeFit).toEqual({
      modelHeight: "",
      modelSize: "",
      fit: "",
      fabric: "",
    });
  });

  it("refuses a bad price, an unknown category, an unknown size and an unknown image", async () => {
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ price: -10 }, "Price must be more than zero"],
      [{ price: 0 }, "Price must be more than zero"],
      [{ price: "abc" }, "Price must be a number"],
      [{ price: true }, "Price must be a number"],
      [{ price: 12.345 }, /two decimals/],
      [{ originalPrice: -1 }, "Original price must be more than zero"],
      [{ category: 9 }, "Unknown category: 9"],
      [{ category: "kurta" }, /required fields|Unknown category/],
      [{ size: ["M", "XXXXL"] }, /Unknown size: XXXXL/],
      [{ size: [] }, "Please choose at least one size"],
      [{ images: ["0123456789abcdef0123456789abcdef"] }, /Unknown image reference/],
      [{ image: "../../etc/passwd" }, /Unknown image reference/],
      [{ availableQunatity: -1 }, "Stock cannot be negative"],
      [{ availableQunatity: 2.5 }, "Stock must be a whole number"],
    ];
    const before = (await listing()).length;
    for (const [change, message] of cases) {
      const response = await addProduct(draft(change));
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().code).toBe(400);
      expect(response.json().message, JSON.stringify(change)).toMatch(message);
    }
    expect((await listing()).length).toBe(before);
  });
});

describe("editing a product", () => {
  const newProduct = async () =>
    (await addProduct(draft({ name: `Edit me ${randomBytes(3).toString("hex")}` }))).json().data
      ._id as number;

  it("changes every field, reorders, removes and adds images, and sets stock per size", async () => {
    const id = await newProduct();
    await shopProduct(id); // cached
    const response = await updateProduct({
      id,
      name: "Ruby Red Anarkali",
      description: "Now in silk.",
      price: 4999,
      originalPrice: 5999,
      category: 2,
      size: ["M", "XL"],
      images: [photos[2], photos[0]],
      stock: { M: 0, XL: 12 },
      features: ["Pure silk"],
      care: "Dry clean.",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe("Product updated successfully!");
    const product = (await shopProduct(id)).json().data;
    expect(product).toMatchObject({
      name: "Ruby Red Anarkali",
      description: "Now in silk.",
      price: 4999,
      originalPrice: 5999,
      category: { id: 2 },
      sizes: [
        { label: "M", stock: 0 },
        { label: "XL", stock: 12 },
      ],
      features: ["Pure silk"],
      care: "Dry clean.",
    });
    expect(product.images).toEqual([`/media/${photos[2]}/300.webp`, `/media/${photos[0]}/300.webp`]);
    const listed = (await listing()).find((p: { _id: number }) => p._id === id);
    expect(listed).toMatchObject({ name: "Ruby Red Anarkali", price: 4999 });
  });

  it("a stock change alone shows on the product's page at once", async () => {
    const id = await newProduct();
    const before = (await staffView(id)).json().data;
    expect((await shopProduct(id)).json().data.sizes[0].stock).toBe(50);
    const response = await updateProduct({
      ...before,
      id,
      category: before.categoryId,
      size: before.sizes.map((s: { label: string }) => s.label),
      images: before.images.map((image: { id: string }) => image.id),
      stock: { S: 4 },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await shopProduct(id)).json().data.sizes).toEqual([
      { label: "S", stock: 4 },
      { label: "M", stock: 50 },
      { label: "L", stock: 50 },
    ]);
  });

  it("shows staff the stock and what unpaid orders hold of each size", async () => {
    const id = await newProduct();
    const { db } = app.services;
    const order = async (
      status: "Pending" | "Cancelled",
      size: string,
      quantity: number,
      released = false,
    ) => {
      const [row] = await db
        .insert(orders)
        .values({
          publicId: `T${randomBytes(6).toString("hex")}`,
          userId: customer.id,
          status,
          subtotalPaise: 349900 * quantity,
          deliveryPaise: 0,
          totalPaise: 349900 * quantity,
          shippingAddress: {
            fullName: "Kavya",
            address: "Banjara Hills",
            street: "Banjara Hills",
            city: "Hyderabad",
            state: "Telangana",
            postalCode: "500034",
            country: "India",
            phone: "9848012345",
            email: "kavya@example.in",
          },
          reservedUntil: new Date(Date.now() + 600_000),
          stockReleasedAt: released ? new Date() : null,
        })
        .returning({ id: orders.id });
      await db
        .insert(orderItems)
        .values({ orderId: row!.id, productId: id, size, quantity, unitPricePaise: 349900, name: "x" });
    };
    await order("Pending", "M", 2);
    await order("Pending", "M", 1);
    await order("Pending", "L", 5, true); // released: not held
    await order("Cancelled", "S", 4);

    const response = await staffView(id);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      _id: id,
      hidden: false,
      sizes: [
        { label: "S", stock: 50, reserved: 0 },
        { label: "M", stock: 50, reserved: 3 },
        { label: "L", stock: 50, reserved: 0 },
      ],
    });
    expect(response.json().data.images.map((image: { id: string }) => image.id)).toEqual(photos.slice(0, 2));
    expect((await staffView(id, customer.token)).statusCode).toBe(403);
    expect((await staffView(id, null)).statusCode).toBe(401);
  });

  it("hides a product and shows it again; staff still see it while hidden", async () => {
    const id = await newProduct();
    await shopProduct(id);
    const hide = await setVisibility({ id, visible: false });
    expect(hide.statusCode, hide.body).toBe(200);
    expect((await shopProduct(id)).statusCode).toBe(404);
    expect((await listing()).map((p: { _id: number }) => p._id)).not.toContain(id);
    expect((await staffView(id)).json().data.hidden).toBe(true);

    expect((await setVisibility({ id, visible: true })).statusCode).toBe(200);
    expect((await shopProduct(id)).statusCode).toBe(200);
    expect((await listing()).map((p: { _id: number }) => p._id)).toContain(id);
    expect((await setVisibility({ id: 999999, visible: true })).statusCode).toBe(404);
  });

  it("refuses customers, guests and bad input", async () => {
    const id = await newProduct();
    const body = { ...draft(), id, images: photos.slice(0, 1), stock: {}, features: [] };
    expect((await updateProduct(body, null)).statusCode).toBe(401);
    expect((await updateProduct(body, customer.token)).statusCode).toBe(403);
    expect((await setVisibility({ id, visible: false }, null)).statusCode).toBe(401);
    expect((await setVisibility({ id, visible: false }, customer.token)).statusCode).toBe(403);
    expect((await shopProduct(id)).statusCode).toBe(200);

    const bad: [Record<string, unknown>, string | RegExp, number?][] = [
      [{ price: -1 }, "Price must be more than zero"],
      [{ category: 42 }, "Unknown category: 42"],
      [{ size: ["M", "Huge"] }, /Unknown size: Huge/],
      [{ images: [] }, "Please upload images first!"],
      [{ images: ["ffffffffffffffffffffffffffffffff"] }, /Unknown image reference/],
      [{ stock: { M: -3 } }, "Stock cannot be negative"],
      [{ id: 999999 }, "Product not found", 404],
    ];
    for (const [change, message, status] of bad) {
      const response = await updateProduct({ ...body, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(status ?? 400);
      expect(response.json().message).toMatch(message);
    }
    const visibility = await setVisibility({ id, visible: "no" });
    expect(visibility.statusCode).toBe(400);
  });
});
