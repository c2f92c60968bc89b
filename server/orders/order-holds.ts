import { createHash } from "node:crypto";
import { and, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { ORDER_MESSAGES } from "../../contract/orders";
import type { OrderHoldSettings } from "../config";
import type { Database, Transaction } from "../db/client";
import { NotAllowed, tooManyRequests } from "../lib/errors";
import { orderItems, orders } from "./orders.tables";

/**
 * How much longer than its window an order holds its stock: PhonePe may confirm a payment made at the last
 * moment a little later (decision 019).
 */
export const RESERVATION_GRACE_SECONDS = 5 * 60;
/** PhonePe's bounds on an attempt's `expireAfter` (Standard Checkout: 300 to 3600 seconds). */
const PHONEPE_MIN_EXPIRY_SECONDS = 300;
const PHONEPE_MAX_EXPIRY_SECONDS = 3600;

/** Keys of the transaction-scoped advisory locks that take one account's, or one address's, orders in turn. */
const ACCOUNT_LOCK = 34_001;
const ADDRESS_LOCK = 34_002;

/** An order that holds stock while it waits for its payment. */
export const awaitingPayment: SQL = and(
  eq(orders.status, "Pending"),
  isNull(orders.stockReleasedAt),
  isNull(orders.paidAt),
)!;

/** A client address as kept on an order: hashed, since only its sameness matters. */
export const placedFromOf = (address: string) =>
  createHash("sha256").update(`placed-from:${address}`).digest("base64url").slice(0, 22);

/** The end of an order's window for paying (orders placed before it was kept: the reservation's end less grace). */
export const payByOf = (order: { payBy: Date | null; reservedUntil: Date }) =>
  order.payBy ?? new Date(order.reservedUntil.getTime() - RESERVATION_GRACE_SECONDS * 1000);

/**
 * When a new attempt of an order expires at PhonePe: at the end of the order's window, but never sooner than
 * PhonePe allows, nor later (an attempt made in the window's last minutes runs a little past it).
 */
export function attemptExpiry(order: { payBy: Date | null; reservedUntil: Date }, now = Date.now()): Date {
  const seconds = Math.min(
    PHONEPE_MAX_EXPIRY_SECONDS,
    Math.max(PHONEPE_MIN_EXPIRY_SECONDS, Math.ceil((payByOf(order).getTime() - now) / 1000)),
  );
  return new Date(now + seconds * 1000);
}

/** Stretches a locked order's hold of its stock to `until` (Pay now in its window's last minutes, pay-again.ts). */
export async function extendHold(tx: Transaction, order: { id: number }, until: Date) {
  await tx.update(orders).set({ reservedUntil: until }).where(eq(orders.id, order.id));
}

/** A line as the limits see it: the product and size whose stock it takes, and how many. */
type HeldLine = { productId: number; size: string; quantity: number };

/** A line of one of the shopper's orders awaiting payment, as her bag is told about it. */
export type AwaitingLine = HeldLine & { orderId: string; payBy: Date };

/**
 * The order's hold and the fair-share rules of Place Order (decision 035): how long a new order holds its
 * stock, and, in the transaction that reserves it, the limits on orders awaiting payment per account and per
 * client address, and the offer to resume an order that already holds the same pieces.
 */
export function createOrderHolds({ db, settings }: { db: Database; settings: OrderHoldSettings }) {
  /** When a new order's window for paying ends, and until when its stock is held. */
  function newHold(now = Date.now()) {
    const payBy = new Date(now + settings.holdMinutes * 60_000);
    return { payBy, reservedUntil: new Date(payBy.getTime() + RESERVATION_GRACE_SECONDS * 1000) };
  }

  /**
   * In Place Order's transaction, before any stock is taken: waits for the account's and the address's other
   * Place Orders (advisory locks, always in this order and before any row lock, so two never wait for each
   * other in a circle), then refuses an order whose pieces one of the shopper's orders awaiting payment
   * already holds (409, naming it: her own order never makes her bag "sold out").
   */
  async function admit(
    tx: Transaction,
    { userId, placedFrom, lines }: { userId: number; placedFrom: string; lines: HeldLine[] },
  ) {
    await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_LOCK}, ${userId})`);
    await tx.execute(sql`select pg_advisory_xact_lock(${ADDRESS_LOCK}, hashtext(${placedFrom}))`);

    const [holding] = await tx
      .select({ orderId: orders.publicId })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(
        and(
          eq(orders.userId, userId),
          awaitingPayment,
          or(
            ...lines.map((line) =>
              and(eq(orderItems.productId, line.productId), eq(orderItems.size, line.size)),
            ),
          ),
        ),
      )
      .limit(1);
    if (holding)
      throw new NotAllowed(ORDER_MESSAGES.awaitingPayment(holding.orderId), {
        awaitingOrderId: holding.orderId,
      });
  }

  /**
   * In the same transaction, once the stock is reserved (so that a sold-out piece is told as such first):
   * refuses an order past the limits on orders awaiting payment, per account (orders and pieces) and per
   * client address, with 429. The new order is not written yet: it is not counted.
   */
  async function checkLimits(
    tx: Transaction,
    { userId, placedFrom, lines }: { userId: number; placedFrom: string; lines: HeldLine[] },
  ) {
    const [held] = await tx
      .select({
        accountOrders: sql<number>`count(*) filter (where ${orders.userId} = ${userId})::int`,
        accountPieces: sql<number>`coalesce(sum((select sum(${orderItems.quantity}) from ${orderItems} where ${orderItems.orderId} = ${orders.id})) filter (where ${orders.userId} = ${userId}), 0)::int`,
        addressOrders: sql<number>`count(*) filter (where ${orders.placedFrom} = ${placedFrom})::int`,
      })
      .from(orders)
      .where(and(awaitingPayment, or(eq(orders.userId, userId), eq(orders.placedFrom, placedFrom))));
    const pieces = lines.reduce((sum, line) => sum + line.quantity, 0);
    if (held!.accountOrders >= settings.unpaidOrdersPerAccount)
      throw tooManyRequests(ORDER_MESSAGES.tooManyUnpaid(held!.accountOrders));
    if (held!.accountPieces + pieces > settings.unpaidPiecesPerAccount)
      throw tooManyRequests(ORDER_MESSAGES.tooManyPiecesUnpaid(settings.unpaidPiecesPerAccount));
    if (held!.addressOrders >= settings.unpaidOrdersPerAddress)
      throw tooManyRequests(ORDER_MESSAGES.tooManyUnpaidFromAddress);
  }

  /**
   * The lines of the shopper's orders awaiting payment, with the end of each one's window for paying (past it,
   * in the few minutes of grace before the stock is released, she may still cancel it).
   */
  async function awaitingLines(userId: number): Promise<AwaitingLine[]> {
    const rows = await db
      .select({
        orderId: orders.publicId,
        payBy: orders.payBy,
        reservedUntil: orders.reservedUntil,
        productId: orderItems.productId,
        size: orderItems.size,
        quantity: orderItems.quantity,
      })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(and(eq(orders.userId, userId), awaitingPayment))
      .orderBy(orders.id, orderItems.id);
    return rows.map((row) => ({ ...row, payBy: payByOf(row) }));
  }

  return { newHold, admit, checkLimits, awaitingLines };
}

export type OrderHolds = ReturnType<typeof createOrderHolds>;
