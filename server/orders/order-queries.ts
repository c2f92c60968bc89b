import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { paiseToRupees } from "../../contract/money";
import type { OrderReturn } from "../../contract/order-returns";
import { ORDER_MESSAGES, type Order } from "../../contract/orders";
import type { Database, Executor, Transaction } from "../db/client";
import { notFound } from "../lib/errors";
import { customizationView } from "../tailoring/customized-line";
import { payByOf } from "./order-holds";
import { onlineTotalOf } from "./payment-charges";
import { returnsOf, returnView, returnWindowEnd } from "../returns/return-views";
import { orderItems, orders, type OrderItemRow, type OrderRow } from "./orders.tables";
import { shipmentViewOf } from "./shipments";
import type { GstIncluded } from "../gst/gst-included";

/** A customised line whose tailoring is not done yet: its order does not ship until there is none. */
export const awaitsTailor = (item: OrderItemRow) =>
  item.customization !== null && item.tailoringDoneAt === null;

/** The lines of orders, in the order they were written. */
export async function itemsOf(executor: Executor, orderIds: number[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return [];
  return executor
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(orderItems.id);
}

/** Locks an order's row for the rest of the caller's transaction and returns it as it is now. */
export async function lockOrder(tx: Transaction, orderId: number): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!order) throw new Error(`order ${orderId} does not exist`);
  return order;
}

/** Until when the shopper may still pay an order awaiting payment (Pay now); null once she may not. */
function payableUntil(order: OrderRow): string | null {
  if (order.status !== "Pending" || order.stockReleasedAt || order.paidAt) return null;
  const payBy = payByOf(order);
  return payBy.getTime() > Date.now() ? payBy.toISOString() : null;
}

/** The owner's terms an order's view reads: the discount for paying online now, the days to ask for a return. */
export type OrderTerms = { prepaidDiscountPaise: number; returnDays: number };

/**
 * An order as the API shows it, to its shopper and to staff, with the GST its total includes, its returns,
 * and what the owner's `terms` offer it now (a cash order paid online instead, a return of a delivered one).
 */
function toApi(
  order: OrderRow,
  items: OrderItemRow[],
  gstIncludedPaise: number,
  returns: OrderReturn[],
  terms: OrderTerms,
): Order {
  const payable = payableUntil(order);
  const returnEnd = returnWindowEnd(order, terms.returnDays);
  return {
    _id: order.publicId,
    orderId: order.publicId,
    orderStatus: order.status,
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    subtotal: paiseToRupees(order.subtotalPaise),
    deliveryCharge: paiseToRupees(order.deliveryPaise),
    codFee: paiseToRupees(order.codFeePaise),
    prepaidDiscount: paiseToRupees(order.prepaidDiscountPaise),
    payOnlineSaves:
      payable && order.paymentMethod === "COD"
        ? paiseToRupees(order.totalPaise - onlineTotalOf(order, terms.prepaidDiscountPaise))
        : 0,
    totalAmount: paiseToRupees(order.totalPaise),
    gstIncluded: paiseToRupees(gstIncludedPaise),
    createdAt: order.createdAt.toISOString(),
    payBy: payable,
    cancelReason: order.cancelReason,
    returnBy: returnEnd && returnEnd.getTime() > Date.now() ? returnEnd.toISOString() : null,
    returns,
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

/** The read side of orders: the answers shoppers and staff see, and the rows the other services start from. */
export function createOrderQueries({
  db,
  gstIncluded,
  terms,
}: {
  db: Database;
  /** The GST in each order's total (gst/gst-included.ts). */
  gstIncluded: Pick<GstIncluded, "ofOrders">;
  /** The owner's terms as they stand (the settings, read from their cache). */
  terms: () => Promise<OrderTerms>;
}) {
  /**
   * Orders as the API shows them, in the order given, with their lines (read here unless the caller has them)
   * and the GST each total includes.
   */
  async function views(rows: readonly OrderRow[], lines?: OrderItemRow[]): Promise<Order[]> {
    const items =
      lines ??
      (await itemsOf(
        db,
        rows.map((row) => row.id),
      ));
    const itemsOfOrder = (row: OrderRow) => items.filter((item) => item.orderId === row.id);
    const gst = await gstIncluded.ofOrders(
      rows.map((row) => ({
        orderId: row.id,
        pieces: itemsOfOrder(row).map((item) => ({
          unitPricePaise: item.unitPricePaise,
          quantity: item.quantity,
        })),
        deliveryPaise: row.deliveryPaise,
        codFeePaise: row.codFeePaise,
        prepaidDiscountPaise: row.prepaidDiscountPaise,
      })),
    );
    const [now, returns] = await Promise.all([
      terms(),
      returnsOf(
        db,
        rows.map((row) => row.id),
      ),
    ]);
    const returnsOfOrder = (row: OrderRow) =>
      returns.filter((r) => r.row.orderId === row.id).map((r) => returnView(r.row, r.ticketNumber));
    return rows.map((row, index) => toApi(row, itemsOfOrder(row), gst[index]!, returnsOfOrder(row), now));
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

  /** A shopper's orders, newest first (at most the last 100). */
  async function listForUser(userId: number): Promise<Order[]> {
    const rows = await db
      .select()
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(100);
    return views(rows);
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
    const [view] = await views([await findVisible(publicId, viewer)]);
    return view!;
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
    lock: lockOrder,
    itemsOf,
    views,
    findByIdempotencyKey,
    listForUser,
    findVisible,
    getVisible,
    byId,
    overdueUnpaid,
  };
}
