import { eq } from "drizzle-orm";
import { COURIER_MESSAGES } from "../../contract/courier-parcels";
import type { Database } from "../db/client";
import { NotAllowed } from "../lib/errors";
import type { OrdersService } from "../orders/orders.service";
import { askCourier } from "./ask-courier";
import type { CourierParcels } from "./courier-parcels";
import type { ShippingProvider } from "./shipping-provider";
import { courierShipments } from "./shipping.tables";

/**
 * Staff's answers to a failed delivery attempt (NDR, decision 050): another attempt, or a new phone or
 * address for the courier. Each asks the courier outside any transaction, then keeps it in the order's
 * history on the locked order.
 */
export function createFailedDelivery({
  db,
  orders,
  courier,
  parcels,
}: {
  db: Database;
  orders: OrdersService;
  courier: ShippingProvider | null;
  parcels: CourierParcels;
}) {
  /** Asks the courier to try a failed delivery again, once per failed attempt. */
  async function askReattempt(staffUserId: number, orderId: number) {
    const parcel = await parcels.liveParcel(db, orderId);
    if (!courier || !parcel?.waybill || !parcel.attemptFailedAt || parcel.reattemptAskedAt)
      throw new NotAllowed(COURIER_MESSAGES.noFailedAttempt);
    const waybill = parcel.waybill;
    await askCourier(() => courier.reattempt(waybill), COURIER_MESSAGES.reattemptRefused);
    await db.transaction(async (tx) => {
      await orders.lock(tx, orderId);
      await tx
        .update(courierShipments)
        .set({ reattemptAskedAt: new Date(), updatedAt: new Date() })
        .where(eq(courierShipments.id, parcel.id));
      await orders.recordEvent(tx, orderId, {
        actor: `staff:${staffUserId}`,
        subject: "parcel",
        from: "attempt failed",
        to: "re-attempt asked",
        note: parcel.attemptFailure ?? "",
      });
    });
  }

  /**
   * Gives the courier a new phone or address for the order's parcel on its way (after a failed attempt, as
   * the shopper said on the phone); kept in the order's history. The order keeps the address it was placed
   * with (its invoice's).
   */
  async function updateContact(
    staffUserId: number,
    orderId: number,
    change: { phone?: string; address?: string },
  ) {
    const parcel = await parcels.liveParcel(db, orderId);
    if (!courier || !parcel?.waybill) throw new NotAllowed(COURIER_MESSAGES.noParcel);
    const waybill = parcel.waybill;
    const order = (await orders.byId(orderId))!;
    if (order.status !== "Shipped") throw new NotAllowed(COURIER_MESSAGES.notOnTheWay);
    await askCourier(() => courier.updateConsignee(waybill, change), COURIER_MESSAGES.contactRefused);
    await db.transaction(async (tx) => {
      await orders.lock(tx, orderId);
      await orders.recordEvent(tx, orderId, {
        actor: `staff:${staffUserId}`,
        subject: "parcel",
        from: null,
        to: "details changed at the courier",
        note: [change.phone && `phone ${change.phone}`, change.address && `address ${change.address}`]
          .filter(Boolean)
          .join("; "),
      });
    });
  }

  return { askReattempt, updateContact };
}

export type FailedDelivery = ReturnType<typeof createFailedDelivery>;
