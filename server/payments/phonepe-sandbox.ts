import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { formatPaise } from "../../contract/money";
import { PAYMENT_CALLBACK_PATH } from "../../contract/orders";
import { STORE } from "../../contract/store";
import { SANDBOX_PREFIX } from "../config";
import type { Database } from "../db/client";
import { webhookAuthorization, type PhonePeSettings } from "./phonepe-client";
import { phonePeSandboxOrders, phonePeSandboxRefunds } from "./payments.tables";

/**
 * A stand-in for PhonePe on the store's own server, used when no PhonePe credentials are configured (never
 * in production). It speaks Standard Checkout v2 as ../shared/reference/phonepe.md describes it (form-encoded
 * OAuth token, O-Bearer calls, pay, order status, refund, refund status, webhooks with the SHA-256
 * Authorization) and shows a hosted page where the shopper approves, declines or leaves the payment pending.
 * Its records are in the database, so every store process answers the same.
 */
export type WebhookDelivery = "send" | "drop" | "duplicate";
export type SandboxDecision = "approve" | "decline" | "pending";
/** What becomes of a payment's refunds: completed when first asked about, kept pending, refused, or failed later. */
export type SandboxRefundOutcome = (typeof phonePeSandboxOrders.$inferSelect)["refundOutcome"];
export const SANDBOX_REFUND_OUTCOMES: Record<SandboxRefundOutcome, string> = {
  complete: "Refunds complete",
  pending: "Refunds stay pending",
  refuse: "Refunds are refused",
  fail: "Refunds fail after they are accepted",
};

const MERCHANT_ID = "RANGOLISANDBOX";

/** What PhonePe documents for an id: at most 63 letters, digits, _ or -. */
const merchantId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,63}$/, { error: "merchant ids are 1-63 letters, digits, _ or -" });

const payRequest = z.object({
  merchantOrderId: merchantId,
  amount: z.number().int().min(100, { error: "amount must be an integer of at least 100 paise" }),
  expireAfter: z.number().int().min(300).max(3600).default(1200),
  metaInfo: z.record(z.string().regex(/^udf([1-9]|1[0-5])$/), z.string().max(256)).optional(),
  paymentFlow: z.object({
    type: z.literal("PG_CHECKOUT"),
    merchantUrls: z.object({ redirectUrl: z.url() }),
  }),
});

const refundRequest = z.object({
  merchantRefundId: merchantId,
  originalMerchantOrderId: merchantId,
  amount: z.number().int().min(1),
});
const TOKEN_LIFETIME_SECONDS = 3600;

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

  type SandboxOrder = typeof phonePeSandboxOrders.$inferSelect;

  const orderPayload = (order: SandboxOrder) => ({
    merchantId: MERCHANT_ID,
    merchantOrderId: order.merchantOrderId,
    orderId: order.orderId,
    state: order.state,
    amount: order.state === "COMPLETED" ? (order.paidAmountPaise ?? order.amountPaise) : order.amountPaise,
    expireAt: order.expiresAt.getTime(),
    metaInfo: order.metaInfo ?? {},
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
      }),
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

  async function routes(app: FastifyInstance) {
    // PhonePe's stand-in is no part of the store's API: its calls stay out of /api/docs.
    app.addHook("onRoute", (route) => {
      route.schema = { ...route.schema, hide: true };
    });
    // Only the sandbox's own routes read form bodies (the token call and the hosted page's buttons).
    app.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 10_000 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const fail = (reply: FastifyReply, status: number, code: string, message: string) =>
      reply.code(status).send({ success: false, code, message });
    const authorized = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      if (tokenIsValid(request.headers.authorization)) return done();
      void fail(reply, 401, "UNAUTHORIZED", "Invalid or expired access token");
    };

    app.post("/v1/oauth/token", async (request, reply) => {
      const form = (request.body ?? {}) as Record<string, string>;
      if (
        form.client_id !== settings.clientId ||
        form.client_secret !== settings.clientSecret ||
        form.client_version !== settings.clientVersion ||
        form.grant_type !== "client_credentials"
      )
        return fail(reply, 401, "INVALID_CLIENT", "Client authentication failed");
      const issuedAt = Math.floor(Date.now() / 1000);
      const expiresAt = issuedAt + TOKEN_LIFETIME_SECONDS;
      return {
        access_token: `${expiresAt}.${sign(`${settings.clientId}.${expiresAt}`)}`,
        encrypted_access_token: "",
        expires_in: null,
        issued_at: issuedAt,
        expires_at: expiresAt,
        session_expires_at: expiresAt,
        token_type: "O-Bearer",
      };
    });

    app.post("/checkout/v2/pay", { onRequest: authorized }, async (request, reply) => {
      const parsed = payRequest.safeParse(request.body);
      if (!parsed.success)
        return fail(reply, 400, "BAD_REQUEST", parsed.error.issues[0]?.message ?? "Invalid request");
      const body = parsed.data;
      if (!isStoreCallback(body.paymentFlow.merchantUrls.redirectUrl))
        return fail(
          reply,
          400,
          "BAD_REQUEST",
          `redirectUrl must be the store's payment page, ${publicUrl}${PAYMENT_CALLBACK_PATH}`,
        );
      const merchantOrderId = body.merchantOrderId;
      const amount = body.amount;
      const expireAfter = body.expireAfter;
      const redirectUrl = body.paymentFlow.merchantUrls.redirectUrl;
      const token = randomBytes(18).toString("base64url");
      const [order] = await db
        .insert(phonePeSandboxOrders)
        .values({
          merchantOrderId,
          orderId: `OMO${randomBytes(10).toString("hex").toUpperCase()}`,
          amountPaise: amount,
          redirectUrl,
          token,
          metaInfo: body.metaInfo ?? null,
          expiresAt: new Date(Date.now() + expireAfter * 1000),
        })
        .onConflictDoNothing()
        .returning();
      if (!order) return fail(reply, 409, "DUPLICATE_ORDER", "merchantOrderId was used before");
      return {
        orderId: order.orderId,
        state: "PENDING",
        expireAt: order.expiresAt.getTime(),
        redirectUrl: `${publicUrl}${SANDBOX_PREFIX}/pay?token=${token}`,
      };
    });

    app.get(
      "/checkout/v2/order/:merchantOrderId/status",
      { onRequest: authorized },
      async (request, reply) => {
        const { merchantOrderId } = request.params as { merchantOrderId: string };
        const order = await findOrder(merchantOrderId);
        if (!order) return fail(reply, 404, "ORDER_NOT_FOUND", "No order with this merchantOrderId");
        return orderPayload(order);
      },
    );

    app.post("/payments/v2/refund", { onRequest: authorized }, async (request, reply) => {
      const parsed = refundRequest.safeParse(request.body);
      if (!parsed.success)
        return fail(reply, 400, "BAD_REQUEST", parsed.error.issues[0]?.message ?? "Invalid request");
      const body = parsed.data;
      const order = await findOrder(body.originalMerchantOrderId);
      if (!order || order.state !== "COMPLETED")
        return fail(reply, 400, "BAD_REQUEST", "The original order is not completed");
      if (order.refundOutcome === "refuse")
        return fail(reply, 400, "REFUND_DECLINED", "The sandbox was told to refuse this payment's refunds");
      const paid = order.paidAmountPaise ?? order.amountPaise;
      // A failed refund returned nothing: only the others count against what was paid.
      const [refunded] = await db
        .select({ total: sql<number>`coalesce(sum(${phonePeSandboxRefunds.amountPaise}), 0)::int` })
        .from(phonePeSandboxRefunds)
        .where(
          and(
            eq(phonePeSandboxRefunds.originalMerchantOrderId, order.merchantOrderId),
            ne(phonePeSandboxRefunds.state, "FAILED"),
          ),
        );
      if (body.amount > paid - (refunded?.total ?? 0))
        return fail(reply, 400, "BAD_REQUEST", "amount exceeds what can be refunded");
      const [refund] = await db
        .insert(phonePeSandboxRefunds)
        .values({
          merchantRefundId: body.merchantRefundId,
          refundId: `OMR${randomBytes(10).toString("hex").toUpperCase()}`,
          originalMerchantOrderId: order.merchantOrderId,
          amountPaise: body.amount,
        })
        .onConflictDoNothing()
        .returning();
      if (!refund) return fail(reply, 409, "DUPLICATE_REFUND", "merchantRefundId was used before");
      return { refundId: refund.refundId, amount: refund.amountPaise, state: refund.state };
    });

    app.get(
      "/payments/v2/refund/:merchantRefundId/status",
      { onRequest: authorized },
      async (request, reply) => {
        const { merchantRefundId } = request.params as { merchantRefundId: string };
        const [found] = await db
          .select({ refund: phonePeSandboxRefunds, outcome: phonePeSandboxOrders.refundOutcome })
          .from(phonePeSandboxRefunds)
          .innerJoin(
            phonePeSandboxOrders,
            eq(phonePeSandboxOrders.merchantOrderId, phonePeSandboxRefunds.originalMerchantOrderId),
          )
          .where(eq(phonePeSandboxRefunds.merchantRefundId, merchantRefundId));
        if (!found) return fail(reply, 404, "REFUND_NOT_FOUND", "No refund with this merchantRefundId");
        let refund: typeof found.refund | undefined = found.refund;
        // The sandbox's bank settles a refund by the time anyone asks about it, as the payment's outcome says.
        if (refund.state === "PENDING" && (found.outcome === "complete" || found.outcome === "fail"))
          [refund] = await db
            .update(phonePeSandboxRefunds)
            .set({ state: found.outcome === "complete" ? "COMPLETED" : "FAILED" })
            .where(eq(phonePeSandboxRefunds.merchantRefundId, merchantRefundId))
            .returning();
        return {
          merchantId: MERCHANT_ID,
          merchantRefundId: refund!.merchantRefundId,
          originalMerchantOrderId: refund!.originalMerchantOrderId,
          refundId: refund!.refundId,
          amount: refund!.amountPaise,
          state: refund!.state,
          ...(refund!.state === "FAILED"
            ? { errorCode: "REFUND_FAILED", detailedErrorCode: "SANDBOX_BANK_DECLINED" }
            : {}),
          timestamp: Date.now(),
        };
      },
    );

    // The hosted checkout page and its three buttons.
    app.get("/pay", async (request, reply) => {
      const { token } = request.query as { token?: string };
      const [order] = token
        ? await db.select().from(phonePeSandboxOrders).where(eq(phonePeSandboxOrders.token, token))
        : [];
      reply.header("cache-control", "no-store").type("text/html; charset=utf-8");
      if (!order) return reply.code(404).send(hostedPage("This payment link is not valid.", null));
      return hostedPage(
        order.state === "PENDING"
          ? `Pay ${formatPaise(order.amountPaise)} to ${STORE.name}`
          : `This payment is ${order.state.toLowerCase()}.`,
        order.state === "PENDING" ? token! : null,
      );
    });

    app.post("/pay", async (request, reply) => {
      const form = (request.body ?? {}) as Record<string, string>;
      const [order] = form.token
        ? await db.select().from(phonePeSandboxOrders).where(eq(phonePeSandboxOrders.token, form.token))
        : [];
      if (!order)
        return reply.code(404).type("text/html; charset=utf-8").send(hostedPage("Not found.", null));
      const decision = (["approve", "decline", "pending"] as const).find((d) => d === form.decision);
      const webhook = (["send", "drop", "duplicate"] as const).find((d) => d === form.webhook) ?? "send";
      const refunds = Object.keys(SANDBOX_REFUND_OUTCOMES).find((outcome) => outcome === form.refunds) as
        SandboxRefundOutcome | undefined;
      if (!decision) return reply.code(400).send({ success: false, code: "BAD_REQUEST" });
      await decide(order.merchantOrderId, decision, { webhook, ...(refunds ? { refunds } : {}) });
      // A record written before redirects were checked is not followed to any other page either. (Its origin was
      // checked by the process that took the payment: processes of one store on other addresses, as in the
      // multi-process tests, share these records.)
      if (URL.parse(order.redirectUrl)?.pathname !== PAYMENT_CALLBACK_PATH)
        return reply
          .type("text/html; charset=utf-8")
          .send(hostedPage("Done. You may close this page and return to the store.", null));
      return reply.redirect(order.redirectUrl, 303);
    });
  }

  return {
    routes,
    decide,
    setRefundOutcome,
    webhookFor,
    sendWebhook,
    /** Its credentials, the install's own (sandbox-credentials.ts): for the super admin, and tests. */
    settings,
  };
}

export type PhonePeSandbox = ReturnType<typeof createPhonePeSandbox>;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[char]!);

function hostedPage(heading: string, token: string | null) {
  const button = (decision: SandboxDecision, label: string, colour: string) =>
    `<button name="decision" value="${decision}" style="display:block;width:100%;margin:12px 0;padding:14px;border:0;border-radius:8px;font-size:16px;font-weight:bold;color:#fff;background:${colour}">${label}</button>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>PhonePe sandbox</title></head>
<body style="margin:0;font-family:Arial,sans-serif;background:#f3eefb;color:#1d1233">
<main style="max-width:420px;margin:40px auto;padding:24px;background:#fff;border-radius:12px">
<p style="margin:0;color:#5f259f;font-weight:bold">PhonePe sandbox: no real money moves</p>
<h1 style="font-size:22px">${escapeHtml(heading)}</h1>
${
  token
    ? `<form method="post" action="${SANDBOX_PREFIX}/pay">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<label for="refunds" style="display:block;margin:16px 0 4px;font-size:14px;font-weight:bold">If the store refunds this payment</label>
<select id="refunds" name="refunds" style="display:block;width:100%;padding:10px;border:1px solid #b9a8d6;border-radius:8px;font-size:15px;background:#fff">
${Object.entries(SANDBOX_REFUND_OUTCOMES)
  .map(([outcome, label]) => `<option value="${outcome}">${label}</option>`)
  .join("")}
</select>
${button("approve", "Approve payment", "#1b7a3a")}
${button("decline", "Decline payment", "#b3261e")}
${button("pending", "Leave it pending", "#5b5670")}
</form>`
    : ""
}
</main></body></html>`;
}
