import { expect, test } from "@playwright/test";
import { gotoAndWaitForHydration, logIn, newVerifiedShopper } from "./support";

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

test("a kids' product speaks of ages, not of a grown model's size", async ({ page }) => {
  const list = await (await page.request.get("/api/products/get-products?categoryId=5&limit=1")).json();
  await gotoAndWaitForHydration(page, `/products/${list.data[0]._id}`);
  await expect(
    page.getByText("Sizes go by age; the Size Guide gives the chest and length of each."),
  ).toBeVisible();
  await expect(page.getByText("Model is 5'6\" and wears size S.")).toHaveCount(0);
});

test("the quantity stops at the pieces the chosen size has", async ({ page }) => {
  const list = await (await page.request.get("/api/products/get-products?page=1&limit=24")).json();
  let lowest: { id: number; size: string; stock: number } | undefined;
  for (const summary of list.data as Array<{ _id: number }>) {
    const detail = (await (await page.request.get(`/api/products/get-product?id=${summary._id}`)).json())
      .data;
    for (const size of detail.sizes as Array<{ label: string; stock: number }>)
      if (size.stock > 0 && (!lowest || size.stock < lowest.stock))
        lowest = { id: summary._id, size: size.label, stock: size.stock };
  }
  await gotoAndWaitForHydration(page, `/products/${lowest!.id}`);
  await page
    .getByRole("group", { name: "Select Size" })
    .getByRole("radio", { name: lowest!.size })
    .check({ force: true });
  const more = page.getByRole("button", { name: "Increase quantity" });
  for (let n = 1; n < lowest!.stock; n++) await more.click();
  await expect(page.getByRole("group", { name: "Quantity" }).locator("output")).toHaveText(
    String(lowest!.stock),
  );
  await expect(more).toBeDisabled();
});

test("a signed-in shopper opening login or register is sent on", async ({ page, baseURL }) => {
  const email = await newVerifiedShopper(page, baseURL!);
  await gotoAndWaitForHydration(page, "/login");
  await logIn(page, email);
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/login");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/register");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/login?redirectTo=%2Forders");
  await expect(page).toHaveURL(/\/orders$/);
});

test("the footer sits at the bottom of a short page on a tall window", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 1400 });
  await gotoAndWaitForHydration(page, "/no-such-page");
  const footer = await page.getByRole("contentinfo").boundingBox();
  expect(footer!.y + footer!.height).toBeGreaterThanOrEqual(1399);
});

test("the account menu closes when the keyboard leaves it, and the header shows a whole first name", async ({
  page,
}) => {
  await gotoAndWaitForHydration(page, "/login");
  await logIn(page, "owner@rangoli.example", "rangoli-demo-2026");
  await expect(page).toHaveURL(/\/super-admin-dashboard$/);
  const account = page.getByRole("banner").getByRole("button", { name: "Meera Rao (demo owner)" });
  if ((page.viewportSize()?.width ?? 0) >= 640)
    await expect(account.locator('span[aria-hidden="true"]')).toHaveText("Meera");

  // From the keyboard: on a phone the login's welcome toast lies over the header for a while (a mouse
  // resting on it keeps it there).
  await account.focus();
  await page.keyboard.press("Enter");
  const menu = page.locator("#account-menu");
  await expect(menu).toBeVisible();
  await menu.getByRole("link", { name: "Dashboard" }).focus();
  // Through My Profile, Orders and Wishlist to Logout: still inside.
  for (let step = 0; step < 4; step++) await page.keyboard.press("Tab");
  await expect(menu.getByRole("button", { name: "Logout" })).toBeFocused();
  await expect(menu).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(menu).toBeHidden();
});
