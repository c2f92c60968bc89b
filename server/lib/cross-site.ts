import type { FastifyRequest } from "fastify";

/** Methods that change nothing; every other one is a write. */
export const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Sec-Fetch-Site values that do not mark another site: the store's own pages, or a navigation the browser
 * began itself (typed, bookmarked, or a link opened from another app).
 */
const OWN_SITE_FETCHES = new Set(["same-origin", "none"]);

/** What the checks read of a request: its headers and the host it was sent to. */
type SiteHeaders = Pick<FastifyRequest, "headers" | "host">;

export const CROSS_SITE_MESSAGE = "Requests from other sites are not accepted.";

/**
 * Whether a browser marks the request as coming from another site: its Sec-Fetch-Site is `cross-site` or
 * `same-site` (a sibling subdomain), or its Origin is neither the store's public origin nor the host the
 * request was sent to. Clients that send neither header (servers, apps) are not marked.
 */
export function comesFromAnotherSite(request: SiteHeaders, publicOrigin: string) {
  const site = request.headers["sec-fetch-site"];
  if (site !== undefined && !OWN_SITE_FETCHES.has(site)) return true;
  const origin = request.headers.origin;
  if (origin === undefined || origin === publicOrigin) return false;
  return !(URL.canParse(origin) && new URL(origin).host === request.host);
}

/**
 * Whether a browser says the request comes from the store's own pages: not from another site, and with
 * `Sec-Fetch-Site: same-origin`, or (a browser without Fetch Metadata) the store's Origin. A request
 * authenticated by the session cookie, which the browser adds to any request, may change something only
 * then. `none` is not the store's pages: it is also a link opened from a mail or chat app, which carries the
 * cookie.
 */
export function comesFromOwnPages(request: SiteHeaders, publicOrigin: string) {
  if (comesFromAnotherSite(request, publicOrigin)) return false;
  const site = request.headers["sec-fetch-site"];
  return site === undefined ? request.headers.origin !== undefined : site === "same-origin";
}
