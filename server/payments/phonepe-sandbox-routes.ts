import { randomBytes } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { PAYMENT_CALLBACK_PATH } from "../../contract/orders";
import { SANDBOX_PREFIX } from "../config";
import type { Database } from "../db/client";
import type { PhonePeSettings } from "./phonepe-client";
import {
  PHONEPE_PATHS,
  payRequest,
  refundRequest,
  tokenRequest,
  type orderStatusAnswer,
  type payAnswer,
  type refundAnswer,
  type refundStatusAnswer,
  type tokenAnswer,
} from "./phonepe-protocol";
import type { SandboxDecision, SandboxOrder, SandboxRefundOutcome, WebhookDelivery } from "./phonepe-sandbox";
import { sandboxPaymentPage } from "./phonepe-sandbox-page";
import { phonePeSandboxOrders, phonePeSandboxRefunds } from "./payments.tables";

const TOKEN_LIFETIME_SECONDS = 3600;

/** What the sandbox's HTTP side uses of the sandbox (phonepe-sandbox.ts). */
type SandboxInternals = {
  db: Database;
  merchantId: string;
  settings: PhonePeSettings;
  publicUrl: string;
  isStoreCallback: (address: string) => boolean;
  sign: (text: string) => string;
  tokenIsValid: (header: string | undefined) => boolean;
  findOrder: (merchantOrderId: string) => Promise<SandboxOrder | undefined>;
  orderPayload: (order: SandboxOrder) => z.input<typeof orderStatusAnswer>;
  decide: (
    merchantOrderId: string,
    decision: SandboxDecision,
    options?: { webhook?: WebhookDelivery; refunds?: SandboxRefundOutcome },
  ) => Promise<void>;
};

/**
 * The sandbox's side of PhonePe's HTTP protocol (phonepe-protocol.ts: its requests read by the same schemas,
 * its answers typed by them) and its hosted checkout page (phonepe-sandbox-page.ts).
 */
export async function phonePeSandboxRoutes(
  app: FastifyInstance,
  {
    db,
    merchantId,
    settings,
    publicUrl,
    isStoreCallback,
    sign,
    tokenIsValid,
    findOrder,
    orderPayload,
    decide,
  }: SandboxInternals,
) {
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

  app.post(PHONEPE_PATHS.token, async (request, reply) => {
    const form = tokenRequest.safeParse(request.body);
    if (
      !form.success ||
      form.data.client_id !== settings.clientId ||
      form.data.client_secret !== settings.clientSecret ||
      form.data.client_version !== settings.clientVersion
    )
      return fail(reply, 401, "INVALID_CLIENT", "Client authentication failed");
    const issuedAt = Math.floor(Date.now() / 1000);
    const expiresAt = issuedAt + TOKEN_LIFETIME_SECONDS;
    const answer: z.input<typeof tokenAnswer> = {
      access_token: `${expiresAt}.${sign(`${settings.clientId}.${expiresAt}`)}`,
      encrypted_access_token: "",
      expires_in: null,
      issued_at: issuedAt,
      expires_at: expiresAt,
      session_expires_at: expiresAt,
      token_type: "O-Bearer",
    };
    return answer;
  });

  app.post(PHONEPE_PATHS.pay, { onRequest: authorized }, async (request, reply) => {
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
    const answer: z.input<typeof payAnswer> = {
      orderId: order.orderId,
      state: "PENDING",
      expireAt: order.expiresAt.getTime(),
      redirectUrl: `${publicUrl}${SANDBOX_PREFIX}/pay?token=${token}`,
    };
    return answer;
  });

  app.get<{ Params: { merchantOrderId: string } }>(
    PHONEPE_PATHS.orderStatus,
    { onRequest: authorized },
    async (request, reply) => {
      const order = await findOrder(request.params.merchantOrderId);
      if (!order) return fail(reply, 404, "ORDER_NOT_FOUND", "No order with this merchantOrderId");
      return orderPayload(order);
    },
  );

  app.post(PHONEPE_PATHS.refund, { onRequest: authorized }, async (request, reply) => {
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
    const answer: z.input<typeof refundAnswer> = {
      refundId: refund.refundId,
      amount: refund.amountPaise,
      state: refund.state,
    };
    return answer;
  });

  app.get<{ Params: { merchantRefundId: string } }>(
    PHONEPE_PATHS.refundStatus,
    { onRequest: authorized },
    async (request, reply) => {
      const { merchantRefundId } = request.params;
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
      const answer: z.input<typeof refundStatusAnswer> = {
        merchantId,
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
      return answer;
    },
  );

  sandboxPaymentPage(app, { db, decide });
}
