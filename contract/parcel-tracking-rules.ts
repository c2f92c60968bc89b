/**
 * A parcel's milestones, without Zod so that pages can use them (parcel-tracking.ts re-exports them).
 */

/**
 * Where a parcel is, in the shopper's words: each scan of the courier falls in one of these (the courier's own
 * status and place are kept beside it).
 */
export const PARCEL_MILESTONES = {
  booked: "Booked with the courier",
  "picked-up": "Picked up by the courier",
  "in-transit": "On its way",
  "out-for-delivery": "Out for delivery",
  "failed-attempt": "Delivery attempted",
  delivered: "Delivered",
  returning: "On its way back to us",
  returned: "Returned to us",
  cancelled: "Cancelled",
} as const;
export type ParcelMilestone = keyof typeof PARCEL_MILESTONES;
