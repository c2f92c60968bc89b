import { PRICE_BANDS, PRODUCT_PAGE_SIZE, PRODUCT_SORTS, type ProductSort } from "#contract/catalog-options";
import type { ProductListParams } from "~/lib/api-client";

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
  return query ? `/products?${query}` : "/products";
}
