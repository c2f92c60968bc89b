import type { ParcelMilestone } from "../../contract/parcel-tracking";

/** A scan as the store reads it: the courier's status, its kind (UD, DL, RT, PP, PU, CN) and its code. */
type Scan = { status: string; statusType: string; statusCode: string; instructions: string };

/**
 * Where a scan puts a parcel, from Delhivery's status, kind and code (../shared/reference/delhivery.md §3):
 * UD moves forward (Manifested and Not Picked before pickup; Pending with an EOD code is a failed attempt),
 * DL ends (Delivered, or RTO back at the shop), RT is the way back, CN and the seller's cancellation
 * (DTUP-210) end it before pickup. Delhivery says not to hard-code its flow: what is not recognised is "on
 * its way", which changes nothing but the timeline.
 */
export function milestoneOf(scan: Scan): ParcelMilestone {
  const type = scan.statusType.toUpperCase();
  const status = scan.status.toLowerCase();
  if (scan.statusCode === "DTUP-210" || type === "CN" || status === "canceled" || status === "cancelled")
    return "cancelled";
  if (type === "DL") return status === "delivered" ? "delivered" : "returned";
  if (type === "RT") return "returning";
  if (status === "manifested" || status === "not picked") return "booked";
  if (status === "dispatched") return "out-for-delivery";
  if (status === "pending" && scan.statusCode.startsWith("EOD-")) return "failed-attempt";
  if (scan.statusCode === "X-PPOM") return "picked-up";
  return "in-transit";
}

/** A parcel whose journey has ended: nothing more will come from the courier. */
export const journeyEnded = (milestone: ParcelMilestone) =>
  milestone === "delivered" || milestone === "returned" || milestone === "cancelled";
