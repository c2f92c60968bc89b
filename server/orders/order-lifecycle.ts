import { and, eq, isNull, sql } from "drizzle-orm";
import { shipmentText } from "../../contract/couriers";
import type { PaymentStatus } from "../../contract/orders";
import { cancelReasonText, type CancelReason } from "../../contract/staff-orders";
import { TAILORING_MESSAGES } from "../../contract/tailoring-rules";
import type { CatalogService } from "../catalog/catalog.service";
import type { Transaction } from "../db/client";
import { NotAllowed } from "../lib/errors";
import type { OrderSubscriber } from "./order-changes";
import { recordEvent } from "./order-history";
import { awaitsTailor, itemsOf } from "./order-queries";
import { createCodLifecycle } from "./cod-lifecycle";
import { createMarkPaid } from "./mark-paid";
import { createCourierMoves } from "./courier-moves";
import { checkMove, setStatus } from "./order-status";
import { orders, type OrderRow } from "./orders.tables";
import { shipmentOf } from "./shipments";

/**
 * An order's life, Pending to Delivered or Cancelled: each move is one the transition table gives its mover
 * (contract/order-transitions.ts, checked in order-status.ts), applied to the locked order by a conditional
 * update in the caller's transaction, recorded in its history, and told to the subscribers (order-changes.ts:
 * mails, GST documents). Applying one twice changes nothing.
 */
export function createOrderLifecycle({ catalog, tell }: { catalog: CatalogService; tell: OrderSubscriber }) {
  const cod = createCodLifecycle({ tell });
  const markPaid = createMarkPaid({ catalog, tell });

  /**
   * Cancels a locked, unpaid order and gives its stock back, once: an order whose stock is already released
   * is left as it is. `paymentStatus` says why (a failed payment, or a refund on its way); `mailShopper`, that
   * PhonePe declined it and she is offered the checkout again.
   */
  async function releaseUnpaid(
    tx: Transaction,
    order: OrderRow,
    change: { paymentStatus: PaymentStatus; actor: string; note: string; mailShopper: boolean },
    by: "payment" | "shopper" = "payment",
  ): Promise<boolean> {
    if (order.stockReleasedAt || order.paidAt) return false;
    checkMove(order, "Cancelled", by);
    const [released] = await tx
      .update(orders)
      .set({ stockReleasedAt: new Date() })
      .where(and(eq(orders.id, order.id), isNull(orders.stockReleasedAt)))
      .returning({ id: orders.id });
    if (!released) return false;
    const items = await itemsOf(tx, [order.id]);
    await catalog.releaseStock(tx, items);
    await recordEvent(tx, order.id, {
      actor: change.actor,
      subject: "stock",
      from: "reserved",
      to: "released",
    });
    await setStatus(tx, order, {
      status: "Cancelled",
      by,
      paymentStatus: change.paymentStatus,
      actor: change.actor,
      note: change.note,
    });
    await tell(tx, { kind: "released", order, items, declined: change.mailShopper });
    return true;
  }

  /**
   * The shopper cancels her locked order awaiting payment: it keeps that she did (a payment PhonePe confirms
   * later may bring it back, decision 019) and its stock is released.
   */
  async function cancelByShopper(tx: Transaction, order: OrderRow) {
    checkMove(order, "Cancelled", "shopper");
    await tx.update(orders).set({ cancelledBy: "shopper" }).where(eq(orders.id, order.id));
    await releaseUnpaid(
      tx,
      { ...order, cancelledBy: "shopper" },
      { paymentStatus: "Failed", actor: "shopper", note: "cancelled by the shopper", mailShopper: false },
      "shopper",
    );
  }

  /**
   * Staff: Processing -> Shipped (with the courier from the list and its tracking number, when given; not while
   * a line is still with the tailor) or Shipped -> Delivered (staff, or the courier's delivered scan), on a locked order, by a conditional update on its
   * status; the shopper is told. False if it moved meanwhile.
   */
  async function advance(
    tx: Transaction,
    order: OrderRow,
    change:
      | {
          to: "Shipped";
          actor: string;
          courier?: string | undefined;
          trackingNumber?: string | undefined;
          trackingUrl?: string | undefined;
        }
      | { to: "Delivered"; actor: string },
    by: "staff" | "courier" = "staff",
  ): Promise<boolean> {
    checkMove(order, change.to, by);
    const items = await itemsOf(tx, [order.id]);
    if (change.to === "Shipped" && items.some(awaitsTailor)) throw new NotAllowed(TAILORING_MESSAGES.pending);
    const shipment = change.to === "Shipped" ? shipmentOf(change) : null;
    const [updated] = await tx
      .update(orders)
      .set({
        status: change.to,
        ...(shipment ? { ...shipment, shippedAt: new Date() } : { deliveredAt: new Date() }),
        updatedAt: new Date(),
      })
      .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
      .returning();
    if (!updated) return false;
    // A cash order is paid at the door: paid first, so that its invoice goes before the delivered mail.
    if (change.to === "Delivered") await cod.collectCash(tx, updated, items, change.actor);
    const note = shipment?.courier ? shipmentText(shipment) : undefined;
    await recordEvent(tx, order.id, {
      actor: change.actor,
      subject: "order",
      from: order.status,
      to: change.to,
      ...(note ? { note } : {}),
    });
    await tell(
      tx,
      shipment
        ? { kind: "shipped", order, shipped: updated, items, shipment }
        : { kind: "delivered", order, delivered: updated, items },
    );
    return true;
  }

  /**
   * Staff cancel a locked order, Pending (unpaid) or Processing (paid), and its stock is given back once. The
   * order keeps who cancelled it, so a payment that comes later never revives it (markPaid). A paid order's
   * refund is the caller's (payments.requestRefund). The reason, in the shopper's words, is kept on the order,
   * in its history and in her mail (decision 040). False if it moved meanwhile.
   */
  async function cancelByStaff(
    tx: Transaction,
    order: OrderRow,
    { actor, reason, reasonNote }: { actor: string; reason: CancelReason; reasonNote?: string | undefined },
  ): Promise<boolean> {
    checkMove(order, "Cancelled", "staff");
    const told = cancelReasonText(reason, reasonNote);
    const note = `cancelled by staff; the shopper is told: ${told}`;
    const [updated] = await tx
      .update(orders)
      .set({
        status: "Cancelled",
        cancelledBy: actor,
        cancelReason: told,
        ...(order.paidAt ? {} : { paymentStatus: "Failed" as const }),
        stockReleasedAt: sql`coalesce(${orders.stockReleasedAt}, now())`,
        updatedAt: new Date(),
      })
      .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
      .returning();
    if (!updated) return false;
    const items = await itemsOf(tx, [order.id]);
    if (!order.stockReleasedAt) {
      await catalog.releaseStock(tx, items);
      await recordEvent(tx, order.id, { actor, subject: "stock", from: "reserved", to: "released" });
    }
    const details = { reason, ...(reasonNote ? { note: reasonNote } : {}) };
    await recordEvent(tx, order.id, {
      actor,
      subject: "order",
      from: order.status,
      to: "Cancelled",
      note,
      details,
    });
    if (!order.paidAt)
      await recordEvent(tx, order.id, {
        actor,
        subject: "payment",
        from: order.paymentStatus,
        to: "Failed",
        note,
      });
    await tell(tx, { kind: "cancelled-by-staff", order, cancelled: updated, items, told });
    return true;
  }

  const courier = createCourierMoves({ catalog, tell });

  return {
    markPaid,
    releaseUnpaid,
    cancelByShopper,
    advance,
    cancelByStaff,
    confirmCod: cod.confirm,
    /** The courier's delivered scan: Shipped -> Delivered, a cash order paid. */
    deliverByCourier: (tx: Transaction, order: OrderRow) =>
      advance(tx, order, { to: "Delivered", actor: "courier" }, "courier"),
    returnToOrigin: courier.returnToOrigin,
    outForDelivery: courier.outForDelivery,
  };
}
