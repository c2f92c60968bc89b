import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { createCacheTags } from "../lib/cache-tags";
import { spreadFreshness } from "../lib/computed-cache";
import { compressAnswer, ownCopy, type Effort, type Encoding } from "../lib/response-cache";

/**
 * A page kept for guests: the HTML (or a client-side navigation's data) React Router rendered, compressed once
 * per encoding on first demand, with the hashes of its inline scripts for its Content-Security-Policy (the
 * nonce of the response it was rendered for is not sent again).
 */
export type CachedPage = {
  body: Buffer;
  /** The body compressed: fast for the request that rendered it, best once it is served again. */
  encoded: Partial<Record<Encoding, { bytes: Buffer; effort: Effort }>>;
  contentType: string;
  cacheControl: string;
  etag: string;
  /** 'sha256-…' of each inline script, for script-src. */
  scriptHashes: string[];
  /** What the page shows: the tags of the API answers it was built from (lib/cache-tags.ts). */
  tags: readonly string[];
  storedAt: number;
  freshMs: number;
  /** Past this moment it is not served, stale or not (s-maxage and stale-while-revalidate). */
  servableUntil: number;
  /** True while one request renders the page again (the others are given this copy meanwhile). */
  refreshing: boolean;
};

/** What a rendered page needs to say for the cache to keep it: see `shareable`. */
type Rendered = { status: number; headers: Headers };

/**
 * Whether a rendered page may be given to any guest: a 200 that sets no cookie and that its route marked
 * `public` with an `s-maxage` (app/lib/page-headers.ts). Returns how long it stays fresh and, after that, how
 * long it may still be served while a new copy is rendered; undefined for a page no one else may see.
 */
export function shareable({ status, headers }: Rendered): { freshMs: number; staleMs: number } | undefined {
  if (status !== 200 || headers.getSetCookie().length > 0) return undefined;
  const cacheControl = headers.get("cache-control") ?? "";
  if (!/^\s*public\b/.test(cacheControl)) return undefined;
  const seconds = (directive: string) =>
    Number(new RegExp(`\\b${directive}=(\\d+)`).exec(cacheControl)?.[1] ?? 0);
  const freshMs = seconds("s-maxage") * 1000;
  if (freshMs === 0) return undefined;
  return { freshMs, staleMs: seconds("stale-while-revalidate") * 1000 };
}

/**
 * Parameters that social apps and ad links add to a shared address (Instagram's `igsh`, `utm_source`, …). No
 * page reads them, and each share carries its own: kept in the address, a post's visitors would each get a
 * page rendered for them alone, carrying another visitor's share id.
 */
const TRACKING_PARAMETER = /^(utm_\w+|igsh|igshid|fbclid|gclid|gbraid|wbraid|msclkid|mc_cid|mc_eid)$/i;

/**
 * The address a page is kept under and rendered for: the request's path and query without tracking
 * parameters (the rest in the order given).
 */
export function pageKey(requestUrl: string): string {
  const queryStart = requestUrl.indexOf("?");
  if (queryStart === -1) return requestUrl;
  const kept = requestUrl
    .slice(queryStart + 1)
    .split("&")
    .filter((pair) => pair !== "" && !TRACKING_PARAMETER.test(decodeName(pair)));
  const path = requestUrl.slice(0, queryStart);
  return kept.length > 0 ? `${path}?${kept.join("&")}` : path;
}

function decodeName(pair: string): string {
  const name = pair.split("=", 1)[0] ?? "";
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

const SCRIPT_START = Buffer.from("<script");
const SCRIPT_END = Buffer.from("</script>");
const TAG_END = ">".charCodeAt(0);

/**
 * The CSP hash of every inline script in the page (React Router's context and module scripts): the browser
 * checks each one it runs against the hashes when the page is served from the cache. Read from the page's
 * bytes, as React writes its tags (in lower case, with no `>` inside the opening one): turning the whole page
 * into a string to search it cost more than the rest of keeping it.
 */
export function inlineScriptHashes(html: Buffer): string[] {
  const hashes = new Set<string>();
  let start = html.indexOf(SCRIPT_START);
  while (start !== -1) {
    const tagEnd = html.indexOf(TAG_END, start);
    const textEnd = html.indexOf(SCRIPT_END, tagEnd);
    if (tagEnd === -1 || textEnd === -1) break;
    // `<script` itself, not a longer name; then whether it loads a file (`src=`) or carries its text.
    const attributes = html.toString("latin1", start + SCRIPT_START.length, tagEnd);
    if (/^(\s|$)/.test(attributes) && !/\bsrc\s*=/i.test(attributes)) {
      const text = html.subarray(tagEnd + 1, textEnd);
      hashes.add(`'sha256-${createHash("sha256").update(text).digest("base64")}'`);
    }
    start = html.indexOf(SCRIPT_START, textEnd);
  }
  return [...hashes];
}

/**
 * The pages guests are given, kept in memory (LRU, `maxBytes` at most) so that a page many shoppers open at
 * once is rendered once per `s-maxage`, not once per shopper. Only requests without cookies or credentials
 * are served from it or fill it (server/web/ssr.ts). A stale page is served, and rendered again in the
 * background once, so that no guest waits on an expiry. A page shows what the API answers it was built from show (their tags): a
 * catalog change drops the pages that show what changed at once (`forgetTagged`), and a page rendered from
 * data read before a change to what it shows is not kept. See docs/decisions/022-page-cache.md.
 */
export function createPageCache({ maxBytes }: { maxBytes: number }) {
  const tags = createCacheTags();
  const pages = new LRUCache<string, CachedPage>({
    maxSize: maxBytes,
    sizeCalculation: (page) => page.body.length * 2,
    dispose: (page, key) => tags.remove(key, page.tags),
  });

  /**
   * The page kept for `key`, if it may be served now: fresh, or stale (within its bound). `refresh` is true
   * for the one request that finds it stale first: the caller serves it and renders it again in the
   * background (and `keep`s or `drop`s it); the others are served the stale copy meanwhile.
   */
  function lookup(key: string): { page: CachedPage; stale: boolean; refresh: boolean } | undefined {
    const page = pages.get(key);
    if (!page) return undefined;
    const now = Date.now();
    if (now - page.storedAt < page.freshMs) return { page, stale: false, refresh: false };
    if (now >= page.servableUntil) {
      pages.delete(key);
      return undefined;
    }
    const refresh = !page.refreshing;
    page.refreshing = true;
    return { page, stale: true, refresh };
  }

  /** A mark taken before rendering: `keep` refuses a page rendered before a later change to what it shows. */
  const mark = () => tags.mark();

  function keep(
    key: string,
    {
      body,
      contentType,
      cacheControl,
      freshMs,
      staleMs,
      shows,
    }: {
      body: Buffer;
      contentType: string;
      cacheControl: string;
      freshMs: number;
      staleMs: number;
      /** The tags of what the page shows. */
      shows: readonly string[];
    },
    renderedAt: number,
  ): CachedPage {
    const owned = ownCopy(body);
    const storedAt = Date.now();
    const page: CachedPage = {
      body: owned,
      encoded: {},
      contentType,
      cacheControl,
      etag: `W/"${createHash("sha1").update(owned).digest("base64url")}"`,
      scriptHashes: contentType.startsWith("text/html") ? inlineScriptHashes(owned) : [],
      tags: shows,
      storedAt,
      servableUntil: storedAt + freshMs + staleMs,
      // Spread, so that pages kept together are not all rendered again at the same moment.
      freshMs: spreadFreshness(freshMs),
      refreshing: false,
    };
    // Kept until it may no longer be served, stale or not; a page rendered before a change is not kept.
    if (tags.isCurrent(renderedAt, shows)) {
      pages.set(key, page, { ttl: freshMs + staleMs });
      tags.add(key, shows);
    } else pages.delete(key);
    return page;
  }

  /** After a render that may not be kept: a stale copy is dropped rather than served on. */
  function drop(key: string) {
    pages.delete(key);
  }

  /**
   * The page's body in the encoding the client takes, compressed on first demand and then kept: quickly for
   * the request that rendered it (most pages of a large catalog are asked for once in their 30 s), and
   * again, as small as is worth it, the first time it is served from the cache.
   */
  function encodedBody(page: CachedPage, encoding: Encoding | undefined, reused: boolean): Buffer {
    if (!encoding) return page.body;
    const known = page.encoded[encoding];
    if (known && (known.effort === "best" || !reused)) return known.bytes;
    const effort: Effort = reused ? "best" : "fast";
    const bytes = compressAnswer(encoding, page.body, effort);
    page.encoded[encoding] = { bytes, effort };
    return bytes;
  }

  /** Drops every page (a change to the categories, which every page shows). */
  function clear() {
    tags.clear();
    pages.clear();
  }

  /** Drops the pages that show any of `changed` (a product's page, the listings that show it, …). */
  function forgetTagged(changed: readonly string[]) {
    for (const key of tags.change(changed)) pages.delete(key);
  }

  return { lookup, mark, keep, drop, encodedBody, clear, forgetTagged };
}

export type PageCache = ReturnType<typeof createPageCache>;
