import { describe, expect, it } from "vitest";
import { MAX_PAGE_SIZE, PRODUCT_PAGE_SIZE } from "#contract/catalog-options";
import {
  filterChips,
  listingParams,
  MAX_LIST_PAGES,
  pagesUrl,
  readFilters,
  readPages,
} from "./product-filters";

const filters = readFilters(new URLSearchParams("category=2&price=0-2000&sort=price-asc"));

describe("readPages", () => {
  it.each([
    ["", 1],
    ["pages=1", 1],
    ["pages=3", 3],
    [`pages=${MAX_LIST_PAGES}`, MAX_LIST_PAGES],
    [`pages=${MAX_LIST_PAGES + 1}`, MAX_LIST_PAGES],
    ["pages=999999", MAX_LIST_PAGES],
    ["pages=99999999999999999999", 1],
    ["pages=0", 1],
    ["pages=-2", 1],
    ["pages=2.5", 1],
    ["pages=abc", 1],
    ["pages=", 1],
    ["pages=%203", 1],
  ])("reads %j as %i pages", (query, pages) => {
    expect(readPages(new URLSearchParams(query))).toBe(pages);
  });
});

describe("listingParams", () => {
  it("asks for the first page as Load More's pages follow it", () => {
    expect(listingParams(filters, 1)).toEqual([
      {
        page: 1,
        limit: PRODUCT_PAGE_SIZE,
        categoryId: 2,
        minPrice: 0,
        maxPrice: 2000,
        search: undefined,
        sort: "price-asc",
      },
    ]);
  });

  it("asks for several pages in one call while they fit in the largest page", () => {
    expect(listingParams(filters, 3).map(({ page, limit }) => ({ page, limit }))).toEqual([
      { page: 1, limit: 3 * PRODUCT_PAGE_SIZE },
    ]);
  });

  it("asks for more in calls of the largest page", () => {
    const calls = listingParams(filters, 7);
    expect(calls.map(({ page, limit }) => ({ page, limit }))).toEqual([
      { page: 1, limit: MAX_PAGE_SIZE },
      { page: 2, limit: MAX_PAGE_SIZE },
    ]);
    expect(calls.every((call) => call.categoryId === 2 && call.sort === "price-asc")).toBe(true);
  });
});

describe("pagesUrl", () => {
  it("adds the pages to the filters' address, leaving out the first page alone", () => {
    expect(pagesUrl(filters, 1)).toBe("/products?category=2&price=0-2000&sort=price-asc");
    expect(pagesUrl(filters, 3)).toBe("/products?category=2&price=0-2000&sort=price-asc&pages=3");
    expect(pagesUrl(readFilters(new URLSearchParams()), 2)).toBe("/products?pages=2");
  });
});

describe("filterChips", () => {
  const names = (id: number) => ({ 1: "Anarkali", 2: "Lehenga & CropTop" })[id];
  it("shows each filter in use with the list's address without it, keeping the sort", () => {
    expect(filterChips(filters, names)).toEqual([
      { label: "Lehenga & CropTop", removedUrl: "/products?price=0-2000&sort=price-asc" },
      { label: "Under ₹2,000", removedUrl: "/products?category=2&sort=price-asc" },
    ]);
  });

  it("takes a search's own sort away with it, and shows nothing for a category it does not know", () => {
    const searched = readFilters(new URLSearchParams("category=9&search=silk&sort=relevance"));
    expect(filterChips(searched, names)).toEqual([{ label: "“silk”", removedUrl: "/products?category=9" }]);
    expect(filterChips(readFilters(new URLSearchParams("sort=newest")), names)).toEqual([]);
  });
});
