import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database, Executor, Transaction } from "../db/client";
import { retryDelaySeconds } from "../lib/job-runner";
import type { OrdersService } from "../orders/orders.service";
import { RESERVATION_GRACE_SECONDS } from "../orders/order-holds";
import {
  secondsUntilNextCheck,
  UNKNOWN_AFTER_SECONDS,
  type AttemptStarted,
  type PaymentAttempts,
} from "./payment-attempts";
import type { PhonePeOrderStatus } from "./phonepe-protocol";
import { payments } from "./payments.tables";
import type { Refunds } from "./refunds";

/** A payment PhonePe still calls PENDING this long after it began is given up (and looked at by a person). */
const GIVE_UP_AFTER_SECONDS = 24 * 3600;
/** The shopper's status checks ask PhonePe at most this often for one payment. */
const SHOPPER_CHECK_INTERVAL_MS = 3000;

/**
 * Whether a failed attempt leaves its order as it is, because the shopper has paid again since (Pay now): an
 * older attempt expiring at PhonePe must not cancel the order while a newer one is open or has paid it.
 */
async function supersededByNewerAttempt(tx: Transaction, payment: { id: number; orderId: number }) {
  const [newer] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, payment.orderId),
        sql`${payments.id} > ${payment.id}`,
        inArray(payments.state, ["CREATED", "PENDING", "COMPLETED"]),
      ),
    )
    .limit(1);
  return newer !== undefined;
}

/**
 * PhonePe's answers applied to the store. Nothing here trusts a redirect or a webhook's body: a payment changes
 * only on PhonePe's Order Status (read through its schema, phonepe-protocol.ts; an answer not as documented is
 * PhonePe not answering), in one transaction that locks the order and then the payment, so the same answer
 * applied twice changes nothing.
 */
export function createPaymentAnswers({
  db,
  orders,
  refunds,
  attempts,
  log,
  attemptStarted,
}: {
  db: Database;
  orders: OrdersService;
  refunds: Refunds;
  attempts: PaymentAttempts;
  log: FastifyBaseLogger;
  attemptStarted: AttemptStarted;
}) {
  const { lockOrderAndPayment, settle } = attempts;

  /**
   * Applies PhonePe's Order Status answer (null: PhonePe has no such order) to a payment and its order, in one
   * transaction with both rows locked (the order first). A payment already settled is left alone, so repeats change nothing.
   */
  async function apply(paymentId: number, status: PhonePeOrderStatus | null, actor: string) {
    await db.transaction(async (tx) => {
      const { order, payment } = await lockOrderAndPayment(tx, paymentId);
      if (payment.state !== "CREATED" && payment.state !== "PENDING") return;
      const age = (Date.now() - payment.createdAt.getTime()) / 1000;
      const pastExpiry = Date.now() > payment.expiresAt.getTime() + RESERVATION_GRACE_SECONDS * 1000;
      const checked = { lastCheckedAt: new Date() };

      if (status === null || status.state === "PENDING") {
        if (status === null && age >= UNKNOWN_AFTER_SECONDS) {
          await settle(tx, payment, "FAILED", actor);
          if (await supersededByNewerAttempt(tx, payment)) return;
          await orders.releaseUnpaid(tx, order, {
            paymentStatus: "Failed",
            actor,
            note: "PhonePe has no record of the payment",
            mailShopper: false,
          });
          return;
        }
        if (age >= GIVE_UP_AFTER_SECONDS) {
          await settle(tx, payment, "EXPIRED", actor);
          return;
        }
        const becamePending = status !== null && payment.state === "CREATED";
        await tx
          .update(payments)
          .set({
            ...checked,
            ...(becamePending ? { state: "PENDING" as const, phonePeOrderId: status.orderId } : {}),
            nextCheckAt: new Date(Date.now() + secondsUntilNextCheck(age, pastExpiry) * 1000),
          })
          .where(eq(payments.id, payment.id));
        if (becamePending) {
          await orders.recordEvent(tx, order.id, {
            actor,
            subject: "payment",
            from: "CREATED",
            to: "PENDING",
          });
          await attemptStarted(tx, order, payment.id);
        }
        return;
      }

      if (status.state === "FAILED") {
        await settle(tx, payment, "FAILED", actor, checked);
        if (await supersededByNewerAttempt(tx, payment)) return;
        await orders.releaseUnpaid(tx, order, {
          paymentStatus: "Failed",
          actor,
          note: "PhonePe declined the payment",
          mailShopper: true,
        });
        return;
      }

      // COMPLETED: money was taken. It pays the order only if it is exactly the order's amount.
      const detail = status.paymentDetails.at(-1);
      await settle(tx, payment, "COMPLETED", actor, {
        ...checked,
        paidAmountPaise: status.amount,
        paymentMode: detail?.paymentMode ?? null,
        transactionId: detail?.transactionId ?? null,
      });
      const refund = (reason: string, locked = order) =>
        refunds.request(tx, payment, locked, { amountPaise: status.amount, reason, actor });
      if (status.amount !== payment.amountPaise) {
        log.error(
          { merchantOrderId: payment.merchantOrderId, expected: payment.amountPaise, paid: status.amount },
          "PhonePe reports a paid amount that is not the order's: refunding it",
        );
        await orders.releaseUnpaid(tx, order, {
          paymentStatus: "Failed",
          actor,
          note: "the paid amount was not the order's amount",
          mailShopper: false,
        });
        return refund("the paid amount was not the order's amount", await orders.lock(tx, order.id));
      }
      if (order.paidAt) return refund("the order was already paid by another attempt");
      if (!(await orders.markPaid(tx, order, actor, payment.amountPaise)))
        await refund(
          order.cancelledBy?.startsWith("staff:")
            ? "the payment came after the store had cancelled the order"
            : order.cancelledBy === "shopper"
              ? "the payment came after the order was cancelled, and its pieces had sold out"
              : "the payment came after the order had expired, and its pieces had sold out",
        );
    });
  }

  /** Asks PhonePe about one unsettled payment and applies the answer; PhonePe failing changes nothing. */
  async function check(paymentId: number, actor: string) {
    const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
    if (!payment || (payment.state !== "CREATED" && payment.state !== "PENDING")) return;
    let status: PhonePeOrderStatus | null;
    try {
      status = await attempts.requirePhonePe().orderStatus(payment.merchantOrderId);
    } catch (error) {
      log.warn({ err: error, merchantOrderId: payment.merchantOrderId }, "PhonePe's Order Status failed");
      await db
        .update(payments)
        .set({ nextCheckAt: new Date(Date.now() + retryDelaySeconds(payment.checks) * 1000) })
        .where(eq(payments.id, payment.id));
      return;
    }
    await apply(payment.id, status, actor);
  }

  /**
   * Asks PhonePe about each of an order's unsettled attempts, so that a payment the shopper made meanwhile counts
   * before she pays again or cancels.
   */
  async function checkOpenAttempts(executor: Executor, orderId: number) {
    const open = await executor
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.orderId, orderId), inArray(payments.state, ["CREATED", "PENDING"])));
    for (const { id } of open) await check(id, "phonepe");
  }

  /**
   * The shopper's "how is my payment" (the callback page and the refresh icon): an unsettled attempt is
   * checked with PhonePe first, at most every few seconds, so the answer never rests on a redirect.
   */
  async function refreshForShopper(orderId: number) {
    const payment = await attempts.latestAttempt(orderId);
    if (!payment || (payment.state !== "CREATED" && payment.state !== "PENDING")) return;
    if (payment.lastCheckedAt && Date.now() - payment.lastCheckedAt.getTime() < SHOPPER_CHECK_INTERVAL_MS)
      return;
    await check(payment.id, "phonepe");
  }

  return { apply, check, checkOpenAttempts, refreshForShopper };
}

export type PaymentAnswers = ReturnType<typeof createPaymentAnswers>;
