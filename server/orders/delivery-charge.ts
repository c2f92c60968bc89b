import { deliveryPaiseFor, type DeliveryRule } from "../../contract/delivery-rule";
import { paiseToRupees } from "../../contract/money";

/** The delivery charge's rule in paise: free from `freeFromPaise` of subtotal, else `chargePaise`. */
export type DeliveryRulePaise = { freeFromPaise: number; chargePaise: number };

/**
 * The one accessor of the delivery charge's rule (decision 038). Every caller (price-cart, Place Order, the
 * pages through GET /store/delivery-charge) asks it, and asks again for each order: the source is the
 * settings today (DELIVERY_CHARGE_RUPEES, FREE_DELIVERY_FROM_RUPEES), and an owner's settings page stored in the
 * database replaces `source` here without touching a caller.
 */
export function createDeliveryCharges({ source }: { source: () => Promise<DeliveryRulePaise> }) {
  const rule = source;
  return {
    rule,
    /** The rule as the API speaks it (rupees). */
    async ruleInRupees(): Promise<DeliveryRule> {
      const { freeFromPaise, chargePaise } = await rule();
      return { freeFrom: paiseToRupees(freeFromPaise), charge: paiseToRupees(chargePaise) };
    },
    /** The charge of a subtotal under the rule as it stands now. */
    async chargeFor(subtotalPaise: number): Promise<number> {
      return deliveryPaiseFor(subtotalPaise, await rule());
    },
  };
}

export type DeliveryCharges = ReturnType<typeof createDeliveryCharges>;
