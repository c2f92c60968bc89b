import type { HeadersFunction } from "react-router";

/**
 * A page that is the same for every guest (the catalog and the store's own pages): a shared cache, the
 * store's own page cache included (server/web/page-cache.ts), may keep it 30 s, as long as the catalog's
 * answers, and serve it up to 5 minutes older while it fetches a new one; a browser asks again each time.
 * A signed-in shopper's copy of the same page is still sent `private, no-store` (server/web/ssr.ts).
 */
export const sharedPageHeaders: HeadersFunction = () => ({
  "Cache-Control": "public, max-age=0, s-maxage=30, stale-while-revalidate=300",
});

/** A page with someone's account in it is kept by no cache, shared or in the browser. */
export const privatePageHeaders: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });
