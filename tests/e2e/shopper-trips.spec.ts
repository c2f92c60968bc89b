import { expect, test } from "@playwright/test";
import { gotoAndWaitForHydration } from "./support";

// Small things a shopper trips on (issue 23), each kept fixed by a test.

test("the code dialog's address opened in the browser is the 404 page, never a trace", async ({ page }) => {
  const response = await page.goto("/verify-email");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  const html = await response!.text();
  expect(html).not.toContain("node_modules");
  expect(html).not.toContain('"stack"');
});

test("the sort offers each order once, and a search adds Best match", async ({ page }) => {
  const sortOptions = () => page.locator('select[name="sort"]').first().locator("option").allTextContents();
  await gotoAndWaitForHydration(page, "/products");
  expect(await sortOptions()).toEqual([
    "Newest first",
    "Bestsellers",
    "Price: low to high",
    "Price: high to low",
  ]);
  await gotoAndWaitForHydration(page, "/products?search=saree");
  expect(await sortOptions()).toEqual([
    "Best match",
    "Newest first",
    "Bestsellers",
    "Price: low to high",
    "Price: high to low",
  ]);
});

test("a search with no result names the search and clears it", async ({ page }) => {
  await gotoAndWaitForHydration(page, "/products?search=zqxjvw");
  await expect(page.getByText("No products match “zqxjvw”.")).toBeVisible();
  await expect(page.getByText("Showing 0 products")).toBeVisible();
  await page.getByRole("link", { name: "Clear search" }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole("heading", { level: 1, name: "All products" })).toBeVisible();
});

test("one saved item is one item", async ({ page }) => {
  await page.addInitScript(() =>
    localStorage.setItem("wishlist", JSON.stringify([{ id: 1, name: "Sample", price: 100, image: null }])),
  );
  await gotoAndWaitForHydration(page, "/wishlist");
  await expect(page.getByText("1 saved item", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Wishlist, 1 item" })).toBeVisible();
});
