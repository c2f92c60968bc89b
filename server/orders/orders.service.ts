import type { CatalogService } from "../catalog/catalog.service";
import type { Database } from "../db/client";
import { tellAll, type OrderSubscriber } from "./order-changes";
import { createOrder, forgetIdempotencyKey } from "./create-order";
import { historyOf, recordEvent } from "./order-history";
import { createOrderLifecycle } from "./order-lifecycle";
import { createOrderQueries } from "./order-queries";
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
}: {
  db: Database;
  catalog: CatalogService;
  /** Who acts on an order's changes in their transaction: mails and GST documents (order-notices.ts). */
  subscribers: readonly OrderSubscriber[];
}) {
  const tell = tellAll(subscribers);
  return {
    ...createOrderQueries({ db }),
    ...createOrderLifecycle({ catalog, tell }),
    ...createOrderRefundStatus({ tell }),
    create: createOrder,
    forgetIdempotencyKey,
    markTailoringDone,
    recordEvent,
    /** An order's history, oldest first. */
    historyOf: (orderId: number) => historyOf(db, orderId),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
