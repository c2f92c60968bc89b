import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import {
  expectNoAxeViolations,
  expectShopperSeesShipped,
  gotoAndWaitForHydration,
  paidOrder,
  signIn,
  STAFF,
} from "./support";
import { jpegPhoto } from "../../server/test-support/photos";

/**
 * Three real photos: a front view, a phone's shot stored sideways with EXIF orientation 6, and an iPhone's
 * HEIC photo (400 × 300), which Chromium cannot decode and the store's server does.
 */
async function photos(): Promise<[string, string, string]> {
  const folder = mkdtempSync(path.join(os.tmpdir(), "staff-photos-"));
  const front = path.join(folder, "front.jpg");
  const sideways = path.join(folder, "IMG_0042.jpg");
  writeFileSync(front, await jpegPhoto(900, 1200, { colour: "#a0295a" }));
  // Stored 1200 wide and 900 high; shown upright it is 900 wide and 1200 high.
  writeFileSync(sideways, await jpegPhoto(1200, 900, { colour: "#2a6a9c", orientation: 6 }));
  return [front, sideways, path.resolve("server/test-support/fixtures/phone-photo.heic")];
}

async function logInAsStaff(page: Page) {
  await signIn(page, STAFF.email, STAFF.password);
  await gotoAndWaitForHydration(page, "/admin-dashboard");
}

test(
  "staff add a product with phone photos and edit its stock; a shopper buys it, staff ship it and the shopper sees it shipped",
  { tag: "@both" },
  async ({ page, baseURL }) => {
    test.setTimeout(150_000);
    const name = `Marigold Half Saree ${Date.now().toString(36)}`;
    await logInAsStaff(page);
    await gotoAndWaitForHydration(page, "/addproduct");
    await expect(page.getByRole("heading", { level: 1, name: "Add New Product" })).toBeVisible();

    // The form starts empty: nothing another product said.
    await expect(page.getByRole("button", { name: /^Remove feature/ })).toHaveCount(0);
    await expect(page.getByLabel("Model's height")).toHaveValue("");

    // Submitting it empty marks every required field at once, and says what the spec says.
    await page.getByRole("button", { name: "Add Product" }).click();
    await expect(page.getByText("Please fill all required fields!")).toBeVisible();
    await expect(page.getByText("6 fields need your attention: each is marked below.")).toBeVisible();
    await expect(page.getByLabel("Product Name")).toHaveAttribute("aria-invalid", "true");
    // The keyboard is at the first of them (the photos come first).
    await expect(page.getByLabel("Product images")).toBeFocused();
    await expect(page.getByLabel("Product Name")).toHaveAccessibleDescription("Enter the product's name");
    await expect(page.getByLabel("Description")).toHaveAccessibleDescription("Enter a description");
    await expect(page.getByLabel("Category")).toHaveAccessibleDescription("Choose a category");
    await expect(page.getByText("Please choose at least one size")).toBeVisible();
    await expect(page.getByLabel("Product images")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);

    await page.getByLabel("Product Name").fill(name);
    await expect(page.getByLabel("Product Name")).not.toHaveAttribute("aria-invalid");
    await page.getByLabel("Description").fill("Silk half saree with a marigold border.");
    await page.getByRole("spinbutton", { name: "Price (₹)", exact: true }).fill("4299");
    await expect(page.getByLabel("Category")).toHaveValue("");
    await page.getByLabel("Category").selectOption({ label: "Half Saree" });
    await page.getByRole("checkbox", { name: "S", exact: true }).check();
    await page.getByRole("checkbox", { name: "M", exact: true }).check();
    await expect(page.getByLabel("Stock of M")).toHaveValue("");
    await page.getByLabel("Stock of S").fill("50");
    await page.getByRole("button", { name: "Add Product" }).click();
    await expect(page.getByText("2 fields need your attention: each is marked below.")).toBeVisible();
    await expect(page.getByLabel("Stock of M")).toHaveAccessibleDescription("Enter the stock of M");
    await page.getByLabel("Stock of M").fill("50");
    await page.getByLabel("Model's height").fill(`5'4"`);
    await page.getByLabel("Size the model wears").selectOption("S");
    await page.getByRole("textbox", { name: "Fabric" }).fill("Pure silk with a zari border");
    await page.getByRole("button", { name: "Add Product" }).click();
    await expect(
      page.locator("[data-sonner-toast]").filter({ hasText: "Please upload images first!" }),
    ).toBeVisible();
    await expect(page.getByLabel("Product images")).toHaveAccessibleDescription(
      /^Please upload images first!/,
    );

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

    // In the shop at once, with both photos upright and its own size and fit notes.
    await page.goto(href);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByText(`Model is 5'4" and wears size S.`)).toBeVisible();
    await expect(page.getByText("Fabric: Pure silk with a zari border")).toBeVisible();
    await expect(page.getByText(`Model is 5'6" and wears size S.`)).toHaveCount(0);
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
    await page.getByLabel("Courier (optional)").selectOption("indiapost");
    await page.getByLabel("Tracking number").fill("EK123456789IN");
    await page.getByRole("button", { name: "Mark Shipped" }).click();
    await expect(page.getByText("Order marked Shipped.")).toBeVisible();

    await expectShopperSeesShipped(page, email, orderId, "EK123456789IN");
  },
);

test(
  "staff find a product by name in the list and set a size's stock there",
  { tag: "@both" },
  async ({ page }) => {
    await logInAsStaff(page);
    // The dashboard's Products card (its low-stock panel links to filtered lists of products too).
    await page.getByRole("link", { name: /^Products\s*Find any product/ }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();

    await page.getByLabel("Name or number").fill("gadwal silk");
    await page.getByRole("button", { name: "Find" }).click();
    await expect(page).toHaveURL(/search=gadwal\+silk/);
    await expect(page.getByText("1 product", { exact: true })).toBeVisible();
    const row = page.getByRole("article", { name: "Bottle Green Gadwal Silk Half Saree" });
    await expect(row.getByRole("link", { name: "Edit Bottle Green Gadwal Silk Half Saree" })).toBeVisible();
    await expect(
      row.getByRole("link", { name: "View Bottle Green Gadwal Silk Half Saree in the shop" }),
    ).toHaveAttribute("href", /^\/products\/\d+$/);
    await expectNoAxeViolations(page);

    await row.getByText("Edit stock").click();
    await row.getByLabel("Stock of L").fill("12");
    await row.getByRole("button", { name: "Save stock" }).click();
    await expect(row.getByText("Stock saved.")).toBeVisible();
    await expect(row.getByRole("list", { name: /^Stock of/ })).toContainText("L: 12");
    const id = Number(
      (await row.getByRole("link", { name: /in the shop$/ }).getAttribute("href"))!.split("/").pop(),
    );
    const product = (await (await page.request.get(`/api/products/get-product?id=${id}`)).json()).data;
    expect(product.sizes).toContainEqual({ label: "L", stock: 12 });

    // A count the store cannot take is marked on its size, and nothing changes.
    await row.getByLabel("Stock of L").fill("-3");
    await row.getByRole("button", { name: "Save stock" }).click();
    await expect(row.getByLabel("Stock of L")).toHaveAccessibleDescription("Stock cannot be negative");

    // From the shop's page, staff come back to the product's edit page.
    await page.goto(`/products/${id}`);
    await page.getByRole("link", { name: "Edit Bottle Green Gadwal Silk Half Saree" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/products/${id}/edit$`));
  },
);

test("a shopper cannot open the product pages of staff", async ({ page }) => {
  await page.goto("/addproduct");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faddproduct$/);
  await page.goto("/admin/products/1/edit");
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await page.goto("/admin/products");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fproducts$/);
});
