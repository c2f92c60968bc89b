import { z } from "zod";
import { defineCall } from "./call";
import { envelope } from "./envelope";
import { formatRupees } from "./money";

/**
 * The delivery charge's rule (decision 038): free for a bag of `freeFrom` rupees or more (the spec's ₹1,999),
 * otherwise `charge` rupees. The server prices it; pages show it from GET /store/delivery-charge.
 */
export const deliveryRule = z.object({
  /** A subtotal at or above this ships free (rupees). */
  freeFrom: z.number(),
  /** The charge below it (rupees). */
  charge: z.number(),
});
export type DeliveryRule = z.infer<typeof deliveryRule>;

/** "Free delivery on orders of ₹1,999 or more; ₹99 below", as every page says it. */
export const deliveryRuleText = (rule: DeliveryRule) =>
  rule.charge === 0
    ? "Free delivery across India"
    : `Free delivery on orders of ${formatRupees(rule.freeFrom)} or more; ${formatRupees(rule.charge)} below`;

/** What a bag still needs for free delivery, or null when it ships free (or is empty). */
export const toFreeDelivery = (rule: DeliveryRule, subtotal: number): number | null =>
  rule.charge === 0 || subtotal <= 0 || subtotal >= rule.freeFrom
    ? null
    : Math.round((rule.freeFrom - subtotal) * 100) / 100;

/** The rule as it stands: the store's setting, for the product page, the bag and the policy pages. */
export const deliveryRuleCall = defineCall({
  method: "GET",
  path: "/store/delivery-charge",
  tag: "orders",
  output: envelope(deliveryRule),
});
