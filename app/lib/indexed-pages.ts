/**
 * The information pages a search engine should index. The sitemap lists them, then every category and
 * product; the browser tests check each of them for accessibility.
 */
export const INDEXED_PAGES = [
  "/",
  "/products",
  "/about",
  "/contact",
  "/grievances",
  "/faq",
  "/privacy",
  "/privacy-policy",
  "/cookies-policy",
  "/terms-and-conditions",
  "/shipping-policy",
  "/return-policy",
] as const;
