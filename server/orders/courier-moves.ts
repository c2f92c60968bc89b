import { and, eq, sql } from "drizzle-orm";
import type { CatalogService } from "../catalog/catalog.service";
import type { Transaction } from "../db/client";
import type { OrderSubscriber } from "./order-changes";
import { recordEvent } from "./order-history";
import { itemsOf } from "./order-queries";
import { checkMove } from "./order-status";
import { orders, type OrderRow } from "./orders.tables";

/**
 * What the courier's scans do to an order besides delivering it (decision 050): "out for delivery" tells the
 * shopper, and a parcel returned to the shop (RTO) closes the order as Returned with its pieces back on sale,
 * once. A paid order's credit note goes with the change (order-notices.ts); its refund is the caller's.
 */
export function createCourierMoves({ catalog, tell }: { catalog: CatalogService; tell: OrderSubscriber }) {
  /** Shipped -> Returned on a locked order, the stock given back once; false when it had moved already. */
  async function returnToOrigin(tx: Transaction, order: OrderRow): Promise<boolean> {
    checkMove(order, "Returned", "courier");
    const [returned] = await tx
      .update(orders)
      .set({
        status: "Returned",
        stockReleasedAt: sql`coalesce(${orders.stockReleasedAt}, now())`,
        updatedAt: new Date(),
      })
      .where(and(eq(orders.id, order.id), eq(orders.status, "Shipped")))
      .returning();
    if (!returned) return false;
    const items = await itemsOf(tx, [order.id]);
    if (!order.stockReleasedAt) {
      await catalog.releaseStock(tx, items);
      await recordEvent(tx, order.id, {
        actor: "courier",
        subject: "stock",
        from: "reserved",
        to: "released",
        note: "the parcel came back to the shop",
      });
    }
    await recordEvent(tx, order.id, {
      actor: "courier",
      subject: "order",
      from: "Shipped",
      to: "Returned",
      note: "returned to origin by the courier",
    });
    await tell(tx, { kind: "returned", order, returned, items });
    return true;
  }

  /** The parcel is out for delivery: the shopper is told (once: the caller tells only the first such scan). */
  async function outForDelivery(tx: Transaction, order: OrderRow) {
    if (order.status !== "Shipped") return;
    await tell(tx, { kind: "out-for-delivery", order, items: await itemsOf(tx, [order.id]) });
  }

  return { returnToOrigin, outForDelivery };
}
