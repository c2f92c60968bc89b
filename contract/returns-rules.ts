/**
 * Returns the law requires (issue 39, decision 051), without Zod so that pages can use them: a delivered piece
 * that came damaged, defective, wrong or not as described is taken back and refunded, within the owner's days
 * after delivery; the boutique's own "no exchange for change of mind" stands beside it.
 */

export const RETURN_REASONS = ["damaged", "defective", "wrong-item", "not-as-described"] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  damaged: "It arrived damaged",
  defective: "It is defective",
  "wrong-item": "It is not the piece I ordered",
  "not-as-described": "It is not as described",
};

/**
 * Where a return stands: asked, then refused (with the reason) or approved (the courier collects it), then
 * received by the boutique (its credit note issued, an online payment's refund sent to PhonePe), then refunded
 * (a cash order's money sent to the shopper's UPI id or bank account, staff giving the transfer's reference).
 */
export const RETURN_STATES = ["requested", "refused", "approved", "received", "refunded"] as const;
export type ReturnState = (typeof RETURN_STATES)[number];

export const RETURN_STATE_LABELS: Record<ReturnState, string> = {
  requested: "Return asked: we reply within 48 hours",
  refused: "Return refused",
  approved: "Return approved: the courier will collect the piece",
  received: "Piece received: refund on its way",
  refunded: "Refunded",
};

/** The days after delivery a return may be asked for, as the owner sets them (7 at first, as the FAQ says). */
export const DEFAULT_RETURN_DAYS = 7;
export const MAX_RETURN_PHOTOS = 3;

export const RETURN_MESSAGES = {
  notDelivered: "A piece can be returned once its order is delivered.",
  windowClosed: (days: number) =>
    `Returns of this order closed ${days} days after its delivery. For help, write to our grievance officer.`,
  itemNotFound: "Choose a piece of this order to return.",
  alreadyAsked: (id: string) => `You have already asked to return this piece (return ${id}).`,
  quantity: (max: number) => `Return from 1 to ${max} of this piece.`,
  howMany: "Give how many pieces to return: a whole number from 1.",
  reasonRequired: "Choose what is wrong with the piece.",
  detailsLength: "Tell us what is wrong, in 10 to 2,000 characters.",
  photosRequired: "Add at least one photo of the piece, up to 3.",
  photoNotFound: "A photo was not uploaded: add it again.",
  refundToRequired: "This order was paid in cash: give a UPI id or a bank account for the refund.",
  upiId: "Give a UPI id such as name@okbank.",
  accountName: "Give the account holder's name (2 to 100 characters).",
  accountNumber: "Give the bank account number: 9 to 18 digits.",
  ifsc: "Give the branch's IFSC: 11 characters such as SBIN0001234.",
  returnNotFound: "This return was not found.",
  notRequested: "This return has already been answered.",
  notApproved: "Only an approved return can be received.",
  notReceived: "Only a received return of a cash order is refunded by transfer.",
  refuseReason: "Say why the return is refused (10 to 1,000 characters): the shopper reads it.",
  reference: "Give the transfer's reference (UTR), 6 to 40 letters and digits.",
} as const;
