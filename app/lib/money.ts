/** The discount badge: rounded percent off the original price, or null when there is none. */
export function discountPercent(price: number, originalPrice: number | null): number | null {
  if (originalPrice === null || originalPrice <= price) return null;
  return Math.round(((originalPrice - price) / originalPrice) * 100);
}
