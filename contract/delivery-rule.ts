// The delivery rule's arithmetic and words, without Zod: the storefront's bag and pages import them, and a
// module that builds schemas would bring Zod into their first load (js-budget.spec.ts).
import { formatRupees, rupeesToPaise } from "./money";

/**
 * The delivery charge's rule (decision 038): free for a bag of `freeFrom` rupees or more (the spec's ₹1,999),
 * otherwise `charge` rupees. The server prices it; pages show it from GET /store/delivery-charge.
 */
export type DeliveryRule = {
  /** A subtotal at or above this ships free (rupees). */
  freeFrom: number;
  /** The charge below it (rupees). */
  charge: number;
};

/** The delivery charge of a subtotal (paise): nothing for an empty bag or one at or above the threshold. */
export const deliveryPaiseFor = (
  subtotalPaise: number,
  rule: { freeFromPaise: number; chargePaise: number },
): number => (subtotalPaise <= 0 || subtotalPaise >= rule.freeFromPaise ? 0 : rule.chargePaise);

/** The same in rupees, for a page that shows the bag before the server has priced it. */
export const deliveryChargeFor = (subtotal: number, rule: DeliveryRule): number =>
  deliveryPaiseFor(rupeesToPaise(subtotal), {
    freeFromPaise: rupeesToPaise(rule.freeFrom),
    chargePaise: rupeesToPaise(rule.charge),
  }) / 100;

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
