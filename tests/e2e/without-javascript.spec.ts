import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, gotoAndWaitForHydration } from "./support";

/*
 * Issue 23: a slow phone shows the page before its scripts run, and some browsers run none. Browsing (the
 * filters, more products, a product's pictures, tabs and Size Guide) works without them; the bag and the
 * registration say plainly that they need JavaScript. Each test but the last runs with JavaScript turned off.
 */

/**
 * axe needs a script in the page, which a page without JavaScript cannot run: it checks a copy of the page
 * as it stands, opened in a page of its own with JavaScript and none of the store's scripts. The copy keeps
 * what shows without scripts: <noscript>'s content, and the rules for `(scripting: none)`. `open` does there
 * what the test did before (opening a popover, which needs no script).
 */
async function expectNoAxeViolationsWithoutScripts(page: Page, open?: (copy: Page) => Promise<void>) {
  const html = (await page.content())
    .replace(/<script\b[\s\S]*?<\/script>/gi, "")
    .replace(/<(\/?)noscript>/gi, "<$1div>")
    .replace(/\(scripting:\s*none\)/gi, "all")
    .replace(/<head>/i, `<head><base href="${page.url()}">`);
  // The test's options apply to every context it opens: JavaScript is turned on again here.
  const context = await page
    .context()
    .browser()!
    .newContext({ viewport: page.viewportSize(), javaScriptEnabled: true });
  try {
    const copy = await context.newPage();
    await copy.setContent(html);
    await open?.(copy);
    await expectNoAxeViolations(copy);
  } finally {
    await context.close();
  }
}

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/** Reads the prices shown on the product cards, in rupees. */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.locator("main article").locator("span.font-semibold").allTextContents();
  return texts.map((text) => Number(text.replace(/[^\d.]/g, "")));
}

/** The number of products the list says it found. */
async function shownTotal(page: Page): Promise<number> {
  return Number((await page.getByText(/^Showing \d+ products$/).textContent())!.match(/\d+/)![0]);
}

/** A product with at least two pictures, from the catalog API. */
async function productWithPictures(page: Page): Promise<{ id: number; pictures: number }> {
  const list = await (await page.request.get("/api/products/get-products?limit=8")).json();
  for (const summary of list.data as Array<{ _id: number }>) {
    const detail = (await (await page.request.get(`/api/products/get-product?id=${summary._id}`)).json())
      .data as { pictures: unknown[] };
    if (detail.pictures.length >= 2) return { id: summary._id, pictures: detail.pictures.length };
  }
  throw new Error("no product with two pictures in the demo catalog");
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test(
    "the filters apply with Apply Filters: beside the list, or in Filters & Sort on a phone",
    { tag: "@both" },
    async ({ page }) => {
      await page.goto("/products");
      const filters = isPhone(page)
        ? page.getByRole("dialog", { name: "Filters & Sort" })
        : page.getByRole("complementary", { name: "Filters" });
      if (isPhone(page)) {
        await expect(filters).toBeHidden();
        await page.getByRole("button", { name: "Filters & Sort" }).click();
        await expect(filters).toBeVisible();
        await expectNoAxeViolationsWithoutScripts(page, (copy) =>
          copy.getByRole("button", { name: "Filters & Sort" }).click(),
        );
        // Its close button closes it, with no script.
        await filters.getByRole("button", { name: "Close filters" }).click();
        await expect(filters).toBeHidden();
        await page.getByRole("button", { name: "Filters & Sort" }).click();
      }
      await filters.getByLabel("Under ₹2,000").check();
      await filters.getByLabel("Sort by").selectOption("price-desc");
      await filters.getByRole("button", { name: "Apply Filters" }).click();
      // "All categories" is the empty value.
      await expect(page).toHaveURL(/\/products\?category=&price=0-2000&sort=price-desc$/);
      const prices = await cardPrices(page);
      expect(prices.length).toBeGreaterThan(0);
      for (const price of prices) expect(price).toBeLessThanOrEqual(2000);
      // The page comes back with the filters chosen.
      if (isPhone(page)) await page.getByRole("button", { name: "Filters & Sort" }).click();
      await expect(filters.getByLabel("Under ₹2,000")).toBeChecked();
      await expect(filters.getByLabel("Sort by")).toHaveValue("price-desc");
      if (!isPhone(page)) await expectNoAxeViolationsWithoutScripts(page);
    },
  );

  test("Load More opens the list with one more page, at the first product it added; Back keeps it", async ({
    page,
  }) => {
    await page.goto("/products?category=1");
    const cards = page.locator("main article");
    await expect(cards).toHaveCount(8);
    const total = await shownTotal(page);
    expect(total).toBeGreaterThan(8);
    await page.getByRole("button", { name: "Load More" }).click();
    await expect(page).toHaveURL(/\/products\?category=1&pages=2#page-2$/);
    await expect(cards).toHaveCount(Math.min(16, total));
    // The page opens at the first product added, and the keyboard goes on from there.
    await expect(page.locator("#page-2 article")).toBeInViewport();
    await page.keyboard.press("Tab");
    await expect(page.locator("#page-2 article h3 a")).toBeFocused();
    await expectNoAxeViolationsWithoutScripts(page);

    await page.locator("#page-2 article h3 a").click();
    await expect(page).toHaveURL(/\/products\/\d+$/);
    await page.goBack();
    await expect(page).toHaveURL(/pages=2/);
    await expect(cards).toHaveCount(Math.min(16, total));
  });

  test("an address's pages are read with care: a bad or huge count is no error", async ({ page }) => {
    for (const pages of ["abc", "0", "-1", "2.5", "99999999999999999999"]) {
      const response = await page.goto(`/products?category=1&pages=${pages}`);
      expect(response?.status(), `pages=${pages}`).toBe(200);
      await expect(page.locator("main article"), `pages=${pages}`).toHaveCount(8);
    }
    // More pages than the list has: all of it, and no Load More.
    const response = await page.goto("/products?pages=100000");
    expect(response?.status()).toBe(200);
    const total = await shownTotal(page);
    await expect(page.locator("main article")).toHaveCount(Math.min(total, 40 * 8));
    if (total <= 40 * 8) await expect(page.getByRole("button", { name: "Load More" })).toHaveCount(0);
  });

  test("a product's thumbnails and tabs are links to the page showing them", async ({ page }) => {
    const product = await productWithPictures(page);
    await page.goto(`/products/${product.id}`);
    const first = page.getByRole("link", { name: `Show image 1 of ${product.pictures}` });
    const second = page.getByRole("link", { name: `Show image 2 of ${product.pictures}` });
    await expect(first).toHaveAttribute("aria-current", "true");
    const firstSource = await page.locator("main picture img").first().getAttribute("src");
    await second.click();
    await expect(page).toHaveURL(new RegExp(`/products/${product.id}\\?image=2$`));
    await expect(second).toHaveAttribute("aria-current", "true");
    await expect(page.locator("main picture img").first()).not.toHaveAttribute("src", firstSource!);

    const tablist = page.getByRole("tablist", { name: "Product information" });
    await expect(tablist.getByRole("tab", { name: "Product Details" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(page.getByRole("heading", { name: "Features" })).toBeVisible();
    // Every tab is in the Tab order while the arrow keys cannot move between them.
    for (const tab of await tablist.getByRole("tab").all())
      await expect(tab).toHaveAttribute("tabindex", "0");
    await tablist.getByRole("tab", { name: "Care Guide" }).click();
    await expect(page).toHaveURL(
      new RegExp(`/products/${product.id}\\?image=2&tab=care#product-information$`),
    );
    await expect(tablist.getByRole("tab", { name: "Care Guide" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Features" })).toBeHidden();
    // The picture chosen stays.
    await expect(second).toHaveAttribute("aria-current", "true");
    await expect(tablist).toBeInViewport();
    await expectNoAxeViolationsWithoutScripts(page);

    // Values that name no picture or tab show the first ones.
    const response = await page.goto(`/products/${product.id}?image=99&tab=nothing`);
    expect(response?.status()).toBe(200);
    await expect(first).toHaveAttribute("aria-current", "true");
    await expect(tablist.getByRole("tab", { name: "Product Details" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
  });

  test("the Size Guide opens and closes", async ({ page }) => {
    const product = await productWithPictures(page);
    await page.goto(`/products/${product.id}`);
    const guide = page.getByRole("dialog", { name: "Size Guide" });
    await expect(guide).toBeHidden();
    await page.getByRole("button", { name: "Size Guide" }).click();
    await expect(guide).toBeVisible();
    const table = guide.getByRole("table", { name: "Body measurements for each size" });
    await expect(table.getByRole("columnheader", { name: "Size", exact: true })).toBeVisible();
    // The units switch is CSS alone.
    await guide.getByRole("radio", { name: "Centimetres" }).check();
    await expect(table.getByRole("columnheader").nth(1)).toHaveText(/\(cm\)$/, { useInnerText: true });
    await expectNoAxeViolationsWithoutScripts(page, (copy) =>
      copy.getByRole("button", { name: "Size Guide" }).click(),
    );
    await guide.getByRole("button", { name: "Close size guide" }).click();
    await expect(guide).toBeHidden();
    await page.getByRole("button", { name: "Size Guide" }).click();
    await page.keyboard.press("Escape");
    await expect(guide).toBeHidden();
  });

  test(
    "the bag says it needs JavaScript: on a product, and from the header's bag button",
    { tag: "@both" },
    async ({ page }) => {
      const product = await productWithPictures(page);
      await page.goto(`/products/${product.id}`);
      await expect(
        page.getByText(/The bag and the wishlist are kept in your browser by JavaScript/),
      ).toBeVisible();
      // Buttons that could do nothing are not shown.
      await expect(page.getByRole("button", { name: "ADD TO BAG" })).toBeHidden();
      await expect(page.getByRole("button", { name: "WISHLIST", exact: true })).toBeHidden();
      await expect(page.getByRole("button", { name: "Increase quantity" })).toBeHidden();
      // Sizes still show what is in stock.
      await expect(page.getByRole("group", { name: "Select Size" })).toBeVisible();

      await page.getByRole("button", { name: /^Bag, / }).click();
      const note = page.getByRole("dialog", { name: "Your Bag" });
      await expect(note).toBeVisible();
      await expect(note).toContainText("turn it on to see your bag and check out");
      await expectNoAxeViolationsWithoutScripts(page, (copy) =>
        copy.getByRole("button", { name: /^Bag, / }).click(),
      );
      await note.getByRole("button", { name: "Close" }).click();
      await expect(note).toBeHidden();
    },
  );

  test("registration says it needs JavaScript, and offers no form it cannot finish", async ({ page }) => {
    await page.goto("/register");
    await expect(page.getByText(/Creating an account needs JavaScript/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Create Account" })).toBeHidden();
    await expect(page.getByRole("link", { name: "Login" }).last()).toBeVisible();
    await expectNoAxeViolationsWithoutScripts(page);
  });
});

test.describe("with JavaScript", () => {
  test.use({ reducedMotion: "reduce" });

  test("Back from a product shows the pages Load More added, where the shopper was", async ({ page }) => {
    await gotoAndWaitForHydration(page, "/products");
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    const cards = page.locator("main article");
    await expect(cards).toHaveCount(8);
    for (const count of [16, 24]) {
      await page.getByRole("button", { name: "Load More" }).click();
      await expect(cards).toHaveCount(count);
    }
    // Added in place, and the address says how many pages the list shows.
    await expect(page).toHaveURL(/\/products\?pages=3$/);
    expect(await page.evaluate(() => "samePage" in window)).toBe(true);

    const product = cards.nth(21).locator("h3 a");
    await product.scrollIntoViewIfNeeded();
    const place = await page.evaluate(() => window.scrollY);
    expect(place).toBeGreaterThan(0);
    const name = await product.textContent();
    await product.click();
    await expect(page).toHaveURL(/\/products\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: name! })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await expect(page).toHaveURL(/\/products\?pages=3$/);
    await expect(cards).toHaveCount(24);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(place);
    await expect(product).toBeInViewport();
    expect(await page.evaluate(() => "samePage" in window)).toBe(true);

    // Load More goes on from the pages shown.
    await page.getByRole("button", { name: "Load More" }).click();
    await expect(page).toHaveURL(/\/products\?pages=4$/);
    const names = await page.locator("main article h3").allTextContents();
    expect(new Set(names).size).toBe(names.length);
  });
});
