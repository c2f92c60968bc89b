import { z } from "zod";
import { defineCall } from "./call";
import { envelope } from "./envelope";
import { orderIdRequest, orderStatusResponse } from "./orders";
import { updateOrderStatusResponse } from "./staff-orders";

export * from "./cash-on-delivery-rules";
import { COD_MESSAGES } from "./cash-on-delivery-rules";

/** The shopper confirms her Cash on Delivery order from its page: it may then ship. */
export const confirmCodCall = defineCall({
  method: "POST",
  path: "/orders/confirm-cod",
  tag: "orders",
  description:
    "The shopper confirms her Cash on Delivery order so that it can ship; confirming again changes nothing.",
  body: orderIdRequest,
  output: orderStatusResponse,
});

export const staffConfirmCodRequest = z.object({
  orderId: orderIdRequest.shape.orderId,
  note: z
    .string({ error: COD_MESSAGES.staffNote })
    .trim()
    .min(1, { error: COD_MESSAGES.staffNote })
    .max(300, { error: COD_MESSAGES.staffNote }),
});
export type StaffConfirmCodRequest = z.infer<typeof staffConfirmCodRequest>;

/** Staff mark a Cash on Delivery order "confirmed by phone", with a note kept in its history. */
export const staffConfirmCodCall = defineCall({
  method: "POST",
  path: "/orders/confirm-cod-by-phone",
  tag: "orders",
  description:
    "Staff only. Confirms a Cash on Delivery order the shopper confirmed by phone, with a note; again changes nothing.",
  body: staffConfirmCodRequest,
  output: updateOrderStatusResponse,
});

/** Whether Cash on Delivery is offered for a bag delivered to a pincode, and if not, why. */
export const codOption = z.object({
  offered: z.boolean(),
  reason: z.string().nullable(),
  /** What paying in cash adds to the order, in rupees (the owner's fee); 0 for nothing. */
  fee: z.number(),
  /** What paying online takes off this bag instead (the owner's prepaid nudge), in rupees; 0 for nothing. */
  prepaidDiscount: z.number(),
});
export type CodOption = z.infer<typeof codOption>;

export const codOptionRequest = z.object({
  pincode: z
    .string()
    .trim()
    .regex(/^[1-9]\d{5}$/, { error: "Give a 6-digit pincode." }),
  subtotal: z.number().nonnegative().optional(),
  customised: z.boolean().optional(),
});

export const codOptionCall = defineCall({
  method: "POST",
  path: "/orders/cod-option",
  tag: "orders",
  description:
    "Signed-in shoppers. Whether Cash on Delivery is offered for the shopper's bag (its subtotal in rupees, whether it has a customised piece) delivered to a pincode; Place Order checks the same rules on the priced bag.",
  body: codOptionRequest,
  output: envelope(codOption),
});

/** The one-tap link of a cash order's mail: the order and the token the link carries. */
export const codLinkRequest = z.object({
  orderId: orderIdRequest.shape.orderId,
  token: z
    .string({ error: COD_MESSAGES.linkInvalid })
    .regex(/^[\w-]{20,100}$/, { error: COD_MESSAGES.linkInvalid }),
});
export type CodLinkRequest = z.infer<typeof codLinkRequest>;

/** What the link's page shows before the tap: the order, its total and its pieces. */
export const codLinkView = z.object({
  orderId: z.string(),
  orderStatus: z.string(),
  totalAmount: z.number(),
  items: z.array(z.object({ name: z.string(), size: z.string(), quantity: z.number().int() })),
});
export type CodLinkView = z.infer<typeof codLinkView>;

export const codLinkCall = defineCall({
  method: "GET",
  path: "/orders/cod-link",
  tag: "orders",
  description:
    "Anyone with the link of a cash order's mail: the order it confirms, while the link is good (until the order's hold ends).",
  query: codLinkRequest,
  output: envelope(codLinkView),
});

export const confirmCodByLinkCall = defineCall({
  method: "POST",
  path: "/orders/confirm-cod-by-link",
  tag: "orders",
  description:
    "Anyone with the link of a cash order's mail: confirms the order in one tap, without signing in; again changes nothing.",
  body: codLinkRequest,
  output: orderStatusResponse,
});
