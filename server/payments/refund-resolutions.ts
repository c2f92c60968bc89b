import { and, eq, isNull, sql } from "drizzle-orm";
import { STAFF_ORDER_MESSAGES } from "../../contract/staff-orders";
import type { Transaction } from "../db/client";
import { conflict, notFound } from "../lib/errors";
import type { OrdersService } from "../orders/orders.service";
import type { OrderRow } from "../orders/orders.tables";
import { payments, refunds } from "./payments.tables";
import { checkUntil, insertRefund } from "./refunds";

/**
 * What staff do about a refund that failed (refunds.ts): ask PhonePe again, or record that they sent the money
 * another way. Each on the locked order and refund, once (a second click finds it dealt with: 409), recorded
 * in the order's history; the order's flag stays while any of its refunds waits for them.
 */
export function createRefundResolutions({ orders }: { orders: OrdersService }) {
  /** A failed refund of a locked order that no one has dealt with yet, locked; 404 or 409 otherwise. */
  async function awaitingStaff(tx: Transaction, order: OrderRow, merchantRefundId: string) {
    const [row] = await tx
      .select({ refund: refunds })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(and(eq(refunds.merchantRefundId, merchantRefundId), eq(payments.orderId, order.id)))
      .for("update", { of: refunds });
    if (!row) throw notFound(STAFF_ORDER_MESSAGES.refundNotFound);
    if (row.refund.state !== "FAILED" || row.refund.resolvedAt)
      throw conflict(STAFF_ORDER_MESSAGES.refundNotAwaiting);
    return row.refund;
  }

  /** Keeps the order's flag true while any of its refunds failed and waits for staff. */
  async function updateAttention(tx: Transaction, order: OrderRow) {
    const [waiting] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(and(eq(payments.orderId, order.id), eq(refunds.state, "FAILED"), isNull(refunds.resolvedAt)));
    await orders.setRefundAttention(tx, order, (waiting?.n ?? 0) > 0);
  }

  /**
   * Staff ask PhonePe again for a failed refund of a locked order. One PhonePe refused is asked for anew, under a
   * new merchantRefundId (PhonePe may hold the old one as used); one PhonePe never finished is asked about
   * again, under its own, for another REFUND_CHECK_DAYS (a new one could pay the shopper twice).
   */
  async function retry(tx: Transaction, order: OrderRow, merchantRefundId: string, actor: string) {
    const refund = await awaitingStaff(tx, order, merchantRefundId);
    let asked = refund.merchantRefundId;
    if (refund.failure === "no-answer") {
      const state = refund.phonePeRefundId ? "PENDING" : "CREATED";
      await tx
        .update(refunds)
        .set({
          state,
          failure: null,
          failureReason: null,
          settledAt: null,
          checks: 0,
          nextCheckAt: new Date(),
          checkUntil: checkUntil(),
        })
        .where(eq(refunds.id, refund.id));
    } else {
      const [payment] = await tx.select().from(payments).where(eq(payments.id, refund.paymentId));
      asked = (await insertRefund(tx, payment!, refund.amountPaise, refund.reason)).merchantRefundId;
      await tx
        .update(refunds)
        .set({ resolution: "retried", resolvedBy: actor, resolvedAt: new Date(), resolutionNote: asked })
        .where(eq(refunds.id, refund.id));
    }
    await orders.recordEvent(tx, order.id, {
      actor,
      subject: "refund",
      from: "failed",
      to: "asked again",
      note:
        asked === refund.merchantRefundId
          ? `${asked}: PhonePe is asked about it again`
          : `${refund.merchantRefundId} asked again as ${asked}`,
      details: { merchantRefundId: refund.merchantRefundId, retriedAs: asked },
    });
    await updateAttention(tx, order);
  }

  /** Staff sent a failed refund's money another way (a bank transfer): the refund is done, with their note. */
  async function paidAnotherWay(
    tx: Transaction,
    order: OrderRow,
    { merchantRefundId, note, actor }: { merchantRefundId: string; note: string; actor: string },
  ) {
    const refund = await awaitingStaff(tx, order, merchantRefundId);
    await tx
      .update(refunds)
      .set({
        resolution: "paid-another-way",
        resolutionNote: note,
        resolvedBy: actor,
        resolvedAt: new Date(),
      })
      .where(eq(refunds.id, refund.id));
    await orders.refundSettled(tx, order, {
      actor,
      state: "COMPLETED",
      note: `${refund.merchantRefundId} paid another way: ${note}`,
    });
    await updateAttention(tx, order);
  }
  return { retry, paidAnotherWay };
}

export type RefundResolutions = ReturnType<typeof createRefundResolutions>;
