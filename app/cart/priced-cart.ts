import { useEffect, useState } from "react";
import type { LineProblem, PricedCart, PricedCartLine } from "#contract/orders";
import { browserApi } from "~/lib/api-client";
import { bagLines, hasSize, type CartItem } from "./cart-lines";

/**
 * The bag priced by the server (POST /orders/price-cart), asked again whenever the bag changes, while
 * `enabled`: each line's price now and what stands in its way (gone, sold out, fewer left). Lines without a
 * size are not sent. `priced` is null until the answer for the bag as it is now arrives; `failed` when the
 * store could not answer. The call's description (and the API's schemas) load with the first ask, not with
 * the page. With `paymentMethod`, the total holds what the way to pay changes: COD the owner's fee for paying
 * in cash (`codFee`), PhonePe the owner's discount for paying online (`discount`).
 */
export function usePricedCart(items: CartItem[], enabled = true, paymentMethod?: "PhonePe" | "COD") {
  const sized = items.filter(hasSize);
  const lines = bagLines(sized);
  const key = JSON.stringify({ items: lines, ...(paymentMethod ? { paymentMethod } : {}) });
  const empty = lines.length === 0;
  const [answer, setAnswer] = useState<{ key: string; priced: PricedCart | null } | null>(null);
  useEffect(() => {
    if (!enabled || empty) return;
    let current = true;
    void import("#contract/orders")
      .then(({ priceCartCall }) => browserApi(priceCartCall, JSON.parse(key)))
      .then((result) => {
        if (current) setAnswer({ key, priced: result.ok ? result.data : null });
      });
    return () => {
      current = false;
    };
    // The key says everything the request depends on.
  }, [key, enabled, empty]);
  const fresh = answer?.key === key ? answer : null;
  return {
    priced: fresh?.priced ?? null,
    failed: fresh !== null && fresh.priced === null,
    // The answer's lines are the asked lines, in their order.
    lineOf: (item: CartItem): PricedCartLine | undefined =>
      fresh?.priced?.lines[sized.indexOf(item as (typeof sized)[number])],
  };
}

/** Problems that keep a line out of the subtotal and out of an order: it must leave the bag. */
const LEAVES_THE_BAG: readonly LineProblem[] = [
  "unavailable",
  "size-unavailable",
  "sold-out",
  "customization-unavailable",
];

export const cannotBeOrdered = (line: PricedCartLine | undefined) =>
  line?.problem != null && LEAVES_THE_BAG.includes(line.problem);
