import { and, eq, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client";
import { HttpError } from "../lib/errors";
import type { OrdersService } from "../orders/orders.service";
import type { PaymentAttempts } from "./payment-attempts";
import type { PaymentsReconciler } from "./payments-reconciler";
import { webhookBody } from "./phonepe-protocol";
import { payments } from "./payments.tables";
import type { Refunds } from "./refunds";

/**
 * PhonePe's webhook: verified by its Authorization header, its body read through the protocol's schema, then
 * taken only as a hint that the payment (or refund) it names should be checked with PhonePe now. Repeats and
 * reordered events are harmless; a body not as documented names nothing.
 */
export function createPhonePeWebhook({
  db,
  orders,
  attempts,
  refunds,
  reconciler,
  log,
}: {
  db: Database;
  orders: OrdersService;
  attempts: PaymentAttempts;
  refunds: Refunds;
  reconciler: PaymentsReconciler;
  log: FastifyBaseLogger;
}) {
  return async function receiveWebhook(authorization: string | undefined, body: unknown): Promise<void> {
    if (!attempts.requirePhonePe().isWebhookAuthorized(authorization))
      throw new HttpError(401, "The webhook's authorization is not valid.");
    // The reconciler's own schedule still asks PhonePe about a payment a malformed body fails to name.
    const parsed = webhookBody.safeParse(body ?? {});
    if (!parsed.success)
      log.warn({ issues: parsed.error.issues.length }, "a PhonePe webhook's body is not as documented");
    const { event, type, payload } = parsed.data ?? {};
    if (payload?.merchantRefundId) {
      await refunds.checkSoon(payload.merchantRefundId);
    } else if (payload?.merchantOrderId) {
      const [payment] = await db
        .update(payments)
        .set({ nextCheckAt: new Date() })
        .where(
          and(
            eq(payments.merchantOrderId, payload.merchantOrderId),
            inArray(payments.state, ["CREATED", "PENDING"]),
          ),
        )
        .returning({ orderId: payments.orderId });
      if (payment)
        await orders.recordEvent(db, payment.orderId, {
          actor: "phonepe",
          subject: "payment",
          to: "webhook received",
          note: "to be confirmed with PhonePe's Order Status",
          details: { event: event ?? type ?? "", state: payload.state },
        });
    }
    reconciler.nudge();
  };
}
