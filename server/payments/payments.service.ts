import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { ORDER_MESSAGES } from "../../contract/orders";
import type { Database, Transaction } from "../db/client";
import { HttpError, ProviderFailed, Unavailable } from "../lib/errors";
import { claimDue, createJobRunner, retryDelaySeconds } from "../lib/job-runner";
import type { OrdersService } from "../orders/orders.service";
import type { OrderRow } from "../orders/orders.tables";
import { attemptExpiry, RESERVATION_GRACE_SECONDS } from "../orders/order-holds";
import { supersededByNewerAttempt } from "./pay-again";
import type { PhonePeClient } from "./phonepe-client";
import { webhookBody, type PhonePeOrderStatus } from "./phonepe-protocol";
import { payments } from "./payments.tables";
import type { Refunds } from "./refunds";

/** A payment PhonePe still calls PENDING this long after it began is given up (and looked at by a person). */
const GIVE_UP_AFTER_SECONDS = 24 * 3600;
/** A payment PhonePe never heard of (the store stopped before `pay` answered) is failed after this. */
const UNKNOWN_AFTER_SECONDS = 120;
/** The shopper's status checks ask PhonePe at most this often for one payment. */
const SHOPPER_CHECK_INTERVAL_MS = 3000;
const LEASE_SECONDS = 30;

type PaymentRow = typeof payments.$inferSelect;

/**
 * When to ask PhonePe's Order Status next about a PENDING payment, by its age: PhonePe's reconciliation
 * schedule (first 20-25 s after the start, then every 3 s for 30 s, 6 s for 60 s, 10 s for 60 s, 30 s for
 * 60 s, then every minute until it expires), and every 15 minutes after it expired.
 */
export function secondsUntilNextCheck(ageSeconds: number, pastExpiry: boolean): number {
  if (pastExpiry) return 900;
  if (ageSeconds < 20) return 20 - ageSeconds;
  if (ageSeconds < 50) return 3;
  if (ageSeconds < 110) return 6;
  if (ageSeconds < 170) return 10;
  if (ageSeconds < 230) return 30;
  return 60;
}

/**
 * Payment attempts and refunds at PhonePe. Nothing here trusts a redirect or a webhook's body: a webhook only
 * makes the reconciler ask PhonePe's Order Status now, and every change is applied from that answer in one
 * transaction that locks the payment and its order, so the same answer applied twice changes nothing.
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
  attemptStarted: (tx: Transaction, order: OrderRow, paymentId: number) => Promise<void>;
}) {
  const ageSeconds = (payment: PaymentRow) => (Date.now() - payment.createdAt.getTime()) / 1000;

  function requirePhonePe(): PhonePeClient {
    if (!phonePe) throw new Unavailable(ORDER_MESSAGES.paymentUnavailable);
    return phonePe;
  }

  /** A new payment attempt of an order, written (in the order's transaction) before PhonePe is called. */
  async function createAttempt(tx: Transaction, order: OrderRow): Promise<PaymentRow> {
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(payments)
      .where(eq(payments.orderId, order.id));
    const [payment] = await tx
      .insert(payments)
      .values({
        orderId: order.id,
        merchantOrderId: `${order.publicId}-${(count?.n ?? 0) + 1}`,
        amountPaise: order.totalPaise,
        expiresAt: attemptExpiry(order),
        // If this process stops before PhonePe answers, the reconciler finds out what PhonePe knows.
        nextCheckAt: new Date(Date.now() + UNKNOWN_AFTER_SECONDS * 1000),
      })
      .returning();
    await orders.recordEvent(tx, order.id, {
      actor: "shopper",
      subject: "payment",
      to: "CREATED",
      note: `attempt ${payment!.merchantOrderId}`,
    });
    return payment!;
  }

  /**
   * Asks PhonePe to open its checkout page for an attempt (no transaction is open during the call). If PhonePe
   * cannot start an order's first attempt, the order is cancelled and its stock released at once (the shopper
   * never saw a page to pay on), and the shopper may place it again; a later attempt (Pay now) fails alone.
   */
  async function start(
    payment: PaymentRow,
    order: OrderRow,
    redirectUrl: string,
    { releaseOnFailure = true }: { releaseOnFailure?: boolean } = {},
  ): Promise<string> {
    try {
      const answer = await requirePhonePe().pay({
        merchantOrderId: payment.merchantOrderId,
        amountPaise: payment.amountPaise,
        redirectUrl,
        // What is left of the order's window, within PhonePe's bounds (order-holds.ts).
        expireAfterSeconds: Math.min(
          3600,
          Math.max(300, Math.round((payment.expiresAt.getTime() - Date.now()) / 1000)),
        ),
        udf1: order.publicId,
      });
      await db.transaction(async (tx) => {
        const [started] = await tx
          .update(payments)
          .set({
            state: "PENDING",
            phonePeOrderId: answer.orderId,
            checkoutUrl: answer.redirectUrl,
            ...(answer.expireAt === undefined ? {} : { expiresAt: new Date(answer.expireAt) }),
            nextCheckAt: new Date(Date.now() + secondsUntilNextCheck(0, false) * 1000),
          })
          .where(and(eq(payments.id, payment.id), eq(payments.state, "CREATED")))
          .returning({ id: payments.id });
        if (started) {
          await orders.recordEvent(tx, order.id, {
            actor: "phonepe",
            subject: "payment",
            from: "CREATED",
            to: "PENDING",
            details: { phonePeOrderId: answer.orderId },
          });
          await attemptStarted(tx, order, payment.id);
        }
      });
      return answer.redirectUrl;
    } catch (error) {
      log.warn({ err: error, merchantOrderId: payment.merchantOrderId }, "PhonePe did not start a payment");
      await db.transaction(async (tx) => {
        const { order: current, payment: locked } = await lockOrderAndPayment(tx, payment.id);
        if (locked.state !== "CREATED") return;
        await settle(tx, locked, "FAILED", "phonepe");
        if (!releaseOnFailure) return;
        await orders.releaseUnpaid(tx, current, {
          paymentStatus: "Failed",
          actor: "system",
          note: "PhonePe did not start the payment",
          mailShopper: false,
        });
        await orders.forgetIdempotencyKey(tx, order.id);
      });
      throw new ProviderFailed(ORDER_MESSAGES.paymentUnavailable);
    }
  }

  /**
   * Locks a payment's order, then the payment, for the rest of the caller's transaction. Every writer takes an
   * order's rows in this order (order first), so two of them never wait for each other in a circle.
   */
  async function lockOrderAndPayment(tx: Transaction, paymentId: number) {
    const [owner] = await tx
      .select({ orderId: payments.orderId })
      .from(payments)
      .where(eq(payments.id, paymentId));
    if (!owner) throw new Error(`payment ${paymentId} does not exist`);
    const order = await orders.lock(tx, owner.orderId);
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
    return { order, payment: payment! };
  }

  async function settle(
    tx: Transaction,
    payment: PaymentRow,
    state: "COMPLETED" | "FAILED" | "EXPIRED",
    actor: string,
    details: Partial<PaymentRow> = {},
  ) {
    await tx
      .update(payments)
      .set({ ...details, state, settledAt: new Date() })
      .where(eq(payments.id, payment.id));
    await orders.recordEvent(tx, payment.orderId, {
      actor,
      subject: "payment",
      from: payment.state,
      to: state,
      note: `attempt ${payment.merchantOrderId}`,
      ...(details.paidAmountPaise === undefined
        ? {}
        : { details: { paidAmountPaise: details.paidAmountPaise } }),
    });
  }

  /** Queues a refund of a settled payment; the reconciler asks PhonePe for it outside the transaction. */
  const requestRefund = refunds.request;

  /**
   * Applies PhonePe's Order Status answer (null: PhonePe has no such order) to a payment and its order, in one
   * transaction with both rows locked (the order first). A payment already settled is left alone, so repeats change nothing.
   */
  async function apply(paymentId: number, status: PhonePeOrderStatus | null, actor: string) {
    await db.transaction(async (tx) => {
      const { order, payment } = await lockOrderAndPayment(tx, paymentId);
      if (payment.state !== "CREATED" && payment.state !== "PENDING") return;
      const age = ageSeconds(payment);
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
        await requestRefund(tx, payment, await orders.lock(tx, order.id), {
          amountPaise: status.amount,
          reason: "the paid amount was not the order's amount",
          actor,
        });
        return;
      }
      if (order.paidAt) {
        await requestRefund(tx, payment, order, {
          amountPaise: status.amount,
          reason: "the order was already paid by another attempt",
          actor,
        });
        return;
      }
      if (!(await orders.markPaid(tx, order, actor)))
        await requestRefund(tx, payment, order, {
          amountPaise: status.amount,
          reason: order.cancelledBy?.startsWith("staff:")
            ? "the payment came after the store had cancelled the order"
            : order.cancelledBy === "shopper"
              ? "the payment came after the order was cancelled, and its pieces had sold out"
              : "the payment came after the order had expired, and its pieces had sold out",
          actor,
        });
    });
  }

  /** Asks PhonePe about one unsettled payment and applies the answer. */
  async function check(paymentId: number, actor: string) {
    const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
    if (!payment || (payment.state !== "CREATED" && payment.state !== "PENDING")) return;
    let status: PhonePeOrderStatus | null;
    try {
      status = await requirePhonePe().orderStatus(payment.merchantOrderId);
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

  /** One pass of the reconciler: due payments, due refunds, and orders whose reservation ran out. */
  async function reconcile(): Promise<number> {
    const paymentIds = await claimDue(
      db,
      { table: payments, id: payments.id, dueAt: payments.nextCheckAt, attempts: payments.checks },
      { where: inArray(payments.state, ["CREATED", "PENDING"]), limit: 20, leaseSeconds: LEASE_SECONDS },
    );
    for (const id of paymentIds) await check(id, "reconciler");
    const refunded = await refunds.processDue();
    const overdue = await orders.overdueUnpaid(20);
    for (const orderId of overdue)
      await db.transaction(async (tx) =>
        orders.releaseUnpaid(tx, await orders.lock(tx, orderId), {
          paymentStatus: "Failed",
          actor: "reconciler",
          note: "the payment window ended before PhonePe confirmed a payment",
          // Its one reminder went while the pieces were held (payment-reminders.ts): nothing more to mail.
          mailShopper: false,
        }),
      );
    return paymentIds.length + refunded + overdue.length;
  }

  const reconciler = createJobRunner({ name: "payments", intervalMs: 2000, pass: reconcile, log });

  /**
   * A PhonePe webhook: verified by its Authorization header, then taken only as a hint that the payment (or
   * refund) it names should be checked with PhonePe now. Repeats and reordered events are harmless.
   */
  async function receiveWebhook(authorization: string | undefined, body: unknown): Promise<void> {
    if (!requirePhonePe().isWebhookAuthorized(authorization))
      throw new HttpError(401, "The webhook's authorization is not valid.");
    // A body not as PhonePe documents it names nothing: the reconciler's own schedule still asks PhonePe.
    const parsed = webhookBody.safeParse(body ?? {});
    if (!parsed.success)
      log.warn({ issues: parsed.error.issues.length }, "a PhonePe webhook's body is not as documented");
    const { event, type, payload } = parsed.data ?? {};
    const name = event ?? type ?? "";
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
          details: { event: name, state: payload.state },
        });
    }
    reconciler.nudge();
  }

  /** The newest attempt of an order. */
  async function latestAttempt(orderId: number): Promise<PaymentRow | undefined> {
    const [payment] = await db
      .select()
      .from(payments)
      .where(eq(payments.orderId, orderId))
      .orderBy(desc(payments.id))
      .limit(1);
    return payment;
  }

  /**
   * The shopper's "how is my payment" (the callback page and the refresh icon): an unsettled attempt is
   * checked with PhonePe first, at most every few seconds, so the answer never rests on a redirect.
   */
  async function refreshForShopper(orderId: number) {
    const payment = await latestAttempt(orderId);
    if (!payment || (payment.state !== "CREATED" && payment.state !== "PENDING")) return;
    if (payment.lastCheckedAt && Date.now() - payment.lastCheckedAt.getTime() < SHOPPER_CHECK_INTERVAL_MS)
      return;
    await check(payment.id, "phonepe");
  }

  /** The attempt that paid an order (COMPLETED, of the order's amount), in the caller's transaction. */
  async function paidAttempt(tx: Transaction, order: OrderRow): Promise<PaymentRow | undefined> {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.orderId, order.id),
          eq(payments.state, "COMPLETED"),
          eq(payments.paidAmountPaise, order.totalPaise),
        ),
      )
      .orderBy(payments.settledAt, payments.id)
      .limit(1);
    return payment;
  }

  /** An order's attempts and their refunds, oldest first, for staff. */
  async function attemptsOf(orderId: number) {
    const attempts = await db
      .select()
      .from(payments)
      .where(eq(payments.orderId, orderId))
      .orderBy(payments.id);
    const refundRows = await refunds.ofPayments(attempts.map((attempt) => attempt.id));
    return { attempts, refunds: refundRows };
  }

  return {
    /** Whether the store can take payments at all (production without PhonePe's credentials cannot). */
    canTakePayments: phonePe !== null,
    paidAttempt,
    attemptsOf,
    createAttempt,
    start,
    apply,
    check,
    reconciler,
    receiveWebhook,
    latestAttempt,
    refreshForShopper,
    requestRefund,
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
