import { expect, test, type Page } from "@playwright/test";
import { formatRupees } from "../../contract/money";
import { INDEXED_PAGES } from "../../app/lib/indexed-pages";
import { gotoHydrated } from "./support";

/** The store's public origin in the tests (playwright.config.ts: PUBLIC_URL on E2E_PORT). */
const ORIGIN = `http://localhost:${process.env.E2E_PORT ?? 4173}`;

async function firstProductPath(page: Page): Promise<string> {
  const response = await page.request.get("/api/products/get-products?page=1&limit=1");
  const body = (await response.json()) as { data: Array<{ _id: number }> };
  return `/products/${body.data[0]!._id}`;
}

test("a product page is rendered on the server with its title, tags and Product JSON-LD", async ({
  page,
}) => {
  const path = await firstProductPath(page);
  const product = (
    await (await page.request.get(`/api/products/get-product?id=${path.split("/").pop()}`)).json()
  ).data;
  const html = await (await page.request.get(path)).text();
  expect(html).toContain(`<title>${product.name.replace(/&/g, "&amp;")} | Rangoli Boutique</title>`);
  expect(html).toMatch(/<meta name="description" content="[^"]+"/);
  expect(html).toContain(`<link rel="canonical" href="${ORIGIN}${path}"`);
  expect(html).toContain('<meta property="og:type" content="product"');
  expect(html).toContain(`<meta property="og:image" content="${ORIGIN}/media/`);

  const jsonLd = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s);
  expect(jsonLd).not.toBeNull();
  const data = JSON.parse(jsonLd![1]!);
  expect(data).toMatchObject({
    "@type": "Product",
    name: product.name,
    offers: { "@type": "Offer", priceCurrency: "INR", price: product.price.toFixed(2) },
  });
  expect(data.offers.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/);
  // The price shows in rupees (paise only when there are some) on the server-rendered page.
  expect(html).toContain(formatRupees(product.price));
});

test("the product list is rendered on the server with a canonical URL", async ({ page }) => {
  const html = await (await page.request.get("/products?category=1")).text();
  expect(html).toContain("<title>Anarkali collection | Rangoli Boutique</title>");
  expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/products?category=1"`);
  expect(html).toMatch(/Showing \d+ products/);
});

test("the sitemap lists the pages and every product; robots.txt points to it", async ({ page }) => {
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  for (const path of INDEXED_PAGES) expect(sitemap).toContain(`<loc>${ORIGIN}${path}</loc>`);
  expect(sitemap).toContain(`<loc>${ORIGIN}/products?category=1</loc>`);
  const total = (await (await page.request.get("/api/products/get-products")).json()).pagination
    .total as number;
  expect(sitemap.match(/\/products\/\d+<\/loc>/g)).toHaveLength(total);
  const robots = await (await page.request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
});

/** The title and the tags a link preview or a search engine reads from the page's <head>, as it is now. */
async function headTags(page: Page) {
  const head = page.locator("head");
  for (const selector of [
    "title",
    'meta[name="description"]',
    'link[rel="canonical"]',
    'meta[property="og:title"]',
  ])
    await expect(head.locator(selector), `one ${selector}`).toHaveCount(1);
  return {
    title: await page.title(),
    description: await head.locator('meta[name="description"]').getAttribute("content"),
    canonical: await head.locator('link[rel="canonical"]').getAttribute("href"),
    ogTitle: await head.locator('meta[property="og:title"]').getAttribute("content"),
    ogType: await head.locator('meta[property="og:type"]').getAttribute("content"),
    ogUrl: await head.locator('meta[property="og:url"]').getAttribute("content"),
    jsonLd: await head.locator('script[type="application/ld+json"]').allTextContents(),
  };
}

test("client-side navigations update the title, description, canonical link and Open Graph tags", async ({
  page,
}) => {
  await gotoHydrated(page, "/");
  const home = await headTags(page);
  expect(home.title).toBe("Rangoli Boutique");
  expect(home.canonical).toBe(`${ORIGIN}/`);
  // Set on the page: it survives client-side navigations, not a new document.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  const card = page.getByRole("region", { name: "New Arrivals" }).locator("article").first();
  const link = card.getByRole("link");
  const id = (await link.getAttribute("href"))!.split("/").pop()!;
  const product = (await (await page.request.get(`/api/products/get-product?id=${id}`)).json()).data;
  await link.click();
  await expect(page).toHaveURL(`/products/${id}`);
  await expect(page).toHaveTitle(`${product.name} | Rangoli Boutique`);
  expect(await headTags(page)).toEqual({
    title: `${product.name} | Rangoli Boutique`,
    description: product.description.slice(0, 160),
    canonical: `${ORIGIN}/products/${id}`,
    ogTitle: `${product.name} | Rangoli Boutique`,
    ogType: "product",
    ogUrl: `${ORIGIN}/products/${id}`,
    jsonLd: [expect.stringContaining(`"@type":"Product"`)],
  });

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Shop" }).click();
  await expect(page).toHaveURL("/products");
  await expect(page).toHaveTitle("Shop ethnic wear | Rangoli Boutique");
  const list = await headTags(page);
  expect(list).toMatchObject({
    canonical: `${ORIGIN}/products`,
    ogTitle: "Shop ethnic wear | Rangoli Boutique",
    ogType: "website",
    ogUrl: `${ORIGIN}/products`,
    jsonLd: [],
  });
  expect(list.description).not.toBe(home.description);

  // Back to the first page of the visit: its own tags again.
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL("/");
  await expect(page).toHaveTitle("Rangoli Boutique");
  expect(await headTags(page)).toEqual(home);
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
});
