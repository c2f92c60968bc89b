import { SIZES, sizeText } from "#contract/catalog-options";
import { DEFAULT_COUNTRY_OF_ORIGIN, readCountryOfOrigin } from "#contract/country-of-origin";
import { EMPTY_SIZE_FIT, MAX_STOCK, PRODUCT_MESSAGES, type SizeFit } from "#contract/product-editing-rules";
import type { StaffProduct } from "#contract/product-editing";
import { MAX_CHARGE_RUPEES, TAILORING_MESSAGES, type CustomizationOption } from "#contract/tailoring-rules";

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

const RUPEES = /^\d{1,8}(\.\d{1,2})?$/;
const WHOLE = /^\d{1,6}$/;

function amountError(text: string, field: string): string | undefined {
  const value = text.trim();
  if (!RUPEES.test(value) || Number(value) <= 0 || Number(value) > 10_000_000)
    return `${field} must be more than zero, in rupees with at most two decimals`;
  return undefined;
}

/**
 * Every problem of the form at once, by field, before anything is sent: what is missing and what is wrong
 * (the server checks the same and says the same fields, `FieldErrors`).
 */
export function checkProduct(values: ProductValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.name.trim()) errors.name = "Enter the product's name";
  if (!values.description.trim()) errors.description = "Enter a description";
  if (!values.price.trim()) errors.price = "Enter the price";
  else {
    const wrong = amountError(values.price, "The price");
    if (wrong) errors.price = wrong;
  }
  if (values.originalPrice.trim()) {
    const wrong = amountError(values.originalPrice, "The original price");
    if (wrong) errors.originalPrice = wrong;
  }
  if (!values.category) errors.category = "Choose a category";
  const origin = readCountryOfOrigin(values.countryOfOrigin);
  if ("problem" in origin) errors.countryOfOrigin = origin.problem;
  if (values.sizes.length === 0) errors.size = PRODUCT_MESSAGES.sizeRequired;
  for (const size of values.sizes) {
    const stock = (values.stock[size] ?? "").trim();
    if (stock === "") errors[`stock.${size}`] = `Enter the stock of ${sizeText(size)}`;
    else if (!WHOLE.test(stock) || Number(stock) > MAX_STOCK)
      errors[`stock.${size}`] = `Stock is a whole number from 0 to ${MAX_STOCK}`;
  }
  if (values.images.length === 0) errors.images = PRODUCT_MESSAGES.imagesRequired;
  values.customizations.forEach(({ charge }, index) => {
    const text = charge.trim();
    if (text !== "" && (!RUPEES.test(text) || Number(text) > MAX_CHARGE_RUPEES))
      errors[`customizations.${index}.charge`] = TAILORING_MESSAGES.charge;
  });
  const { modelSize } = values.sizeFit;
  if (modelSize && !values.sizes.includes(modelSize as Size))
    errors["sizeFit.modelSize"] = PRODUCT_MESSAGES.modelSize;
  return errors;
}

/** What the form sends (add-product's draft or update-product's fields, less `id` and `image`). */
export function productFields(values: ProductValues) {
  return {
    name: values.name,
    description: values.description,
    price: Number(values.price),
    category: Number(values.category),
    size: values.sizes,
    images: values.images.map((image) => image.id),
    stock: Object.fromEntries(values.sizes.map((size) => [size, Number(values.stock[size])])),
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
