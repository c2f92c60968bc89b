const rupees = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** ₹4,999.00: en-IN grouping, the rupee sign, two decimals. */
export function formatRupees(amount: number): string {
  return rupees.format(amount);
}

/** The discount badge: rounded percent off the original price, or null when there is none. */
export function discountPercent(price: number, originalPrice: number | null): number | null {
  if (originalPrice === null || originalPrice <= price) return null;
  return Math.round(((originalPrice - price) / originalPrice) * 100);
}
