import { z } from "zod";
import { pincodeQuery } from "./addresses";
import { defineCall } from "./call";
import { envelope } from "./envelope";

/** What "Check delivery" says (issue 37), in the shopper's words. */
export const SHIPPING_MESSAGES = {
  notServed: (pincode: string) =>
    `The courier does not deliver to ${pincode} yet. Please try another pincode.`,
  embargoed: (pincode: string) =>
    `The courier has paused deliveries to ${pincode} for now. Please try again in a few days.`,
  unavailable: "We could not check delivery just now. Please try again in a minute.",
} as const;

/** GET /shipping/check-delivery?pincode=: whether, and by when, an order placed now reaches a pincode. */
export const deliveryCheck = z.object({
  pincode: z.string(),
  /** "Chennai, Tamil Nadu": the pincode's district and state, from India Post's directory. */
  place: z.string(),
  serviceable: z.boolean(),
  /** Cash on Delivery is collected there. */
  cod: z.boolean(),
  /** Why not, when it is not served. */
  reason: z.string().nullable(),
  /** Working days from the order to dispatch (the owner's setting). */
  dispatchDays: z.number().int(),
  /** The day a ready-made piece should arrive (YYYY-MM-DD, India); null when not served. */
  deliveryBy: z.string().nullable(),
  /** The day a customised piece should arrive, the tailor's days added; null when not served. */
  customisedDeliveryBy: z.string().nullable(),
});
export type DeliveryCheck = z.infer<typeof deliveryCheck>;

export const checkDeliveryCall = defineCall({
  method: "GET",
  path: "/shipping/check-delivery",
  tag: "shipping",
  description: "Whether the courier delivers to a pincode, and by when an order placed now should arrive.",
  query: pincodeQuery,
  output: envelope(deliveryCheck),
});
