import { useEffect, useRef, useState } from "react";
import { useNavigate, useNavigation, type ShouldRevalidateFunction, href, Form, Link } from "react-router";
import type { Category, ProductSummary } from "#contract/catalog";
import { PRODUCT_PAGE_SIZE } from "#contract/catalog-options";
import { FilterForm } from "~/catalog/filter-form";
import { ProductGrid } from "~/catalog/product-card";
import {
  filterChips,
  filtersUrl,
  listingParams,
  pagesUrl,
  readFilters,
  readPages,
  toApiParams,
  type FilterChip,
  type ProductFilters,
} from "~/catalog/product-filters";
import { SearchField } from "~/catalog/search-field";
import { CloseIcon, FilterIcon } from "~/components/icons";
import { DialogHeader, ModalDialog, openerProps } from "~/components/modal-dialog";
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
  const params = new URL(request.url).searchParams;
  const filters = readFilters(params);
  // After Load More the address asks for its pages (?pages=3): Back, a reload or a page without scripts shows them all.
  const pages = readPages(params);
  const results = await Promise.all(
    listingParams(filters, pages).map((input) => context.api(getProductsCall, input)),
  );
  const failed = results.find((result) => !result.ok);
  if (failed || !results[0]?.ok)
    return { filters, pages: 1, products: [], total: 0, error: "Unable to fetch products" };
  const products = results
    .flatMap((result) => (result.ok ? result.data : []))
    .slice(0, pages * PRODUCT_PAGE_SIZE);
  return { filters, pages, products, total: results[0].pagination.total, error: null };
}

/**
 * Load More puts its pages in the address (?pages=) once it has added them to the list: the list is not
 * loaded again for more pages of the same listing. Any other change of the address (filters, search, fewer
 * pages, Back to it) loads it.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) =>
  formMethod === undefined &&
  currentUrl.pathname === nextUrl.pathname &&
  morePagesOfTheSameListing(currentUrl, nextUrl)
    ? false
    : defaultShouldRevalidate;

/** Whether `next` is the same listing as `current` with more pages. */
function morePagesOfTheSameListing(current: URL, next: URL): boolean {
  const listing = (url: URL) => filtersUrl(readFilters(url.searchParams));
  return listing(current) === listing(next) && readPages(next.searchParams) > readPages(current.searchParams);
}

/** A list the network or the server failed keeps the page, its filters and search, and says so. */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const answer = await answerOrFailure(request, serverLoader, () => ({
    filters: readFilters(new URL(request.url).searchParams),
    pages: 1,
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
  const path = category ? `${href("/products")}?category=${category.id}` : href("/products");
  return pageMeta({
    title,
    description,
    url: absoluteUrl(matches, path),
    noindex: Boolean(data?.filters.search),
  });
};

export default function Products({ loaderData, matches }: Route.ComponentProps) {
  const { filters, pages, products, total, error } = loaderData;
  const categories = matches[0].data.categories;
  const navigation = useNavigation();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const refreshing = navigation.state === "loading" && navigation.location.pathname === href("/products");
  const heading = filters.search
    ? `Results for “${filters.search}”`
    : (categories.find((c) => c.id === filters.category)?.name ?? "All products");

  // The filters and the Filters & Sort button stay in the page while the list changes, so that the keyboard
  // stays where it was; the list restarts from its first pages whenever the filters (the URL) change.
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
        <Form method="get" action={href("/products")} role="search" className="flex w-full gap-2 sm:w-auto">
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
        </Form>
      </div>

      <FilterChips
        chips={filterChips(filters, (id) => categories.find((category) => category.id === id)?.name)}
        sort={filters.sort}
      />

      <div className="mt-6 flex gap-8">
        <aside className="hidden w-60 shrink-0 md:block" aria-label="Filters">
          <FilterForm filters={filters} categories={categories} autoSubmit />
        </aside>
        <div className="min-w-0 flex-1">
          <button
            type="button"
            {...openerProps(FILTERS_POPOVER, () => setFiltersOpen(true))}
            className="mb-4 flex items-center gap-2 rounded-full border border-brand-200 bg-white px-4 py-2 text-sm font-semibold md:hidden"
            aria-haspopup="dialog"
          >
            <FilterIcon size={18} /> Filters & Sort
          </button>
          {error ? <p className="mb-4 text-red-700">{error}</p> : null}
          <ProductResults
            key={filtersUrl(filters)}
            filters={filters}
            loadedPages={pages}
            loaded={products}
            total={total}
            error={error}
          />
        </div>
      </div>

      <ModalDialog
        open={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        labelledBy="filters-title"
        popoverId={FILTERS_POPOVER}
        className="drawer bg-white p-0"
      >
        <div className="p-5">
          <DialogHeader
            id="filters-title"
            title="Filters & Sort"
            closeLabel="Close filters"
            onClose={() => setFiltersOpen(false)}
            popoverId={FILTERS_POPOVER}
          />
          <div className="mt-4">
            <FilterForm filters={filters} categories={categories} onApply={() => setFiltersOpen(false)} />
          </div>
        </div>
      </ModalDialog>
    </div>
  );
}

/** The filters in use, each a link that takes it away; "Clear all" when there are several. */
function FilterChips({ chips, sort }: { chips: FilterChip[]; sort: ProductFilters["sort"] }) {
  if (chips.length === 0) return null;
  const chip =
    "inline-flex items-center gap-1.5 rounded-full border border-brand-200 bg-white py-1 pr-2 pl-3 text-sm hover:border-brand-400";
  return (
    <ul aria-label="Filters in use" className="mt-4 flex flex-wrap gap-2">
      {chips.map(({ label, removedUrl }) => (
        <li key={label}>
          <Link to={removedUrl} className={chip} aria-label={`Remove filter: ${label}`}>
            {label} <CloseIcon size={14} aria-hidden="true" />
          </Link>
        </li>
      ))}
      {chips.length > 1 ? (
        <li>
          <Link
            to={filtersUrl({
              category: undefined,
              price: undefined,
              search: "",
              sort: sort === "relevance" ? undefined : sort,
            })}
            className="inline-flex py-1 text-sm font-semibold text-brand-700 underline"
          >
            Clear all
          </Link>
        </li>
      ) : null}
    </ul>
  );
}

/** The phone's Filters & Sort dialog, which opens as a popover before the page's scripts run. */
const FILTERS_POPOVER = "filters-dialog";

/**
 * The products found, and Load More while the last page was full. Load More is a form that leads to the
 * list with one page more (?pages=), which the server renders whole: so it works without scripts, and Back
 * or a reload shows the pages it added. With scripts it adds the next page in place and puts the count in
 * the address without loading the list again (the route's shouldRevalidate).
 */
function ProductResults({
  filters,
  loadedPages,
  loaded,
  total,
  error,
}: {
  filters: ProductFilters;
  loadedPages: number;
  loaded: ProductSummary[];
  total: number;
  error: string | null;
}) {
  // Pages added by Load More belong to the pages they followed: when the loader answers again (after a
  // product is deleted, say), the list starts over from what it answered.
  const [more, setMore] = useState<{ after: ProductSummary[]; pages: ProductSummary[][] }>({
    after: loaded,
    pages: [],
  });
  const added = more.after === loaded ? more.pages : [];
  const pageCount = loadedPages + added.length;
  const [loadingMore, setLoadingMore] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const products = added.length > 0 ? [...loaded, ...added.flat()] : loaded;
  const lastPageFull =
    added.length > 0
      ? added[added.length - 1]!.length === PRODUCT_PAGE_SIZE
      : loaded.length > 0 && loaded.length === loadedPages * PRODUCT_PAGE_SIZE;
  const navigate = useNavigate();
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
    const result = await browserApi(getProductsCall, toApiParams(filters, pageCount + 1));
    setLoadingMore(false);
    if (result.ok) {
      focusProduct.current = products.length;
      setMore({ after: loaded, pages: [...added, result.data] });
      // Back to the list (from a product, say) shows these pages again, where the shopper was.
      void navigate(pagesUrl(filters, pageCount + 1), { replace: true });
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
        <ProductGrid products={products} priorityCount={2} idOf={pageStartId} />
      )}
      {loadError ? <p className="mt-4 text-red-700">{loadError}</p> : null}
      {lastPageFull && products.length < total ? (
        <Form
          method="get"
          // Without scripts the page with one page more opens at the first product it added.
          action={`${href("/products")}#${pageId(pageCount + 1)}`}
          onSubmit={(event) => {
            event.preventDefault();
            if (!loadingMore) void loadMore();
          }}
          className="mt-8 text-center"
        >
          {filters.category ? <input type="hidden" name="category" value={filters.category} /> : null}
          {filters.price ? <input type="hidden" name="price" value={filters.price} /> : null}
          {filters.search ? <input type="hidden" name="search" value={filters.search} /> : null}
          {filters.sort ? <input type="hidden" name="sort" value={filters.sort} /> : null}
          <button
            type="submit"
            name="pages"
            value={pageCount + 1}
            disabled={loadingMore}
            className="rounded-full border-2 border-brand-600 px-8 py-3 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
          >
            {loadingMore ? "Loading products..." : "Load More"}
          </button>
        </Form>
      ) : null}
    </div>
  );
}

/** The id of a page's first product (`page-2`, …), where Load More leads without scripts. */
const pageId = (page: number) => `page-${page}`;

/** The id of the product at `index` in the list, if it starts a page after the first. */
const pageStartId = (index: number) =>
  index > 0 && index % PRODUCT_PAGE_SIZE === 0 ? pageId(index / PRODUCT_PAGE_SIZE + 1) : undefined;
