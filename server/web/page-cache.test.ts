import { createHash } from "node:crypto";
import { brotliDecompressSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createPageCache, inlineScriptHashes, pageKey, shareable } from "./page-cache";

const PUBLIC = "public, max-age=0, s-maxage=30, stale-while-revalidate=300";
const rendered = (status: number, headers: Record<string, string> | [string, string][]) => ({
  status,
  headers: new Headers(headers),
});

describe("which rendered pages any guest may be given", () => {
  it("a 200 its route marked public with an s-maxage, fresh that long and stale as long as it allows", () => {
    expect(shareable(rendered(200, { "cache-control": PUBLIC }))).toEqual({
      freshMs: 30_000,
      staleMs: 300_000,
    });
  });

  it("never one that sets a cookie, one marked private, one without s-maxage, or an error", () => {
    const setsCookie = rendered(200, [
      ["cache-control", PUBLIC],
      ["set-cookie", "session=abc; HttpOnly"],
    ]);
    expect(shareable(setsCookie)).toBeUndefined();
    expect(shareable(rendered(200, { "cache-control": "private, no-store" }))).toBeUndefined();
    expect(shareable(rendered(200, { "cache-control": "public, max-age=60" }))).toBeUndefined();
    expect(shareable(rendered(200, {}))).toBeUndefined();
    expect(shareable(rendered(404, { "cache-control": PUBLIC }))).toBeUndefined();
  });
});

describe("the address a page is kept under", () => {
  it("leaves out the tracking parameters a shared link carries, and keeps every other", () => {
    expect(pageKey("/products/7?igsh=MWx0dGxhM2Rx&utm_source=ig_web_copy_link")).toBe("/products/7");
    expect(pageKey("/products?category=2&utm_campaign=diwali&search=silk")).toBe(
      "/products?category=2&search=silk",
    );
    expect(pageKey("/products?fbclid=abc&sort=newest")).toBe("/products?sort=newest");
    expect(pageKey("/products?category=2")).toBe("/products?category=2");
    expect(pageKey("/")).toBe("/");
    expect(pageKey("/?%zz=1&utm_source=x")).toBe("/?%zz=1");
  });

  it("keeps what a page shows without scripts: the list's pages, a product's picture and tab (decision 027)", () => {
    expect(pageKey("/products?category=2&pages=3&utm_source=x")).toBe("/products?category=2&pages=3");
    expect(pageKey("/products/7?image=2&tab=care&fbclid=abc")).toBe("/products/7?image=2&tab=care");
  });
});

describe("the hashes of a page's inline scripts", () => {
  const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

  it("hashes each inline script, module scripts too, and not those with a src", () => {
    const html = [
      "<html><head><script>window.a = 1;</script></head><body>",
      '<script type="module" async="">import "/assets/x.js";</script>',
      '<script src="/assets/y.js"></script><script nonce="n">console.log("<b>")</script>',
      "</body></html>",
    ].join("");
    expect(inlineScriptHashes(Buffer.from(html)).sort()).toEqual(
      [sha256("window.a = 1;"), sha256('import "/assets/x.js";'), sha256('console.log("<b>")')].sort(),
    );
  });
});

describe("the page cache", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ["Date"] }));
  afterEach(() => vi.useRealTimers());

  const page = (text: string, shows: string[] = ["categories"]) => ({
    body: Buffer.from(`<p>${text}</p><script>go()</script>`),
    contentType: "text/html; charset=utf-8",
    cacheControl: PUBLIC,
    freshMs: 30_000,
    staleMs: 300_000,
    shows,
  });

  it("gives a kept page while fresh, then stale to every request, the first of which renders it again", () => {
    const cache = createPageCache({ maxBytes: 1024 * 1024 });
    expect(cache.lookup("/products/1")).toBeUndefined();
    cache.keep("/products/1", page("first"), cache.mark());
    expect(cache.lookup("/products/1")).toMatchObject({
      stale: false,
      page: { scriptHashes: [expect.any(String)] },
    });

    vi.advanceTimersByTime(30_000 * 0.8 - 1);
    expect(cache.lookup("/products/1")?.stale).toBe(false);
    vi.advanceTimersByTime(30_000 * 0.2 + 1);
    expect(cache.lookup("/products/1")).toMatchObject({ stale: true, refresh: true });
    expect(cache.lookup("/products/1")).toMatchObject({ stale: true, refresh: false });
    cache.keep("/products/1", page("second"), cache.mark());
    const renewed = cache.lookup("/products/1");
    expect(renewed?.stale).toBe(false);
    expect(renewed?.page.body.toString()).toContain("second");
  });

  it("drops the stale page when rendering it again fails or gives a page no one else may see", () => {
    const cache = createPageCache({ maxBytes: 1024 * 1024 });
    cache.keep("/", page("home"), cache.mark());
    vi.advanceTimersByTime(30_001);
    expect(cache.lookup("/")?.refresh).toBe(true);
    cache.drop("/");
    expect(cache.lookup("/")).toBeUndefined();
  });

  it("does not keep a page rendered before a change to what it shows, and a change drops only the pages showing it", () => {
    const cache = createPageCache({ maxBytes: 1024 * 1024 });
    const before = cache.mark();
    cache.clear();
    cache.keep("/products", page("list"), before);
    expect(cache.lookup("/products")).toBeUndefined();

    const product5 = ["categories", "product:5"];
    const listingWith5 = ["categories", "listings", "listed:5", "listed:6"];
    const rendering = cache.mark();
    cache.forgetTagged(["product:6", "listed:6"]); // product 6 sold out
    cache.keep("/products/5", page("5", product5), rendering); // rendered before a change it does not show
    cache.keep("/", page("home", listingWith5), rendering); // rendered before a change it shows
    expect(cache.lookup("/products/5")).toBeDefined();
    expect(cache.lookup("/")).toBeUndefined();

    cache.keep("/products/5.data?_routes=routes%2Fproduct", page("5 data", product5), cache.mark());
    cache.keep("/products/50", page("50", ["categories", "product:50"]), cache.mark());
    cache.keep("/products", page("list", listingWith5), cache.mark());
    cache.keep(
      "/products?categoryId=2",
      page("other list", ["categories", "listings", "listed:7"]),
      cache.mark(),
    );
    cache.keep("/about", page("about"), cache.mark());

    // A stock count of product 5: its own pages only.
    cache.forgetTagged(["product:5"]);
    expect(cache.lookup("/products/5")).toBeUndefined();
    expect(cache.lookup("/products/5.data?_routes=routes%2Fproduct")).toBeUndefined();
    expect(cache.lookup("/products/50")).toBeDefined();
    expect(cache.lookup("/products")).toBeDefined();

    // Product 5 sold out: the listings that hold it too.
    cache.forgetTagged(["product:5", "listed:5"]);
    expect(cache.lookup("/products")).toBeUndefined();
    expect(cache.lookup("/products?categoryId=2")).toBeDefined();

    // A new price: every listing; product pages and the store's own pages stay.
    cache.forgetTagged(["product:50", "listed:50", "listings"]);
    expect(cache.lookup("/products?categoryId=2")).toBeUndefined();
    expect(cache.lookup("/products/50")).toBeUndefined();
    expect(cache.lookup("/about")).toBeDefined();
    cache.clear();
    expect(cache.lookup("/about")).toBeUndefined();
  });

  it("compresses a page quickly for the request that rendered it, and as small as is worth it once it is kept", () => {
    const cache = createPageCache({ maxBytes: 1024 * 1024 });
    const text = Array.from(
      { length: 400 },
      (_, i) => `<li class="card">Anarkali ${i % 37} in silk</li>`,
    ).join("");
    const kept = cache.keep("/about", { ...page(text) }, cache.mark());
    expect(cache.encodedBody(kept, undefined, false)).toBe(kept.body);
    const fast = cache.encodedBody(kept, "br", false);
    expect(cache.encodedBody(kept, "br", false)).toBe(fast);
    const best = cache.encodedBody(kept, "br", true);
    expect(best.length).toBeLessThan(fast.length);
    expect(cache.encodedBody(kept, "br", true)).toBe(best);
    expect(cache.encodedBody(kept, "br", false)).toBe(best);
    expect(brotliDecompressSync(best).equals(kept.body)).toBe(true);
  });
});
