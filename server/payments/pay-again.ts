import { desc, eq } from "drizzle-orm";
import { ORDER_MESSAGES, type PayAgainRequestBody } from "../../contract/orders";
import type { AuthenticatedUser } from "../accounts/sessions";
import type { Database } from "../db/client";
import { conflict, NotAllowed, Unavailable } from "../lib/errors";
import { payByOf, RESERVATION_GRACE_SECONDS } from "../orders/order-holds";
import type { OrdersService } from "../orders/orders.service";
import type { OrderRow } from "../orders/orders.tables";
import { onlineTotalOf } from "../orders/payment-charges";
import { paymentReturnUrl, type PlacedOrder } from "../orders/place-order";
import type { PaymentsService } from "./payments.service";
import { payments as paymentsTable } from "./payments.tables";

import type { PaymentRow } from "./payment-attempts";

/** A second Pay now within this long of the first is the same click: it gets the page just opened. */
const SAME_CLICK_MS = 5_000;

/**
 * Pay now: a new PhonePe attempt (a new merchantOrderId) on an order awaiting payment, while its window is
 * open, on the stock it already holds; the order keeps one history. An attempt made in the window's last
 * minutes runs for PhonePe's minimum of 5 minutes, and the order's hold is stretched to cover it.
 */
export function createPayAgain({
  db,
  orders,
  payments,
  publicUrl,
  prepaidDiscountPaise,
}: {
  db: Database;
  orders: OrdersService;
  payments: PaymentsService;
  publicUrl: string;
  /** The owner's discount for paying online now: a cash order paid online instead gets it. */
  prepaidDiscountPaise: () => Promise<number>;
}) {
  const origin = new URL(publicUrl).origin;

  return async function payAgain(
    user: AuthenticatedUser,
    request: PayAgainRequestBody,
  ): Promise<PlacedOrder> {
    if (!payments.canTakePayments) throw new Unavailable(ORDER_MESSAGES.paymentUnavailable);
    const redirect = paymentReturnUrl(origin, request.redirectUrl);
    const found = await orders.findVisible(request.orderId, { userId: user.userId, staff: false });
    await payments.checkOpenAttempts(db, found.id);
    const discountPaise = await prepaidDiscountPaise();

    type Next = { reuse: string } | { order: OrderRow; payment: PaymentRow };
    const next = await db.transaction(async (tx): Promise<Next> => {
      const order = await orders.lock(tx, found.id);
      if (order.paidAt) throw new NotAllowed(ORDER_MESSAGES.alreadyPaid);
      if (order.status !== "Pending" || order.stockReleasedAt || payByOf(order).getTime() <= Date.now())
        throw new NotAllowed(ORDER_MESSAGES.notAwaitingPayment);
      const [latest, ...older] = await tx
        .select()
        .from(paymentsTable)
        .where(eq(paymentsTable.orderId, order.id))
        .orderBy(desc(paymentsTable.id));
      // The attempt of an earlier Pay now (not Place Order's), opened a moment ago.
      if (latest && older.length > 0 && Date.now() - latest.createdAt.getTime() < SAME_CLICK_MS) {
        if (latest.state === "PENDING" && latest.checkoutUrl) return { reuse: latest.checkoutUrl };
        if (latest.state === "CREATED")
          throw conflict("Your payment is being started. Please wait a moment.");
      }
      // A cash order paid online instead: without its fee, with the discount for paying online.
      const payment = await payments.createAttempt(tx, order, onlineTotalOf(order, discountPaise));
      const heldUntil = new Date(payment.expiresAt.getTime() + RESERVATION_GRACE_SECONDS * 1000);
      if (heldUntil > order.reservedUntil) await orders.extendHold(tx, order, heldUntil);
      return { order, payment };
    });
    if ("reuse" in next) return { orderId: found.publicId, checkoutUrl: next.reuse };

    redirect.searchParams.set("orderId", found.publicId);
    const checkoutUrl = await payments.start(next.payment, next.order, redirect.toString(), {
      releaseOnFailure: false,
    });
    return { orderId: found.publicId, checkoutUrl };
  };
}

export type PayAgain = ReturnType<typeof createPayAgain>;
