/** The catalog's fixed options, free of any schema code so that pages can import them cheaply. */
export const SIZES = [
  "XS",
  "S",
  "M",
  "L",
  "XL",
  "XXL",
  "XXXL",
  "2-3",
  "4-5",
  "6-7",
  "8-9",
  "10-11",
  "12-13",
  "14+",
] as const;

/** Kids' sizes, which are ages. */
export const KIDS_SIZES: readonly (typeof SIZES)[number][] = [
  "2-3",
  "4-5",
  "6-7",
  "8-9",
  "10-11",
  "12-13",
  "14+",
];

/** A size as people read it: a kids' size as an age ("6-7 years"), any other as it is ("M"). */
export const sizeText = (size: string): string =>
  (KIDS_SIZES as readonly string[]).includes(size) ? `${size} years` : size;

export const PRODUCT_PAGE_SIZE = 8;
export const MAX_PAGE_SIZE = 48;

/**
 * The spec's price bands, in rupees. Each price is in exactly one: a band takes prices from its `min` up to,
 * but not including, its `max` (the API's maxPrice is exclusive), and the top band has no upper end, so a
 * bridal lehenga above ₹50,000 is in it (decision 034).
 */
export const PRICE_BANDS = [
  { id: "0-2000", label: "Under ₹2,000", min: 0, max: 2000 },
  { id: "2000-5000", label: "₹2,000 - ₹5,000", min: 2000, max: 5000 },
  { id: "5000-10000", label: "₹5,000 - ₹10,000", min: 5000, max: 10000 },
  { id: "10000-up", label: "₹10,000 and above", min: 10000, max: undefined },
] as const;

export const PRODUCT_SORTS = ["newest", "price-asc", "price-desc", "bestsellers", "relevance"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
