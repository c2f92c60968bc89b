import { ORDER_MESSAGES } from "../../contract/orders";
import type { AuthenticatedUser } from "../accounts/sessions";
import type { Database } from "../db/client";
import { NotAllowed } from "../lib/errors";
import type { PaymentsService } from "../payments/payments.service";
import type { OrdersService } from "./orders.service";
import type { OrderRow } from "./orders.tables";

/**
 * The shopper cancels her own order awaiting payment ("Cancel it and order again"): its stock is released at
 * once, and its checkout attempt's key freed, so that the same bag can be placed again. A payment PhonePe
 * confirms afterwards follows decision 019: the order comes back if its pieces are still there, else the
 * money is refunded; the shopper is told either way (order-mails.ts).
 */
export function createShopperCancel(dependencies: {
  db: Database;
  orders: OrdersService;
  payments: PaymentsService;
}) {
  const { orders } = dependencies;
  const cancelUnpaid = createCancelUnpaid(dependencies);
  return async function cancelOrder(user: AuthenticatedUser, orderId: string): Promise<OrderRow> {
    const viewer = { userId: user.userId, staff: false };
    await cancelUnpaid((await orders.findVisible(orderId, viewer)).id);
    return orders.findVisible(orderId, viewer);
  };
}

/**
 * The shopper's cancel of an order awaiting payment, however she asked (her order's page, a Cash on Delivery
 * order's "Cancel order" on WhatsApp): answers false when it was cancelled already.
 */
export function createCancelUnpaid({
  db,
  orders,
  payments,
}: {
  db: Database;
  orders: OrdersService;
  payments: PaymentsService;
}) {
  return async function cancelUnpaid(orderId: number): Promise<boolean> {
    // A payment made meanwhile counts first: a paid order is not cancelled here.
    await payments.checkOpenAttempts(db, orderId);
    return db.transaction(async (tx) => {
      const order = await orders.lock(tx, orderId);
      if (order.paidAt) throw new NotAllowed(ORDER_MESSAGES.alreadyPaid);
      if (order.status === "Cancelled") return false;
      if (order.status !== "Pending") throw new NotAllowed(ORDER_MESSAGES.cannotCancel(order.status));
      await orders.cancelByShopper(tx, order);
      await orders.forgetIdempotencyKey(tx, order.id);
      return true;
    });
  };
}

export type CancelUnpaid = ReturnType<typeof createCancelUnpaid>;

export type ShopperCancel = ReturnType<typeof createShopperCancel>;
