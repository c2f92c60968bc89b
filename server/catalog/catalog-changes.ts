import type { Executor } from "../db/client";

/**
 * What the catalog's cached answers, and the pages built from them, show (as tags of lib/cache-tags.ts), and
 * what a change to the catalog touches: a change drops only the answers and pages that show what changed.
 */
export const CATALOG_TAGS = {
  /** The list of categories (every page shows it). */
  categories: "categories",
  /** Which products each listing holds, in what order, and how many (filters, sorts and search). */
  listings: "listings",
  /** One product's own answer and page. */
  product: (id: number) => `product:${id}`,
  /** What a listing shows of one product: its name, prices, first picture, whether it is in stock. */
  listed: (id: number) => `listed:${id}`,
} as const;

/** What each cached catalog answer shows. */
export const tagsOfCategories = (): string[] => [CATALOG_TAGS.categories];
export const tagsOfListing = (items: readonly { _id: number }[]): string[] => [
  CATALOG_TAGS.listings,
  ...items.map((item) => CATALOG_TAGS.listed(item._id)),
];
export const tagsOfProduct = (product: { _id: number }): string[] => [CATALOG_TAGS.product(product._id)];

/**
 * A change to the catalog: to the categories (which every page shows), or to products, with what listings
 * show of it: nothing (`unchanged`: stock counts, features, care), the products' rows in the listings that
 * hold them (`rows`: in or out of stock, first picture, original price), or which products listings hold and
 * in what order (`membership`: added, hidden or shown again, name, description, price, category).
 */
export type CatalogChange =
  { categories: true } | { productIds: readonly number[]; listings: "unchanged" | "rows" | "membership" };

/** The tags of what a change touches, or "everything" (the categories). */
export function tagsChangedBy(change: CatalogChange): string[] | "everything" {
  if ("categories" in change) return "everything";
  const tags = change.productIds.map((id) => CATALOG_TAGS.product(id));
  if (change.listings === "rows" || change.listings === "membership")
    tags.push(...change.productIds.map((id) => CATALOG_TAGS.listed(id)));
  if (change.listings === "membership") tags.push(CATALOG_TAGS.listings);
  return tags;
}

/**
 * Told, in the transaction of a change that may have put sizes of these products back in stock, so that
 * what waits for them (back-in-stock alerts) happens with the change; answers how many it notified.
 */
export type NotifyRestocked = (tx: Executor, productIds: readonly number[]) => Promise<number>;
