import { useEffect, useRef, useState } from "react";
import { useNavigation, useSearchParams } from "react-router";
import type { Category, ProductSummary } from "#contract/catalog";
import { PRODUCT_PAGE_SIZE } from "#contract/catalog-options";
import { FilterForm } from "~/catalog/filter-form";
import { ProductGrid } from "~/catalog/product-card";
import { filtersUrl, readFilters, toApiParams, type ProductFilters } from "~/catalog/product-filters";
import { SearchField } from "~/catalog/search-field";
import { FilterIcon } from "~/components/icons";
import { GetForm, Link } from "~/components/navigation";
import { DialogHeader, ModalDialog } from "~/components/modal-dialog";
import { toast } from "~/components/toast";
import { browserApi } from "~/lib/api-client";
import { answerOrFailure } from "~/lib/request-failure";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import { plural } from "~/lib/plural";
import type { Route } from "./+types/products";
import { sharedPageHeaders } from "~/lib/page-headers";
import { getProductsCall } from "#contract/catalog";

export const headers = sharedPageHeaders;

export async function loader({ context, request }: Route.LoaderArgs) {
  const filters = readFilters(new URL(request.url).searchParams);
  const result = await context.api(getProductsCall, toApiParams(filters, 1));
  if (!result.ok) return { filters, products: [], total: 0, error: "Unable to fetch products" };
  return { filters, products: result.data, total: result.pagination.total, error: null };
}

/** A list the network or the server failed keeps the page, its filters and search, and says so. */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const answer = await answerOrFailure(request, serverLoader, () => ({
    filters: readFilters(new URL(request.url).searchParams),
    products: [],
    total: 0,
    error: "Unable to fetch products",
  }));
  if (answer.error) toast("error", answer.error);
  return answer;
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const categories = (matches[0]?.data as { categories?: Category[] } | undefined)?.categories ?? [];
  const category = categories.find((candidate) => candidate.id === data?.filters.category);
  const title = data?.filters.search
    ? `Search results for "${data.filters.search}"`
    : category
      ? `${category.name} collection`
      : "Shop ethnic wear";
  const description =
    category?.description ||
    "Anarkalis, lehengas, half sarees, ethnic wear and kids' wear, shipped across India.";
  const path = category ? `/products?category=${category.id}` : "/products";
  return pageMeta({
    title,
    description,
    url: absoluteUrl(matches, path),
    noindex: Boolean(data?.filters.search),
  });
};

export default function Products({ loaderData, matches }: Route.ComponentProps) {
  const { filters, products, total, error } = loaderData;
  const categories = matches[0].data.categories;
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const refreshing = navigation.state === "loading" && navigation.location.pathname === "/products";
  const heading = filters.search
    ? `Results for “${filters.search}”`
    : (categories.find((c) => c.id === filters.category)?.name ?? "All products");

  // The filters and the Filters & Sort button stay in the page while the list changes, so that the keyboard
  // stays where it was; the list restarts from page 1 whenever the filters (the URL) change.
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          {/* Focused when a card deleted by staff leaves no other to go to. */}
          <h1 tabIndex={-1} className="text-3xl font-bold outline-none">
            {heading}
          </h1>
          <p className="mt-1 text-muted" role="status">
            {refreshing ? "Loading products..." : `Showing ${plural(total, "product")}`}
          </p>
        </div>
        <GetForm action="/products" role="search" className="flex w-full gap-2 sm:w-auto">
          {filters.category ? <input type="hidden" name="category" value={filters.category} /> : null}
          {filters.price ? <input type="hidden" name="price" value={filters.price} /> : null}
          <SearchField
            className="flex-1 px-4 py-2 sm:w-72"
            inputClassName="w-full"
            placeholder="Search products"
            defaultValue={filters.search}
          />
          <button
            type="submit"
            className="rounded-full bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700"
          >
            Search
          </button>
        </GetForm>
      </div>

      <div className="mt-6 flex gap-8">
        <aside className="hidden w-60 shrink-0 md:block" aria-label="Filters">
          <FilterForm filters={filters} categories={categories} autoSubmit />
        </aside>
        <div className="min-w-0 flex-1">
          <button
            type="button"
            onClick={() => setFiltersOpen(true)}
            className="mb-4 flex items-center gap-2 rounded-full border border-brand-200 bg-white px-4 py-2 text-sm font-semibold md:hidden"
            aria-haspopup="dialog"
          >
            <FilterIcon size={18} /> Filters & Sort
          </button>
          {error ? <p className="mb-4 text-red-700">{error}</p> : null}
          <ProductResults
            key={searchParams.toString()}
            filters={filters}
            firstPage={products}
            total={total}
            error={error}
          />
        </div>
      </div>

      <ModalDialog
        open={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        labelledBy="filters-title"
        className="drawer bg-white p-0"
      >
        <div className="p-5">
          <DialogHeader
            id="filters-title"
            title="Filters & Sort"
            closeLabel="Close filters"
            onClose={() => setFiltersOpen(false)}
          />
          <div className="mt-4">
            <FilterForm filters={filters} categories={categories} onApply={() => setFiltersOpen(false)} />
          </div>
        </div>
      </ModalDialog>
    </div>
  );
}

/** The products found, and Load More while the last page was full. */
function ProductResults({
  filters,
  firstPage,
  total,
  error,
}: {
  filters: ProductFilters;
  firstPage: ProductSummary[];
  total: number;
  error: string | null;
}) {
  // Pages added by Load More belong to the first page they followed: when the loader answers again (after a
  // product is deleted, say), the list starts over from its new first page.
  const [more, setMore] = useState<{ after: ProductSummary[]; pages: ProductSummary[][] }>({
    after: firstPage,
    pages: [],
  });
  const pages = [firstPage, ...(more.after === firstPage ? more.pages : [])];
  const [loadingMore, setLoadingMore] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const products = pages.flat();
  const lastPageFull = (pages[pages.length - 1]?.length ?? 0) === PRODUCT_PAGE_SIZE;
  // After Load More the keyboard goes on to the first product it added (the button may be gone).
  const list = useRef<HTMLDivElement>(null);
  const focusProduct = useRef<number | null>(null);
  useEffect(() => {
    if (focusProduct.current === null) return;
    list.current?.querySelectorAll<HTMLElement>("article h3 a")[focusProduct.current]?.focus();
    focusProduct.current = null;
  }, [more]);

  async function loadMore() {
    setLoadingMore(true);
    setLoadError(null);
    // Loaded on demand: the call's description brings the catalog's schemas (and Zod), which the first
    // paint of the list does not need.
    const { getProductsCall } = await import("#contract/catalog");
    const result = await browserApi(getProductsCall, toApiParams(filters, pages.length + 1));
    setLoadingMore(false);
    if (result.ok) {
      focusProduct.current = products.length;
      setMore({ after: firstPage, pages: [...pages.slice(1), result.data] });
    } else setLoadError(result.status === 0 ? result.message : "Something went wrong");
  }

  return (
    <div ref={list}>
      {products.length === 0 && !error ? (
        <p className="rounded-lg bg-white p-8 text-center text-muted">
          {filters.search ? (
            <>
              No products match “{filters.search}”.{" "}
              <Link
                to={filtersUrl({
                  ...filters,
                  search: "",
                  sort: filters.sort === "relevance" ? undefined : filters.sort,
                })}
                className="font-semibold text-brand-700 underline"
              >
                Clear search
              </Link>
            </>
          ) : (
            "No products match these filters. Try another category or price range."
          )}
        </p>
      ) : (
        <ProductGrid products={products} priorityCount={2} />
      )}
      {loadError ? <p className="mt-4 text-red-700">{loadError}</p> : null}
      {lastPageFull && products.length < total ? (
        <div className="mt-8 text-center">
          <button
            type="button"
            onClick={loadMore}
            disabled={loadingMore}
            className="rounded-full border-2 border-brand-600 px-8 py-3 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
          >
            {loadingMore ? "Loading products..." : "Load More"}
          </button>
        </div>
      ) : null}
    </div>
  );
}
