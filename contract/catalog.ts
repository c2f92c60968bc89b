import { z } from "zod";
import { defineCall } from "./call";
import { MAX_PAGE_SIZE, PRODUCT_PAGE_SIZE, PRODUCT_SORTS, SIZES } from "./catalog-options";
import { envelope, messageResponse } from "./envelope";
import { idField, MAX_ID } from "./ids";
import { sizeChart } from "./size-charts";
import { productCustomization } from "./tailoring";

export const sizeLabel = z.enum(SIZES);

export const sizeFitView = z.object({
  modelHeight: z.string(),
  modelSize: z.string(),
  fit: z.string(),
  fabric: z.string(),
});
export type SizeLabel = z.infer<typeof sizeLabel>;

/**
 * The multipart/form-data body of an upload: the repeated field `files`, each an image. The upload's route
 * reads the files as they stream; this schema describes them in the OpenAPI document.
 */
export const imageFilesForm = (max: number) =>
  z.object({
    files: z
      .array(
        z.file().meta({
          description: "An image (JPEG, PNG, WebP, AVIF or HEIC), at most 10 MB and 40 megapixels",
        }),
      )
      .min(1)
      .max(max)
      .meta({ description: `At most ${max} images, each in a part named files` }),
  });

/** A responsive image: `src` is a mid-size WebP, the source sets list every stored width. */
export const picture = z.object({
  src: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  srcSetAvif: z.string(),
  srcSetWebp: z.string(),
  alt: z.string(),
});
export type Picture = z.infer<typeof picture>;

export const category = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  picture: picture.nullable(),
});
export type Category = z.infer<typeof category>;
export const categoriesResponse = envelope(z.array(category));

export const productSummary = z.object({
  _id: z.number().int(),
  name: z.string(),
  image: z.string().nullable(),
  picture: picture.nullable(),
  price: z.number(),
  originalPrice: z.number().nullable(),
  categoryId: z.number().int(),
  rating: z.number(),
  reviews: z.number().int(),
  inStock: z.boolean(),
});
export type ProductSummary = z.infer<typeof productSummary>;

const positiveInt = (message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(MAX_ID, { error: message });
const rupeeAmount = (field: string) =>
  z.coerce
    .number({ error: `${field} must be a number` })
    .min(0, { error: `${field} cannot be negative` })
    .max(10_000_000, { error: `${field} is too large` });

export const productListQuery = z
  .object({
    page: positiveInt("Page must be a whole number from 1").default(1),
    limit: positiveInt("Limit must be a whole number from 1")
      .max(MAX_PAGE_SIZE, { error: `Limit cannot be more than ${MAX_PAGE_SIZE}` })
      .default(PRODUCT_PAGE_SIZE),
    categoryId: idField("Invalid category ID").optional(),
    /** Prices from minPrice, and below maxPrice: the bands of PRICE_BANDS meet without overlapping. */
    minPrice: rupeeAmount("Minimum price")
      .optional()
      .meta({ description: "Rupees: products priced at this or more" }),
    maxPrice: rupeeAmount("Maximum price")
      .optional()
      .meta({ description: "Rupees: products priced below this (a price band's upper end, not in it)" }),
    search: z.string().trim().max(100, { error: "Search is too long" }).optional(),
    sort: z.enum(PRODUCT_SORTS, { error: "Unknown sort order" }).optional(),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    error: "Minimum price cannot be above maximum price",
    path: ["minPrice"],
  });
export type ProductListQuery = z.infer<typeof productListQuery>;

export const pagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export const productListResponse = envelope(z.array(productSummary)).extend({ pagination });
export type ProductListResponse = z.infer<typeof productListResponse>;

export const productIdQuery = z.object({ id: idField("Invalid product ID") });

export const productSize = z.object({ label: sizeLabel, stock: z.number().int() });

export const productDetail = z.object({
  _id: z.number().int(),
  name: z.string(),
  price: z.number(),
  originalPrice: z.number().nullable(),
  description: z.string(),
  image: z.string().nullable(),
  images: z.array(z.string()),
  pictures: z.array(picture),
  size: z.array(sizeLabel),
  sizes: z.array(productSize),
  inStock: z.boolean(),
  features: z.array(z.string()),
  care: z.string(),
  /** The product's own size and fit notes ("" where staff gave none). */
  sizeFit: sizeFitView,
  /** Where the piece was made ("India"), stated before purchase (Consumer Protection (E-Commerce) Rules, 2020). */
  countryOfOrigin: z.string(),
  rating: z.number(),
  reviews: z.number().int(),
  category: z.object({ id: z.number().int(), name: z.string() }),
  /** The Size Guide's chart for the product's category (contract/size-charts.ts). */
  sizeChart: sizeChart,
  /** The tailoring this product offers, with each charge in rupees. */
  customizations: z.array(productCustomization),
});
export type ProductDetail = z.infer<typeof productDetail>;
export const productDetailResponse = envelope(productDetail);

// The calls of the catalog.
export const categoriesCall = defineCall({
  method: "GET",
  path: "/categories/category",
  tag: "catalog",
  output: categoriesResponse,
});

export const getProductsCall = defineCall({
  method: "GET",
  path: "/products/get-products",
  tag: "catalog",
  query: productListQuery,
  output: productListResponse,
});

export const getProductCall = defineCall({
  method: "GET",
  path: "/products/get-product",
  tag: "catalog",
  query: productIdQuery,
  output: productDetailResponse,
});

/** Staff only. The spec's call is a GET; the server also answers it as DELETE. */
export const deleteProductCall = defineCall({
  method: "GET",
  path: "/products/delete-product",
  tag: "catalog",
  query: productIdQuery,
  output: messageResponse,
});
