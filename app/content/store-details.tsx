import { STORE } from "#contract/store";
import { deliveryRuleText } from "#contract/delivery-rule";
import { formatRupees } from "#contract/money";
import { useDeliveryRule } from "~/cart/delivery-rule";

const COUNTRY_NAMES: Record<string, string> = { IN: "India" };

/** The store's postal address on one line: "Plot 42, ..., Hyderabad, Telangana 500034, India". */
export function storeAddressLine(): string {
  const { street, city, state, postalCode, country } = STORE.address;
  return `${street}, ${city}, ${state} ${postalCode}, ${COUNTRY_NAMES[country] ?? country}`;
}

/** "Mon-Sat 10:00 AM-8:00 PM, Sunday 11:00 AM-6:00 PM", as the spec writes the hours. */
export function storeHoursLine(): string {
  return STORE.hours.map((slot) => `${slot.days} ${slot.time}`).join(", ");
}

/**
 * The delivery charge's rule in words, from the store's setting: "Free delivery on orders of ₹1,999 or more;
 * ₹99 below". Every page that speaks of delivery charges says it with this, so none contradicts another.
 */
export function DeliveryRuleText() {
  const rule = useDeliveryRule();
  return <>{rule ? deliveryRuleText(rule) : "Delivery charges are shown in your bag and at checkout"}</>;
}

/** "₹1,999" and "₹99", or words when the store could not say. */
export function useDeliveryFigures() {
  const rule = useDeliveryRule();
  return {
    freeFrom: rule ? formatRupees(rule.freeFrom) : "the free-delivery amount",
    charge: rule ? formatRupees(rule.charge) : "a delivery charge",
    free: rule?.charge === 0,
  };
}
