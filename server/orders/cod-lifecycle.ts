import { eq } from "drizzle-orm";
import { COD_MESSAGES } from "../../contract/cash-on-delivery";
import type { Transaction } from "../db/client";
import { NotAllowed } from "../lib/errors";
import type { OrderSubscriber } from "./order-changes";
import { recordEvent } from "./order-history";
import { setStatus } from "./order-status";
import { orders, type OrderItemRow, type OrderRow } from "./orders.tables";

/**
 * A Cash on Delivery order's own moves (decision 048). Confirmed by its shopper or by staff on the phone, it
 * goes Pending -> Processing (the transition table's `confirmation` mover) and may ship; unconfirmed, the
 * reconciler cancels it when its hold ends, as any unpaid order. Applying either move twice changes nothing.
 */
export function createCodLifecycle({ tell }: { tell: OrderSubscriber }) {
  /** Confirms a locked cash order; false when it was confirmed already. */
  async function confirm(
    tx: Transaction,
    order: OrderRow,
    { actor, note }: { actor: string; note: string },
  ): Promise<boolean> {
    if (order.paymentMethod !== "COD") throw new NotAllowed(COD_MESSAGES.notCod);
    if (order.status !== "Pending") {
      if (order.status === "Cancelled") throw new NotAllowed(COD_MESSAGES.cannotConfirm(order.status));
      return false;
    }
    await setStatus(tx, order, { status: "Processing", by: "confirmation", actor, note });
    return true;
  }

  /**
   * The cash collected at the door of a locked, delivered cash order: it is paid (its GST invoice issued and
   * mailed by the subscribers, as for a payment online: the supply is complete). Once.
   */
  async function collectCash(tx: Transaction, order: OrderRow, items: OrderItemRow[], actor: string) {
    if (order.paymentMethod !== "COD" || order.paidAt) return;
    const [paid] = await tx
      .update(orders)
      .set({ paidAt: new Date(), paymentStatus: "Success", updatedAt: new Date() })
      .where(eq(orders.id, order.id))
      .returning();
    await recordEvent(tx, order.id, {
      actor,
      subject: "payment",
      from: order.paymentStatus,
      to: "Success",
      note: "cash collected at the door",
    });
    await tell(tx, { kind: "paid", order: paid!, items, afterCancelling: false });
  }

  return { confirm, collectCash };
}

export type CodLifecycle = ReturnType<typeof createCodLifecycle>;
