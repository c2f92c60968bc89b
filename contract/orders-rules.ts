/**
 * Orders' statuses, limits and messages, without Zod so that pages can use them (the schemas and calls are in
 * orders.ts, which re-exports these).
 */

/** An order's own status (spec section 4's badge colours are keyed by these). */
/** The spec's five, and "Returned": a parcel the courier brought back to the shop (RTO, decision 050). */
export const ORDER_STATUSES = [
  "Pending",
  "Processing",
  "Shipped",
  "Delivered",
  "Cancelled",
  "Returned",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The order's payment status as shoppers and staff see it. */
export const PAYMENT_STATUSES = ["Initiated", "Success", "Failed", "Refund Pending", "Refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** At most this many of one line: a boutique's pieces, not a wholesaler's. */
export const MAX_LINE_QUANTITY = 10;
export const MAX_ORDER_LINES = 30;

/**
 * Where PhonePe sends the shopper back: the spec's callback page, on the store's own origin (its query free).
 * No other address is taken: a payment page on the store's own origin (the sandbox's) that sent staff to any
 * store address would make their click a same-origin request of the attacker's choosing (issue 35).
 */
export const PAYMENT_CALLBACK_PATH = "/payment/callback";

/**
 * The most one order may come to, in paise: ₹2,00,00,000, within PostgreSQL's integer (2,147,483,647) where
 * orders keep their totals. Three pieces at the most a product may cost would pass it.
 */
export const MAX_ORDER_PAISE = 2_000_000_000;

export const ORDER_MESSAGES = {
  cartEmpty: "Your cart is empty",
  selectAddress: "Select delivery address",
  selectPaymentMethod: "Please choose a payment option before continuing.",
  invalidAddress: "Invalid Address",
  productUnavailable: (name: string) => `${name} is no longer available.`,
  sizeNotOffered: (name: string, size: string) => `${name} is not available in size ${size}.`,
  soldOut: (name: string, size: string) => `${name} in size ${size} is sold out.`,
  onlyLeft: (name: string, size: string, stock: number) => `Only ${stock} left of ${name} in size ${size}.`,
  pricesChanged: "Prices in your bag have changed. Please review your order before paying.",
  quantity: `Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}.`,
  /** The cap counts a product and size across every line of the order, whatever their tailoring. */
  sizeQuantity: `At most ${MAX_LINE_QUANTITY} pieces of one product in one size in an order.`,
  idempotencyMismatch:
    "This Idempotency-Key was already used for a different order. Use a new key for a new order.",
  awaitingPayment: (orderId: string) =>
    `Pieces in your bag are held for your order ${orderId}, which is waiting for payment. Pay for it, or cancel it and order again.`,
  tooManyUnpaid: (count: number) =>
    `You have ${count} orders waiting for payment. Pay for or cancel one of them in My Orders before placing another.`,
  tooManyPiecesUnpaid: (max: number) =>
    `At most ${max} pieces can wait for payment at once. Pay for or cancel an order in My Orders before placing another.`,
  tooManyUnpaidFromAddress:
    "Too many orders from your network are waiting for payment. Please try again in a few minutes.",
  tooManyOrders: (wait: string) => `Too many orders placed. Please try again in ${wait}.`,
  alreadyPaid: "This order is already paid.",
  notAwaitingPayment: "This order is no longer waiting for payment. Place it again from your bag.",
  cannotCancel: (status: string) => `An order that is ${status} cannot be cancelled.`,
  redirectUrl: "The redirect URL must be this store's payment page, /payment/callback.",
  tooLarge: "An order can be at most ₹2,00,00,000. Please place a smaller order, or contact us.",
  notFound: "Order not found.",
  paymentUnavailable: "Unable to start the payment. Please try again in a few minutes.",
  orderPlaced: "Order placed. Complete the payment to confirm it.",
} as const;
