import { z } from "zod";
import { defineCall } from "./call";
import { idField } from "./ids";
import { envelope, messageResponse } from "./envelope";
import { addressInput } from "./addresses";
import { orderIdQuery, orderIdRequest } from "./orders";
import { parcelTracking } from "./parcel-tracking";
import { updateOrderStatusResponse } from "./staff-orders";

/**
 * An order's parcel with the courier (issue 37, decision 050): staff ship it with one action (the waybill,
 * the label, the pickup), the courier's scans follow it to the door or back, and the shopper reads them as a
 * timeline. The manual "Shipped, with courier and tracking number" stays for other couriers.
 */
export const COURIER_MESSAGES = {
  notProcessing: (status: string) =>
    `Only an order being prepared (Processing) can be shipped; this order is ${status}.`,
  refused: (reason: string) => `Delhivery did not take the parcel: ${reason}`,
  unavailable:
    "Delhivery could not be reached, so nothing was shipped and the order is as it was. Please try again in a minute.",
  weight: "Give the parcel's weight in grams, a whole number from 50 to 30,000.",
  side: "Give each side of the parcel in centimetres, a whole number from 1 to 150.",
  shipped: "Shipped with Delhivery. The shopper has been e-mailed the tracking number.",
  labelMissing: "The label is not ready yet at Delhivery: ship again in a few minutes to fetch it.",
  pickupMissing: "The pickup could not be asked for yet: ship again in a few minutes to ask again.",
  notCourierParcel: "This order's parcel was not shipped through Delhivery: it cannot be cancelled here.",
  pickedUp: "The courier has picked this parcel up: it can no longer be cancelled.",
  courierRefusedCancel: (reason: string) => `Delhivery did not cancel the parcel: ${reason}`,
  noFailedAttempt: "There is no failed delivery attempt waiting for an answer.",
  reattemptAsked: "Delhivery has been asked to try the delivery again.",
  reattemptRefused: (reason: string) => `Delhivery did not take the request: ${reason}`,
  noParcel: "This order has no parcel with the courier yet.",
  contactNothing: "Give the new phone number or address.",
  contactUpdated: "Delhivery has the new details for the next attempt.",
  contactRefused: (reason: string) => `Delhivery did not take the new details: ${reason}`,
  notOnTheWay: "The parcel is not on its way any more: its details can no longer be changed.",
  pushUnauthorized: "This push does not carry the store's secret.",
  notAScan: "This is not a scan of Delhivery's.",
  noSandbox: "The store is not running on the courier sandbox.",
  busy: "This order is being handed to the courier right now. Reload the page in a moment.",
  noCategory: "There is no such category.",
  categoryParcelSaved: "Parcel saved.",
} as const;

/** The parcel's size limits: a courier's B2C parcel, from an envelope to a large box. */
export const PARCEL_LIMITS = {
  weightGrams: { min: 50, max: 30_000 },
  sideCm: { min: 1, max: 150 },
} as const;

const weightGrams = z
  .number({ error: COURIER_MESSAGES.weight })
  .int({ error: COURIER_MESSAGES.weight })
  .min(PARCEL_LIMITS.weightGrams.min, { error: COURIER_MESSAGES.weight })
  .max(PARCEL_LIMITS.weightGrams.max, { error: COURIER_MESSAGES.weight });
const sideCm = z
  .number({ error: COURIER_MESSAGES.side })
  .int({ error: COURIER_MESSAGES.side })
  .min(PARCEL_LIMITS.sideCm.min, { error: COURIER_MESSAGES.side })
  .max(PARCEL_LIMITS.sideCm.max, { error: COURIER_MESSAGES.side });

/** The parcel's weight and size; each one not given is the owner's default (the settings page). */
export const parcelSize = z.object({
  weightGrams: weightGrams.optional(),
  lengthCm: sideCm.optional(),
  widthCm: sideCm.optional(),
  heightCm: sideCm.optional(),
});
export type ParcelSize = z.infer<typeof parcelSize>;

export const shipWithCourierRequest = orderIdRequest.extend(parcelSize.shape).strict();

/** A category's parcel for one piece (decision 050): what a folded piece of it weighs, and the box it goes in. */
export const categoryParcel = z.object({
  weightGrams,
  lengthCm: sideCm,
  widthCm: sideCm,
  heightCm: sideCm,
});
export type CategoryParcel = z.infer<typeof categoryParcel>;

/** Each category with its parcel, or null where the usual parcel (the settings page) is used. */
export const categoryParcels = z.array(
  z.object({
    category: z.object({ id: z.number().int(), name: z.string() }),
    parcel: categoryParcel.nullable(),
  }),
);
export type CategoryParcels = z.infer<typeof categoryParcels>;

export const saveCategoryParcelRequest = z
  .object({ categoryId: idField(COURIER_MESSAGES.noCategory), parcel: categoryParcel.nullable() })
  .strict();

/** Every category's parcel for one piece. The super admin's only. */
export const categoryParcelsCall = defineCall({
  method: "GET",
  path: "/admin/category-parcels",
  tag: "shipping",
  output: envelope(categoryParcels),
});

/** Sets a category's parcel for one piece, or with null goes back to the usual parcel. The super admin's only. */
export const saveCategoryParcelCall = defineCall({
  method: "POST",
  path: "/admin/category-parcels/save",
  tag: "shipping",
  body: saveCategoryParcelRequest,
  output: envelope(categoryParcels),
});
export type ShipWithCourierRequest = z.infer<typeof shipWithCourierRequest>;

/**
 * The built-in courier sandbox's moves of a parcel, as a person trying the store (or a browser test) makes
 * them from staff's order page; never in production, where only Delhivery's scans move a parcel.
 */
export const SANDBOX_PARCEL_EVENTS = {
  "picked-up": "Picked up",
  "out-for-delivery": "Out for delivery",
  "failed-attempt": "Delivery attempt failed",
  delivered: "Delivered",
  "return-started": "Sent back",
  returned: "Returned to the shop",
  "in-transit": "In transit",
} as const;
export type SandboxParcelEvent = keyof typeof SANDBOX_PARCEL_EVENTS;

export const sandboxParcelScanRequest = orderIdRequest
  .extend({
    event: z.enum(Object.keys(SANDBOX_PARCEL_EVENTS) as [SandboxParcelEvent, ...SandboxParcelEvent[]], {
      error: "Choose how the parcel moves.",
    }),
  })
  .strict();

export const sandboxParcelScanCall = defineCall({
  method: "POST",
  path: "/orders/sandbox-parcel-scan",
  tag: "shipping",
  description:
    "Staff only, and only while the store runs on the built-in courier sandbox: moves the order's parcel as the courier's scan would, and the store tracks it.",
  body: sandboxParcelScanRequest,
  output: updateOrderStatusResponse,
});

/** After a failed attempt: the phone or address the courier should use, as the shopper gave them on the phone. */
export const parcelContactRequest = orderIdRequest
  .extend({
    phone: addressInput.shape.phone.optional(),
    address: addressInput.shape.address.optional(),
  })
  .strict()
  .refine((request) => request.phone !== undefined || request.address !== undefined, {
    error: COURIER_MESSAGES.contactNothing,
    path: ["phone"],
  });
export type ParcelContactRequest = z.infer<typeof parcelContactRequest>;

export const updateParcelContactCall = defineCall({
  method: "POST",
  path: "/orders/update-parcel-contact",
  tag: "shipping",
  description:
    "Staff only. Gives the courier a new phone number or address for a parcel on its way (an NDR's other answer); kept in the order's history.",
  body: parcelContactRequest,
  output: updateOrderStatusResponse,
});

export const shipWithCourierCall = defineCall({
  method: "POST",
  path: "/orders/ship-with-courier",
  tag: "shipping",
  description:
    "Staff only. Hands a Processing order to Delhivery: the waybill, the label, the pickup; the order becomes Shipped. Again, it fetches what is missing and never makes a second waybill.",
  body: shipWithCourierRequest,
  output: updateOrderStatusResponse,
});

export const askReattemptCall = defineCall({
  method: "POST",
  path: "/orders/ask-reattempt",
  tag: "shipping",
  description: "Staff only. Asks the courier to try a failed delivery again (NDR re-attempt).",
  body: orderIdRequest,
  output: updateOrderStatusResponse,
});

export const parcelTrackingCall = defineCall({
  method: "GET",
  path: "/orders/parcel-tracking",
  tag: "shipping",
  description:
    "The shopper's own order: its parcel's scans with the courier, oldest first; null before it ships.",
  query: orderIdQuery,
  output: envelope(parcelTracking.nullable()),
});

/**
 * Delhivery's scan push (decision 050): its body is the courier's, read by the server through the protocol's
 * schema; it carries the store's secret as `Authorization: Bearer`. It makes the parcel due for tracking.
 */
export const courierScanPushCall = defineCall({
  method: "POST",
  path: "/courier/delhivery/scans",
  tag: "shipping",
  description:
    "Delhivery only. A scan of a parcel, with the secret the store gave Delhivery; the store then asks Delhivery for the parcel's scans.",
  body: z.unknown(),
  output: messageResponse,
});
