import { and, eq, isNull } from "drizzle-orm";
import { TAILORING_MESSAGES } from "../../contract/tailoring-rules";
import type { Transaction } from "../db/client";
import { NotAllowed, notFound } from "../lib/errors";
import { recordEvent } from "./order-history";
import { orderItems, type OrderRow } from "./orders.tables";

/**
 * Staff say a customised line of a locked, paid order is stitched: set once, recorded in the history; a line
 * already done is left as it is (a repeated click changes nothing). Its order ships once none is left
 * (order-lifecycle.ts).
 */
export async function markTailoringDone(tx: Transaction, order: OrderRow, itemId: number, actor: string) {
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
