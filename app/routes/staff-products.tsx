import { data, Form, useActionData, useLoaderData, href, Link } from "react-router";
import { STAFF_ROLES } from "#contract/accounts-rules";
import { categoriesCall } from "#contract/catalog";
import { formatRupees } from "#contract/money";
import {
  setStockCall,
  STAFF_PRODUCT_SORT_LABELS,
  STAFF_PRODUCT_SORTS,
  STAFF_PRODUCTS_PAGE_SIZE,
  staffProductsCall,
  STOCK_STATE_LABELS,
  STOCK_STATES,
  type StaffProductRow,
} from "#contract/staff-products";
import { requireUser } from "~/accounts/guards";
import { keepThroughLogout } from "~/accounts/revalidation";
import { StockEditor, StockSummary, type StockAnswer } from "~/admin/stock-editor";
import { FormNotice } from "~/components/form-field";
import { PlusIcon } from "~/components/icons";
import { ResponsivePicture } from "~/components/picture";
import { BUTTON_PRIMARY, BUTTON_SECONDARY, TEXT_LINK } from "~/components/styles";
import { formText, postedForm } from "~/lib/form-values";
import { callWithForm } from "~/lib/form-reading";
import { privatePageHeaders } from "~/lib/page-headers";
import { plural } from "~/lib/plural";
import { actionOrFailure } from "~/lib/request-failure";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/staff-products";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Products",
    description: "Every product of the shop, hidden ones too.",
    url: absoluteUrl(matches, href("/admin/products")),
    noindex: true,
  });

export const headers = privatePageHeaders;
export const shouldRevalidate = keepThroughLogout;

/** The list's filters, as the address carries them (empty: none). */
const FILTERS = ["search", "categoryId", "stock", "visibility", "sort"] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

/** ?search=&categoryId=&stock=&visibility=&sort=&page=: one page of every product, hidden ones too. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, STAFF_ROLES);
  const params = new URL(request.url).searchParams;
  const filters = Object.fromEntries(
    FILTERS.map((name) => [name, (params.get(name) ?? "").trim().slice(0, 100)]),
  ) as Filters;
  const page = Math.min(100_000, Math.max(1, Number.parseInt(params.get("page") ?? "", 10) || 1));
  const [result, categories] = await Promise.all([
    context.api(staffProductsCall, { ...filters, page, limit: STAFF_PRODUCTS_PAGE_SIZE }),
    context.api(categoriesCall),
  ]);
  const shared = { filters, page, categories: categories.ok ? categories.data : [] };
  if (!result.ok)
    return {
      ...shared,
      products: [],
      total: 0,
      pages: 1,
      error: result.message || "Failed to fetch products",
    };
  const { total, limit } = result.pagination;
  return {
    ...shared,
    products: result.data,
    total,
    pages: Math.max(1, Math.ceil(total / limit)),
    error: null,
  };
}

/** Saves the stock of one product's sizes (the row's "Edit stock" form: `stock.M`, `stock.L`, …). */
export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context, STAFF_ROLES);
  const form = await postedForm(request);
  const productId = Number(formText(form, "id"));
  // `stock.M`, `stock.L`, … are read as the call's `stock: { M, L }`.
  const result = await callWithForm(context.api, form, setStockCall);
  const answer: StockAnswer = {
    productId,
    ok: result.ok,
    message: result.message,
    errors: result.ok ? undefined : result.errors,
  };
  return data(answer, { status: result.ok ? 200 : result.status >= 400 ? result.status : 502 });
}

export const clientAction = (args: Route.ClientActionArgs) =>
  actionOrFailure(args, (form): StockAnswer => ({
    productId: Number(formText(form, "id")),
    ok: false,
    message: "Something went wrong. Please try again.",
  }));

const hrefOf = (filters: Filters, page: number) => {
  const params = new URLSearchParams();
  for (const name of FILTERS) if (filters[name]) params.set(name, filters[name]);
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return `${href("/admin/products")}${text ? `?${text}` : ""}`;
};

const PAGE_LINK = "rounded-full px-5 py-2 text-sm font-semibold ring-1";
const SELECT = "h-11 w-full min-w-0 rounded-lg border border-brand-200 bg-white px-2 sm:px-3";

function ProductRow({ product, answer }: { product: StaffProductRow; answer?: StockAnswer }) {
  return (
    <article
      aria-label={product.name}
      className="flex gap-3 rounded-2xl bg-white p-4 ring-1 ring-brand-100 sm:gap-4"
    >
      <div className="h-20 w-15 shrink-0 overflow-hidden rounded bg-brand-50">
        {product.picture && (
          <ResponsivePicture
            picture={product.picture}
            sizes="60px"
            alt=""
            className="size-full object-cover"
          />
        )}
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 className="font-semibold break-words">
            <Link
              to={href("/admin/products/:id/edit", { id: String(product._id) })}
              className="hover:text-brand-700"
            >
              {product.name}
            </Link>
          </h2>
          <p className="font-semibold whitespace-nowrap">{formatRupees(product.price)}</p>
        </div>
        <p className="text-sm text-muted">
          #{product._id} · {product.category} ·{" "}
          {product.hidden ? (
            <strong className="text-red-800">Hidden from the shop</strong>
          ) : (
            <span className="text-green-800">In the shop</span>
          )}{" "}
          · {STOCK_STATE_LABELS[product.stockState]}
        </p>
        <div className="mt-2">
          <StockSummary product={product} />
        </div>
        <div className="mt-3 flex flex-wrap items-start gap-x-4 gap-y-2">
          <Link
            to={href("/admin/products/:id/edit", { id: String(product._id) })}
            className={`${TEXT_LINK} py-1.5 text-sm`}
            aria-label={`Edit ${product.name}`}
          >
            Edit
          </Link>
          {!product.hidden && (
            <Link
              to={href("/products/:id", { id: String(product._id) })}
              className={`${TEXT_LINK} py-1.5 text-sm`}
              aria-label={`View ${product.name} in the shop`}
            >
              View in shop
            </Link>
          )}
          <StockEditor product={product} answer={answer} />
        </div>
      </div>
    </article>
  );
}

/** Staff's list of every product: find one by name, filter, sort, page, and set its stock in place. */
export default function StaffProducts() {
  const { filters, page, categories, products, total, pages, error } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const filtered = FILTERS.some((name) => name !== "sort" && filters[name]);
  const step = (to: number, label: string) =>
    to >= 1 && to <= pages ? (
      <Link
        to={hrefOf(filters, to)}
        className={`${PAGE_LINK} bg-white text-brand-700 ring-brand-200 hover:bg-brand-50`}
      >
        {label}
      </Link>
    ) : (
      <span aria-disabled="true" className={`${PAGE_LINK} text-muted ring-brand-100`}>
        {label}
      </span>
    );

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <Link to={href("/admin-dashboard")} className={TEXT_LINK}>
          Admin Dashboard
        </Link>{" "}
        / Products
      </nav>
      <div className="mt-2 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <h1 className="text-3xl font-bold sm:text-4xl">Products</h1>
        <Link to={href("/addproduct")} className={`${BUTTON_PRIMARY} self-start sm:self-auto`}>
          <PlusIcon size={20} />
          Add New Product
        </Link>
      </div>

      {/* A plain GET form: finding and filtering work before (or without) JavaScript. */}
      <Form
        method="get"
        role="search"
        aria-label="Find products"
        className="mt-6 grid grid-cols-2 items-end gap-3 rounded-2xl bg-white p-4 ring-1 ring-brand-100 lg:grid-cols-4"
      >
        <div className="col-span-2 flex flex-col gap-1 lg:col-span-4">
          <label htmlFor="product-search" className="text-sm font-semibold">
            Name or number
          </label>
          <input
            id="product-search"
            name="search"
            type="search"
            maxLength={100}
            defaultValue={filters.search}
            className="h-11 rounded-lg border border-brand-200 px-3"
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="product-category" className="text-sm font-semibold">
            Category
          </label>
          <select
            id="product-category"
            name="categoryId"
            defaultValue={filters.categoryId}
            className={SELECT}
          >
            <option value="">All categories</option>
            {categories.map((category) => (
              <option key={category.id} value={String(category.id)}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="product-stock" className="text-sm font-semibold">
            Stock
          </label>
          <select id="product-stock" name="stock" defaultValue={filters.stock} className={SELECT}>
            <option value="">Any stock</option>
            {STOCK_STATES.map((state) => (
              <option key={state} value={state}>
                {STOCK_STATE_LABELS[state]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="product-visibility" className="text-sm font-semibold">
            In the shop
          </label>
          <select
            id="product-visibility"
            name="visibility"
            defaultValue={filters.visibility}
            className={SELECT}
          >
            <option value="">Shown and hidden</option>
            <option value="shown">Shown</option>
            <option value="hidden">Hidden</option>
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="product-sort" className="text-sm font-semibold">
            Sort
          </label>
          <select id="product-sort" name="sort" defaultValue={filters.sort} className={SELECT}>
            {STAFF_PRODUCT_SORTS.map((sort) => (
              <option key={sort} value={sort === "newest" ? "" : sort}>
                {STAFF_PRODUCT_SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </div>
        <div className="col-span-2 flex gap-2 lg:col-span-4">
          <button type="submit" className={`${BUTTON_PRIMARY} py-2`}>
            Find
          </button>
          {filtered && (
            <Link to={href("/admin/products")} className={`${BUTTON_SECONDARY} py-2`}>
              Clear
            </Link>
          )}
        </div>
      </Form>

      <p className="mt-4 text-sm text-muted" aria-live="polite">
        {error ? "" : plural(total, "product")}
      </p>

      {error ? (
        <FormNotice tone="error" className="mt-4">
          {error}
        </FormNotice>
      ) : products.length === 0 ? (
        <p className="mt-4 rounded-2xl bg-white px-6 py-12 text-center text-muted ring-1 ring-brand-100">
          {filtered ? "No product matches." : "No products yet."}
        </p>
      ) : (
        <ul className="mt-4 flex flex-col gap-3" aria-label={`Products, page ${page} of ${pages}`}>
          {products.map((product) => (
            <li key={product._id}>
              <ProductRow product={product} answer={answer?.productId === product._id ? answer : undefined} />
            </li>
          ))}
        </ul>
      )}

      <nav aria-label="Pages" className="mt-6 flex items-center justify-center gap-3">
        {step(page - 1, "Previous")}
        <span className="text-sm font-medium">
          Page {page} of {pages}
        </span>
        {step(page + 1, "Next")}
      </nav>
    </div>
  );
}
