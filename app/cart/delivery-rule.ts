import { useRouteLoaderData } from "react-router";
import type { DeliveryRule } from "#contract/delivery-rule";

/**
 * The delivery charge's rule as the store states it (GET /store/delivery-charge, loaded once with the root),
 * or null when the store could not say: the pages then name no figure rather than a wrong one.
 */
export function useDeliveryRule(): DeliveryRule | null {
  return useRouteLoaderData<{ delivery: DeliveryRule | null }>("root")?.delivery ?? null;
}
