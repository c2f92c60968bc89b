import { z } from "zod";
import { SIZES } from "./catalog-options";
import { defineCall } from "./call";
import { envelope } from "./envelope";
import { idField } from "./ids";

/**
 * Back-in-stock alerts: a shopper asks to be e-mailed once when a sold-out size of a product is in stock
 * again. A signed-in shopper's own (verified) e-mail is used at once; any other address is confirmed by a
 * link first, so that nobody can sign a stranger up.
 */
export const STOCK_ALERT_MESSAGES = {
  productNotFound: "Product not found",
  sizeNotOffered: "This product does not come in that size.",
  inStock: "This size is in stock: you can add it to your bag now.",
  emailInvalid: "Please enter a valid email address",
  emailRequired: "Email is required",
  subscribed: (email: string) => `We'll e-mail ${email} once when this size is back in stock.`,
  confirmSent: (email: string) =>
    `Please confirm: we sent a link to ${email}. We'll write once this size is back in stock.`,
  confirmed: "Your back-in-stock alert is on. We'll e-mail you once when the size is back.",
  linkInvalid: "This link is invalid or has expired.",
  tooMany: "Too many requests. Please try again later.",
} as const;

export const stockAlertRequest = z.object({
  productId: idField(STOCK_ALERT_MESSAGES.productNotFound),
  size: z.enum(SIZES, { error: STOCK_ALERT_MESSAGES.sizeNotOffered }),
  /** Optional for a signed-in shopper, whose account e-mail is the default. */
  email: z
    .string()
    .trim()
    .max(254, { error: STOCK_ALERT_MESSAGES.emailInvalid })
    .pipe(z.union([z.literal(""), z.email({ error: STOCK_ALERT_MESSAGES.emailInvalid })]))
    .optional(),
});
export type StockAlertRequest = z.infer<typeof stockAlertRequest>;

export const stockAlertResponse = envelope(
  z.object({
    email: z.string(),
    /** False until the e-mailed link confirms an address that is not the signed-in shopper's own. */
    confirmed: z.boolean(),
  }),
);

export const confirmStockAlertRequest = z.object({
  token: z
    .string({ error: STOCK_ALERT_MESSAGES.linkInvalid })
    .trim()
    .min(1, { error: STOCK_ALERT_MESSAGES.linkInvalid })
    .max(200, { error: STOCK_ALERT_MESSAGES.linkInvalid }),
});

export const confirmStockAlertResponse = envelope(
  z.object({ productId: z.number().int(), size: z.string() }),
);

export const subscribeStockAlertCall = defineCall({
  method: "POST",
  path: "/products/stock-alerts",
  tag: "stock alerts",
  description: "E-mail me once when this sold-out size of the product is back in stock.",
  body: stockAlertRequest,
  output: stockAlertResponse,
});

export const confirmStockAlertCall = defineCall({
  method: "POST",
  path: "/products/stock-alerts/confirm",
  tag: "stock alerts",
  description: "Confirms a back-in-stock alert with the token of the link e-mailed to its address.",
  body: confirmStockAlertRequest,
  output: confirmStockAlertResponse,
});
