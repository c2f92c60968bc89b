import { z } from "zod";

export * from "./parcel-tracking-rules";
import { PARCEL_MILESTONES, type ParcelMilestone } from "./parcel-tracking-rules";

const MILESTONE_KEYS = Object.keys(PARCEL_MILESTONES) as [ParcelMilestone, ...ParcelMilestone[]];

export const parcelScan = z.object({
  milestone: z.enum(MILESTONE_KEYS),
  /** The courier's words: its status and instructions ("Consignee unavailable"). */
  status: z.string(),
  instructions: z.string(),
  location: z.string(),
  at: z.string(),
});
export type ParcelScan = z.infer<typeof parcelScan>;

/** The parcel as the shopper follows it: its waybill and every scan, oldest first. */
export const parcelTracking = z.object({
  courierName: z.string(),
  waybill: z.string(),
  scans: z.array(parcelScan),
});
export type ParcelTracking = z.infer<typeof parcelTracking>;

/** The parcel as staff see it on the order's page. */
export const courierParcel = parcelTracking.extend({
  state: z.enum(["creating", "created", "refused", "cancelled"]),
  refusal: z.string().nullable(),
  weightGrams: z.number().int(),
  size: z.string(),
  labelUrl: z.string().nullable(),
  pickupRequestedAt: z.string().nullable(),
  pickedUpAt: z.string().nullable(),
  /** A failed delivery attempt still waiting for an answer (NDR): the courier's reason, and whether staff asked again. */
  /** The store runs on the built-in courier sandbox: staff's page may move the parcel by hand. */
  sandbox: z.boolean(),
  failedAttempt: z
    .object({ at: z.string(), reason: z.string(), reattemptAskedAt: z.string().nullable() })
    .nullable(),
});
export type CourierParcel = z.infer<typeof courierParcel>;
