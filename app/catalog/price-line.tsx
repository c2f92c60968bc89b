import { formatRupees } from "#contract/money";
import { discountPercent } from "~/lib/money";

const STYLES = {
  card: {
    line: "mt-auto flex flex-wrap items-baseline gap-x-2",
    price: "font-semibold text-brand-700",
    was: "text-xs text-muted line-through",
  },
  page: {
    line: "mt-4 flex flex-wrap items-baseline gap-3",
    price: "text-2xl font-semibold text-brand-700",
    was: "text-muted line-through",
  },
};

/**
 * A product's price; on sale, the original price struck through (read "Was …" by a screen reader) and,
 * on the product page, the percent off.
 */
export function PriceLine({
  price,
  originalPrice,
  size,
}: {
  price: number;
  originalPrice: number | null;
  size: keyof typeof STYLES;
}) {
  const discount = discountPercent(price, originalPrice);
  const styles = STYLES[size];
  return (
    <p className={styles.line}>
      <span className={styles.price}>{formatRupees(price)}</span>
      {discount ? (
        <>
          <span className={styles.was}>
            <span className="sr-only">Was </span>
            {formatRupees(originalPrice!)}
          </span>
          {size === "page" ? <span className="font-semibold text-green-800">{discount}% off</span> : null}
        </>
      ) : null}
    </p>
  );
}
