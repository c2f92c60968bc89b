/**
 * The courier's messages, a parcel's size limits and the sandbox's moves, without Zod so that pages can use
 * them (courier-parcels.ts re-exports them).
 */

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
