import { asc, eq, inArray } from "drizzle-orm";
import { paiseToRupees } from "../../contract/money";
import type { OrderReturn, StaffOrderReturn } from "../../contract/order-returns";
import type { Executor } from "../db/client";
import { grievances } from "../grievances/grievances.tables";
import { orderReturns, type OrderReturnRow } from "./returns.tables";

const DAY_MS = 24 * 3_600_000;

/** Until when a return of a delivered order may be asked for: `days` after its delivery; null if not delivered. */
export function returnWindowEnd(
  order: { status: string; deliveredAt: Date | null },
  days: number,
): Date | null {
  if (order.status !== "Delivered" || !order.deliveredAt) return null;
  return new Date(order.deliveredAt.getTime() + days * DAY_MS);
}

/** A return as its order shows it, with its ticket's number. */
export const returnView = (row: OrderReturnRow, ticketNumber: string): OrderReturn => ({
  id: row.publicId,
  itemId: row.orderItemId,
  quantity: row.quantity,
  reason: row.reason,
  details: row.details,
  state: row.state,
  ticketNumber,
  refusal: row.refusal,
  pickupWaybill: row.pickupWaybill,
  refund: row.refundPaise === null ? null : paiseToRupees(row.refundPaise),
  requestedAt: row.requestedAt.toISOString(),
});

export const staffReturnView = (row: OrderReturnRow, ticketNumber: string): StaffOrderReturn => ({
  ...returnView(row, ticketNumber),
  refundTo: row.refundTo,
  refundReference: row.refundReference,
});

/** The returns of orders, oldest first, each with its ticket's number. */
export async function returnsOf(executor: Executor, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  const rows = await executor
    .select({ row: orderReturns, ticketNumber: grievances.ticketNumber })
    .from(orderReturns)
    .innerJoin(grievances, eq(grievances.id, orderReturns.grievanceId))
    .where(inArray(orderReturns.orderId, [...orderIds]))
    .orderBy(asc(orderReturns.id));
  return rows;
}
