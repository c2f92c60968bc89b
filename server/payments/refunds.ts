import { eq, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database, Transaction } from "../db/client";
import { claimDue } from "../lib/job-runner";
import { enqueueMail } from "../mail/mail.service";
import type { OrdersService } from "../orders/orders.service";
import type { OrderRow } from "../orders/orders.tables";
import { PhonePeError, type PhonePeClient } from "./phonepe-client";
import type { PhonePeRefundState } from "./phonepe-protocol";
import { payments, refunds } from "./payments.tables";
import { refundNeedsAttentionMail } from "./refund-mails";

/** How long the store asks PhonePe about a refund before a person must look (PhonePe quotes 5-7 working days). */
export const REFUND_CHECK_DAYS = 10;

/** Seconds until the next question about a refund PhonePe has not finished: 1 minute, doubling, at most 6 hours. */
export const refundCheckDelaySeconds = (checks: number) =>
  Math.min(6 * 3600, 60 * 2 ** Math.min(20, Math.max(0, checks - 1)));

/**
 * PhonePe's 4xx answers that refuse the call, not the refund: a token to renew (the client has already retried
 * once), a refund sent before (asked about instead), a timeout, too many calls. Any other 4xx refuses the refund.
 */
const NOT_A_REFUSAL = new Set([401, 408, 409, 425, 429]);

const refusal = (error: unknown) =>
  error instanceof PhonePeError &&
  error.status >= 400 &&
  error.status < 500 &&
  !NOT_A_REFUSAL.has(error.status)
    ? [error.code, error.phonePeMessage].filter(Boolean).join(": ") || `HTTP ${error.status}`
    : null;

type RefundRow = typeof refunds.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/** What PhonePe said of a refund this time: a state, a refusal with its reason, or nothing to go on. */
type Answer =
  | { state: Exclude<PhonePeRefundState, "FAILED">; phonePeRefundId?: string }
  | { state: "FAILED"; reason: string }
  | { state: null; reason: string };

const LEASE_SECONDS = 30;

/** Until when the store asks PhonePe about a refund sent now. */
export const checkUntil = () => new Date(Date.now() + REFUND_CHECK_DAYS * 24 * 3600 * 1000);

/** A new refund of a settled payment, queued (CREATED) under the payment's next merchantRefundId. */
export async function insertRefund(
  tx: Transaction,
  payment: PaymentRow,
  amountPaise: number,
  reason: string,
) {
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(refunds)
    .where(eq(refunds.paymentId, payment.id));
  const [refund] = await tx
    .insert(refunds)
    .values({
      paymentId: payment.id,
      merchantRefundId: `${payment.merchantOrderId}-R${(count?.n ?? 0) + 1}`,
      amountPaise,
      reason,
      checkUntil: checkUntil(),
    })
    .returning();
  return refund!;
}

/**
 * Money sent back to shoppers through PhonePe. A refund is queued in the transaction of the change that causes
 * it, sent by the reconciler (no transaction is open during PhonePe's calls), then asked about with a back-off
 * until it completes. A refusal (any answer but success or pending), or no completion within REFUND_CHECK_DAYS,
 * fails it: the retries stop, the order is flagged for staff, the shop is mailed, and staff either ask PhonePe
 * again or record that they sent the money another way (refund-resolutions.ts). Each change is applied once, to the locked order and
 * refund, and recorded in the order's history.
 */
export function createRefunds({
  db,
  orders,
  phonePe,
  log,
  publicUrl,
  storeEmail,
}: {
  db: Database;
  orders: OrdersService;
  phonePe: PhonePeClient | null;
  log: FastifyBaseLogger;
  publicUrl: string;
  storeEmail: string;
}) {
  /** Queues a refund of a settled payment, in the caller's transaction with the order locked. */
  async function request(
    tx: Transaction,
    payment: PaymentRow,
    order: OrderRow,
    { amountPaise, reason, actor }: { amountPaise: number; reason: string; actor: string },
  ) {
    await insertRefund(tx, payment, amountPaise, reason);
    await orders.refundStarted(tx, order, { amountPaise, actor, note: reason });
  }

  /** Sends a queued refund to PhonePe, or asks how a sent one stands. */
  async function ask(refund: RefundRow, merchantOrderId: string): Promise<Answer> {
    if (!phonePe) return { state: null, reason: "the store has no PhonePe credentials" };
    try {
      if (refund.state === "CREATED") {
        try {
          const answer = await phonePe.refund({
            merchantRefundId: refund.merchantRefundId,
            originalMerchantOrderId: merchantOrderId,
            amountPaise: refund.amountPaise,
          });
          if (answer.state === "FAILED") return { state: "FAILED", reason: "PhonePe answered FAILED" };
          return { state: answer.state, phonePeRefundId: answer.refundId };
        } catch (error) {
          const refused = refusal(error);
          if (refused) return { state: "FAILED", reason: refused };
          // Sent before, by a process that stopped before recording the answer: ask how it stands.
          if (!(error instanceof PhonePeError && error.status === 409)) throw error;
        }
      }
      const status = await phonePe.refundStatus(refund.merchantRefundId);
      if (!status) return { state: null, reason: "PhonePe has no record of the refund" };
      if (status.state === "FAILED")
        return {
          state: "FAILED",
          reason:
            [status.errorCode, status.detailedErrorCode].filter(Boolean).join(": ") ||
            "PhonePe answered FAILED",
        };
      return { state: status.state };
    } catch (error) {
      log.warn({ err: error, merchantRefundId: refund.merchantRefundId }, "a PhonePe refund call failed");
      return { state: null, reason: error instanceof Error ? error.message : "PhonePe did not answer" };
    }
  }

  /** Fails a locked refund: flags its order for staff, records why, and mails the shop, once. */
  async function fail(
    tx: Transaction,
    order: OrderRow,
    refund: RefundRow,
    failure: "refused" | "no-answer",
    reason: string,
  ) {
    await tx
      .update(refunds)
      .set({ state: "FAILED", failure, failureReason: reason, settledAt: new Date() })
      .where(eq(refunds.id, refund.id));
    await orders.recordEvent(tx, order.id, {
      actor: failure === "refused" ? "phonepe" : "reconciler",
      subject: "refund",
      from: refund.state.toLowerCase(),
      to: "failed",
      note: failure === "refused" ? `PhonePe refused it: ${reason}` : reason,
      details: { merchantRefundId: refund.merchantRefundId, failure },
    });
    await orders.setRefundAttention(tx, order, true);
    await enqueueMail(tx, {
      ...refundNeedsAttentionMail(order, refund, {
        failure,
        reason,
        orderUrl: `${publicUrl}/orders/${order.publicId}`,
        storeEmail,
      }),
      orderId: order.id,
    });
  }

  /** Asks PhonePe about one refund and applies the answer to it and its order, in one transaction. */
  async function process(refundId: number) {
    const [refund] = await db.select().from(refunds).where(eq(refunds.id, refundId));
    if (!refund || refund.state === "COMPLETED" || refund.state === "FAILED") return;
    const [payment] = await db.select().from(payments).where(eq(payments.id, refund.paymentId));
    const answer = await ask(refund, payment!.merchantOrderId);
    await db.transaction(async (tx) => {
      const order = await orders.lock(tx, payment!.orderId);
      const [current] = await tx.select().from(refunds).where(eq(refunds.id, refund.id)).for("update");
      if (!current || current.state === "COMPLETED" || current.state === "FAILED") return;
      if (answer.state === "FAILED") return fail(tx, order, current, "refused", answer.reason);
      if (answer.state === "COMPLETED") {
        await tx
          .update(refunds)
          .set({
            state: "COMPLETED",
            settledAt: new Date(),
            ...(answer.phonePeRefundId ? { phonePeRefundId: answer.phonePeRefundId } : {}),
          })
          .where(eq(refunds.id, refund.id));
        return orders.refundSettled(tx, order, { actor: "phonepe", state: "COMPLETED" });
      }
      if (Date.now() >= current.checkUntil.getTime())
        return fail(
          tx,
          order,
          current,
          "no-answer",
          `after ${REFUND_CHECK_DAYS} days, ${answer.state ? `PhonePe still had it ${answer.state}` : answer.reason}`,
        );
      const state = answer.state ?? current.state;
      await tx
        .update(refunds)
        .set({
          state,
          ...(answer.state && answer.phonePeRefundId ? { phonePeRefundId: answer.phonePeRefundId } : {}),
          nextCheckAt: new Date(Date.now() + refundCheckDelaySeconds(current.checks) * 1000),
        })
        .where(eq(refunds.id, refund.id));
      if (state !== current.state) await orders.refundSettled(tx, order, { actor: "phonepe", state });
    });
  }

  /** One pass: the refunds due to be sent or asked about. */
  async function processDue(): Promise<number> {
    const ids = await claimDue(
      db,
      { table: refunds, id: refunds.id, dueAt: refunds.nextCheckAt, attempts: refunds.checks },
      {
        where: inArray(refunds.state, ["CREATED", "PENDING", "CONFIRMED"]),
        limit: 20,
        leaseSeconds: LEASE_SECONDS,
      },
    );
    for (const id of ids) await process(id);
    return ids.length;
  }

  /** A webhook named the refund: ask PhonePe about it at the next pass. */
  async function checkSoon(merchantRefundId: string) {
    await db
      .update(refunds)
      .set({ nextCheckAt: new Date() })
      .where(eq(refunds.merchantRefundId, merchantRefundId));
  }

  /** The refunds of payments, oldest first. */
  async function ofPayments(paymentIds: number[]): Promise<RefundRow[]> {
    if (paymentIds.length === 0) return [];
    return db.select().from(refunds).where(inArray(refunds.paymentId, paymentIds)).orderBy(refunds.id);
  }

  return { request, processDue, checkSoon, ofPayments };
}

export type Refunds = ReturnType<typeof createRefunds>;
