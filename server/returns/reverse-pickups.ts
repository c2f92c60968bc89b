import { and, eq, isNull } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client";
import type { OrdersService } from "../orders/orders.service";
import { orderItems, orders as ordersTable } from "../orders/orders.tables";
import type { StoreSettingsService } from "../settings/store-settings";
import { consigneeOf } from "../shipping/ship-with-courier";
import { CourierRefused, CourierUnavailable, type ShippingProvider } from "../shipping/shipping-provider";
import { orderReturns } from "./returns.tables";

/**
 * The courier's reverse pickup of an approved return (decision 051): Delhivery's create call with
 * `payment_mode: "Pickup"`, the shopper's delivery address where it collects, the warehouse where it brings
 * the piece. Called outside any transaction; booked once, its reference the return's number, so a retry
 * finds a parcel whose answer was lost instead of booking a second. Without a courier, the approval tells the
 * shopper where to send the piece instead.
 */
export function createReversePickups({
  db,
  courier,
  orders,
  settings,
  log,
}: {
  db: Database;
  courier: ShippingProvider | null;
  orders: Pick<OrdersService, "recordEvent">;
  settings: Pick<StoreSettingsService, "current">;
  log: FastifyBaseLogger;
}) {
  /** Books the pickup of an approved return that has none; the courier down or refusing leaves it to retry. */
  async function book(publicId: string): Promise<void> {
    if (!courier) return;
    const [found] = await db
      .select({ row: orderReturns, order: ordersTable, item: orderItems })
      .from(orderReturns)
      .innerJoin(ordersTable, eq(ordersTable.id, orderReturns.orderId))
      .innerJoin(orderItems, eq(orderItems.id, orderReturns.orderItemId))
      .where(eq(orderReturns.publicId, publicId));
    if (!found || found.row.state !== "approved" || found.row.pickupWaybill) return;
    const { row, order, item } = found;
    const { gst, parcel } = await settings.current();
    let waybill: string;
    try {
      waybill =
        (await courier.findByReference(publicId))?.waybill ??
        (
          await courier.createParcel({
            reference: publicId,
            reversePickup: true,
            consignee: consigneeOf(order.shippingAddress),
            codPaise: null,
            valuePaise: item.unitPricePaise * row.quantity,
            description: `Return ${publicId}: ${item.name}`,
            quantity: row.quantity,
            ...parcel,
            seller: { name: gst.legalName, gstin: gst.gstin },
          })
        ).waybill;
    } catch (error) {
      if (!(error instanceof CourierUnavailable || error instanceof CourierRefused)) throw error;
      log.warn({ reason: error.message, returnId: publicId }, "the courier did not book a return's pickup");
      return;
    }
    const [saved] = await db
      .update(orderReturns)
      .set({ pickupWaybill: waybill })
      .where(and(eq(orderReturns.id, row.id), isNull(orderReturns.pickupWaybill)))
      .returning({ id: orderReturns.id });
    if (saved)
      await orders.recordEvent(db, order.id, {
        actor: "courier",
        subject: "return",
        to: "pickup booked",
        note: `${publicId}: waybill ${waybill}`,
      });
  }

  return { available: courier !== null, book };
}

export type ReversePickups = ReturnType<typeof createReversePickups>;
