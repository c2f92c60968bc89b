import { SIZES, sizeText } from "#contract/catalog-options";
import { DEFAULT_COUNTRY_OF_ORIGIN } from "#contract/country-of-origin";
import { EMPTY_SIZE_FIT, type SizeFit } from "#contract/product-editing-rules";
import type { StaffProduct } from "#contract/product-editing";
import type { CustomizationOption } from "#contract/tailoring-rules";

export type Size = (typeof SIZES)[number];
export type FormImage = { id: string; src: string };

/** The product form's fields, as typed. */
export type ProductValues = {
  name: string;
  description: string;
  price: string;
  originalPrice: string;
  category: string;
  sizes: Size[];
  /** Stock per ticked size, as typed. */
  stock: Partial<Record<Size, string>>;
  features: string[];
  care: string;
  sizeFit: SizeFit;
  /** Where the piece was made, as typed. */
  countryOfOrigin: string;
  images: FormImage[];
  /** The tailoring offered, in the store's order, each with its charge in rupees as typed ("" is free). */
  customizations: { name: CustomizationOption; charge: string }[];
};

/**
 * A new product's form: empty, with nothing another product said (no features, no stock) until staff type
 * it (issue 38). The country of origin shows the store's default, India, which staff change for a piece made
 * elsewhere (decision 049).
 */
export const EMPTY_PRODUCT: ProductValues = {
  name: "",
  description: "",
  price: "",
  originalPrice: "",
  category: "",
  sizes: [],
  stock: {},
  features: [],
  care: "",
  sizeFit: EMPTY_SIZE_FIT,
  countryOfOrigin: DEFAULT_COUNTRY_OF_ORIGIN,
  images: [],
  customizations: [],
};

const rupeesText = (amount: number) => (Number.isInteger(amount) ? String(amount) : amount.toFixed(2));

/** The form's fields for a product being edited. */
export function valuesOf(product: StaffProduct): ProductValues {
  return {
    name: product.name,
    description: product.description,
    price: String(product.price),
    originalPrice: product.originalPrice === null ? "" : String(product.originalPrice),
    category: String(product.categoryId),
    sizes: product.sizes.map((size) => size.label),
    stock: Object.fromEntries(product.sizes.map((size) => [size.label, String(size.stock)])),
    features: product.features,
    care: product.care,
    sizeFit: product.sizeFit,
    countryOfOrigin: product.countryOfOrigin,
    images: product.images.map((image) => ({ id: image.id, src: image.picture.src })),
    customizations: product.customizations.map(({ name, charge }) => ({
      name,
      charge: charge === 0 ? "" : rupeesText(charge),
    })),
  };
}

/** Field errors by the API's names for them: `name`, `stock.M`, `customizations.0.charge`, `sizeFit.fit`. */
export type FieldErrors = Record<string, string>;

/** Kinder words than the API's 'Please fill all required fields!' for a required field left empty. */
const WHEN_EMPTY: Record<string, (values: ProductValues) => string | undefined> = {
  name: ({ name }) => (name.trim() ? undefined : "Enter the product's name"),
  description: ({ description }) => (description.trim() ? undefined : "Enter a description"),
  price: ({ price }) => (price.trim() ? undefined : "Enter the price"),
  category: ({ category }) => (category ? undefined : "Choose a category"),
};

/**
 * Every problem of the form at once, by field, before anything is sent: the form's request read by the
 * call's own schema (`check`: add-product's or update-product's), so the form and the server say the same
 * fields with the same words, kinder ones for a required field left empty; and a ticked size whose stock box
 * is empty, which the form asks for (the API would take the size without it).
 */
export function checkProduct(
  values: ProductValues,
  check: (fields: ReturnType<typeof productFields>) => { error?: { issues: readonly Issue[] } | undefined },
): FieldErrors {
  const errors: FieldErrors = {};
  for (const size of values.sizes)
    if ((values.stock[size] ?? "").trim() === "")
      errors[`stock.${size}`] = `Enter the stock of ${sizeText(size)}`;
  for (const issue of check(productFields(values)).error?.issues ?? []) {
    const field = issue.path.join(".") || "body";
    errors[field] ??= WHEN_EMPTY[field]?.(values) ?? issue.message;
  }
  return errors;
}

type Issue = { path: PropertyKey[]; message: string };

const amount = (text: string) => (text.trim() === "" ? undefined : Number(text));

/** What the form sends (add-product's draft or update-product's fields, less `id` and `image`). */
export function productFields(values: ProductValues) {
  const stocked = values.sizes.filter((size) => (values.stock[size] ?? "").trim() !== "");
  return {
    name: values.name,
    description: values.description,
    price: amount(values.price),
    category: amount(values.category),
    size: values.sizes,
    images: values.images.map((image) => image.id),
    stock: Object.fromEntries(stocked.map((size) => [size, Number(values.stock[size])])),
    features: values.features,
    care: values.care,
    sizeFit: values.sizeFit,
    countryOfOrigin: values.countryOfOrigin,
    customizations: values.customizations.map(({ name, charge }) => ({
      name,
      charge: charge.trim() === "" ? 0 : Number(charge),
    })),
    ...(values.originalPrice.trim() ? { originalPrice: Number(values.originalPrice) } : {}),
  };
}

/** The fields' ids in the form, by the API's field names, for focusing the first one with a problem. */
export function controlIdOf(field: string): string {
  const [head, key] = field.split(".");
  if (head === "stock") return `stock-${key}`;
  if (head === "customizations") return `tailoring-${key}-charge`;
  if (head === "sizeFit") return `product-${key}`;
  if (head === "features") return `product-feature-${key}`;
  if (head === "size") return `size-${SIZES[0]}`;
  const ids: Record<string, string> = {
    name: "product-name",
    description: "product-description",
    price: "product-price",
    originalPrice: "product-original-price",
    category: "product-category",
    countryOfOrigin: "product-country-of-origin",
    images: "product-images",
    care: "product-care",
  };
  return ids[head ?? ""] ?? "product-name";
}
