import { eq } from "drizzle-orm";
import type { Transaction } from "../db/client";
import { enqueueMail } from "../mail/mail.service";
import { payments } from "../payments/payments.tables";
import { payByOf } from "./order-holds";
import { mailedOrder, orderPlacedMail } from "./order-mails";
import type { OrdersService } from "./orders.service";
import type { OrderItemRow, OrderRow } from "./orders.tables";

/**
 * The 'order placed' mail, queued once per order: when PhonePe has opened the page of its first attempt. An
 * order whose payment could not even start gets none; paying again (a later attempt) sends none.
 */
export function createOrderPlacedMail({
  orders,
  publicUrl,
  alsoTell,
}: {
  orders: OrdersService;
  publicUrl: string;
  /** Who else tells the shopper, in the same transaction: WhatsApp (decision 053). */
  alsoTell?: (tx: Transaction, order: OrderRow, items: OrderItemRow[]) => Promise<void>;
}) {
  return async function attemptStarted(tx: Transaction, order: OrderRow, paymentId: number) {
    const [first] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.orderId, order.id))
      .orderBy(payments.id)
      .limit(1);
    if (first?.id !== paymentId) return;
    const items = await orders.itemsOf(tx, [order.id]);
    await enqueueMail(tx, {
      ...orderPlacedMail(mailedOrder(order, items), `${publicUrl}/orders/${order.publicId}`, payByOf(order)),
      orderId: order.id,
    });
    await alsoTell?.(tx, order, items);
  };
}
