import { and, count, eq } from "drizzle-orm";
import { COURIER_MESSAGES, type ShipWithCourierRequest } from "../../contract/courier-parcels";
import { TAILORING_MESSAGES } from "../../contract/tailoring-rules";
import type { Database } from "../db/client";
import { conflict, NotAllowed, Unavailable } from "../lib/errors";
import { awaitsTailor } from "../orders/order-queries";
import type { OrdersService } from "../orders/orders.service";
import type { OrderItemRow, OrderRow } from "../orders/orders.tables";
import type { StoreSettingsService } from "../settings/store-settings";
import type { CategoryParcelsService } from "./category-parcels";
import type { CourierParcels } from "./courier-parcels";
import { courierTimeText } from "./delhivery-protocol";
import {
  CourierRefused,
  CourierUnavailable,
  type ParcelRequest,
  type ShippingProvider,
} from "./shipping-provider";
import { courierShipments, type CourierShipmentRow } from "./shipping.tables";

/** How often a parcel on its way is tracked when no push brings news sooner. */
export const TRACK_EVERY_MINUTES = 60;

/** Who the courier meets for an order's address: the consignee of its parcel, or of a return's pickup. */
export const consigneeOf = (to: OrderRow["shippingAddress"]): ParcelRequest["consignee"] => ({
  name: to.fullName,
  address: [to.address, to.street].filter(Boolean).join(", "),
  city: to.city,
  state: to.state,
  pincode: to.postalCode,
  phone: to.phone,
});

/** The parcel the courier is asked to carry for an order. */
function parcelRequest(
  order: OrderRow,
  items: OrderItemRow[],
  parcel: CourierShipmentRow,
  seller: { legalName: string; gstin: string },
): ParcelRequest {
  return {
    reference: parcel.reference,
    consignee: consigneeOf(order.shippingAddress),
    // A cash order not paid online meanwhile: the courier collects its total at the door.
    codPaise: order.paymentMethod === "COD" && !order.paidAt ? order.totalPaise : null,
    valuePaise: order.totalPaise,
    description: items
      .map((item) => `${item.name} (${item.size}) x${item.quantity}`)
      .join(", ")
      .slice(0, 200),
    quantity: items.reduce((sum, item) => sum + item.quantity, 0),
    weightGrams: parcel.weightGrams,
    lengthCm: parcel.lengthCm,
    widthCm: parcel.widthCm,
    heightCm: parcel.heightCm,
    seller: { name: seller.legalName, gstin: seller.gstin },
  };
}

/** Longer than a lookup and a create may take together (8 s each): one request books a parcel at a time. */
const BOOKING_SECONDS = 30;
const bookingUntil = () => new Date(Date.now() + BOOKING_SECONDS * 1000);

/** Tomorrow in India, as the pickup request's date. */
const tomorrowInIndia = (now: Date) => courierTimeText(new Date(now.getTime() + 86_400_000)).slice(0, 10);

/**
 * Staff ship an order with one action (issue 37, decision 050). Three steps, none holding a transaction
 * while the courier is asked:
 * 1. on the locked order, its parcel row is made (`creating`, with the reference the courier will know);
 * 2. the courier creates the parcel: a retry first asks it for the reference, so a create whose answer was
 *    lost never becomes a second waybill; a refusal is kept with the courier's words;
 * 3. on the locked order again, the waybill is kept and the order becomes Shipped (courier and tracking
 *    number filled in, the shopper mailed).
 * Then the label and the pickup are asked for; what the courier cannot give yet is asked again by shipping
 * again, which changes nothing else.
 */
export function createShipWithCourier({
  db,
  orders,
  settings,
  courier,
  parcels,
  categoryParcels,
}: {
  db: Database;
  orders: OrdersService;
  settings: Pick<StoreSettingsService, "current">;
  courier: ShippingProvider | null;
  parcels: CourierParcels;
  categoryParcels: Pick<CategoryParcelsService, "forPieces">;
}) {
  /** Step 1: the order's live parcel, or a new one; with whether it was already there (a retry). */
  async function claim(orderId: number, actor: string, size: ShipWithCourierRequest) {
    return db.transaction(async (tx) => {
      const order = await orders.lock(tx, orderId);
      const live = await parcels.liveParcel(tx, orderId);
      if (live?.state === "created") return { parcel: live, retry: true };
      if (order.status !== "Processing") throw new NotAllowed(COURIER_MESSAGES.notProcessing(order.status));
      const items = await orders.itemsOf(tx, [orderId]);
      if (items.some(awaitsTailor)) throw new NotAllowed(TAILORING_MESSAGES.pending);
      if (live) {
        if (live.bookingUntil && live.bookingUntil > new Date()) throw conflict(COURIER_MESSAGES.busy);
        await tx
          .update(courierShipments)
          .set({ bookingUntil: bookingUntil() })
          .where(eq(courierShipments.id, live.id));
        return { parcel: live, retry: true };
      }
      // The pieces' own parcel (their categories'), else the usual one; staff's values over either.
      const usual = await categoryParcels.forPieces(tx, items, (await settings.current(tx)).parcel);
      const [{ earlier }] = (await tx
        .select({ earlier: count() })
        .from(courierShipments)
        .where(eq(courierShipments.orderId, orderId))) as [{ earlier: number }];
      const [made] = await tx
        .insert(courierShipments)
        .values({
          orderId,
          courier: "delhivery",
          // A refused or cancelled parcel keeps its reference: the next one is the order's id, -2, -3…
          reference: earlier === 0 ? order.publicId : `${order.publicId}-${earlier + 1}`,
          weightGrams: size.weightGrams ?? usual.weightGrams,
          lengthCm: size.lengthCm ?? usual.lengthCm,
          widthCm: size.widthCm ?? usual.widthCm,
          heightCm: size.heightCm ?? usual.heightCm,
          createdBy: actor,
          bookingUntil: bookingUntil(),
        })
        .returning();
      return { parcel: made!, retry: false };
    });
  }

  /** Step 2: the courier's waybill for the parcel, made once. */
  async function waybillOf(provider: ShippingProvider, parcel: CourierShipmentRow, retry: boolean) {
    const order = (await orders.byId(parcel.orderId))!;
    try {
      const found = retry ? await provider.findByReference(parcel.reference) : null;
      if (found) return found.waybill;
      const items = await orders.itemsOf(db, [order.id]);
      const { gst } = await settings.current();
      return (await provider.createParcel(parcelRequest(order, items, parcel, gst))).waybill;
    } catch (error) {
      if (error instanceof CourierRefused) {
        await db
          .update(courierShipments)
          .set({
            state: "refused",
            refusal: error.reason.slice(0, 500),
            bookingUntil: null,
            updatedAt: new Date(),
          })
          .where(and(eq(courierShipments.id, parcel.id), eq(courierShipments.state, "creating")));
        throw new NotAllowed(COURIER_MESSAGES.refused(error.reason));
      }
      if (error instanceof CourierUnavailable) {
        // The create may have been made and its answer lost: the next try asks for the reference first.
        await db
          .update(courierShipments)
          .set({ bookingUntil: null })
          .where(eq(courierShipments.id, parcel.id));
        throw new Unavailable(COURIER_MESSAGES.unavailable);
      }
      throw error;
    }
  }

  /** Step 3: the waybill kept and the order Shipped, on the locked order. */
  async function shipped(parcel: CourierShipmentRow, waybill: string, actor: string) {
    await db.transaction(async (tx) => {
      const order = await orders.lock(tx, parcel.orderId);
      const [kept] = await tx
        .update(courierShipments)
        .set({
          state: "created",
          waybill,
          bookingUntil: null,
          // Tracked at the poll's next pass: the courier's first scan shows on the pages within a minute.
          trackDueAt: new Date(),
          updatedAt: new Date(),
        })
        .where(and(eq(courierShipments.id, parcel.id), eq(courierShipments.state, "creating")))
        .returning();
      if (!kept || order.status !== "Processing") return;
      await orders.advance(tx, order, {
        to: "Shipped",
        actor,
        courier: "delhivery",
        trackingNumber: waybill,
      });
    });
  }

  /** The label and the pickup, each asked for until the courier gives it; what it cannot give yet waits. */
  async function complete(provider: ShippingProvider, shipmentId: number) {
    const [parcel] = await db.select().from(courierShipments).where(eq(courierShipments.id, shipmentId));
    if (!parcel?.waybill || parcel.state !== "created") return;
    const waybill = parcel.waybill;
    const ask = async <T>(call: () => Promise<T>): Promise<T | undefined> => {
      try {
        return await call();
      } catch (error) {
        if (error instanceof CourierUnavailable || error instanceof CourierRefused) return undefined;
        throw error;
      }
    };
    const labelUrl = parcel.labelUrl ?? (await ask(() => provider.label(waybill))) ?? null;
    const pickup = parcel.pickupRequestedAt
      ? undefined
      : await ask(() => provider.requestPickup(tomorrowInIndia(new Date()), 1));
    await db
      .update(courierShipments)
      .set({
        labelUrl,
        ...(pickup ? { pickupId: pickup.pickupId, pickupRequestedAt: new Date() } : {}),
        updatedAt: new Date(),
      })
      .where(eq(courierShipments.id, parcel.id));
  }

  /** Ships the order with the courier; again, completes what is missing. Answers the order's public id. */
  async function ship(staffUserId: number, orderId: number, size: ShipWithCourierRequest) {
    if (!courier) throw new Unavailable(COURIER_MESSAGES.unavailable);
    const actor = `staff:${staffUserId}`;
    const { parcel, retry } = await claim(orderId, actor, size);
    if (parcel.state === "creating") {
      const waybill = await waybillOf(courier, parcel, retry);
      await shipped(parcel, waybill, actor);
    }
    await complete(courier, parcel.id);
  }

  return { ship };
}

export type ShipWithCourier = ReturnType<typeof createShipWithCourier>;
