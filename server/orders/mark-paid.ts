import type { CatalogService } from "../catalog/catalog.service";
import type { Transaction } from "../db/client";
import { OutOfStock } from "../lib/errors";
import type { OrderSubscriber } from "./order-changes";
import { recordEvent } from "./order-history";
import { itemsOf } from "./order-queries";
import { checkMove, setStatus } from "./order-status";
import type { OrderRow } from "./orders.tables";

/** The order's side of a payment PhonePe confirmed (order-lifecycle.ts composes it with the other moves). */
export function createMarkPaid({ catalog, tell }: { catalog: CatalogService; tell: OrderSubscriber }) {
  /**
   * Marks a locked order paid. If its stock was already released (the payment came after the order had
   * expired, or after its shopper cancelled it), the stock is reserved again when it is still there
   * (decision 019); returns false when it is not, and the caller refunds the payment. `paidPaise` is what
   * PhonePe confirmed, the amount the attempt asked for.
   */
  async function markPaid(
    tx: Transaction,
    order: OrderRow,
    actor: string,
    paidPaise: number,
  ): Promise<boolean> {
    if (order.paidAt) return true;
    // Staff cancelled it: a late payment never brings it back, it is refunded.
    if (order.cancelledBy && order.cancelledBy !== "shopper") return false;
    checkMove(order, "Processing", "payment");
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
    // A Cash on Delivery order paid online instead ("Pay now") is a PhonePe order from now on: without the
    // fee for paying in cash, with the discount for paying online its attempt was priced with (payment-
    // charges.ts's onlineTotalOf). An order placed to be paid online keeps its own figures.
    const paidOnline = {
      paidAt: new Date(),
      stockReleasedAt: null,
      cancelledBy: null,
      paymentMethod: "PhonePe" as const,
      codFeePaise: 0,
      prepaidDiscountPaise: order.subtotalPaise + order.deliveryPaise - paidPaise,
      totalPaise: paidPaise,
    };
    await setStatus(
      tx,
      order,
      { status: "Processing", by: "payment", paymentStatus: "Success", actor },
      paidOnline,
    );
    await tell(tx, {
      kind: "paid",
      order: { ...order, ...paidOnline },
      items,
      afterCancelling: order.cancelledBy === "shopper",
    });
    return true;
  }

  return markPaid;
}
