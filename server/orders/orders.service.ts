import type { CatalogService } from "../catalog/catalog.service";
import type { Database } from "../db/client";
import type { GstIncluded } from "../gst/gst-included";
import { tellAll, type OrderSubscriber } from "./order-changes";
import { createOrder, forgetIdempotencyKey } from "./create-order";
import { extendHold } from "./order-holds";
import { historyOf, recordEvent } from "./order-history";
import { createOrderLifecycle } from "./order-lifecycle";
import { createOrderQueries, lockOrder, type OrderTerms } from "./order-queries";
import { createOrderRefundStatus } from "./order-status";
import { markTailoringDone } from "./order-tailoring";

/**
 * Orders, their lines and their history, as one service made of its rooms: creating one (create-order.ts),
 * its lifecycle (order-lifecycle.ts, under the transition table of contract/order-transitions.ts), its side
 * of refunds (order-status.ts), its tailoring (order-tailoring.ts), its history (order-history.ts) and the
 * read models (order-queries.ts). Every change goes through a conditional update on the order's current
 * state, inside the caller's transaction, records an event, and is told to `subscribers` (order-changes.ts):
 * applying it twice changes nothing.
 */
export function createOrdersService({
  db,
  catalog,
  subscribers,
  gstIncluded,
  terms,
}: {
  db: Database;
  catalog: CatalogService;
  /** The GST in each order's total, for its views (gst/gst-included.ts). */
  gstIncluded: Pick<GstIncluded, "ofOrders">;
  /** Who acts on an order's changes in their transaction: mails and GST documents (order-notices.ts). */
  subscribers: readonly OrderSubscriber[];
  /** The owner's terms the views read: the discount for paying online, the days to ask for a return. */
  terms: () => Promise<OrderTerms>;
}) {
  const tell = tellAll(subscribers);
  const queries = createOrderQueries({ db, gstIncluded, terms });
  const lifecycle = createOrderLifecycle({ catalog, tell });

  /**
   * The orders whose window for paying ended with no payment confirmed: cancelled and their stock back on sale,
   * each in its own transaction (the payments reconciler's pass). Their one reminder went while the pieces were
   * held (payment-reminders.ts): nothing more is mailed.
   */
  async function expireOverdue(limit: number): Promise<number> {
    const overdue = await queries.overdueUnpaid(limit);
    for (const orderId of overdue)
      await db.transaction(async (tx) => {
        const order = await lockOrder(tx, orderId);
        return lifecycle.releaseUnpaid(tx, order, {
          paymentStatus: "Failed",
          actor: "reconciler",
          note:
            order.paymentMethod === "COD"
              ? "the cash order was not confirmed in its hours to confirm"
              : "the payment window ended before PhonePe confirmed a payment",
          mailShopper: false,
        });
      });
    return overdue.length;
  }

  return {
    ...queries,
    ...lifecycle,
    expireOverdue,
    ...createOrderRefundStatus({ tell }),
    create: createOrder,
    forgetIdempotencyKey,
    extendHold,
    markTailoringDone,
    recordEvent,
    /** An order's history, oldest first. */
    historyOf: (orderId: number) => historyOf(db, orderId),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
