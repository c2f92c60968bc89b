import { z } from "zod";
import { RETURN_MESSAGES as M, RETURN_REASONS, RETURN_STATES } from "./returns-rules";

/**
 * A return as an order carries it (issue 39, decision 051): here, apart from the return calls (returns.ts),
 * so that the order's schema (orders.ts) can hold its returns.
 */

const text = (min: number, max: number, error: string) =>
  z.string({ error }).trim().min(min, { error }).max(max, { error });

/**
 * Where a cash order's refund goes: a UPI id, or a bank account (its holder, number and IFSC); kept only until
 * the refund is sent.
 */
export const refundDestination = z
  .object({
    upiId: z
      .string({ error: M.upiId })
      .trim()
      .max(100, { error: M.upiId })
      .regex(/^[A-Za-z0-9._-]{2,}@[A-Za-z][A-Za-z0-9]{1,63}$/, { error: M.upiId })
      .optional(),
    accountName: text(2, 100, M.accountName).optional(),
    accountNumber: z
      .string({ error: M.accountNumber })
      .trim()
      .regex(/^\d{9,18}$/, { error: M.accountNumber })
      .optional(),
    ifsc: z
      .string({ error: M.ifsc })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, { error: M.ifsc })
      .optional(),
  })
  .refine((to) => to.upiId !== undefined || (to.accountName && to.accountNumber && to.ifsc), {
    error: M.refundToRequired,
  });
export type RefundDestination = z.infer<typeof refundDestination>;

/** A return as the shopper and staff see it on the order. */
export const orderReturn = z.object({
  id: z.string(),
  itemId: z.number().int(),
  quantity: z.number().int(),
  reason: z.enum(RETURN_REASONS),
  details: z.string(),
  state: z.enum(RETURN_STATES),
  /** The complaint ticket that holds the return's thread with the grievance officer. */
  ticketNumber: z.string(),
  /** Why staff refused it, in the shopper's words; null otherwise. */
  refusal: z.string().nullable(),
  /** The courier's waybill of the reverse pickup, once booked. */
  pickupWaybill: z.string().nullable(),
  /** The money sent back for it, in rupees, once received; null before. */
  refund: z.number().nullable(),
  requestedAt: z.string(),
});
export type OrderReturn = z.infer<typeof orderReturn>;

/**
 * Staff's view adds, while a cash order's refund is owed, where it goes, and the transfer's reference once
 * sent. The photos are the ticket's (its page shows them).
 */
export const staffOrderReturn = orderReturn.extend({
  refundTo: refundDestination.nullable(),
  refundReference: z.string().nullable(),
});
export type StaffOrderReturn = z.infer<typeof staffOrderReturn>;
