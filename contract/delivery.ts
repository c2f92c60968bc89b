import { z } from "zod";
import { defineCall } from "./call";
import type { DeliveryRule } from "./delivery-rule";
import { envelope } from "./envelope";

/** The delivery rule as GET /store/delivery-charge answers it (contract/delivery-rule.ts has its arithmetic). */
export const deliveryRule = z.object({
  /** A subtotal at or above this ships free (rupees). */
  freeFrom: z.number(),
  /** The charge below it (rupees). */
  charge: z.number(),
}) satisfies z.ZodType<DeliveryRule>;

/** The rule as it stands: the store's setting, for the product page, the bag and the policy pages. */
export const deliveryRuleCall = defineCall({
  method: "GET",
  path: "/store/delivery-charge",
  tag: "orders",
  output: envelope(deliveryRule),
});
