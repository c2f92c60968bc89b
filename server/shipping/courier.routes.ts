import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { STAFF_ROLES } from "../../contract/accounts-rules";
import {
  askReattemptCall,
  COURIER_MESSAGES,
  courierScanPushCall,
  SANDBOX_PARCEL_EVENTS,
  parcelTrackingCall,
  sandboxParcelScanCall,
  shipWithCourierCall,
  updateParcelContactCall,
} from "../../contract/courier-parcels";
import type { StaffOrderDetails } from "../../contract/staff-orders";
import type { SessionGuard } from "../accounts/session-guard";
import type { Calls } from "../lib/calls";
import { HttpError, NotAllowed, notFound, Unavailable } from "../lib/errors";
import { CourierUnavailable } from "./shipping-provider";
import type { DelhiverySandbox } from "./delhivery-sandbox";
import type { OrdersService } from "../orders/orders.service";
import type { CourierParcels } from "./courier-parcels";
import { scanPush } from "./delhivery-protocol";
import type { ParcelTracking } from "./parcel-tracking";
import type { FailedDelivery } from "./failed-delivery";
import type { ShipWithCourier } from "./ship-with-courier";

/** Where Delhivery pushes its scans (given to it in the Webhook Requirement Document; README "Going live"). */
export const SCAN_PUSH_PATH = `/api${courierScanPushCall.path}`;

type Options = {
  calls: Calls;
  guard: SessionGuard;
  orders: OrdersService;
  parcels: CourierParcels;
  shipping: ShipWithCourier;
  failedDelivery: FailedDelivery;
  tracking: ParcelTracking;
  /** Staff's view of an order, as the orders' calls answer it. */
  details: (publicId: string) => Promise<StaffOrderDetails>;
  /** The secret the courier's pushes carry, or null when there is no courier. */
  pushToken: string | null;
  /** The built-in sandbox, when the store runs on it (never in production). */
  sandbox: DelhiverySandbox | null;
};

/** Shipping with the courier (issue 37): staff ship and answer failed attempts, the shopper follows, the courier pushes. */
export async function courierRoutes(
  app: FastifyInstance,
  { calls, guard, orders, parcels, shipping, failedDelivery, tracking, details, pushToken, sandbox }: Options,
) {
  const idOf = async (publicId: string, userId: number, staff: boolean) =>
    (await orders.findVisible(publicId, { userId, staff })).id;

  calls.serve(app, shipWithCourierCall, {
    onRequest: [guard.requireStaff],
    handler: async ({ orderId, ...size }, { request }) => {
      const user = request.user!;
      await shipping.ship(user.userId, await idOf(orderId, user.userId, true), { orderId, ...size });
      return { code: 200, message: COURIER_MESSAGES.shipped, data: await details(orderId) };
    },
  });

  calls.serve(app, askReattemptCall, {
    onRequest: [guard.requireStaff],
    handler: async ({ orderId }, { request }) => {
      const user = request.user!;
      await failedDelivery.askReattempt(user.userId, await idOf(orderId, user.userId, true));
      return { code: 200, message: COURIER_MESSAGES.reattemptAsked, data: await details(orderId) };
    },
  });

  calls.serve(app, updateParcelContactCall, {
    onRequest: [guard.requireStaff],
    handler: async ({ orderId, phone, address }, { request }) => {
      const user = request.user!;
      await failedDelivery.updateContact(user.userId, await idOf(orderId, user.userId, true), {
        ...(phone ? { phone } : {}),
        ...(address ? { address } : {}),
      });
      return { code: 200, message: COURIER_MESSAGES.contactUpdated, data: await details(orderId) };
    },
  });

  calls.serve(app, sandboxParcelScanCall, {
    onRequest: [guard.requireStaff],
    handler: async ({ orderId, event }, { request }) => {
      const user = request.user!;
      const parcel = await parcels.liveParcel(app.services.db, await idOf(orderId, user.userId, true));
      if (!sandbox) throw notFound(COURIER_MESSAGES.noSandbox);
      if (!parcel?.waybill) throw new NotAllowed(COURIER_MESSAGES.noParcel);
      try {
        // The push is left to the poll's: the page shows the parcel once the courier is asked here.
        await sandbox.move(parcel.waybill, event, "drop");
      } catch (error) {
        throw new NotAllowed(error instanceof Error ? error.message : String(error));
      }
      try {
        await tracking.trackNow(parcel.waybill);
      } catch (error) {
        if (error instanceof CourierUnavailable) throw new Unavailable(COURIER_MESSAGES.unavailable);
        throw error;
      }
      return { code: 200, message: SANDBOX_PARCEL_EVENTS[event], data: await details(orderId) };
    },
  });

  calls.serve(app, parcelTrackingCall, {
    onRequest: [guard.requireUser],
    handler: async ({ id }, { request, reply }) => {
      const user = request.user!;
      reply.header("cache-control", "private, no-store");
      const orderId = await idOf(id, user.userId, STAFF_ROLES.includes(user.roleId));
      return { code: 200, message: "Tracking fetched successfully", data: await parcels.tracking(orderId) };
    },
  });

  // Delhivery's scan push: no signature, only the static header the store gave it. It makes the parcel due
  // for the poll, which asks Delhivery itself (parcel-tracking.ts); it is answered at once.
  const expected = pushToken ? Buffer.from(`Bearer ${pushToken}`) : null;
  calls.serve(app, courierScanPushCall, {
    handler: async (body, { request }) => {
      const given = Buffer.from(request.headers.authorization ?? "");
      if (!expected || given.length !== expected.length || !timingSafeEqual(given, expected))
        throw new HttpError(401, COURIER_MESSAGES.pushUnauthorized);
      const parsed = scanPush.safeParse(body);
      if (!parsed.success) throw new HttpError(400, COURIER_MESSAGES.notAScan);
      await tracking.pushed(parsed.data.Shipment.AWB);
      return { code: 200, message: "Received", data: null };
    },
  });
}
