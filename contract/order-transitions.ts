import type { OrderStatus } from "./orders";

/**
 * Who moves an order: PhonePe's answers and the reconciler (`payment`), the confirmation of a Cash on Delivery
 * order by its shopper or by staff on the phone (`confirmation`, cash-on-delivery.ts), its shopper, staff, or
 * the courier's scans (`courier`: delivered, or returned to origin; server/shipping/parcel-tracking.ts).
 */
export type OrderMover = "payment" | "confirmation" | "shopper" | "staff" | "courier";

type Moves = Readonly<Partial<Record<OrderStatus, readonly OrderMover[]>>>;

/**
 * Every move of an order's status, and who may make it: the one table the store checks each change against
 * (server/orders/order-lifecycle.ts refuses any other with NotAllowed) and staff's order page offers its
 * buttons from (`allowedTransitions`). Rules that depend on more than the status are the lifecycle's: an
 * order with a line still at the tailor does not ship; a late payment brings back an order only if staff did
 * not cancel it and its pieces are still there (decision 019).
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, Moves>> = {
  Pending: { Processing: ["payment", "confirmation"], Cancelled: ["payment", "shopper", "staff"] },
  Processing: { Shipped: ["staff"], Cancelled: ["staff"] },
  // A parcel still waiting for its pickup may be cancelled: the courier is asked first (decision 050).
  Shipped: { Delivered: ["staff", "courier"], Returned: ["courier"], Cancelled: ["staff"] },
  Delivered: {},
  Cancelled: { Processing: ["payment"] },
  Returned: {},
};

/** Whether `by` may move an order from `from` to `to`. */
export const canMove = (from: OrderStatus, to: OrderStatus, by: OrderMover): boolean =>
  ORDER_TRANSITIONS[from][to]?.includes(by) ?? false;

/** The statuses `by` may move an order to from `from`, in the table's order. */
export const movesFrom = (from: OrderStatus, by: OrderMover): OrderStatus[] =>
  (Object.keys(ORDER_TRANSITIONS[from]) as OrderStatus[]).filter((to) => canMove(from, to, by));

export const TRANSITION_MESSAGES = {
  notAllowed: (from: OrderStatus, to: OrderStatus) => `An order that is ${from} cannot be marked ${to}.`,
} as const;
