import { ORDER_STATUSES, type OrderStatus } from "./orders-rules";
import { TRANSITION_MESSAGES } from "./order-transitions";

/**
 * Staff's order messages, page sizes and cancellation reasons, without Zod so that pages can use them (staff-orders.ts re-exports them).
 */

/** Spec section 9: the admin orders page size is 10, from page 1. */
export const ADMIN_ORDERS_PAGE_SIZE = 10;
export const ADMIN_ORDERS_MAX_LIMIT = 50;

export const STAFF_ORDER_MESSAGES = {
  status: `Status must be one of ${ORDER_STATUSES.join(", ")}.`,
  /** The transition table's refusal (order-transitions.ts). */
  forbiddenTransition: TRANSITION_MESSAGES.notAllowed,
  updated: (status: OrderStatus) => `Order marked ${status}.`,
  text: "Use printable characters only.",
  workOfProcessing: "Tailoring and to-ship are kinds of Processing orders.",
  cancelReason: "Choose why the order is cancelled.",
  cancelNote: "Write the reason the shopper will read.",
  reasonOnlyWhenCancelling: "A reason is given only when cancelling.",
  refundNotFound: "Refund not found.",
  refundNotAwaiting: "This refund is not waiting for you: it has been dealt with.",
  refundAskedAgain: "PhonePe has been asked again.",
  refundPaidAnotherWay: "The refund is recorded as paid.",
  refundNote: "Say how the money was sent, such as the bank transfer's reference.",
} as const;

/**
 * Why staff cancel an order (decision 040): chosen from these, or written ("other"). `staff` is the choice
 * as staff read it; `shopper`, what the shopper reads on her order page and in the cancellation mail. A note
 * written with a chosen reason follows its words; with "other" it is the reason.
 */
export const CANCEL_REASONS = {
  "out-of-stock": {
    staff: "A piece is out of stock or damaged",
    shopper: "A piece of your order is no longer available.",
  },
  "shopper-asked": { staff: "The shopper asked to cancel", shopper: "You asked us to cancel it." },
  "cannot-deliver": {
    staff: "We cannot deliver to the address",
    shopper: "We cannot deliver to the address given.",
  },
  "cannot-tailor": {
    staff: "The tailoring asked for cannot be made",
    shopper: "We cannot make the tailoring you asked for.",
  },
  "not-paid": { staff: "The payment did not come through", shopper: "The payment did not come through." },
  other: { staff: "Another reason (write it)", shopper: "" },
} as const satisfies Record<string, { staff: string; shopper: string }>;
export type CancelReason = keyof typeof CANCEL_REASONS;
export const CANCEL_REASON_CODES = Object.keys(CANCEL_REASONS) as [CancelReason, ...CancelReason[]];
export const CANCEL_NOTE_MAX = 300;

/** The reason as the shopper reads it: the chosen reason's words, then the note staff wrote, if any. */
export const cancelReasonText = (reason: CancelReason, note?: string): string =>
  [CANCEL_REASONS[reason].shopper, note?.trim() ?? ""].filter(Boolean).join(" ");
