import { z } from "zod";

export * from "./couriers-rules";
import { COURIER_KEYS, COURIERS, type CourierKey } from "./couriers-rules";

export const TRACKING_MESSAGES = {
  courier: "Choose the courier from the list.",
  trackingNumber: "A tracking number is 6 to 30 letters and digits (a hyphen may join them).",
  courierWithoutNumber: "Give the tracking number with the courier.",
  numberWithoutCourier: "Choose the courier of this tracking number.",
  trackingUrl: "Give the courier's tracking link, starting with https://.",
  notShipped: (status: string) =>
    `Tracking can be corrected only while the order is Shipped; this order is ${status}.`,
  unchanged: "The tracking details are already these: nothing changed.",
  corrected: "Tracking details corrected. The shopper has been e-mailed.",
} as const;

/** 6-30 letters and digits, a hyphen only between them; kept in capitals, as couriers print them. */
export const trackingNumberField = z
  .string({ error: TRACKING_MESSAGES.trackingNumber })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9](?:[A-Z0-9-]{4,28})[A-Z0-9]$/, { error: TRACKING_MESSAGES.trackingNumber })
  .refine((value) => !value.includes("--"), { error: TRACKING_MESSAGES.trackingNumber });

export const trackingUrlField = z
  .string({ error: TRACKING_MESSAGES.trackingUrl })
  .trim()
  .max(500, { error: TRACKING_MESSAGES.trackingUrl })
  .refine(isHttpsUrl, { error: TRACKING_MESSAGES.trackingUrl });

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.includes(".") && !url.username && !url.password;
  } catch {
    return false;
  }
}

export const courierField = z.enum(COURIER_KEYS, { error: TRACKING_MESSAGES.courier });

/** The shipment's fields as staff give them; the rules between them are checkShipment's. */
export const shipmentFields = {
  courier: courierField.optional(),
  trackingNumber: trackingNumberField.optional(),
  trackingUrl: trackingUrlField.optional(),
};

/**
 * The rules between the fields: a courier comes with its tracking number and a number with its courier;
 * "Other" needs its https link, which only "Other" takes. `required` when the shipment must be given
 * (a correction).
 */
export function checkShipment(
  value: {
    courier?: CourierKey | undefined;
    trackingNumber?: string | undefined;
    trackingUrl?: string | undefined;
  },
  context: z.RefinementCtx,
  { required = false } = {},
) {
  const issue = (path: string, message: string) =>
    context.addIssue({ code: "custom", path: [path], message });
  if (!value.courier && (required || value.trackingNumber))
    issue("courier", TRACKING_MESSAGES.numberWithoutCourier);
  if (value.courier && !value.trackingNumber) issue("trackingNumber", TRACKING_MESSAGES.courierWithoutNumber);
  if (value.courier === "other" && !value.trackingUrl) issue("trackingUrl", TRACKING_MESSAGES.trackingUrl);
}

/** A shipment as an order keeps it: a courier's key (or, shipped before the list, its name as staff wrote it). */
export type Shipment = { courier: string | null; trackingNumber: string | null; trackingUrl: string | null };

/** A courier's name: the list's, or as it was written before the list. */
export const courierName = (courier: string) =>
  COURIERS.find((candidate) => candidate.key === courier)?.name ?? courier;

/**
 * Where the shopper tracks her parcel, and whether the address carries the number (else she types it on the
 * courier's page): the courier's pattern, or the link staff gave for "Other"; null for a courier not in the list.
 */
export function trackingLinkOf(shipment: Shipment): { url: string; withNumber: boolean } | null {
  if (shipment.courier === "other")
    return shipment.trackingUrl ? { url: shipment.trackingUrl, withNumber: true } : null;
  const pattern = COURIERS.find((courier) => courier.key === shipment.courier)?.tracking;
  if (!pattern) return null;
  if (!pattern.includes("{number}")) return { url: pattern, withNumber: false };
  if (!shipment.trackingNumber) return null;
  return { url: pattern.replace("{number}", encodeURIComponent(shipment.trackingNumber)), withNumber: true };
}

/** "Blue Dart 12345678901": a shipment in the order's history. */
export const shipmentText = (shipment: Shipment) =>
  [
    shipment.courier ? courierName(shipment.courier) : null,
    shipment.trackingNumber,
    shipment.courier === "other" ? shipment.trackingUrl : null,
  ]
    .filter(Boolean)
    .join(" ") || "none";

/** What the order's page and card show of its shipment. */
export const shipmentView = z.object({
  /** Null for an order shipped without a courier (handed over in person). */
  courier: z.string().nullable(),
  courierName: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** Where to track it; `withNumber` false when the shopper types the number on the courier's page. */
  trackingLink: z.object({ url: z.string(), withNumber: z.boolean() }).nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type ShipmentView = z.infer<typeof shipmentView>;
