import { and, eq } from "drizzle-orm";
import {
  courierName,
  shipmentText,
  trackingLinkOf,
  TRACKING_MESSAGES,
  type Shipment,
  type ShipmentView,
} from "../../contract/couriers";
import type { UpdateTrackingRequest } from "../../contract/staff-orders";
import type { Database, Transaction } from "../db/client";
import { conflict, NotAllowed } from "../lib/errors";
import { enqueueMail } from "../mail/mail.service";
import { mailedOrder, trackingCorrectedMail } from "./order-mails";
import { orders as ordersTable, type OrderRow } from "./orders.tables";
import type { OrdersService } from "./orders.service";

/** An order's shipment as the shopper and staff see it, once it has shipped (null before). */
export function shipmentViewOf(order: OrderRow): ShipmentView | null {
  if (!order.shippedAt && !order.courier && !order.trackingNumber) return null;
  return {
    courier: order.courier,
    courierName: order.courier ? courierName(order.courier) : null,
    trackingNumber: order.trackingNumber,
    trackingLink: trackingLinkOf(order),
    shippedAt: order.shippedAt?.toISOString() ?? null,
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
  };
}

/** The shipment staff gave, as the order keeps it ("Other"'s link only for "Other"). */
export const shipmentOf = (given: {
  courier?: string | undefined;
  trackingNumber?: string | undefined;
  trackingUrl?: string | undefined;
}): Shipment => ({
  courier: given.courier ?? null,
  trackingNumber: given.trackingNumber ?? null,
  trackingUrl: given.courier === "other" ? (given.trackingUrl ?? null) : null,
});

/**
 * Staff correct a shipped order's courier and tracking until it is delivered (decision 038): on the locked
 * order, by a conditional update on its status; the change is kept in its history (from, to) and the shopper
 * is mailed the corrected details in the same transaction. The same details again change nothing.
 */
export function createTrackingCorrections({
  db,
  orders,
  publicUrl,
}: {
  db: Database;
  orders: OrdersService;
  publicUrl: string;
}) {
  async function correct(tx: Transaction, order: OrderRow, actor: string, given: UpdateTrackingRequest) {
    if (order.status !== "Shipped") throw new NotAllowed(TRACKING_MESSAGES.notShipped(order.status));
    const before: Shipment = order;
    const after = shipmentOf(given);
    if (shipmentText(before) === shipmentText(after)) throw conflict(TRACKING_MESSAGES.unchanged);
    const [updated] = await tx
      .update(ordersTable)
      .set({ ...after, updatedAt: new Date() })
      .where(and(eq(ordersTable.id, order.id), eq(ordersTable.status, "Shipped")))
      .returning();
    if (!updated) throw conflict(TRACKING_MESSAGES.notShipped(order.status));
    await orders.recordEvent(tx, order.id, {
      actor,
      subject: "tracking",
      from: shipmentText(before),
      to: shipmentText(after),
      note: "corrected",
    });
    const items = await orders.itemsOf(tx, [order.id]);
    await enqueueMail(tx, {
      ...trackingCorrectedMail(mailedOrder(updated, items), `${publicUrl}/orders/${order.publicId}`, after),
      orderId: order.id,
    });
  }

  return {
    /** Corrects the tracking of the order with this id, locked for the change. */
    async correct(orderId: number, actor: string, given: UpdateTrackingRequest) {
      await db.transaction(async (tx) => correct(tx, await orders.lock(tx, orderId), actor, given));
    },
  };
}

export type TrackingCorrections = ReturnType<typeof createTrackingCorrections>;
