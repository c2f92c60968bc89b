import { and, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client";
import { createJobRunner } from "../lib/job-runner";
import { enqueueMail } from "../mail/mail.service";
import { awaitingPayment, payByOf } from "./order-holds";
import { mailedOrder, paymentReminderMail } from "./order-mails";
import type { OrdersService } from "./orders.service";
import { orders } from "./orders.tables";

/** No reminder for an order whose window ends sooner than this: it would only say the pieces are gone. */
const LEAST_TIME_LEFT_SECONDS = 60;

/**
 * One payment reminder, at most, for an order left unpaid: once half of its window has gone by without a
 * payment, while its pieces are still held. Every process runs it; each order is claimed by one
 * (`FOR UPDATE SKIP LOCKED`) and marked reminded in the transaction that queues its mail.
 */
export function createPaymentReminders({
  db,
  orders: service,
  publicUrl,
  holdMinutes,
  onMailQueued,
  log,
}: {
  db: Database;
  orders: OrdersService;
  publicUrl: string;
  holdMinutes: number;
  onMailQueued: () => void;
  log: FastifyBaseLogger;
}) {
  async function pass(): Promise<number> {
    const reminded = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(orders)
        .where(
          and(
            awaitingPayment,
            // A cash order is not paid before its delivery: nothing to remind.
            eq(orders.paymentMethod, "PhonePe"),
            isNull(orders.remindedAt),
            lt(orders.createdAt, sql`now() - make_interval(secs => ${(holdMinutes * 60) / 2})`),
            sql`coalesce(${orders.payBy}, ${orders.reservedUntil}) > now() + make_interval(secs => ${LEAST_TIME_LEFT_SECONDS})`,
          ),
        )
        .limit(20)
        .for("update", { skipLocked: true });
      if (due.length === 0) return 0;
      await tx
        .update(orders)
        .set({ remindedAt: new Date() })
        .where(
          inArray(
            orders.id,
            due.map((order) => order.id),
          ),
        );
      const items = await service.itemsOf(
        tx,
        due.map((order) => order.id),
      );
      for (const order of due)
        await enqueueMail(tx, {
          ...paymentReminderMail(
            mailedOrder(
              order,
              items.filter((item) => item.orderId === order.id),
            ),
            `${publicUrl}/orders/${order.publicId}`,
            payByOf(order),
          ),
          orderId: order.id,
        });
      return due.length;
    });
    if (reminded > 0) onMailQueued();
    return reminded;
  }

  return createJobRunner({ name: "payment-reminders", intervalMs: 30_000, pass, log });
}
