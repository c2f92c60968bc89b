import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { gotoHydrated } from "./support";

/*
 * What keeps the pages fast on a phone on slow 4G (docs/decisions/010-page-speed.md): the server's HTML
 * carries its stylesheet, loads few scripts and lets the first visible image load first; assets go out
 * compressed ahead of time; hydration keeps the server's HTML.
 */

test.describe("the server's HTML", () => {
  test.use({ javaScriptEnabled: false });

  test("has the stylesheet inline and four scripts to load", async ({ page }) => {
    for (const pagePath of ["/", "/products"]) {
      await page.goto(pagePath);
      await expect(page.locator("head style")).toHaveCount(1);
      await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
      // The entry, the shared storefront chunk, the root and the page's route.
      await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(4);
    }
  });

  test("loads the first product images first, at the width a phone needs", async ({ page }) => {
    await page.goto("/products");
    const images = page.locator("main article img");
    for (const index of [0, 1]) {
      await expect(images.nth(index)).toHaveAttribute("fetchpriority", "high");
      await expect(images.nth(index)).toHaveAttribute("loading", "eager");
    }
    await expect(images.nth(2)).toHaveAttribute("loading", "lazy");
    await expect(page.locator('main article source[type="image/avif"]').first()).toHaveAttribute(
      "srcset",
      / 400w/,
    );

    const productPath = await page.locator("main article a").first().getAttribute("href");
    await page.goto(productPath!);
    // The main image; the thumbnails beside it have no text of their own.
    const mainImage = page.getByRole("main").getByRole("img").first();
    await expect(mainImage).toHaveAttribute("fetchpriority", "high");
    await expect(mainImage).toHaveAttribute("loading", "eager");
  });

  test("loads the first category images first on the home page", async ({ page }) => {
    await page.goto("/");
    const images = page.locator("#categories-title + * img");
    for (const index of [0, 1]) {
      await expect(images.nth(index)).toHaveAttribute("fetchpriority", "high");
      await expect(images.nth(index)).toHaveAttribute("loading", "eager");
    }
  });
});

test("assets are sent compressed ahead of time, to be cached for good", async ({ request }) => {
  const assets = "build/client/assets";
  const script = readdirSync(assets).find((file) => /^storefront-.*\.js$/.test(file));
  expect(script, "the storefront chunk is built").toBeDefined();
  const response = await request.get(`/assets/${script}`, { headers: { "accept-encoding": "br, gzip" } });
  expect(response.status()).toBe(200);
  expect(response.headers()["content-encoding"]).toBe("br");
  // The file written at build time, not one compressed for this response (which has no length).
  expect(Number(response.headers()["content-length"])).toBe(statSync(path.join(assets, `${script}.br`)).size);
  expect(response.headers()["cache-control"]).toContain("immutable");
});

test("hydration keeps every element the server sent", async ({ page }) => {
  await page.addInitScript(() => {
    const removed: string[] = [];
    (window as unknown as { removedElements: string[] }).removedElements = removed;
    // (The module preload links React Router renders in the browser are removed by design.)
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.removedNodes)
          if (node instanceof Element && !["SCRIPT", "LINK"].includes(node.tagName))
            removed.push(node.tagName);
    }).observe(document, { childList: true, subtree: true });
  });
  const removedElements = () =>
    page.evaluate(() => (window as unknown as { removedElements: string[] }).removedElements);
  for (const pagePath of ["/", "/products"]) {
    await gotoHydrated(page, pagePath);
    // The deferred parts (cards, footer, bag) hydrate last: once a card's button works, they all have.
    const wishlist = page
      .getByRole("main")
      .getByRole("button", { name: /^Wishlist / })
      .first();
    await wishlist.click();
    await expect(wishlist).toHaveAttribute("aria-pressed", "true");
    expect(await removedElements()).toEqual([]);
    await wishlist.click();
    await expect(wishlist).toHaveAttribute("aria-pressed", "false");
  }
});
