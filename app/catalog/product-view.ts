import { href } from "react-router";
/** A product page's tabs, in their order. */
export const PRODUCT_TABS = ["details", "reviews", "care"] as const;
export type ProductTab = (typeof PRODUCT_TABS)[number];

/** What a product page shows: which picture (from 0) and which tab. */
export type ProductView = { image: number; tab: ProductTab };

/**
 * The picture and tab a product page's address names: `?image=2` (from 1, as the thumbnails are labelled)
 * and `?tab=reviews`. The links of the thumbnails and tabs lead there without scripts. A value that names no
 * picture or tab shows the first.
 */
export function readProductView(params: URLSearchParams, pictureCount: number): ProductView {
  const image = params.get("image") ?? "";
  const number = /^[1-9]\d{0,2}$/.test(image) ? Number(image) : 1;
  return {
    image: number <= pictureCount ? number - 1 : 0,
    tab: PRODUCT_TABS.find((tab) => tab === params.get("tab")) ?? "details",
  };
}

/** The id of a product page's tabs, where a tab's link leads. */
export const TABS_ID = "product-information";

/**
 * The product page's address showing this picture and tab (the first and Product Details are left out);
 * `atTabs` for a tab's link, whose page opens at the tabs.
 */
export function productViewUrl(id: number, view: ProductView, atTabs = false): string {
  const params = new URLSearchParams();
  if (view.image > 0) params.set("image", String(view.image + 1));
  if (view.tab !== "details") params.set("tab", view.tab);
  const query = params.toString();
  return `${href("/products/:id", { id: String(id) })}${query ? `?${query}` : ""}${atTabs ? `#${TABS_ID}` : ""}`;
}
