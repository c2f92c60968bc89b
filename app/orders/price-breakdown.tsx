import { formatRupees } from "#contract/money";
import type { Order } from "#contract/orders";
import type { PriceBreakdown as Breakdown } from "#contract/price-breakdown";

/** An order's price broken down, as the server priced it (the spec's names for its figures). */
export const breakdownOf = (order: Order): Breakdown => ({
  subtotal: order.subtotal,
  deliveryCharge: order.deliveryCharge,
  ...(order.prepaidDiscount > 0 ? { discount: order.prepaidDiscount } : {}),
  ...(order.codFee > 0 ? { codFee: order.codFee } : {}),
  total: order.totalAmount,
  gstIncluded: order.gstIncluded,
});

/**
 * A price broken down before and after paying (decision 049): the pieces, delivery, a discount and the Cash on
 * Delivery fee when the server sends them (no row otherwise), the total, and the GST it includes. Every figure is the server's; the page adds nothing up. `null` while the bag is being priced.
 */
export function PriceBreakdown({
  breakdown,
  testIdPrefix,
  className = "",
}: {
  breakdown: Breakdown | null;
  /** `checkout` or `order`: the rows' test ids (`checkout-delivery`). */
  testIdPrefix: string;
  className?: string;
}) {
  const shown = (amount: number | undefined) =>
    breakdown && amount !== undefined ? formatRupees(amount) : "...";
  const free = breakdown?.deliveryCharge === 0;
  return (
    <div className={className}>
      <dl className="grid grid-cols-[1fr_auto] gap-y-2">
        <dt>Price of the pieces</dt>
        <dd className="text-right" data-testid={`${testIdPrefix}-subtotal`}>
          {shown(breakdown?.subtotal)}
        </dd>
        <dt>Delivery</dt>
        <dd
          className={`text-right ${free ? "font-semibold text-green-800" : ""}`}
          data-testid={`${testIdPrefix}-delivery`}
        >
          {free ? "Free" : shown(breakdown?.deliveryCharge)}
        </dd>
        {breakdown?.discount ? (
          <>
            <dt>Discount for paying online</dt>
            <dd className="text-right text-green-800" data-testid={`${testIdPrefix}-discount`}>
              -{formatRupees(breakdown.discount)}
            </dd>
          </>
        ) : null}
        {breakdown?.codFee ? (
          <>
            <dt>Cash on Delivery fee</dt>
            <dd className="text-right" data-testid={`${testIdPrefix}-cod-fee`}>
              {formatRupees(breakdown.codFee)}
            </dd>
          </>
        ) : null}
        <dt className="border-t border-brand-100 pt-2 text-lg font-bold">Total</dt>
        <dd
          className="border-t border-brand-100 pt-2 text-right text-lg font-bold"
          data-testid={`${testIdPrefix}-total`}
        >
          {shown(breakdown?.total)}
        </dd>
      </dl>
      <p className="mt-1 text-right text-sm text-muted" data-testid={`${testIdPrefix}-gst`}>
        {breakdown ? `Includes GST of ${formatRupees(breakdown.gstIncluded)}` : "Includes GST"}
      </p>
    </div>
  );
}
