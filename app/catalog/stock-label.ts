import type { ProductDetail } from "#contract/catalog";
import { LOW_STOCK_AT } from "#contract/stock-levels";

/**
 * The product page's stock label, from the stock the shop answered with (what is left after every order
 * holding pieces): "Only N left" only when N pieces of the chosen size are really left and they are few (the
 * staff's "low in stock", LOW_STOCK_AT). No urgency the stock does not bear out (Dark Patterns Guidelines,
 * 2023: false urgency).
 */
export function stockLabel(product: Pick<ProductDetail, "inStock" | "sizes">, size: string | null) {
  if (!product.inStock) return { text: "Out of stock", tone: "text-red-700" };
  if (size === null) return { text: "In stock", tone: "text-green-800" };
  const stock = product.sizes.find((candidate) => candidate.label === size)?.stock ?? 0;
  if (stock === 0) return { text: `Size ${size} is out of stock`, tone: "text-red-700" };
  if (stock <= LOW_STOCK_AT) return { text: `Only ${stock} left in size ${size}`, tone: "text-amber-800" };
  return { text: "In stock", tone: "text-green-800" };
}
