import { eq } from "drizzle-orm";
import type { Executor } from "../db/client";
import { orderEvents } from "./orders.tables";

/** What one change of an order records in its history. */
export type OrderEvent = {
  actor: string;
  subject: "order" | "payment" | "stock" | "refund" | "tailoring" | "tracking" | "parcel" | "return";
  from?: string | null;
  to: string;
  note?: string;
  details?: unknown;
};

/** Adds an entry to an order's history, in the transaction of the change it records. */
export async function recordEvent(executor: Executor, orderId: number, event: OrderEvent) {
  await executor.insert(orderEvents).values({
    orderId,
    actor: event.actor,
    subject: event.subject,
    from: event.from ?? null,
    to: event.to,
    note: event.note ?? null,
    details: event.details ?? null,
  });
}

/** An order's history, oldest first. */
export async function historyOf(executor: Executor, orderId: number) {
  return executor.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id);
}
