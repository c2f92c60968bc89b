// The product form's rules both sides need, without Zod, so the browser can import them for nothing.

/** Spec section 9: each chosen size starts with this stock. */
export const DEFAULT_AVAILABLE_QUANTITY = 50;
export const DEFAULT_FEATURES = ["100% cotton", "Machine washable", "Slim fit design"] as const;
export const MAX_PRODUCT_IMAGES = 12;
export const MAX_STOCK = 100_000;
export { LOW_STOCK_AT } from "./stock-levels";

/** Uploads: at most 10 files of 10 MB each, 40 megapixels (architecture, "Uploads"). */
export const MAX_UPLOAD_FILES = 10;
export const MAX_UPLOAD_MB = 10;
/** What the page compresses each photo to before uploading it (spec section 9). */
export const COMPRESS_MAX_MB = 9;
export const COMPRESS_MAX_SIDE = 1920;

/** The spec's words (sections 5 and 8). */
export const PRODUCT_MESSAGES = {
  required: "Please fill all required fields!",
  imagesRequired: "Please upload images first!",
  selectImages: "Please select images first!",
  sizeRequired: "Please choose at least one size",
  uploaded: "Images uploaded successfully!",
  uploadFailed: "Image upload failed. Try again.",
  uploadError: "Image upload error!",
  added: "Product added successfully!",
  addFailed: "Failed to add product.",
  submitError: "An error occurred during submission.",
  updated: "Product updated successfully!",
  modelSize: "Choose one of the sizes the product comes in",
} as const;

/** The product's own size and fit notes (contract/product-editing.ts, `sizeFit`); "" where not given. */
export type SizeFit = { modelHeight: string; modelSize: string; fit: string; fabric: string };
export const EMPTY_SIZE_FIT: SizeFit = { modelHeight: "", modelSize: "", fit: "", fabric: "" };
