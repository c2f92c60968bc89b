import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import { PAYMENT_CALLBACK_PATH } from "../../contract/orders";
import type { Database } from "../db/client";
import type { PhonePeSettings } from "./phonepe-client";
import { webhookAuthorization, type orderStatusAnswer, type webhookBody } from "./phonepe-protocol";
import { phonePeSandboxRoutes } from "./phonepe-sandbox-routes";
import { phonePeSandboxOrders } from "./payments.tables";

/**
 * A stand-in for PhonePe on the store's own server, used when no PhonePe credentials are configured (never
 * in production). It speaks Standard Checkout v2 as phonepe-protocol.ts describes it (form-encoded OAuth
 * token, O-Bearer calls, pay, order status, refund, refund status, webhooks with the SHA-256 Authorization;
 * its HTTP side is phonepe-sandbox-routes.ts) and shows a hosted page where the shopper approves, declines or
 * leaves the payment pending. Its records are in the database, so every store process answers the same.
 */
export type WebhookDelivery = "send" | "drop" | "duplicate";
export type SandboxDecision = "approve" | "decline" | "pending";
/** What becomes of a payment's refunds: completed when first asked about, kept pending, refused, or failed later. */
export type SandboxRefundOutcome = (typeof phonePeSandboxOrders.$inferSelect)["refundOutcome"];

const MERCHANT_ID = "RANGOLISANDBOX";

export function createPhonePeSandbox({
  db,
  settings,
  publicUrl,
  webhookUrl,
}: {
  db: Database;
  settings: PhonePeSettings;
  /** Where shoppers reach the store: the hosted page's address starts with it. */
  publicUrl: string;
  /** Where the sandbox sends its webhooks. */
  webhookUrl: string;
}) {
  const storeOrigin = new URL(publicUrl).origin;
  /**
   * Only the store's own callback page is a redirect the hosted page follows: it is on the store's origin, so
   * a click on it sent anywhere else (an address of the attacker's choosing, the store's own API) would be a
   * same-origin request, cookies and all (issue 35).
   */
  const isStoreCallback = (address: string) => {
    const url = URL.parse(address);
    return url !== null && url.origin === storeOrigin && url.pathname === PAYMENT_CALLBACK_PATH;
  };

  const sign = (text: string) => createHmac("sha256", settings.clientSecret).update(text).digest("base64url");

  function tokenIsValid(header: string | undefined) {
    const match = /^O-Bearer (\d+)\.([\w-]+)$/.exec(header?.trim() ?? "");
    if (!match) return false;
    const [, expiresAt, signature] = match;
    const expected = Buffer.from(sign(`${settings.clientId}.${expiresAt}`));
    const given = Buffer.from(signature!);
    return (
      given.length === expected.length &&
      timingSafeEqual(given, expected) &&
      Number(expiresAt) > Date.now() / 1000
    );
  }

  async function findOrder(merchantOrderId: string) {
    const [row] = await db
      .select()
      .from(phonePeSandboxOrders)
      .where(eq(phonePeSandboxOrders.merchantOrderId, merchantOrderId));
    if (!row || row.state !== "PENDING" || row.expiresAt > new Date()) return row;
    // PhonePe fails an order nobody paid before it expired.
    const [expired] = await db
      .update(phonePeSandboxOrders)
      .set({ state: "FAILED" })
      .where(eq(phonePeSandboxOrders.merchantOrderId, merchantOrderId))
      .returning();
    return expired;
  }

  const orderPayload = (order: SandboxOrder): z.input<typeof orderStatusAnswer> => ({
    merchantId: MERCHANT_ID,
    merchantOrderId: order.merchantOrderId,
    orderId: order.orderId,
    state: order.state,
    amount: order.state === "COMPLETED" ? (order.paidAmountPaise ?? order.amountPaise) : order.amountPaise,
    expireAt: order.expiresAt.getTime(),
    // Written from a pay request its schema read.
    metaInfo: (order.metaInfo ?? {}) as Record<string, string>,
    ...(order.state === "FAILED"
      ? { errorCode: "TXN_AUTO_FAILED", detailedErrorCode: "TXN_NOT_COMPLETED" }
      : {}),
    paymentDetails: order.transactionId
      ? [
          {
            transactionId: order.transactionId,
            paymentMode: "UPI_QR",
            timestamp: Date.now(),
            amount: order.paidAmountPaise ?? order.amountPaise,
            state: order.state,
          },
        ]
      : [],
  });

  /** The webhook PhonePe would send for an order in its current state. */
  async function webhookFor(merchantOrderId: string) {
    const order = await findOrder(merchantOrderId);
    if (!order) throw new Error(`no sandbox order ${merchantOrderId}`);
    const event = order.state === "COMPLETED" ? "checkout.order.completed" : "checkout.order.failed";
    return {
      url: webhookUrl,
      headers: {
        "content-type": "application/json",
        authorization: webhookAuthorization(settings.webhookUsername, settings.webhookPassword),
      },
      body: JSON.stringify({
        event,
        type: event === "checkout.order.completed" ? "CHECKOUT_ORDER_COMPLETED" : "CHECKOUT_ORDER_FAILED",
        payload: orderPayload(order),
      } satisfies z.input<typeof webhookBody>),
    };
  }

  async function sendWebhook(merchantOrderId: string) {
    const hook = await webhookFor(merchantOrderId);
    try {
      await fetch(hook.url, {
        method: "POST",
        headers: hook.headers,
        body: hook.body,
        signal: AbortSignal.timeout(5000),
      });
    } catch {
      // PhonePe retries later or never; the store's reconciler must cope either way.
    }
  }

  /**
   * The shopper's choice on the hosted page: approve (pay `paidAmountPaise`, the order's amount unless a test
   * says otherwise), decline, or leave it pending. The webhook is sent, dropped or sent twice, as asked.
   */
  async function decide(
    merchantOrderId: string,
    decision: SandboxDecision,
    {
      webhook = "send",
      paidAmountPaise,
      refunds,
    }: { webhook?: WebhookDelivery; paidAmountPaise?: number; refunds?: SandboxRefundOutcome } = {},
  ) {
    if (refunds) await setRefundOutcome(merchantOrderId, refunds);
    if (decision === "pending") return;
    const [order] = await db
      .update(phonePeSandboxOrders)
      .set(
        decision === "approve"
          ? {
              state: "COMPLETED",
              paidAmountPaise: paidAmountPaise ?? sql`${phonePeSandboxOrders.amountPaise}`,
              transactionId: `OM${randomBytes(9).toString("hex").toUpperCase()}`,
            }
          : { state: "FAILED", transactionId: `OM${randomBytes(9).toString("hex").toUpperCase()}` },
      )
      .where(
        sql`${phonePeSandboxOrders.merchantOrderId} = ${merchantOrderId} and ${phonePeSandboxOrders.state} = 'PENDING'`,
      )
      .returning();
    if (!order) return;
    if (webhook === "drop") return;
    await sendWebhook(merchantOrderId);
    if (webhook === "duplicate") await sendWebhook(merchantOrderId);
  }

  /** What becomes of the refunds of a payment, from now on. */
  async function setRefundOutcome(merchantOrderId: string, outcome: SandboxRefundOutcome) {
    await db
      .update(phonePeSandboxOrders)
      .set({ refundOutcome: outcome })
      .where(eq(phonePeSandboxOrders.merchantOrderId, merchantOrderId));
  }

  return {
    routes: (app: FastifyInstance) =>
      phonePeSandboxRoutes(app, {
        db,
        merchantId: MERCHANT_ID,
        settings,
        publicUrl,
        isStoreCallback,
        sign,
        tokenIsValid,
        findOrder,
        orderPayload,
        decide,
      }),
    decide,
    setRefundOutcome,
    webhookFor,
    sendWebhook,
    /** Its credentials, the install's own (sandbox-credentials.ts): for the super admin, and tests. */
    settings,
  };
}

export type PhonePeSandbox = ReturnType<typeof createPhonePeSandbox>;
export type SandboxOrder = typeof phonePeSandboxOrders.$inferSelect;
