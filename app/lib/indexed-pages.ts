import { href } from "react-router";
/**
 * The information pages a search engine should index. The sitemap lists them, then every category and
 * product; the browser tests check each of them for accessibility.
 */
export const INDEXED_PAGES = [
  "/",
  href("/products"),
  href("/about"),
  href("/contact"),
  href("/grievances"),
  href("/faq"),
  href("/privacy"),
  href("/privacy-policy"),
  href("/cookies-policy"),
  href("/terms-and-conditions"),
  href("/shipping-policy"),
  href("/return-policy"),
] as const;
