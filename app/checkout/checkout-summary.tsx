import { href, Link } from "react-router";
import type { PricedCart } from "#contract/orders";
import { LockIcon } from "~/components/icons";
import { BUTTON_PRIMARY, TEXT_LINK } from "~/components/styles";
import { DeliveryRuleText } from "~/content/store-details";
import { PriceBreakdown } from "~/orders/price-breakdown";
import type { PaymentChoice } from "./payment-choice";

/**
 * Checkout's order summary: the bag's price as the server reckons it, and Place Order; or, when pieces of the
 * bag are held by one of the shopper's orders awaiting payment (`heldBy`), paying for that order or cancelling
 * it to order again.
 */
export function CheckoutSummary({
  priced,
  failed,
  heldBy,
  method,
  placing,
  hydrated,
  onPlaceOrder,
  onPayHeld,
  onCancelHeld,
}: {
  priced: PricedCart | null;
  failed: boolean;
  heldBy: string | null;
  method: PaymentChoice | null;
  placing: boolean;
  hydrated: boolean;
  onPlaceOrder: () => void;
  onPayHeld: (orderId: string) => void;
  onCancelHeld: (orderId: string) => void;
}) {
  return (
    <aside
      aria-labelledby="summary-heading"
      className="rounded-2xl bg-white p-5 ring-1 ring-brand-100 lg:sticky lg:top-24"
    >
      <h2 id="summary-heading" className="text-xl font-bold">
        Order summary
      </h2>
      {failed && (
        <p className="mt-2 text-sm text-red-700">We could not check the prices. Please reload the page.</p>
      )}
      <PriceBreakdown breakdown={priced} testIdPrefix="checkout" className="mt-4" />
      <p className="mt-2 text-sm text-muted">
        <DeliveryRuleText />.
      </p>
      {heldBy ? (
        <div className="mt-5 grid gap-3" role="group" aria-labelledby="held-by-heading">
          <p id="held-by-heading" className="rounded-lg bg-amber-50 p-3 text-sm ring-1 ring-amber-200">
            Pieces in your bag are held for your order{" "}
            <Link to={href("/orders/:id", { id: heldBy })} className={TEXT_LINK}>
              {heldBy}
            </Link>
            , which is waiting for payment.
          </p>
          <button
            type="button"
            className={`${BUTTON_PRIMARY} w-full`}
            onClick={() => onPayHeld(heldBy)}
            disabled={placing || !hydrated}
          >
            Pay for order {heldBy}
          </button>
          <button
            type="button"
            className={`${TEXT_LINK} justify-self-center`}
            onClick={() => onCancelHeld(heldBy)}
            disabled={placing || !hydrated}
          >
            Cancel it and order again
          </button>
        </div>
      ) : (
        <button
          type="button"
          className={`${BUTTON_PRIMARY} mt-5 w-full`}
          onClick={onPlaceOrder}
          disabled={placing || !hydrated}
        >
          {placing ? "Placing your order..." : "Place Order"}
        </button>
      )}
      <p className="mt-3 flex items-center gap-2 text-sm text-muted">
        <LockIcon size={16} aria-hidden="true" />{" "}
        {method === "cod"
          ? "You pay in cash when the parcel arrives."
          : "You pay securely on PhonePe's own page."}
      </p>
      <p className="mt-2 text-sm text-muted">
        Your address goes to the courier and the payment to PhonePe: see our{" "}
        <Link to={href("/privacy")} className={TEXT_LINK}>
          Privacy Notice
        </Link>
        .
      </p>
    </aside>
  );
}
