import type { Transaction } from "../db/client";
import type { OrderRow } from "../orders/orders.tables";

/**
 * A way to pay for an order, as Place Order sees it (place-order.ts picks one by the request's
 * `paymentMethod`, from the ones app.ts lists). PhonePe is the one there is (phonepe-method.ts). Cash on
 * Delivery would be another file of this shape: `begin` records that the order waits for the store to confirm
 * it and `open` sends the shopper to her order's page; the staff's confirmation is a move the transition table
 * would give staff (contract/order-transitions.ts), and nothing for the payments reconciler to poll.
 */
export type PaymentMethod = {
  /** Whether the store takes payments this way now (production without PhonePe's credentials does not). */
  available: boolean;
  /**
   * In the new order's transaction, once its stock is reserved: what the method writes before anyone outside
   * the store is asked (PhonePe: a payment attempt). Returns `open`, run after that transaction commits and
   * never inside one: it opens the payment and says where the shopper goes next (PhonePe: its checkout page).
   */
  begin(tx: Transaction, order: OrderRow): Promise<(returnUrl: string) => Promise<string>>;
  /** Where the shopper goes for an order this checkout attempt placed already (a double click, a retry). */
  resume(order: OrderRow): Promise<string>;
};
