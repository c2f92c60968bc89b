import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import {
  expectNoAxeViolations,
  expectShopperSeesShipped,
  gotoAndWaitForHydration,
  paidOrder,
  signIn,
  STAFF,
} from "./support";

/**
 * Three real photos: a front view, a phone's shot stored sideways with EXIF orientation 6, and an iPhone's
 * HEIC photo (400 × 300), which Chromium cannot decode and the store's server does.
 */
async function photos(): Promise<[string, string, string]> {
  const folder = mkdtempSync(path.join(os.tmpdir(), "staff-photos-"));
  const front = path.join(folder, "front.jpg");
  const sideways = path.join(folder, "IMG_0042.jpg");
  writeFileSync(
    front,
    await sharp({ create: { width: 900, height: 1200, channels: 3, background: "#a0295a" } })
      .jpeg()
      .toBuffer(),
  );
  // Stored 1200 wide and 900 high; shown upright it is 900 wide and 1200 high.
  writeFileSync(
    sideways,
    await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#2a6a9c" } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer(),
  );
  return [front, sideways, path.resolve("server/test-support/fixtures/phone-photo.heic")];
}

async function logInAsStaff(page: Page) {
  await signIn(page, STAFF.email, STAFF.password);
  await gotoAndWaitForHydration(page, "/admin-dashboard");
}

test("staff add a product with phone photos and edit its stock; a shopper buys it, staff ship it and the shopper sees it shipped", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const name = `Marigold Half Saree ${Date.now().toString(36)}`;
  await logInAsStaff(page);
  await gotoAndWaitForHydration(page, "/addproduct");
  await expect(page.getByRole("heading", { level: 1, name: "Add New Product" })).toBeVisible();

  // Submitting empty says what the spec says.
  await page.getByRole("button", { name: "Add Product" }).click();
  await expect(page.getByText("Please fill all required fields!")).toBeVisible();

  await page.getByLabel("Product Name").fill(name);
  await page.getByLabel("Description").fill("Silk half saree with a marigold border.");
  await page.getByRole("spinbutton", { name: "Price (₹)", exact: true }).fill("4299");
  await expect(page.getByLabel("Category")).toHaveValue("");
  await page.getByLabel("Category").selectOption({ label: "Half Saree" });
  await page.getByRole("checkbox", { name: "S", exact: true }).check();
  await page.getByRole("checkbox", { name: "M", exact: true }).check();
  await expect(page.getByLabel("Stock of M")).toHaveValue("50");
  await page.getByRole("button", { name: "Add Product" }).click();
  await expect(page.getByText("Please upload images first!")).toBeVisible();

  await page.getByLabel("Product images").setInputFiles(await photos());
  await expect(page.getByText("Images uploaded successfully!")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("list", { name: "Uploaded images" }).getByRole("listitem")).toHaveCount(3);
  await page.getByRole("button", { name: "Show image 2" }).click();
  await expect(page.getByRole("button", { name: "Show image 2" })).toHaveAttribute("aria-pressed", "true");
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Add Product" }).click();
  await expect(page.getByText("Product added successfully!")).toBeVisible();
  const link = page.getByRole("link", { name: "View it in the shop" });
  const href = (await link.getAttribute("href"))!;
  expect(href).toMatch(/^\/products\/\d+$/);
  const id = Number(href.split("/").pop());
  // The form starts again.
  await expect(page.getByLabel("Product Name")).toHaveValue("");
  await expect(page.getByRole("list", { name: "Uploaded images" })).toHaveCount(0);

  // In the shop at once, with both photos upright.
  await page.goto(href);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const product = (await (await page.request.get(`/api/products/get-product?id=${id}`)).json()).data;
  expect(product.pictures).toHaveLength(3);
  const [front, sideways, heic] = product.pictures;
  for (const picture of [front, sideways]) expect(picture.height).toBeGreaterThan(picture.width);
  expect(heic).toMatchObject({ width: 400, height: 300 });
  expect(product.sizes).toEqual([
    { label: "S", stock: 50 },
    { label: "M", stock: 50 },
  ]);

  // Edit its stock.
  await gotoAndWaitForHydration(page, `/admin/products/${id}/edit`);
  await expect(page.getByRole("heading", { level: 1, name: `Edit ${name}` })).toBeVisible();
  await expect(page.getByLabel("Stock of M")).toHaveValue("50");
  await expectNoAxeViolations(page);
  await page.getByLabel("Stock of M").fill("7");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Product updated successfully!")).toBeVisible();
  const edited = (await (await page.request.get(`/api/products/get-product?id=${id}`)).json()).data;
  expect(edited.sizes).toEqual([
    { label: "S", stock: 50 },
    { label: "M", stock: 7 },
  ]);

  // A shopper buys one piece of it.
  const { email, orderId } = await paidOrder(page, baseURL!, id);

  // Staff ship it from the order's page.
  await signIn(page, STAFF.email, STAFF.password);
  await gotoAndWaitForHydration(page, `/orders/${orderId}`);
  await expect(page.getByRole("heading", { name: `Order #${orderId}` })).toBeVisible();
  await expect(page.getByText(name).first()).toBeVisible();
  await page.getByLabel("Courier (optional)").fill("India Post");
  await page.getByLabel("Tracking number (optional)").fill("EK123456789IN");
  await page.getByRole("button", { name: "Mark Shipped" }).click();
  await expect(page.getByText("Order marked Shipped.")).toBeVisible();

  await expectShopperSeesShipped(page, email, orderId, "EK123456789IN");
});

test("a shopper cannot open the product pages of staff", async ({ page }) => {
  await page.goto("/addproduct");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faddproduct$/);
  await page.goto("/admin/products/1/edit");
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
});
