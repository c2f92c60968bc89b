import { expect, test, type Page } from "@playwright/test";
import { INDEXED_PAGES } from "../../app/lib/indexed-pages";
import { expectNoAxeViolations } from "./support";

// WCAG 2.2 AA by axe on every storefront page. The pages' SEO: seo.spec.ts. Every page is checked on the phone;
// those whose layout changes at 1280 px (the header's navigation with its menus, the list beside its filters,
// the bag, checkout's summary beside its form) at that width too. The information pages are one column of text
// under the same header at both widths: checked once (docs/decisions/046-one-width-or-both.md).
const WIDE_LAYOUT_PAGES = [
  "/",
  "/products",
  "/products?category=2&price=2000-5000",
  "/wishlist",
  "/cart-drawer",
  "/checkout",
];
const STOREFRONT_PAGES = [
  ...INDEXED_PAGES,
  "/products?category=2&price=2000-5000",
  "/wishlist",
  "/cart-drawer",
  "/checkout",
  "/thank-you",
  "/not-available",
  "/login",
  "/no-such-page",
];

async function firstProductPath(page: Page): Promise<string> {
  const response = await page.request.get("/api/products/get-products?page=1&limit=1");
  const body = (await response.json()) as { data: Array<{ _id: number }> };
  return `/products/${body.data[0]!._id}`;
}

for (const path of STOREFRONT_PAGES) {
  const widths = WIDE_LAYOUT_PAGES.includes(path) ? { tag: "@both" } : {};
  test(`${path} has no WCAG 2.2 AA violations`, widths, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await expectNoAxeViolations(page);
  });
}

test(
  "a product page, its size guide and a filled bag have no WCAG 2.2 AA violations",
  { tag: "@both" },
  async ({ page }) => {
    await page.goto(await firstProductPath(page));
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Size Guide" }).click();
    await expect(page.getByRole("dialog", { name: "Size Guide" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await page
      .getByRole("group", { name: "Select Size" })
      .getByRole("radio", { disabled: false })
      .first()
      .check({ force: true });
    await page.getByRole("button", { name: "ADD TO BAG" }).click();
    await expect(page.getByRole("dialog", { name: "Your Bag" })).toBeVisible();
    await expectNoAxeViolations(page);
  },
);
