import { formatPaise } from "./money";

/**
 * Cash on Delivery's messages and names, without Zod so that pages can use them (cash-on-delivery.ts re-exports them).
 */

/**
 * Cash on Delivery (issue 37, decision 048): offered at checkout only when the owner's rules allow it; an
 * order paid in cash holds its stock like any order, waits for the shopper's (or staff's) confirmation before
 * it can ship, and is paid when the courier collects the cash at the door.
 */
export const COD_MESSAGES = {
  off: "Cash on Delivery is not offered at the moment. Please pay online with PhonePe.",
  overLimit: (maxPaise: number) =>
    `Cash on Delivery is for orders up to ${formatPaise(maxPaise)}. Please pay online with PhonePe.`,
  pincode: (pincode: string) =>
    `Cash on Delivery is not available at ${pincode}. Please pay online with PhonePe.`,
  customised:
    "Cash on Delivery is not offered for pieces made to your measurements. Please pay online with PhonePe.",
  tooManyOpen: (limit: number) =>
    `You have ${limit === 1 ? "an order" : `${limit} orders`} to pay in cash not yet delivered. Please pay online with PhonePe, or wait until ${limit === 1 ? "it arrives" : "one arrives"}.`,
  courierUnavailable:
    "We cannot check Cash on Delivery for this pincode right now. Please pay online with PhonePe, or try again in a few minutes.",
  notCod: "This order is not paid in cash on delivery.",
  confirmed: "Thank you! Your order is confirmed and will be packed for dispatch.",
  alreadyConfirmed: "This order is confirmed already.",
  cannotConfirm: (status: string) => `An order that is ${status} cannot be confirmed.`,
  linkInvalid:
    "This confirmation link has expired or is not valid. Sign in and confirm the order from its page in My Orders.",
  staffNote: "Write how the shopper confirmed (up to 300 characters), such as the call's time.",
} as const;

/** How the order's page and the staff's views name the way an order is paid. */
export const PAYMENT_METHOD_NAMES = { PhonePe: "PhonePe", COD: "Cash on Delivery" } as const;
export type PaymentMethodName = keyof typeof PAYMENT_METHOD_NAMES;
