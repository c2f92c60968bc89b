import { createHash, timingSafeEqual } from "node:crypto";
import { z } from "zod";

/**
 * PhonePe Standard Checkout v2 as ../shared/reference/phonepe.md describes it: the paths, the requests and the
 * answers as Zod schemas, and the webhook's Authorization. The client (phonepe-client.ts) reads every answer
 * through these schemas, the sandbox (phonepe-sandbox*.ts) reads its requests and writes its answers by them,
 * and the webhook (phonepe-webhook.ts) reads its body by them. Answers are read leniently where PhonePe adds
 * fields (unknown keys are dropped), strictly on the fields the store acts on.
 */

export const PHONEPE_PATHS = {
  token: "/v1/oauth/token",
  pay: "/checkout/v2/pay",
  orderStatus: "/checkout/v2/order/:merchantOrderId/status",
  refund: "/payments/v2/refund",
  refundStatus: "/payments/v2/refund/:merchantRefundId/status",
} as const;

/** A path of PHONEPE_PATHS with its `:name` parts filled in. */
export const phonePePath = (pattern: string, params: Record<string, string>) =>
  pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));

/** What PhonePe documents for an id: at most 63 letters, digits, _ or -. */
export const merchantId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,63}$/, { error: "merchant ids are 1-63 letters, digits, _ or -" });

/** The OAuth token call's form. */
export const tokenRequest = z.object({
  client_id: z.string(),
  client_version: z.string(),
  client_secret: z.string(),
  grant_type: z.literal("client_credentials"),
});

/** Its answer: times in epoch seconds. */
export const tokenAnswer = z.object({
  access_token: z.string().min(1),
  encrypted_access_token: z.string().optional(),
  expires_in: z.number().nullable().optional(),
  issued_at: z.number().optional(),
  expires_at: z.number(),
  session_expires_at: z.number().optional(),
  token_type: z.string().optional(),
});

export const payRequest = z.object({
  merchantOrderId: merchantId,
  amount: z.number().int().min(100, { error: "amount must be an integer of at least 100 paise" }),
  expireAfter: z.number().int().min(300).max(3600).default(1200),
  metaInfo: z.record(z.string().regex(/^udf([1-9]|1[0-5])$/), z.string().max(256)).optional(),
  paymentFlow: z.object({
    type: z.literal("PG_CHECKOUT"),
    merchantUrls: z.object({ redirectUrl: z.url() }),
  }),
});

/** Pay's answer: PhonePe's order id and the page where the shopper pays; `expireAt` in epoch ms. */
export const payAnswer = z.object({
  orderId: z.string().min(1),
  state: z.string(),
  expireAt: z.number().optional(),
  redirectUrl: z.string().min(1),
});

export const ORDER_STATES = ["PENDING", "COMPLETED", "FAILED"] as const;
export type PhonePeOrderState = (typeof ORDER_STATES)[number];

const paymentDetail = z.object({
  transactionId: z.string().optional(),
  paymentMode: z.string().optional(),
  timestamp: z.number().optional(),
  amount: z.number().optional(),
  state: z.string().optional(),
});

/** Order Status's answer: decide on the root `state` only; `amount` in paise. */
export const orderStatusAnswer = z.object({
  merchantId: z.string().optional(),
  merchantOrderId: z.string().optional(),
  orderId: z.string().min(1),
  state: z.enum(ORDER_STATES),
  amount: z.number().int().nonnegative(),
  expireAt: z.number().optional(),
  metaInfo: z.record(z.string(), z.string()).optional(),
  errorCode: z.string().optional(),
  detailedErrorCode: z.string().optional(),
  paymentDetails: z.array(paymentDetail).default([]),
});
export type PhonePeOrderStatus = z.infer<typeof orderStatusAnswer>;

export const refundRequest = z.object({
  merchantRefundId: merchantId,
  originalMerchantOrderId: merchantId,
  amount: z.number().int().min(1),
});

export const REFUND_STATES = ["PENDING", "CONFIRMED", "COMPLETED", "FAILED"] as const;
export type PhonePeRefundState = (typeof REFUND_STATES)[number];

export const refundAnswer = z.object({
  refundId: z.string().min(1),
  amount: z.number().optional(),
  state: z.enum(REFUND_STATES),
});

/** Refund Status's answer, with the reason when it FAILED. */
export const refundStatusAnswer = z.object({
  merchantId: z.string().optional(),
  merchantRefundId: z.string().optional(),
  originalMerchantOrderId: z.string().optional(),
  refundId: z.string().optional(),
  amount: z.number().optional(),
  state: z.enum(REFUND_STATES),
  errorCode: z.string().optional(),
  detailedErrorCode: z.string().optional(),
  timestamp: z.number().optional(),
});
export type PhonePeRefundStatus = z.infer<typeof refundStatusAnswer>;

/** What PhonePe says with an error status, when it says anything: each field kept only if it is text. */
export const failureAnswer = z.object({
  code: z.string().optional().catch(undefined),
  message: z.string().optional().catch(undefined),
});

/**
 * A webhook's body: `event` (`type` is its deprecated twin) and a payload naming an order or a refund. It is
 * only a hint to ask PhonePe (its body is not signed), so it is read leniently: PhonePe adds fields.
 */
export const webhookBody = z.object({
  event: z.string().optional(),
  type: z.string().optional(),
  payload: z
    .looseObject({
      merchantOrderId: z.string().optional(),
      merchantRefundId: z.string().optional(),
      originalMerchantOrderId: z.string().optional(),
      state: z.string().optional(),
    })
    .optional(),
});

/** The `Authorization` header PhonePe sends with each webhook: SHA-256 of "username:password", in hex. */
export const webhookAuthorization = (username: string, password: string) =>
  createHash("sha256").update(`${username}:${password}`).digest("hex");

/** Whether a webhook's `Authorization` header is the one of these credentials (compared in constant time). */
export function isWebhookAuthorization(header: string | undefined, username: string, password: string) {
  if (!header) return false;
  const expected = Buffer.from(webhookAuthorization(username, password));
  const given = Buffer.from(
    header
      .trim()
      .replace(/^SHA256\s+/i, "")
      .toLowerCase(),
  );
  return given.length === expected.length && timingSafeEqual(given, expected);
}
