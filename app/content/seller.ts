import { useRouteLoaderData } from "react-router";
import type { SellerDetails } from "#contract/store-settings";

/**
 * Who sells and whom to complain to (GET /store/seller, loaded once with the root), from the owner's settings;
 * null when the store could not say.
 */
export function useSeller(): SellerDetails | null {
  return useRouteLoaderData<{ seller: SellerDetails | null }>("root")?.seller ?? null;
}
