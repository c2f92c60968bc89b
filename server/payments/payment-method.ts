import type { Transaction } from "../db/client";
import type { PricedOrderLine } from "../orders/bag-lines";
import type { OrderRow } from "../orders/orders.tables";
import type { PaymentCharges } from "../orders/payment-charges";

/** The bag as a way to pay judges it: the shopper, the priced lines, their subtotal and where they go. */
export type BagToPay = {
  userId: number;
  lines: readonly PricedOrderLine[];
  subtotalPaise: number;
  pincode: string;
};

/**
 * A way to pay for an order, as Place Order sees it (place-order.ts picks one by the request's
 * `paymentMethod`, from the ones app.ts lists): PhonePe (phonepe-method.ts) and Cash on Delivery
 * (cod-method.ts).
 */
export type PaymentMethod = {
  /** As the order keeps it. */
  name: OrderRow["paymentMethod"];
  /** Whether the store takes payments this way now (production without PhonePe's credentials does not). */
  available: boolean;
  /**
   * Before the order's transaction (it may ask the courier): refuses a bag this way does not take, with the
   * reason in the shopper's words (NotAllowed).
   */
  accepts?(bag: BagToPay): Promise<void>;
  /** In the order's transaction, holding the account's lock: refuses what this way's own limits forbid. */
  admit?(tx: Transaction, bag: BagToPay): Promise<void>;
  /**
   * What paying this way changes in the price of a bag of this subtotal (Cash on Delivery: the owner's fee;
   * PhonePe: the owner's discount for paying online); nothing when absent.
   */
  charges?(subtotalPaise: number): Promise<PaymentCharges>;
  /** How long a new order holds its stock for this way (PhonePe: the payment window). */
  hold?(): Promise<{ payBy: Date; reservedUntil: Date }>;
  /**
   * In the new order's transaction, once its stock is reserved: what the method writes before anyone outside
   * the store is asked (PhonePe: a payment attempt). Returns `open`, run after that transaction commits and
   * never inside one: it opens the payment and says where the shopper goes next (PhonePe: its checkout page).
   */
  begin(tx: Transaction, order: OrderRow): Promise<(returnUrl: string) => Promise<string>>;
  /** Where the shopper goes for an order this checkout attempt placed already (a double click, a retry). */
  resume(order: OrderRow): Promise<string>;
};
