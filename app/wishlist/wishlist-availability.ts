import { useCallback, useEffect, useRef, useState } from "react";
import type { SizeLabel } from "#contract/catalog";
import { browserApi } from "~/lib/api-client";

/** What the shop has now of a saved product: its sizes with their stock, sold out, or gone from the shop. */
export type Availability =
  | { state: "in-stock"; price: number; sizes: { label: SizeLabel; stock: number }[] }
  | { state: "sold-out" }
  | { state: "gone" };

/** Asks the shop about one product (GET /products/get-product); null when it could not answer. */
async function lookUp(id: number): Promise<Availability | null> {
  // Loaded on demand: the call's description brings the catalog's schemas (and Zod).
  const { getProductCall } = await import("#contract/catalog");
  const result = await browserApi(getProductCall, { id });
  if (result.ok) {
    const { sizes, price } = result.data;
    return sizes.some((size) => size.stock > 0) ? { state: "in-stock", price, sizes } : { state: "sold-out" };
  }
  return result.status === 400 || result.status === 404 ? { state: "gone" } : null;
}

/**
 * The saved products as the shop has them now, asked once the page runs (each product once). `availability`
 * holds the answers so far; `availabilityOf` waits for one (asking again if the last ask failed).
 */
export function useWishlistAvailability(ids: number[]) {
  const asked = useRef(new Map<number, Promise<Availability | null>>());
  const [availability, setAvailability] = useState<ReadonlyMap<number, Availability>>(new Map());

  const availabilityOf = useCallback((id: number) => {
    let answer = asked.current.get(id);
    if (!answer) {
      answer = lookUp(id).then((found) => {
        if (found) setAvailability((known) => new Map(known).set(id, found));
        else asked.current.delete(id);
        return found;
      });
      asked.current.set(id, answer);
    }
    return answer;
  }, []);

  const key = ids.join(",");
  useEffect(() => {
    for (const id of key ? key.split(",") : []) void availabilityOf(Number(id));
  }, [key, availabilityOf]);

  return { availability, availabilityOf };
}
