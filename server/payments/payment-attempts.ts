import { and, desc, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { ORDER_MESSAGES } from "../../contract/orders";
import type { Database, Transaction } from "../db/client";
import { ProviderFailed, Unavailable } from "../lib/errors";
import type { OrdersService } from "../orders/orders.service";
import type { OrderRow } from "../orders/orders.tables";
import { attemptExpiry } from "../orders/order-holds";
import type { PhonePeClient } from "./phonepe-client";
import { payments } from "./payments.tables";
import type { Refunds } from "./refunds";

/** A payment PhonePe never heard of (the store stopped before `pay` answered) is failed after this. */
export const UNKNOWN_AFTER_SECONDS = 120;

export type PaymentRow = typeof payments.$inferSelect;

/** What else happens, in its transaction, when PhonePe has opened an attempt's page (the 'order placed' mail). */
export type AttemptStarted = (tx: Transaction, order: OrderRow, paymentId: number) => Promise<void>;

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
 * An order's payment attempts at PhonePe: each written (in the order's transaction) before PhonePe is called,
 * then opened at PhonePe with no transaction held; settled once, from PhonePe's answers (payment-answers.ts).
 */
export function createPaymentAttempts({
  db,
  orders,
  refunds,
  phonePe,
  log,
  attemptStarted,
}: {
  db: Database;
  orders: OrdersService;
  refunds: Refunds;
  phonePe: PhonePeClient | null;
  log: FastifyBaseLogger;
  attemptStarted: AttemptStarted;
}) {
  function requirePhonePe(): PhonePeClient {
    if (!phonePe) throw new Unavailable(ORDER_MESSAGES.paymentUnavailable);
    return phonePe;
  }

  /**
   * A new payment attempt of an order, written (in the order's transaction) before PhonePe is called, for
   * `amountPaise`: the order's total, or what a cash order costs paid online instead (payment-charges.ts).
   */
  async function createAttempt(
    tx: Transaction,
    order: OrderRow,
    amountPaise = order.totalPaise,
  ): Promise<PaymentRow> {
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(payments)
      .where(eq(payments.orderId, order.id));
    const [payment] = await tx
      .insert(payments)
      .values({
        orderId: order.id,
        merchantOrderId: `${order.publicId}-${(count?.n ?? 0) + 1}`,
        amountPaise,
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

  /** Settles a locked attempt, once, and records it in its order's history. */
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
    requirePhonePe,
    createAttempt,
    lockOrderAndPayment,
    settle,
    start,
    latestAttempt,
    paidAttempt,
    attemptsOf,
  };
}

export type PaymentAttempts = ReturnType<typeof createPaymentAttempts>;
