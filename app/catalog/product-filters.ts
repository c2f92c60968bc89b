import {
  MAX_PAGE_SIZE,
  PRICE_BANDS,
  PRODUCT_PAGE_SIZE,
  PRODUCT_SORTS,
  type ProductSort,
} from "#contract/catalog-options";
import type { ProductListParams } from "~/lib/api-client";
import { href } from "react-router";

/** The product list's filters, as they live in the page's URL: ?category=1&price=2000-5000&search=&sort= */
export type ProductFilters = {
  category: number | undefined;
  price: (typeof PRICE_BANDS)[number]["id"] | undefined;
  search: string;
  sort: ProductSort | undefined;
};

export function readFilters(params: URLSearchParams): ProductFilters {
  const category = Number(params.get("category"));
  const price = PRICE_BANDS.find((band) => band.id === params.get("price"))?.id;
  const sort = PRODUCT_SORTS.find((name) => name === params.get("sort"));
  return {
    category: Number.isInteger(category) && category > 0 ? category : undefined,
    price,
    search: (params.get("search") ?? "").trim().slice(0, 100),
    sort,
  };
}

export function toApiParams(filters: ProductFilters, page: number): ProductListParams {
  const band = PRICE_BANDS.find((candidate) => candidate.id === filters.price);
  return {
    page,
    limit: PRODUCT_PAGE_SIZE,
    categoryId: filters.category,
    minPrice: band?.min,
    maxPrice: band?.max,
    search: filters.search || undefined,
    sort: filters.sort,
  };
}

/** The product list's address for these filters (the inverse of readFilters). */
export function filtersUrl(filters: ProductFilters): string {
  const params = new URLSearchParams();
  if (filters.category) params.set("category", String(filters.category));
  if (filters.price) params.set("price", filters.price);
  if (filters.search) params.set("search", filters.search);
  if (filters.sort) params.set("sort", filters.sort);
  const query = params.toString();
  return query ? `${href("/products")}?${query}` : href("/products");
}

/**
 * The most pages of the list one address shows (`?pages=`, what Load More has added): 40 pages of 8 products,
 * read in at most 7 calls of 48.
 */
export const MAX_LIST_PAGES = 40;

/**
 * How many pages of the list the address asks for (`?pages=3` after Load More was pressed twice): a whole
 * number from 1, at most MAX_LIST_PAGES; anything else is the first page alone.
 */
export function readPages(params: URLSearchParams): number {
  const pages = params.get("pages");
  if (pages === null || !/^[1-9]\d{0,5}$/.test(pages)) return 1;
  return Math.min(Number(pages), MAX_LIST_PAGES);
}

/**
 * The list's first `pages` pages as calls of the API: one call while they fit in its largest page (the
 * first page alone is the call Load More's pages follow), else calls of the largest page.
 */
export function listingParams(filters: ProductFilters, pages: number): ProductListParams[] {
  const wanted = pages * PRODUCT_PAGE_SIZE;
  if (wanted <= MAX_PAGE_SIZE) return [{ ...toApiParams(filters, 1), limit: wanted }];
  return Array.from({ length: Math.ceil(wanted / MAX_PAGE_SIZE) }, (_, index) => ({
    ...toApiParams(filters, index + 1),
    limit: MAX_PAGE_SIZE,
  }));
}

/** The list's address with its first `pages` pages (what Load More leads to). */
export function pagesUrl(filters: ProductFilters, pages: number): string {
  const url = filtersUrl(filters);
  if (pages <= 1) return url;
  return `${url}${url.includes("?") ? "&" : "?"}pages=${pages}`;
}

/** A filter in use, as the list shows it: what it is, and the list's address without it. */
export type FilterChip = { label: string; removedUrl: string };

/**
 * The filters in use (category, price band, search), each with the list's address without it: the chips
 * above the list that show them and take each away. The sort stays; a search's own sort (relevance) goes
 * with it.
 */
export function filterChips(filters: ProductFilters, categoryName: (id: number) => string | undefined) {
  const chips: FilterChip[] = [];
  const category = filters.category === undefined ? undefined : categoryName(filters.category);
  if (category) chips.push({ label: category, removedUrl: filtersUrl({ ...filters, category: undefined }) });
  const band = PRICE_BANDS.find((candidate) => candidate.id === filters.price);
  if (band) chips.push({ label: band.label, removedUrl: filtersUrl({ ...filters, price: undefined }) });
  if (filters.search)
    chips.push({
      label: `“${filters.search}”`,
      removedUrl: filtersUrl({
        ...filters,
        search: "",
        sort: filters.sort === "relevance" ? undefined : filters.sort,
      }),
    });
  return chips;
}
