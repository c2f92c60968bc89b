import { z } from "zod";
import { SIZES } from "./catalog-options";
import { defineCall } from "./call";
import { envelope, messageResponse } from "./envelope";
import { idField, MAX_ID } from "./ids";
import { imageFilesForm, picture, productIdQuery, sizeFitView, sizeLabel } from "./catalog";
import { productCustomization, productCustomizations } from "./tailoring";
import { COUNTRY_MESSAGES, DEFAULT_COUNTRY_OF_ORIGIN, readCountryOfOrigin } from "./country-of-origin";
import {
  DEFAULT_AVAILABLE_QUANTITY,
  DEFAULT_FEATURES,
  EMPTY_SIZE_FIT,
  MAX_PRODUCT_IMAGES,
  MAX_STOCK,
  MAX_UPLOAD_FILES,
  PRODUCT_MESSAGES,
} from "./product-editing-rules";

export * from "./product-editing-rules";

/** An answer to `POST /utils/upload-images`: `files` are the references add-product takes (media ids). */
export const uploadImagesResponse = z.object({
  code: z.number().int(),
  message: z.string(),
  files: z.array(z.string()),
  data: z.array(
    z.object({ id: z.string(), src: z.string(), width: z.number().int(), height: z.number().int() }),
  ),
});
export type UploadImagesResponse = z.infer<typeof uploadImagesResponse>;
export type UploadedImage = UploadImagesResponse["data"][number];

const requiredText = (max: number, field: string) =>
  z
    .string({ error: PRODUCT_MESSAGES.required })
    .trim()
    .min(1, { error: PRODUCT_MESSAGES.required })
    .max(max, { error: `${field} is too long (at most ${max} characters)` });

/** Rupees, as a number or a numeric string; `required` says whether absence is an error. */
const rupees = (field: string, required: boolean) =>
  z
    .unknown()
    .optional()
    .transform((value, context): number | undefined => {
      if (value === undefined || value === null || value === "") {
        if (required) context.addIssue({ code: "custom", message: PRODUCT_MESSAGES.required });
        return undefined;
      }
      const amount = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
      if (typeof amount !== "number" || !Number.isFinite(amount)) {
        context.addIssue({ code: "custom", message: `${field} must be a number` });
        return z.NEVER;
      }
      if (amount <= 0) {
        context.addIssue({ code: "custom", message: `${field} must be more than zero` });
        return z.NEVER;
      }
      if (amount > 10_000_000 || Math.round(amount * 100) !== Math.round(amount * 10000) / 100) {
        context.addIssue({
          code: "custom",
          message: `${field} must be at most ₹1,00,00,000 with at most two decimals`,
        });
        return z.NEVER;
      }
      return amount;
    });

const stockCount = z
  .number({ error: "Stock must be a whole number" })
  .int({ error: "Stock must be a whole number" })
  .min(0, { error: "Stock cannot be negative" })
  .max(MAX_STOCK, { error: `Stock cannot be more than ${MAX_STOCK}` });

const sizeList = z
  .array(sizeLabel.or(z.string()), { error: "Sizes must be a list" })
  .transform((sizes, context) => {
    const unknown = sizes.find((size) => !(SIZES as readonly string[]).includes(size));
    if (unknown !== undefined) {
      context.addIssue({
        code: "custom",
        message: `Unknown size: ${unknown}. Sizes are ${SIZES.join(", ")}`,
      });
      return z.NEVER;
    }
    return [...new Set(sizes)] as (typeof SIZES)[number][];
  });

const imageReference = z.string().trim().min(1).max(500);

const noteText = (max: number, field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, { error: `${field} is too long (at most ${max} characters)` })
    .default("");

/**
 * The product's own size and fit notes, each optional: the model's height ("5'6\"", "168 cm") and the size
 * she wears (one of the product's sizes), how it fits, and its fabric. The product page shows what is given.
 */
export const sizeFit = z
  .object({
    modelHeight: noteText(30, "Model's height"),
    modelSize: noteText(12, "Model's size"),
    fit: noteText(300, "Fit"),
    fabric: noteText(300, "Fabric"),
  })
  .default(EMPTY_SIZE_FIT);

/**
 * Where the piece was made: a country's name (contract/country-of-origin.ts). Left out, a new product states
 * India and an edited one keeps what it states.
 */
const countryOfOrigin = z
  .string({ error: COUNTRY_MESSAGES.notAName })
  .transform((typed, context) => {
    const read = readCountryOfOrigin(typed);
    if ("problem" in read) {
      context.addIssue({ code: "custom", message: read.problem });
      return z.NEVER;
    }
    return read.name;
  })
  .optional()
  .meta({
    description: `The country the piece was made in, as the product page and the GST invoice state it (a new product: ${DEFAULT_COUNTRY_OF_ORIGIN} when left out; an edit: unchanged when left out).`,
  });

/** The model's size is one of the sizes the product comes in. */
function checkModelSize(
  product: { size?: unknown; sizeFit?: { modelSize?: unknown } },
  context: z.RefinementCtx,
) {
  const modelSize = product.sizeFit?.modelSize;
  if (typeof modelSize !== "string" || modelSize === "" || !Array.isArray(product.size)) return;
  if (!(product.size as unknown[]).includes(modelSize))
    context.addIssue({
      code: "custom",
      path: ["sizeFit", "modelSize"],
      message: PRODUCT_MESSAGES.modelSize,
    });
}

const isObject = (value: unknown) => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The spec's product draft (POST /products/add-product), plus originalPrice, care and stock per size.
 * `image` is the main picture (the first of `images` when absent); `images` are the upload's references.
 */
export const productDraft = z
  .object({
    name: requiredText(200, "Name"),
    description: requiredText(5000, "Description"),
    price: rupees("Price", true),
    category: z.coerce
      .number({ error: PRODUCT_MESSAGES.required })
      .int({ error: "Unknown category" })
      .positive({ error: "Unknown category" })
      .max(MAX_ID, { error: "Unknown category" }),
    size: sizeList.refine((sizes) => sizes.length > 0, { error: PRODUCT_MESSAGES.sizeRequired }),
    image: imageReference.optional(),
    images: z.array(imageReference).max(MAX_PRODUCT_IMAGES).default([]),
    availableQunatity: stockCount.default(DEFAULT_AVAILABLE_QUANTITY),
    stock: z.record(z.string(), stockCount).optional(),
    features: z
      .array(z.string().trim().max(200, { error: "A feature is too long (at most 200 characters)" }))
      .max(20, { error: "At most 20 features" })
      .default([...DEFAULT_FEATURES])
      .transform((features) => features.filter((feature) => feature !== "")),
    originalPrice: rupees("Original price", false),
    care: z.string().trim().max(2000, { error: "Care is too long" }).default(""),
    sizeFit,
    customizations: productCustomizations.default([]),
    countryOfOrigin,
  })
  .superRefine(
    (draft, context) => {
      const images = Array.isArray(draft.images) ? draft.images : [];
      if (images.length === 0 && !draft.image)
        context.addIssue({ code: "custom", path: ["images"], message: PRODUCT_MESSAGES.imagesRequired });
      checkModelSize(draft, context);
    },
    // Also when other fields are wrong, so that every field's problem is told at once; not when the body is
    // no object at all (null, a list), which has no fields to check.
    { when: ({ value }) => isObject(value) },
  );
export type ProductDraft = z.infer<typeof productDraft>;
export type ProductDraftInput = z.input<typeof productDraft>;

/** Every field of a product, as the edit page sends it: the images in their new order, stock per size. */
export const productUpdate = z
  .object({
    id: idField("Invalid product ID"),
    name: requiredText(200, "Name"),
    description: requiredText(5000, "Description"),
    price: rupees("Price", true),
    originalPrice: rupees("Original price", false),
    category: z.coerce
      .number({ error: PRODUCT_MESSAGES.required })
      .int({ error: "Unknown category" })
      .positive({ error: "Unknown category" })
      .max(MAX_ID, { error: "Unknown category" }),
    size: sizeList.refine((sizes) => sizes.length > 0, { error: PRODUCT_MESSAGES.sizeRequired }),
    images: z.array(imageReference).max(MAX_PRODUCT_IMAGES),
    stock: z.record(z.string(), stockCount).default({}),
    features: z
      .array(z.string().trim().max(200, { error: "A feature is too long (at most 200 characters)" }))
      .max(20, { error: "At most 20 features" })
      .transform((features) => features.filter((feature) => feature !== "")),
    care: z.string().trim().max(2000, { error: "Care is too long" }).default(""),
    sizeFit,
    customizations: productCustomizations.default([]),
    countryOfOrigin,
  })
  .superRefine(
    (update, context) => {
      if (Array.isArray(update.images) && update.images.length === 0)
        context.addIssue({ code: "custom", path: ["images"], message: PRODUCT_MESSAGES.imagesRequired });
      checkModelSize(update, context);
    },
    { when: ({ value }) => isObject(value) },
  );
export type ProductUpdate = z.infer<typeof productUpdate>;
export type ProductUpdateInput = z.input<typeof productUpdate>;

export const productVisibility = z.object({
  id: idField("Invalid product ID"),
  visible: z.boolean({ error: "visible must be true or false" }),
});

/** What staff see of a product: hidden ones too, stock per size with what unpaid orders hold. */
export const staffProduct = z.object({
  _id: z.number().int(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  originalPrice: z.number().nullable(),
  categoryId: z.number().int(),
  features: z.array(z.string()),
  care: z.string(),
  sizeFit: sizeFitView,
  countryOfOrigin: z.string(),
  hidden: z.boolean(),
  customizations: z.array(productCustomization),
  images: z.array(z.object({ id: z.string(), picture })),
  sizes: z.array(z.object({ label: sizeLabel, stock: z.number().int(), reserved: z.number().int() })),
});
export type StaffProduct = z.infer<typeof staffProduct>;
export const staffProductResponse = envelope(staffProduct);
export const productSavedResponse = envelope(z.object({ _id: z.number().int() }));

// Staff's calls for adding and editing products.
export const uploadImagesCall = defineCall({
  method: "POST",
  path: "/utils/upload-images",
  tag: "catalog",
  description:
    "Staff only. multipart/form-data with the repeated field `files`: JPEG, PNG, WebP or AVIF (HEIC when the " +
    "server's image library decodes it), at most 10 files of 10 MB and 40 megapixels each. `files` in the " +
    "answer are media ids for add-product's `image` and `images`.",
  form: imageFilesForm(MAX_UPLOAD_FILES),
  output: uploadImagesResponse,
});

export const addProductCall = defineCall({
  method: "POST",
  path: "/products/add-product",
  tag: "catalog",
  description:
    "Staff only. The spec's product draft; `image` and `images` are references from upload-images. " +
    "Each size in `size` starts with `stock[size]` or `availableQunatity` (default 50).",
  body: productDraft,
  output: productSavedResponse,
});

export const updateProductCall = defineCall({
  method: "POST",
  path: "/products/update-product",
  tag: "catalog",
  description:
    "Staff only. Every field of the product: its images in order (from get-product-for-staff or new " +
    "uploads), its sizes, and the stock of each size in `stock`.",
  body: productUpdate,
  output: productSavedResponse,
});

export const setVisibilityCall = defineCall({
  method: "POST",
  path: "/products/set-visibility",
  tag: "catalog",
  description: "Staff only. Hides a product from the shop (as delete-product does) or shows it again.",
  body: productVisibility,
  output: messageResponse,
});

export const productForStaffCall = defineCall({
  method: "GET",
  path: "/products/get-product-for-staff",
  tag: "catalog",
  description:
    "Staff only. A product, hidden or not, as the edit page needs it: image ids, stock per size and " +
    "what unpaid orders hold of each size (`reserved`).",
  query: productIdQuery,
  output: staffProductResponse,
});
