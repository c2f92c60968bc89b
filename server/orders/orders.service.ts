import { randomInt } from "node:crypto";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { paiseToRupees } from "../../contract/money";
import {
  ORDER_MESSAGES,
  type Order,
  type OrderStatus,
  type PaymentStatus,
  type ShippingAddress,
} from "../../contract/orders";
import type { CatalogService, NamedLine } from "../catalog/catalog.service";
import type { Database, Executor, Transaction } from "../db/client";
import type { GstDocuments } from "../gst/gst-documents";
import { NotAllowed, notFound, OutOfStock } from "../lib/errors";
import { TAILORING_MESSAGES } from "../../contract/tailoring-rules";
import { cancelReasonText, type CancelReason } from "../../contract/staff-orders";
import { canMove, TRANSITION_MESSAGES, type OrderMover } from "../../contract/order-transitions";
import { enqueueMail } from "../mail/mail.service";
import {
  orderCancelledMail,
  mailedOrder as mailed,
  orderDeliveredMail,
  orderShippedMail,
  paymentFailedMail,
  paymentReceivedMail,
  refundMail,
} from "./order-mails";
import { payByOf } from "./order-holds";
import { orderEvents, orderItems, orders, type OrderedCustomization } from "./orders.tables";
import { customizationView } from "../tailoring/customized-line";
import { shipmentOf, shipmentViewOf } from "./shipments";
import { shipmentText } from "../../contract/couriers";

export type OrderRow = typeof orders.$inferSelect;
/** A line of a new order, priced by the server: one piece's price includes its customisation's charges. */
export type OrderLine = NamedLine & {
  unitPricePaise: number;
  image: string | null;
  customization: OrderedCustomization | null;
};
type OrderItemRow = typeof orderItems.$inferSelect;

/** A customised line whose tailoring is not done yet: its order does not ship until there is none. */
export const awaitsTailor = (item: OrderItemRow) =>
  item.customization !== null && item.tailoringDoneAt === null;

/** What one change of an order records in its history. */
export type OrderEvent = {
  actor: string;
  subject: "order" | "payment" | "stock" | "refund" | "tailoring" | "tracking";
  from?: string | null;
  to: string;
  note?: string;
  details?: unknown;
};

// Public ids: "RB" and ten characters no one misreads (no 0/O, 1/I/L), about 50 bits of randomness.
const ID_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const newPublicId = () =>
  `RB${Array.from({ length: 10 }, () => ID_ALPHABET[randomInt(ID_ALPHABET.length)]).join("")}`;

/**
 * Orders, their lines and their history. Every change goes through a conditional update on the order's
 * current state, inside the caller's transaction, and records an event: applying it twice changes nothing.
 */
export function createOrdersService({
  db,
  catalog,
  gst,
  publicUrl,
}: {
  db: Database;
  catalog: CatalogService;
  gst: GstDocuments;
  publicUrl: string;
}) {
  const orderUrl = (publicId: string) => `${publicUrl}/orders/${publicId}`;

  async function recordEvent(executor: Executor, orderId: number, event: OrderEvent) {
    await executor.insert(orderEvents).values({
      orderId,
      actor: event.actor,
      subject: event.subject,
      from: event.from ?? null,
      to: event.to,
      note: event.note ?? null,
      details: event.details ?? null,
    });
  }

  async function itemsOf(executor: Executor, orderIds: number[]): Promise<OrderItemRow[]> {
    if (orderIds.length === 0) return [];
    return executor
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, orderIds))
      .orderBy(orderItems.id);
  }

  /**
   * Creates an order for priced lines in the caller's transaction (which also reserves their stock), with
   * its first history entry. Its 'order placed' mail waits for PhonePe to open its payment page
   * (order-placed-mail.ts).
   */
  async function create(
    tx: Transaction,
    input: {
      userId: number;
      lines: OrderLine[];
      /** The delivery charge the server priced for these lines (delivery-charge.ts). */
      deliveryPaise: number;
      shippingAddress: ShippingAddress;
      idempotencyKey: string | null;
      requestHash: string;
      placedFrom: string;
      payBy: Date;
      reservedUntil: Date;
    },
  ): Promise<OrderRow> {
    const subtotalPaise = input.lines.reduce((sum, line) => sum + line.unitPricePaise * line.quantity, 0);
    const [order] = await tx
      .insert(orders)
      .values({
        publicId: newPublicId(),
        userId: input.userId,
        subtotalPaise,
        deliveryPaise: input.deliveryPaise,
        totalPaise: subtotalPaise + input.deliveryPaise,
        shippingAddress: input.shippingAddress,
        idempotencyKey: input.idempotencyKey,
        requestHash: input.requestHash,
        placedFrom: input.placedFrom,
        payBy: input.payBy,
        reservedUntil: input.reservedUntil,
      })
      .returning();
    await tx.insert(orderItems).values(
      input.lines.map((line) => ({
        orderId: order!.id,
        productId: line.productId,
        size: line.size,
        quantity: line.quantity,
        unitPricePaise: line.unitPricePaise,
        name: line.name,
        image: line.image,
        customization: line.customization,
      })),
    );
    await recordEvent(tx, order!.id, { actor: "shopper", subject: "order", to: "Pending", note: "placed" });
    await recordEvent(tx, order!.id, { actor: "shopper", subject: "stock", to: "reserved" });
    return order!;
  }

  async function findByIdempotencyKey(
    userId: number,
    key: string,
    executor: Executor = db,
  ): Promise<OrderRow | undefined> {
    const [order] = await executor
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
    return order;
  }

  /** Frees an order's checkout-attempt key, so that placing the same bag again makes a new order. */
  async function forgetIdempotencyKey(tx: Transaction, orderId: number) {
    await tx.update(orders).set({ idempotencyKey: null }).where(eq(orders.id, orderId));
  }

  /** Locks an order's row for the rest of the caller's transaction and returns it as it is now. */
  async function lock(tx: Transaction, orderId: number): Promise<OrderRow> {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) throw new Error(`order ${orderId} does not exist`);
    return order;
  }

  /** Refuses a move of an order's status that the transition table does not give `by` (NotAllowed). */
  function checkMove(order: OrderRow, to: OrderStatus, by: OrderMover) {
    if (to !== order.status && !canMove(order.status, to, by))
      throw new NotAllowed(TRANSITION_MESSAGES.notAllowed(order.status, to));
  }

  async function setStatus(
    tx: Transaction,
    order: OrderRow,
    change:
      | { status: OrderStatus; by: OrderMover; paymentStatus?: PaymentStatus; actor: string; note?: string }
      | { status?: never; paymentStatus: PaymentStatus; actor: string; note?: string },
    extra: Partial<Pick<OrderRow, "paidAt" | "stockReleasedAt" | "cancelledBy">> = {},
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

  /**
   * Marks a locked order paid. If its stock was already released (the payment came after the order had
   * expired, or after its shopper cancelled it), the stock is reserved again when it is still there
   * (decision 019); returns false when it is not, and the caller refunds the payment.
   */
  async function markPaid(tx: Transaction, order: OrderRow, actor: string): Promise<boolean> {
    if (order.paidAt) return true;
    // Staff cancelled it: a late payment never brings it back, it is refunded.
    if (order.cancelledBy && order.cancelledBy !== "shopper") return false;
    const items = await itemsOf(tx, [order.id]);
    if (order.stockReleasedAt) {
      const lines = items.map((item) => ({ ...item, stock: 0 }));
      const reserved = await tx
        .transaction(async (savepoint) => {
          await catalog.reserveStock(savepoint, lines);
          return true;
        })
        .catch((error: unknown) => {
          if (error instanceof OutOfStock) return false;
          throw error;
        });
      if (!reserved) return false;
      await recordEvent(tx, order.id, {
        actor,
        subject: "stock",
        from: "released",
        to: "reserved",
        note: "paid after the order had expired; the pieces were still in stock",
      });
    }
    await setStatus(
      tx,
      order,
      { status: "Processing", by: "payment", paymentStatus: "Success", actor },
      { paidAt: new Date(), stockReleasedAt: null, cancelledBy: null },
    );
    // The tax invoice: numbered and written in this transaction, its PDF drawn when the mail is sent.
    const invoice = await gst.issueInvoice(tx, order, items);
    await enqueueMail(tx, {
      ...paymentReceivedMail(mailed(order, items), orderUrl(order.publicId), invoice.number, {
        afterCancelling: order.cancelledBy === "shopper",
      }),
      attachments: [{ kind: "gst-document", id: invoice.id }],
    });
    return true;
  }

  /**
   * Cancels a locked, unpaid order and gives its stock back, once: an order whose stock is already released
   * is left as it is. `paymentStatus` says why (a failed payment, or a refund on its way).
   */
  async function releaseUnpaid(
    tx: Transaction,
    order: OrderRow,
    change: {
      paymentStatus: PaymentStatus;
      actor: string;
      note: string;
      mailShopper: boolean;
      /** The shopper cancelling it herself; else its payment failed or its window ended. */
      by?: OrderMover;
    },
  ): Promise<boolean> {
    if (order.stockReleasedAt || order.paidAt) return false;
    checkMove(order, "Cancelled", change.by ?? "payment");
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
      by: change.by ?? "payment",
      paymentStatus: change.paymentStatus,
      actor: change.actor,
      note: change.note,
    });
    if (change.mailShopper)
      await enqueueMail(tx, paymentFailedMail(mailed(order, items), `${publicUrl}/checkout`));
    return true;
  }

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
    await enqueueMail(tx, refundMail(mailed(order, await itemsOf(tx, [order.id])), amountPaise, note));
  }

  const staysPaid = (order: OrderRow) => order.paidAt !== null && order.status !== "Cancelled";

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

  /**
   * Staff: Processing -> Shipped (with the courier from the list and its tracking number, when given) or
   * Shipped -> Delivered, on a locked order, by a conditional update on its current status; mails the
   * shopper. False if it was not in `from` any more.
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
  ): Promise<boolean> {
    checkMove(order, change.to, "staff");
    const from = order.status;
    const shipment = change.to === "Shipped" ? shipmentOf(change) : null;
    const [updated] = await tx
      .update(orders)
      .set({
        status: change.to,
        ...(shipment ? { ...shipment, shippedAt: new Date() } : { deliveredAt: new Date() }),
        updatedAt: new Date(),
      })
      .where(and(eq(orders.id, order.id), eq(orders.status, from)))
      .returning();
    if (!updated) return false;
    const note = shipment?.courier ? shipmentText(shipment) : undefined;
    await recordEvent(tx, order.id, {
      actor: change.actor,
      subject: "order",
      from,
      to: change.to,
      ...(note ? { note } : {}),
    });
    const items = await itemsOf(tx, [order.id]);
    await enqueueMail(
      tx,
      shipment
        ? orderShippedMail(mailed(updated, items), orderUrl(order.publicId), shipment)
        : orderDeliveredMail(mailed(updated, items), orderUrl(order.publicId)),
    );
    return true;
  }

  /**
   * Staff cancel a locked order, Pending (unpaid) or Processing (paid), and its stock is given back once. The
   * order keeps who cancelled it, so a payment that comes later never revives it (markPaid). A paid order's
   * refund is the caller's (payments.requestRefund). The reason, in the shopper's words, is kept on the order,
   * in its history and in her mail (decision 040). False if it was not in `from` any more.
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
        ...(order.status === "Pending" ? { paymentStatus: "Failed" as const } : {}),
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
    await recordEvent(tx, order.id, {
      actor,
      subject: "order",
      from: order.status,
      to: "Cancelled",
      note,
      details: { reason, ...(reasonNote ? { note: reasonNote } : {}) },
    });
    if (order.status === "Pending")
      await recordEvent(tx, order.id, {
        actor,
        subject: "payment",
        from: order.paymentStatus,
        to: "Failed",
        note,
      });
    // A paid order's invoice is reversed by a credit note, in this transaction.
    const creditNote =
      order.status === "Processing"
        ? await gst.issueCreditNote(
            tx,
            order,
            "the order was cancelled by the store and its payment refunded",
          )
        : undefined;
    await enqueueMail(tx, {
      ...orderCancelledMail(
        mailed(updated, items),
        orderUrl(order.publicId),
        order.status === "Processing",
        told,
        creditNote?.number,
      ),
      ...(creditNote ? { attachments: [{ kind: "gst-document" as const, id: creditNote.id }] } : {}),
    });
    return true;
  }

  /**
   * Staff say a customised line of a locked, paid order is stitched: set once, recorded in the history; a
   * line already done is left as it is (a repeated click changes nothing).
   */
  async function markTailoringDone(tx: Transaction, order: OrderRow, itemId: number, actor: string) {
    const [item] = await tx
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, order.id)));
    if (!item?.customization) throw notFound(TAILORING_MESSAGES.notCustomised);
    if (order.status === "Cancelled") throw new NotAllowed(TAILORING_MESSAGES.cancelled);
    if (!order.paidAt) throw new NotAllowed(TAILORING_MESSAGES.notPaid);
    const [done] = await tx
      .update(orderItems)
      .set({ tailoringDoneAt: new Date() })
      .where(and(eq(orderItems.id, item.id), isNull(orderItems.tailoringDoneAt)))
      .returning({ id: orderItems.id });
    if (done)
      await recordEvent(tx, order.id, {
        actor,
        subject: "tailoring",
        from: "pending",
        to: "done",
        note: `${item.name}, size ${item.size}`,
      });
  }

  /** An order's history, oldest first. */
  async function historyOf(orderId: number) {
    return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id);
  }

  /** Until when the shopper may still pay an order awaiting payment (Pay now); null once she may not. */
  function payableUntil(order: OrderRow): string | null {
    if (order.status !== "Pending" || order.stockReleasedAt || order.paidAt) return null;
    const payBy = payByOf(order);
    return payBy.getTime() > Date.now() ? payBy.toISOString() : null;
  }

  function toApi(order: OrderRow, items: OrderItemRow[]): Order {
    return {
      _id: order.publicId,
      orderId: order.publicId,
      orderStatus: order.status,
      paymentMethod: order.paymentMethod,
      paymentStatus: order.paymentStatus,
      subtotal: paiseToRupees(order.subtotalPaise),
      deliveryCharge: paiseToRupees(order.deliveryPaise),
      totalAmount: paiseToRupees(order.totalPaise),
      createdAt: order.createdAt.toISOString(),
      payBy: payableUntil(order),
      cancelReason: order.cancelReason,
      image: items[0]?.image ?? null,
      items: items.map((item) => ({
        id: item.id,
        productId: item.productId,
        name: item.name,
        image: item.image,
        size: item.size,
        quantity: item.quantity,
        price: paiseToRupees(item.unitPricePaise),
        customization: customizationView(item.customization, item.tailoringDoneAt),
      })),
      shippingAddress: order.shippingAddress,
      shipment: shipmentViewOf(order),
    };
  }

  /** A shopper's orders, newest first (at most the last 100). */
  async function listForUser(userId: number): Promise<Order[]> {
    const rows = await db
      .select()
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(100);
    const items = await itemsOf(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) =>
      toApi(
        row,
        items.filter((item) => item.orderId === row.id),
      ),
    );
  }

  /** An order by its public id, for its owner or staff; 'Order not found.' for anyone else. */
  async function findVisible(
    publicId: string,
    viewer: { userId: number; staff: boolean },
  ): Promise<OrderRow> {
    const [order] = await db.select().from(orders).where(eq(orders.publicId, publicId));
    if (!order || (!viewer.staff && order.userId !== viewer.userId)) throw notFound(ORDER_MESSAGES.notFound);
    return order;
  }

  async function getVisible(publicId: string, viewer: { userId: number; staff: boolean }): Promise<Order> {
    const order = await findVisible(publicId, viewer);
    return toApi(order, await itemsOf(db, [order.id]));
  }

  async function byId(orderId: number): Promise<OrderRow | undefined> {
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    return order;
  }

  /** Unpaid orders whose reservation has run out, for the reconciler. */
  async function overdueUnpaid(limit: number): Promise<number[]> {
    const rows = await db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.status, "Pending"),
          isNull(orders.stockReleasedAt),
          sql`${orders.reservedUntil} < now()`,
        ),
      )
      .limit(limit);
    return rows.map((row) => row.id);
  }

  return {
    create,
    findByIdempotencyKey,
    forgetIdempotencyKey,
    lock,
    markPaid,
    releaseUnpaid,
    refundStarted,
    refundSettled,
    setRefundAttention,
    recordEvent,
    advance,
    cancelByStaff,
    markTailoringDone,
    historyOf,
    itemsOf,
    toApi,
    listForUser,
    findVisible,
    getVisible,
    byId,
    overdueUnpaid,
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
