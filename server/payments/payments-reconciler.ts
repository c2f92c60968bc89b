import { inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client";
import { claimDue, createJobRunner } from "../lib/job-runner";
import type { OrdersService } from "../orders/orders.service";
import type { PaymentAnswers } from "./payment-answers";
import { payments } from "./payments.tables";
import type { Refunds } from "./refunds";

const LEASE_SECONDS = 30;

/**
 * The payments' poll job on the shared job runner, for what PhonePe's webhooks may lose: each pass asks
 * PhonePe about the attempts due on its schedule (payment-answers.ts), sends and asks about the refunds due
 * (refunds.ts), and has the orders whose window ended with no payment expire (orders' lifecycle). Any number
 * of processes run it side by side: rows are claimed with FOR UPDATE SKIP LOCKED.
 */
export function createPaymentsReconciler({
  db,
  orders,
  answers,
  refunds,
  log,
}: {
  db: Database;
  orders: OrdersService;
  answers: PaymentAnswers;
  refunds: Refunds;
  log: FastifyBaseLogger;
}) {
  async function reconcile(): Promise<number> {
    const paymentIds = await claimDue(
      db,
      { table: payments, id: payments.id, dueAt: payments.nextCheckAt, attempts: payments.checks },
      { where: inArray(payments.state, ["CREATED", "PENDING"]), limit: 20, leaseSeconds: LEASE_SECONDS },
    );
    for (const id of paymentIds) await answers.check(id, "reconciler");
    const refunded = await refunds.processDue();
    const expired = await orders.expireOverdue(20);
    return paymentIds.length + refunded + expired;
  }

  return createJobRunner({ name: "payments", intervalMs: 2000, pass: reconcile, log });
}

export type PaymentsReconciler = ReturnType<typeof createPaymentsReconciler>;
