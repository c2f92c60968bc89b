import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { COURIER_MESSAGES } from "../../contract/courier-parcels";
import { courierName } from "../../contract/couriers";
import type { CourierParcel, ParcelTracking } from "../../contract/parcel-tracking";
import { selectRows, type Database, type Transaction } from "../db/client";
import { NotAllowed } from "../lib/errors";
import { askCourier } from "./ask-courier";
import { milestoneOf } from "./parcel-milestones";
import type { ShippingProvider } from "./shipping-provider";
import { courierScans, courierShipments, type CourierShipmentRow } from "./shipping.tables";

/**
 * An order's parcel with the courier, as staff and the shopper read it, and its cancellation before pickup
 * (decision 050). Reads and the courier's cancel only: the order's own moves are the lifecycle's.
 */
export function createCourierParcels({
  db,
  courier,
  sandbox,
}: {
  db: Database;
  courier: ShippingProvider | null;
  /** The courier is the built-in sandbox (never in production). */
  sandbox: boolean;
}) {
  /** The order's parcel on its way or being booked (at most one: the unique index), locked when in `tx`. */
  async function liveParcel(tx: Database | Transaction, orderId: number) {
    const [row] = await tx
      .select()
      .from(courierShipments)
      .where(
        and(eq(courierShipments.orderId, orderId), inArray(courierShipments.state, ["creating", "created"])),
      )
      .for("update");
    return row;
  }

  /** The newest parcel of the order (a refused or cancelled one too: staff see why). */
  async function latestParcel(orderId: number): Promise<CourierShipmentRow | undefined> {
    const [row] = await db
      .select()
      .from(courierShipments)
      .where(eq(courierShipments.orderId, orderId))
      .orderBy(desc(courierShipments.id))
      .limit(1);
    return row;
  }

  async function scansOf(shipmentId: number) {
    const rows = await db
      .select()
      .from(courierScans)
      .where(eq(courierScans.shipmentId, shipmentId))
      .orderBy(asc(courierScans.at), asc(courierScans.id));
    return rows.map((scan) => ({
      milestone: milestoneOf(scan),
      status: scan.status,
      instructions: scan.instructions,
      location: scan.location,
      at: scan.at.toISOString(),
    }));
  }

  /** What the shopper follows on her order page: null until the parcel has a waybill. */
  async function tracking(orderId: number): Promise<ParcelTracking | null> {
    const parcel = await latestParcel(orderId);
    if (!parcel?.waybill) return null;
    return {
      courierName: courierName(parcel.courier),
      waybill: parcel.waybill,
      scans: await scansOf(parcel.id),
    };
  }

  /** What staff see of the order's parcel: null when it never went through the courier. */
  async function staffView(orderId: number): Promise<CourierParcel | null> {
    const parcel = await latestParcel(orderId);
    if (!parcel) return null;
    return {
      courierName: courierName(parcel.courier),
      waybill: parcel.waybill ?? "",
      scans: await scansOf(parcel.id),
      state: parcel.state,
      refusal: parcel.refusal,
      weightGrams: parcel.weightGrams,
      size: `${parcel.lengthCm} × ${parcel.widthCm} × ${parcel.heightCm} cm`,
      labelUrl: parcel.labelUrl,
      pickupRequestedAt: parcel.pickupRequestedAt?.toISOString() ?? null,
      pickedUpAt: parcel.pickedUpAt?.toISOString() ?? null,
      sandbox,
      failedAttempt: parcel.attemptFailedAt
        ? {
            at: parcel.attemptFailedAt.toISOString(),
            reason: parcel.attemptFailure ?? "",
            reattemptAskedAt: parcel.reattemptAskedAt?.toISOString() ?? null,
          }
        : null,
    };
  }

  /**
   * Asks the courier to cancel the order's parcel before it is picked up, outside any transaction; the
   * courier answers a repeated cancel as the first. NotAllowed when there is none or it has left; 409 with
   * the courier's words when it refuses; 503 when it cannot be reached (the order is as it was).
   */
  async function cancelAtCourier(orderId: number): Promise<number> {
    const parcel = await liveParcel(db, orderId);
    if (!parcel?.waybill || !courier) throw new NotAllowed(COURIER_MESSAGES.notCourierParcel);
    if (parcel.pickedUpAt) throw new NotAllowed(COURIER_MESSAGES.pickedUp);
    const waybill = parcel.waybill;
    await askCourier(() => courier.cancel(waybill), COURIER_MESSAGES.courierRefusedCancel);
    return parcel.id;
  }

  /** Records the cancellation the courier confirmed, in the transaction that cancels the order. */
  async function markCancelled(tx: Transaction, shipmentId: number) {
    await tx
      .update(courierShipments)
      .set({ state: "cancelled", trackDueAt: null, updatedAt: new Date() })
      .where(eq(courierShipments.id, shipmentId));
  }

  /**
   * The courier's parcels that ended their journey in the last six months, by India's month of their last
   * scan: delivered or returned (RTO), and of those the cash orders.
   */
  async function returnsByMonth() {
    const rows = await selectRows<{
      month: string;
      delivered: number;
      returned: number;
      cash_delivered: number;
      cash_returned: number;
    }>(
      db,
      sql`select to_char(s.courier_status_at at time zone 'Asia/Kolkata', 'YYYY-MM') as month,
                 count(*) filter (where o.status = 'Delivered')::int as delivered,
                 count(*) filter (where o.status = 'Returned')::int as returned,
                 count(*) filter (where o.status = 'Delivered' and o.payment_method = 'COD')::int as cash_delivered,
                 count(*) filter (where o.status = 'Returned' and o.payment_method = 'COD')::int as cash_returned
          from ${courierShipments} s
          join orders o on o.id = s.order_id
          where s.state = 'created' and o.status in ('Delivered', 'Returned')
            and s.courier_status_at >= (date_trunc('month', now() at time zone 'Asia/Kolkata') - interval '5 months')
                                        at time zone 'Asia/Kolkata'
          group by 1
          order by 1 desc`,
    );
    return rows.map((row) => ({
      month: row.month,
      delivered: Number(row.delivered),
      returned: Number(row.returned),
      cashDelivered: Number(row.cash_delivered),
      cashReturned: Number(row.cash_returned),
    }));
  }

  return { liveParcel, latestParcel, tracking, staffView, cancelAtCourier, markCancelled, returnsByMonth };
}

export type CourierParcels = ReturnType<typeof createCourierParcels>;
