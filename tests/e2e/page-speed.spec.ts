import { readdirSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { gotoAndWaitForHydration, gotoHydrated, layoutShiftsOf, recordLayoutShifts } from "./support";

/*
 * What keeps the pages fast on a phone on slow 4G (docs/decisions/024-browser-runtime.md): the server's HTML
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

  test("asks for the first pictures from the head, at high priority, before the scripts", async ({
    page,
  }) => {
    await page.goto("/products");
    const productPath = await page.locator("main article a").first().getAttribute("href");
    for (const pagePath of ["/", "/products", productPath!]) {
      const html = await (await page.request.get(pagePath)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      const preload =
        /<link rel="preload" as="image" type="image\/avif" fetchPriority="high" imageSrcSet="[^"]+\.avif \d+w[^"]*"/;
      expect(head, pagePath).toMatch(preload);
      expect(head.search(preload), pagePath).toBeLessThan(head.indexOf('rel="modulepreload"'));
      expect(head.search(preload), pagePath).toBeLessThan(head.indexOf("<style"));
    }
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

test("what lies below the first screen is laid out when a shopper scrolls near it", async ({ page }) => {
  await page.goto("/");
  for (const region of [
    page.getByRole("region", { name: "New Arrivals" }),
    page.getByRole("region", { name: "Bestsellers" }),
    page.getByRole("contentinfo"),
  ]) {
    expect(await region.evaluate((element) => getComputedStyle(element).contentVisibility)).toBe("auto");
  }
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

test("the storefront's scripts ask V8 to compile them while they download", () => {
  // V8's explicit compile hint must be the file's first line (docs/decisions/024).
  const manifest = JSON.parse(readFileSync("build/client/.vite/manifest.json", "utf8")) as Record<
    string,
    { file: string; name?: string }
  >;
  const atStart = [
    "entry.client.tsx",
    "root.tsx",
    "routes/home.tsx",
    "routes/products.tsx",
    "routes/product.tsx",
  ];
  const scripts = Object.entries(manifest)
    .filter(
      ([source, chunk]) =>
        chunk.name === "storefront" || atStart.includes(source.replace(/^app\/|\?.*$/g, "")),
    )
    .map(([, chunk]) => chunk.file);
  expect(scripts).toHaveLength(6);
  for (const script of scripts) {
    const start = readFileSync(path.join("build/client", script), "utf8").slice(0, 29);
    expect(start, script).toBe("//# allFunctionsCalledOnLoad\n");
  }
});

test(
  "a product page that arrives in two parts does not move what the first part showed",
  { tag: "@both" },
  async ({ page, baseURL }) => {
    // On a slow network the browser paints what it has of the page. The first part ends with the gallery's
    // thumbnails: the product's main image must already be there, or it pushes them down when it arrives.
    const store = baseURL!;
    const { data: products } = (await fetch(`${store}/api/products/get-products?page=1&limit=8`).then((r) =>
      r.json(),
    )) as { data: { _id: number }[] };
    let productPath: string | undefined;
    for (const { _id } of products) {
      const { data } = (await fetch(`${store}/api/products/get-product?id=${_id}`).then((r) => r.json())) as {
        data: { pictures: unknown[] };
      };
      if (data.pictures.length > 1) {
        productPath = `/products/${_id}`;
        break;
      }
    }
    expect(productPath, "a demo product with several pictures").toBeDefined();
    const html = await fetch(store + productPath).then((r) => r.text());
    const thumbnails = html.indexOf('aria-label="Product images"');
    expect(thumbnails).toBeGreaterThan(0);
    const firstPartEnd = html.indexOf("</ul>", thumbnails) + "</ul>".length;

    let sendTheRest = () => {};
    const restHeld = new Promise<void>((resolve) => (sendTheRest = resolve));
    // Passes everything else on from the store; the product page in two parts, the second when the test says so.
    const server = createServer(async (request, response) => {
      if (request.url === productPath) {
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        response.write(html.slice(0, firstPartEnd));
        await restHeld;
        return response.end(html.slice(firstPartEnd));
      }
      const upstream = await fetch(store + request.url);
      response.writeHead(upstream.status, { "content-type": upstream.headers.get("content-type") ?? "" });
      response.end(Buffer.from(await upstream.arrayBuffer()));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      // Each shift with what moved, so that a failure says which element it was and from where to where.
      await recordLayoutShifts(page);
      const { port } = server.address() as AddressInfo;
      await page.goto(`http://127.0.0.1:${port}${productPath}`, { waitUntil: "commit" });
      await expect(page.getByRole("list", { name: "Product images" })).toBeVisible();
      // Two frames: the first part is on screen.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      sendTheRest();
      await page.waitForLoadState("load");
      await expect(page.getByRole("button", { name: /add to bag/i })).toBeVisible();
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      expect((await layoutShiftsOf(page)).map((shift) => shift.moved)).toEqual([]);
    } finally {
      sendTheRest();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  },
);

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
  const productPath = await page.request
    .get("/api/products/get-products?page=1&limit=1")
    .then(
      async (response) =>
        `/products/${((await response.json()) as { data: { _id: number }[] }).data[0]!._id}`,
    );
  for (const pagePath of ["/", "/products", productPath]) {
    await gotoHydrated(page, pagePath);
    // The deferred parts (cards, footer, bag) hydrate last: once a card's button (or, on a product page,
    // the product's) works, they all have.
    const wishlist = page
      .getByRole("main")
      .getByRole("button", { name: /^(Wishlist |WISHLIST)/ })
      .first();
    await wishlist.click();
    await expect(wishlist).toHaveAttribute("aria-pressed", "true");
    expect(await removedElements()).toEqual([]);
    await wishlist.click();
    await expect(wishlist).toHaveAttribute("aria-pressed", "false");
  }
});

test.describe("the scrolling banner", () => {
  const banner = (page: import("@playwright/test").Page) =>
    page.getByRole("region", { name: "Customisations we offer" }).locator(".marquee");
  const playState = (page: import("@playwright/test").Page) =>
    banner(page).evaluate((element) => getComputedStyle(element).animationPlayState);

  test("stands still until the page has hydrated, then scrolls", async ({ page }) => {
    // The page's scripts never arrive: the page stays as the server sent it.
    await page.route("**/assets/**", (route) => route.abort());
    await page.goto("/");
    expect(await playState(page)).toBe("paused");

    await page.unroute("**/assets/**");
    await gotoAndWaitForHydration(page, "/");
    expect(await playState(page)).toBe("running");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    // The headless shell does not say `scripting: none` when scripts are off: the full browser does.
    test("scrolls at once", { tag: "@full-browser" }, async ({ page }) => {
      await page.goto("/");
      // (Computed styles are read through the debugging protocol, which runs even with scripts off.)
      expect(await playState(page)).toBe("running");
    });
  });
});
