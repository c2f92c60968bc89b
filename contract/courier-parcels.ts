import { z } from "zod";
import { defineCall } from "./call";
import { idField } from "./ids";
import { envelope, messageResponse } from "./envelope";
import { addressInput } from "./addresses";
import { orderIdQuery, orderIdRequest } from "./orders";
import { parcelTracking } from "./parcel-tracking";
import { updateOrderStatusResponse } from "./staff-orders";

export * from "./courier-parcels-rules";
import {
  COURIER_MESSAGES,
  PARCEL_LIMITS,
  SANDBOX_PARCEL_EVENTS,
  type SandboxParcelEvent,
} from "./courier-parcels-rules";

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
