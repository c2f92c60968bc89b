import { formatPaise } from "../../contract/money";
import type { OrderRow } from "./orders.tables";

/**
 * What the way to pay changes in an order's price (decision 048), priced by the server: Cash on Delivery's
 * fee, or the owner's discount for paying online (the prepaid nudge). At most one of them is not 0.
 */
export type PaymentCharges = { codFeePaise: number; prepaidDiscountPaise: number };

export const NO_PAYMENT_CHARGES: PaymentCharges = { codFeePaise: 0, prepaidDiscountPaise: 0 };

/** The discount for paying online a bag of this subtotal gets: the owner's, never more than the pieces. */
export const prepaidDiscountFor = (subtotalPaise: number, ownersDiscountPaise: number) =>
  Math.min(ownersDiscountPaise, subtotalPaise);

/** An order's total: its pieces and delivery, the fee for paying in cash, less the discount for paying online. */
export const totalPaiseOf = (subtotalPaise: number, deliveryPaise: number, charges: PaymentCharges) =>
  subtotalPaise + deliveryPaise + charges.codFeePaise - charges.prepaidDiscountPaise;

/** The charges of a total in words, for a refusal that names the total ("with ₹99 for delivery and ..."). */
export function chargesInWords(deliveryPaise: number, charges: PaymentCharges): string {
  const parts = [
    deliveryPaise > 0 ? `${formatPaise(deliveryPaise)} for delivery` : null,
    charges.codFeePaise > 0 ? `${formatPaise(charges.codFeePaise)} for paying in cash` : null,
    charges.prepaidDiscountPaise > 0
      ? `${formatPaise(charges.prepaidDiscountPaise)} off for paying online`
      : null,
  ].filter(Boolean);
  return parts.join(" and ");
}

/**
 * What an order awaiting payment costs paid online now: its total, or for a cash order paid online instead
 * ("Pay now and save"), its pieces and delivery without the fee, less the owner's discount for paying online.
 */
export function onlineTotalOf(
  order: Pick<OrderRow, "paymentMethod" | "subtotalPaise" | "deliveryPaise" | "totalPaise">,
  ownersDiscountPaise: number,
): number {
  if (order.paymentMethod !== "COD") return order.totalPaise;
  return totalPaiseOf(order.subtotalPaise, order.deliveryPaise, {
    codFeePaise: 0,
    prepaidDiscountPaise: prepaidDiscountFor(order.subtotalPaise, ownersDiscountPaise),
  });
}
