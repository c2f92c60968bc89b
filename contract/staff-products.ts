import { z } from "zod";
import { pagingFields } from "./paging";
import { picture, sizeLabel } from "./catalog";
import { defineCall } from "./call";
import { envelope } from "./envelope";
import { idField } from "./ids";
import { LOW_STOCK_AT, MAX_STOCK } from "./product-editing-rules";
import { pagination } from "./staff-orders";

/**
 * A product's stock at a glance: sold out (no size in stock), low (in stock, but some size has LOW_STOCK_AT
 * pieces or fewer) or in stock (every size has more).
 */
export const STOCK_STATES = ["sold-out", "low", "in-stock"] as const;
export type StockState = (typeof STOCK_STATES)[number];
export const STOCK_STATE_LABELS: Record<StockState, string> = {
  "sold-out": "Sold out",
  low: "Low in stock",
  "in-stock": "In stock",
};

export const VISIBILITIES = ["shown", "hidden"] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export const STAFF_PRODUCT_SORTS = ["newest", "oldest", "name", "price-asc", "price-desc", "stock"] as const;
export type StaffProductSort = (typeof STAFF_PRODUCT_SORTS)[number];
export const STAFF_PRODUCT_SORT_LABELS: Record<StaffProductSort, string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  name: "Name, A to Z",
  "price-asc": "Price, low to high",
  "price-desc": "Price, high to low",
  stock: "Fewest pieces first",
};

export const STAFF_PRODUCTS_PAGE_SIZE = 20;
export const STAFF_PRODUCTS_MAX_LIMIT = 100;

/** The state of a product's stock from its sizes' counts. */
export function stockStateOf(stocks: readonly number[]): StockState {
  if (!stocks.some((stock) => stock > 0)) return "sold-out";
  return stocks.some((stock) => stock <= LOW_STOCK_AT) ? "low" : "in-stock";
}

/** An empty query value (a form's untouched select) is no filter. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/** GET /admin/products?page=&limit=&search=&categoryId=&stock=&visibility=&sort= */
export const staffProductsQuery = z.object({
  ...pagingFields({ defaultLimit: STAFF_PRODUCTS_PAGE_SIZE, maxLimit: STAFF_PRODUCTS_MAX_LIMIT }),
  /** A part of the product's name, or its number ("#42" or "42"). */
  search: optional(z.string().trim().max(100, { error: "Search is too long" })),
  categoryId: optional(idField("Unknown category")),
  stock: optional(z.enum(STOCK_STATES, { error: `Stock must be one of ${STOCK_STATES.join(", ")}` })),
  visibility: optional(z.enum(VISIBILITIES, { error: "Visibility must be shown or hidden" })),
  sort: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(STAFF_PRODUCT_SORTS, { error: "Unknown sort order" }).default("newest"),
  ),
});
export type StaffProductsQuery = z.infer<typeof staffProductsQuery>;
export type StaffProductsQueryInput = z.input<typeof staffProductsQuery>;

const sizeStock = z.object({ label: sizeLabel, stock: z.number().int() });

/** A row of the staff's product list. */
export const staffProductRow = z.object({
  _id: z.number().int(),
  name: z.string(),
  categoryId: z.number().int(),
  category: z.string(),
  price: z.number(),
  picture: picture.nullable(),
  hidden: z.boolean(),
  createdAt: z.string(),
  sizes: z.array(sizeStock),
  stockState: z.enum(STOCK_STATES),
});
export type StaffProductRow = z.infer<typeof staffProductRow>;

export const staffProductsResponse = envelope(z.array(staffProductRow)).extend({ pagination });

export const STOCK_MESSAGES = {
  saved: "Stock saved.",
  notOffered: (size: string) => `This product does not come in size ${size}.`,
  empty: "Give the stock of at least one size.",
} as const;

const stockCount = z.coerce
  .number({ error: "Stock must be a whole number" })
  .int({ error: "Stock must be a whole number" })
  .min(0, { error: "Stock cannot be negative" })
  .max(MAX_STOCK, { error: `Stock cannot be more than ${MAX_STOCK}` });

/** POST /products/set-stock: the stock of some of a product's sizes, each set to a number. */
export const setStockRequest = z.object({
  id: idField("Invalid product ID"),
  stock: z
    .partialRecord(sizeLabel, stockCount, { error: "Stock is by size: { M: 7 }" })
    .refine((stock) => Object.keys(stock).length > 0, { error: STOCK_MESSAGES.empty }),
});
export type SetStockRequest = z.infer<typeof setStockRequest>;

export const setStockResponse = envelope(
  z.object({ _id: z.number().int(), sizes: z.array(sizeStock), stockState: z.enum(STOCK_STATES) }),
);

export const staffProductsCall = defineCall({
  method: "GET",
  path: "/admin/products",
  tag: "catalog",
  description:
    "Staff only. Every product, hidden ones too: by a part of the name or the product's number, category, " +
    "stock state and visibility, sorted and paged.",
  query: staffProductsQuery,
  output: staffProductsResponse,
});

export const setStockCall = defineCall({
  method: "POST",
  path: "/products/set-stock",
  tag: "catalog",
  description:
    "Staff only. Sets the stock of the sizes named in `stock` to those numbers (not differences); the other " +
    "sizes keep theirs.",
  body: setStockRequest,
  output: setStockResponse,
});
