import { expect, test, type Page } from "@playwright/test";
import { gotoAndWaitForHydration } from "./support";

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/** Reads the prices shown on the product cards, in rupees. */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.locator("main article").locator("span.font-semibold").allTextContents();
  return texts.map((text) => Number(text.replace(/[^\d.]/g, "")));
}

test("browse a category from the home page", { tag: "@both" }, async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Shop by Category" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "New Arrivals" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Bestsellers" })).toBeVisible();
  await page.getByRole("link", { name: "Half Saree" }).first().click();
  await expect(page).toHaveURL(/\/products\?category=3$/);
  await expect(page.getByRole("heading", { level: 1, name: "Half Saree" })).toBeVisible();
  await expect(page.getByText(/^Showing \d+ products$/)).toBeVisible();
  await expect(page.locator("main article").first()).toBeVisible();
});

test.describe("links to the store's pages (docs/decisions/024-browser-runtime.md)", () => {
  test(
    "a click opens the page in place, and the current page again adds no history entry",
    { tag: "@both" },
    async ({ page }) => {
      await gotoAndWaitForHydration(page, "/");
      // Gone if the browser loads a new document instead of the router rendering the page.
      await page.evaluate(() => Object.assign(window, { samePage: true }));
      const shop = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Shop" });
      await shop.click();
      await expect(page).toHaveURL(/\/products$/);
      await expect(page.getByRole("heading", { level: 1, name: "All products" })).toBeVisible();
      await expect(shop).toHaveAttribute("aria-current", "page");
      expect(await page.evaluate(() => "samePage" in window)).toBe(true);

      const entries = await page.evaluate(() => history.length);
      await shop.click();
      await expect(page).toHaveURL(/\/products$/);
      expect(await page.evaluate(() => history.length)).toBe(entries);
      expect(await page.evaluate(() => "samePage" in window)).toBe(true);
    },
  );

  test("a click with Ctrl or Cmd is left to the browser: the page opens in a new tab", async ({ page }) => {
    await gotoAndWaitForHydration(page, "/products");
    const card = page.locator("main article a").first();
    const productPath = await card.getAttribute("href");
    const [tab] = await Promise.all([
      page.context().waitForEvent("page"),
      card.click({ modifiers: ["ControlOrMeta"] }),
    ]);
    await expect(tab).toHaveURL((url) => url.pathname === productPath);
    await expect(page).toHaveURL(/\/products$/);
  });

  test("a search is sent in the page too", async ({ page }) => {
    await gotoAndWaitForHydration(page, "/products?category=1");
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    const search = page.getByRole("main").getByRole("searchbox", { name: "Search products" });
    await search.fill("anarkali");
    await search.press("Enter");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “anarkali”");
    // The category stays, from the form's hidden field.
    await expect(page).toHaveURL(/\/products\?category=1&search=anarkali$/);
    expect(await page.evaluate(() => "samePage" in window)).toBe(true);
  });
});

test.describe("the scroll position", () => {
  test.use({ reducedMotion: "reduce" });

  test("a reload keeps the shopper's place on the page", async ({ page }) => {
    await gotoAndWaitForHydration(page, "/products");
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
    await page.reload();
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    // The browser restores the place; hydration must not move it.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
  });

  test("another page opens at its top", async ({ page }) => {
    await gotoAndWaitForHydration(page, "/products");
    const footer = page.getByRole("contentinfo");
    await footer.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await footer.getByRole("link", { name: "About Us" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test("filter by a price band, and the filter lives in the URL", { tag: "@both" }, async ({ page }) => {
  await gotoAndWaitForHydration(page, "/products");
  await page.evaluate(() => Object.assign(window, { samePage: true }));
  if (isPhone(page)) {
    await page.getByRole("button", { name: "Filters & Sort" }).click();
    const dialog = page.getByRole("dialog", { name: "Filters & Sort" });
    await dialog.getByLabel("Under ₹2,000").check();
    await dialog.getByRole("button", { name: "Apply Filters" }).click();
  } else {
    await page.getByRole("complementary", { name: "Filters" }).getByLabel("Under ₹2,000").check();
  }
  await expect(page).toHaveURL(/price=0-2000/);
  await expect(page.getByText(/^Showing \d+ products$/)).toBeVisible();
  const prices = await cardPrices(page);
  expect(prices.length).toBeGreaterThan(0);
  for (const price of prices) expect(price).toBeLessThanOrEqual(2000);
  // Applied in the page, not by loading a new one.
  expect(await page.evaluate(() => "samePage" in window)).toBe(true);

  await page.reload();
  expect(await cardPrices(page)).toEqual(prices);
});

test(
  "the filters in use show above the list as chips that each take one away",
  { tag: "@both" },
  async ({ page }) => {
    await gotoAndWaitForHydration(page, "/products?category=1&price=2000-5000&sort=price-asc");
    const chips = page.getByRole("list", { name: "Filters in use" });
    await expect(chips.getByRole("link", { name: "Remove filter: Anarkali" })).toBeVisible();
    await chips.getByRole("link", { name: "Remove filter: ₹2,000 - ₹5,000" }).click();
    await expect(page).toHaveURL(/\/products\?category=1&sort=price-asc$/);
    await expect(page.getByRole("heading", { level: 1, name: "Anarkali" })).toBeVisible();
    await expect(chips.getByRole("link")).toHaveCount(1);

    await gotoAndWaitForHydration(page, "/products?category=1&search=silk");
    await chips.getByRole("link", { name: "Clear all" }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole("list", { name: "Filters in use" })).toHaveCount(0);
  },
);

test(
  "one search box on each page: the header's, on a phone behind a button; the list's own on the list",
  { tag: "@both" },
  async ({ page }) => {
    await gotoAndWaitForHydration(page, "/");
    await expect(page.getByRole("search")).toHaveCount(isPhone(page) ? 0 : 1);
    let search = page.getByRole("banner").getByRole("searchbox", { name: "Search products" });
    if (isPhone(page)) {
      await page.getByRole("button", { name: "Search products" }).click();
      search = page.getByRole("dialog", { name: "Search the shop" }).getByRole("searchbox");
      await expect(search).toBeFocused();
    }
    await search.fill("anarkali");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/products\?search=anarkali$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “anarkali”");
    await expect(page.getByRole("search")).toHaveCount(1);
    await expect(page.getByRole("searchbox")).toHaveValue("anarkali");
    await expect(page.getByRole("button", { name: "Search products" })).toHaveCount(0);
  },
);

test("search tolerates a typo", async ({ page }) => {
  await page.goto("/products");
  const search = page.getByRole("main").getByRole("searchbox", { name: "Search products" });
  await search.fill("anarkli");
  await search.press("Enter");
  await expect(page).toHaveURL(/search=anarkli/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “anarkli”");
  const names = await page.locator("main article h3").allTextContents();
  expect(names.length).toBeGreaterThan(0);
  expect(names[0]).toMatch(/anarkali/i);
});

test(
  "Load More appends the next page and hides when the list is complete",
  { tag: "@both" },
  async ({ page }) => {
    await gotoAndWaitForHydration(page, "/products?category=1");
    const cards = page.locator("main article");
    await expect(cards).toHaveCount(8);
    const total = Number((await page.getByText(/^Showing \d+ products$/).textContent())!.match(/\d+/)![0]);
    expect(total).toBeGreaterThan(8);
    await page.getByRole("button", { name: "Load More" }).click();
    await expect(cards).toHaveCount(Math.min(16, total));
    while (await page.getByRole("button", { name: "Load More" }).isVisible()) {
      const before = await cards.count();
      await page.getByRole("button", { name: "Load More" }).click();
      await expect(cards).not.toHaveCount(before);
    }
    await expect(cards).toHaveCount(total);
  },
);

/** Opens, from the list, the best-selling product that has at least two sizes in stock. */
async function openFirstInStockProduct(page: Page) {
  const list = await (await page.request.get("/api/products/get-products?sort=bestsellers&limit=8")).json();
  let name: string | undefined;
  for (const summary of list.data as Array<{ _id: number; name: string }>) {
    const detail = (await (await page.request.get(`/api/products/get-product?id=${summary._id}`)).json())
      .data;
    if (detail.sizes.filter((size: { stock: number }) => size.stock > 0).length >= 2) {
      name = summary.name;
      break;
    }
  }
  await gotoAndWaitForHydration(page, "/products?sort=bestsellers");
  await page.locator("main article").getByRole("link", { name: name!, exact: true }).click();
  await expect(page).toHaveURL(/\/products\/\d+$/);
  await expect(page.getByRole("button", { name: "ADD TO BAG" })).toBeVisible();
}

/** Picks the n-th size that is in stock and returns its label. */
async function pickSize(page: Page, n: number): Promise<string> {
  const sizes = page.getByRole("group", { name: "Select Size" }).getByRole("radio", { disabled: false });
  const size = sizes.nth(n);
  const label = (await size.getAttribute("value"))!;
  await size.check({ force: true });
  return label;
}

test("the bag: sizes, quantities, removal, and it survives a reload", { tag: "@both" }, async ({ page }) => {
  await openFirstInStockProduct(page);
  const name = (await page.getByRole("heading", { level: 1 }).textContent())!;

  await page.getByRole("button", { name: "ADD TO BAG" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please select a size before adding to bag");
  await expect(page.getByRole("dialog", { name: "Your Bag" })).toBeHidden();

  const first = await pickSize(page, 0);
  await page.getByRole("button", { name: "ADD TO BAG" }).click();
  const bag = page.getByRole("dialog", { name: "Your Bag" });
  await expect(bag).toBeVisible();
  await expect(bag.getByRole("listitem")).toHaveCount(1);
  await bag.getByRole("button", { name: "Close bag" }).click();
  await expect(bag).toBeHidden();

  const second = await pickSize(page, 1);
  await page.getByRole("button", { name: "Increase quantity" }).click();
  await page.getByRole("button", { name: "ADD TO BAG" }).click();
  await expect(bag.getByRole("listitem")).toHaveCount(2);
  await expect(bag.getByText(`Size: ${second}`)).toBeVisible();
  await expect(page.getByRole("button", { name: /^Bag, 3 items$/ })).toBeAttached();

  const decreaseFirst = bag.getByRole("button", { name: `Decrease quantity of ${name}, size ${first}` });
  await expect(decreaseFirst).toBeDisabled();
  await bag.getByRole("button", { name: `Increase quantity of ${name}, size ${first}` }).click();
  await expect(decreaseFirst).toBeEnabled();
  await decreaseFirst.click();
  await expect(decreaseFirst).toBeDisabled();

  await bag.getByRole("button", { name: `Remove ${name}, size ${first}` }).click();
  await expect(bag.getByRole("listitem")).toHaveCount(1);

  // Clicking outside the panel closes it.
  await page.mouse.click(5, 300);
  await expect(bag).toBeHidden();

  await page.reload();
  await page.getByRole("button", { name: /^Bag, 2 items$/ }).click();
  await expect(bag.getByRole("listitem")).toHaveCount(1);
  await expect(bag.getByText(`Size: ${second}`)).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("cartItems") ?? "[]"));
  expect(stored).toEqual([expect.objectContaining({ name, size: second, quantity: 2 })]);

  // Checkout is for signed-in shoppers: a guest logs in first and comes back.
  await bag.getByRole("button", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcheckout$/);
});

test("the wishlist: add, remove, and move to the bag", { tag: "@both" }, async ({ page }) => {
  await gotoAndWaitForHydration(page, "/wishlist");
  await expect(page.getByRole("heading", { name: "Your wishlist is empty" })).toBeVisible();
  await expect(page.getByText("Save your favorite items and shop later.")).toBeVisible();

  await openFirstInStockProduct(page);
  const name = (await page.getByRole("heading", { level: 1 }).textContent())!;
  await page.getByRole("button", { name: "WISHLIST" }).click();
  await expect(page.getByText("Added to wishlist")).toBeVisible();
  await page.getByRole("button", { name: "WISHLISTED" }).click();
  await expect(page.getByText("Removed from wishlist")).toBeVisible();
  await page.getByRole("button", { name: "WISHLIST" }).click();
  await expect(page.getByRole("link", { name: "Wishlist, 1 item" })).toBeVisible();

  await gotoAndWaitForHydration(page, "/wishlist");
  await expect(page.getByRole("heading", { name: name })).toBeVisible();
  await page.getByRole("button", { name: "Move to Bag" }).click();
  // The product comes in several sizes: Move to Bag asks which.
  const sizes = page.getByRole("dialog", { name: "Choose a size" });
  const size = sizes.getByRole("radio", { disabled: false }).first();
  const label = await size.getAttribute("value");
  await size.check({ force: true });
  await sizes.getByRole("button", { name: "Move to Bag" }).click();
  const bag = page.getByRole("dialog", { name: "Your Bag" });
  await expect(bag).toBeVisible();
  await expect(bag.getByRole("link", { name })).toBeVisible();
  await expect(bag.getByText(`Size: ${label}`)).toBeVisible();
  await bag.getByRole("button", { name: "Close bag" }).click();
  await expect(page.getByRole("heading", { name: "Your wishlist is empty" })).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("wishlist") ?? "[]"))).toEqual([]);
});

test("an unknown page answers 404 with a way home", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("an unknown product answers 404 with the spec's message", async ({ page }) => {
  const response = await page.goto("/products/99999999");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Error: Product not found" })).toBeVisible();
  const malformed = await page.goto("/products/abc");
  expect(malformed?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Error: Invalid product ID" })).toBeVisible();
});
