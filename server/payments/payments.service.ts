import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client";
import type { OrdersService } from "../orders/orders.service";
import { createPaymentAnswers } from "./payment-answers";
import { createPaymentAttempts, type AttemptStarted } from "./payment-attempts";
import { createPaymentsReconciler } from "./payments-reconciler";
import type { PhonePeClient } from "./phonepe-client";
import { createPhonePeWebhook } from "./phonepe-webhook";
import type { Refunds } from "./refunds";

/**
 * Payments at PhonePe, as one service made of its rooms: attempts (payment-attempts.ts), applying PhonePe's
 * answers (payment-answers.ts), the reconciler (payments-reconciler.ts) and the webhook (phonepe-webhook.ts).
 * PhonePe as a way to pay for Place Order is phonepe-method.ts, over these attempts; refunds are refunds.ts.
 * Nothing here trusts a redirect or a webhook's body: every change is applied from PhonePe's Order Status,
 * read through the protocol's schemas (phonepe-protocol.ts), in one transaction that locks the order and its
 * payment.
 */
export function createPaymentsService({
  db,
  orders,
  refunds,
  phonePe,
  log,
  attemptStarted,
}: {
  db: Database;
  orders: OrdersService;
  /** Refunds of settled payments (refunds.ts): queued here, sent and followed by the reconciler. */
  refunds: Refunds;
  phonePe: PhonePeClient | null;
  log: FastifyBaseLogger;
  /** What else happens, in its transaction, when PhonePe has opened an attempt's page (the 'order placed' mail). */
  attemptStarted: AttemptStarted;
}) {
  const attempts = createPaymentAttempts({ db, orders, refunds, phonePe, log, attemptStarted });
  const answers = createPaymentAnswers({ db, orders, refunds, attempts, log, attemptStarted });
  const reconciler = createPaymentsReconciler({ db, orders, answers, refunds, log });
  const canTakePayments = phonePe !== null;
  return {
    /** Whether the store can take payments at all (production without PhonePe's credentials cannot). */
    canTakePayments,
    createAttempt: attempts.createAttempt,
    start: attempts.start,
    latestAttempt: attempts.latestAttempt,
    paidAttempt: attempts.paidAttempt,
    attemptsOf: attempts.attemptsOf,
    ...answers,
    reconciler,
    receiveWebhook: createPhonePeWebhook({ db, orders, attempts, refunds, reconciler, log }),
    /** Queues a refund of a settled payment; the reconciler asks PhonePe for it outside the transaction. */
    requestRefund: refunds.request,
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
