import { eq } from "drizzle-orm";
import { canMove, TRANSITION_MESSAGES, type OrderMover } from "../../contract/order-transitions";
import type { OrderStatus, PaymentStatus } from "../../contract/orders";
import type { Transaction } from "../db/client";
import { NotAllowed } from "../lib/errors";
import type { OrderSubscriber } from "./order-changes";
import { recordEvent } from "./order-history";
import { itemsOf } from "./order-queries";
import { orders, type OrderRow } from "./orders.tables";

/** Refuses a move of an order's status that the transition table does not give `by` (NotAllowed). */
export function checkMove(order: OrderRow, to: OrderStatus, by: OrderMover) {
  if (to !== order.status && !canMove(order.status, to, by))
    throw new NotAllowed(TRANSITION_MESSAGES.notAllowed(order.status, to));
}

/**
 * Writes a locked order's status (a move the transition table gives `by`) and/or its payment status, with
 * `extra` columns, and records each change in its history.
 */
export async function setStatus(
  tx: Transaction,
  order: OrderRow,
  change:
    | { status: OrderStatus; by: OrderMover; paymentStatus?: PaymentStatus; actor: string; note?: string }
    | { status?: never; paymentStatus: PaymentStatus; actor: string; note?: string },
  extra: Partial<
    Pick<
      OrderRow,
      "paidAt" | "stockReleasedAt" | "cancelledBy" | "paymentMethod" | "codFeePaise" | "totalPaise"
    >
  > = {},
) {
  if (change.status) checkMove(order, change.status, change.by);
  await tx
    .update(orders)
    .set({
      ...(change.status ? { status: change.status } : {}),
      ...(change.paymentStatus ? { paymentStatus: change.paymentStatus } : {}),
      ...extra,
      updatedAt: new Date(),
    })
    .where(eq(orders.id, order.id));
  const moves = [
    { subject: "order", from: order.status, to: change.status },
    { subject: "payment", from: order.paymentStatus, to: change.paymentStatus },
  ] as const;
  for (const { subject, from, to } of moves)
    if (to && to !== from)
      await recordEvent(tx, order.id, {
        actor: change.actor,
        subject,
        from,
        to,
        ...(change.note ? { note: change.note } : {}),
      });
}

/** A paid order that is not cancelled: refunding a second payment of it leaves its payment status Success. */
const staysPaid = (order: OrderRow) => order.paidAt !== null && order.status !== "Cancelled";

/** An order's side of its refunds (payments/refunds.ts sends them): its payment status, history and flag. */
export function createOrderRefundStatus({ tell }: { tell: OrderSubscriber }) {
  /**
   * Records that money is on its way back to the shopper of a locked order. A second payment of an order that
   * stays paid is refunded without changing the order's payment status: it is still paid (Success).
   */
  async function refundStarted(
    tx: Transaction,
    order: OrderRow,
    { amountPaise, actor, note }: { amountPaise: number; actor: string; note: string },
  ) {
    if (!staysPaid(order)) await setStatus(tx, order, { paymentStatus: "Refund Pending", actor, note });
    await recordEvent(tx, order.id, {
      actor,
      subject: "refund",
      to: "requested",
      note,
      details: { amountPaise },
    });
    await tell(tx, {
      kind: "refund-started",
      order,
      items: await itemsOf(tx, [order.id]),
      amountPaise,
      reason: note,
    });
  }

  async function refundSettled(
    tx: Transaction,
    order: OrderRow,
    { actor, state, note }: { actor: string; state: string; note?: string },
  ) {
    if (state === "COMPLETED" && !staysPaid(order))
      await setStatus(tx, order, { paymentStatus: "Refunded", actor });
    await recordEvent(tx, order.id, {
      actor,
      subject: "refund",
      to: state.toLowerCase(),
      ...(note ? { note } : {}),
    });
  }

  /**
   * Whether a locked order has a failed refund waiting for staff (payments/refunds.ts): kept on the order, so
   * that the dashboard and Received Orders find such orders by an index. The first failure's time is kept.
   */
  async function setRefundAttention(tx: Transaction, order: OrderRow, needed: boolean) {
    await tx
      .update(orders)
      .set({ refundAttentionSince: needed ? (order.refundAttentionSince ?? new Date()) : null })
      .where(eq(orders.id, order.id));
  }

  return { refundStarted, refundSettled, setRefundAttention };
}
