import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database, Transaction } from "../db/client";
import { claimDue, createJobRunner } from "../lib/job-runner";
import type { OrdersService } from "../orders/orders.service";
import type { OrderRow } from "../orders/orders.tables";
import type { PaymentsService } from "../payments/payments.service";
import { journeyEnded, milestoneOf } from "./parcel-milestones";
import { TRACK_EVERY_MINUTES } from "./ship-with-courier";
import { CourierUnavailable, type ShippingProvider, type TrackedParcel } from "./shipping-provider";
import { courierScans, courierShipments } from "./shipping.tables";

/** Parcels asked about in one call (Delhivery's most). */
const TRACK_BATCH = 50;
/** A claimed parcel not answered for is asked again after this long (the courier down, a process gone). */
const TRACK_LEASE_SECONDS = 10 * 60;
/** Batches one pass asks at most (5,000 parcels): a pass ends even while pushes keep making parcels due. */
const MAX_BATCHES_A_PASS = 100;

/**
 * Following parcels with the courier (issue 37, decision 050). The courier's answers to "track" are the only
 * source of truth: a scan push (which Delhivery sends once, retries once, and signs with nothing but a static
 * header) only makes its parcel due now, and the poll job asks the courier. Every scan is kept once (the
 * unique index), so a duplicated, late or reordered scan, or two stores polling side by side, change nothing
 * twice; the parcel's state is always read from its newest scan by time, whatever order they came in.
 * On the order: "out for delivery" mails the shopper once, "delivered" delivers it (a cash order paid),
 * "returned" closes it as Returned with its stock back once and a paid order's refund queued.
 */
export function createParcelTracking({
  db,
  courier,
  orders,
  payments,
  log,
}: {
  db: Database;
  courier: ShippingProvider | null;
  orders: OrdersService;
  payments: PaymentsService;
  log: FastifyBaseLogger;
}) {
  /** Applies what the courier said of one parcel; answers how many scans were new. */
  async function apply(tracked: TrackedParcel): Promise<number> {
    const [found] = await db
      .select({ id: courierShipments.id, orderId: courierShipments.orderId })
      .from(courierShipments)
      .where(eq(courierShipments.waybill, tracked.waybill));
    if (!found) return 0;
    return db.transaction(async (tx) => {
      // The order first, then its parcel: the order in which every change of both locks them.
      const order = await orders.lock(tx, found.orderId);
      const [parcel] = await tx
        .select()
        .from(courierShipments)
        .where(eq(courierShipments.id, found.id))
        .for("update");
      if (!parcel || parcel.state !== "created") return 0;
      const inserted = tracked.scans.length
        ? await tx
            .insert(courierScans)
            .values(tracked.scans.map((scan) => ({ ...scan, shipmentId: parcel.id })))
            .onConflictDoNothing()
            .returning()
        : [];
      const scans = await tx
        .select()
        .from(courierScans)
        .where(eq(courierScans.shipmentId, parcel.id))
        .orderBy(asc(courierScans.at), asc(courierScans.id));
      const newest = scans.at(-1);
      const now = new Date();
      if (!newest) {
        await tx
          .update(courierShipments)
          .set({ trackDueAt: new Date(now.getTime() + TRACK_EVERY_MINUTES * 60_000) })
          .where(eq(courierShipments.id, parcel.id));
        return 0;
      }
      const newestMilestone = milestoneOf(newest);
      const pickedUp = scans.find((scan) => !["booked", "cancelled"].includes(milestoneOf(scan)));
      const failedNow = newestMilestone === "failed-attempt";
      const firstOutForDelivery = newestMilestone === "out-for-delivery" && !parcel.outForDeliveryAt;
      await tx
        .update(courierShipments)
        .set({
          courierStatus: newest.status,
          courierStatusType: newest.statusType,
          courierStatusAt: newest.at,
          pickedUpAt: parcel.pickedUpAt ?? pickedUp?.at ?? null,
          outForDeliveryAt: parcel.outForDeliveryAt ?? (firstOutForDelivery ? newest.at : null),
          // A failed attempt waits for staff while it is the newest news; a newer scan answers it.
          attemptFailedAt: failedNow ? newest.at : null,
          attemptFailure: failedNow ? newest.instructions || newest.status : null,
          reattemptAskedAt:
            failedNow && parcel.attemptFailedAt?.getTime() === newest.at.getTime()
              ? parcel.reattemptAskedAt
              : null,
          // A push that came while the courier was being asked, or while this transaction waited for its
          // locks, made the parcel due again: it stays due (the answer may predate the scan pushed), and the
          // poll asks again. The clock, not now(): the push may have landed after this transaction began.
          trackDueAt: journeyEnded(newestMilestone)
            ? null
            : sql`case when ${courierShipments.trackDueAt} <= clock_timestamp() then ${courierShipments.trackDueAt}
                       else ${new Date(now.getTime() + TRACK_EVERY_MINUTES * 60_000).toISOString()}::timestamptz end`,
          trackAttempts: 0,
          updatedAt: now,
        })
        .where(eq(courierShipments.id, parcel.id));
      for (const scan of [...inserted].sort((a, b) => a.at.getTime() - b.at.getTime()))
        await orders.recordEvent(tx, order.id, {
          actor: "courier",
          subject: "parcel",
          from: null,
          to: scan.status,
          note: [scan.instructions, scan.location].filter(Boolean).join(", "),
          details: { waybill: tracked.waybill, code: scan.statusCode, at: scan.at.toISOString() },
        });
      if (inserted.length > 0) await moveOrder(tx, order, scans.map(milestoneOf), firstOutForDelivery);
      return inserted.length;
    });
  }

  /** What the parcel's scans mean for its order, each applied once by the order's own conditional moves. */
  async function moveOrder(
    tx: Transaction,
    order: OrderRow,
    milestones: ReturnType<typeof milestoneOf>[],
    firstOutForDelivery: boolean,
  ) {
    if (order.status !== "Shipped") return;
    if (milestones.includes("delivered")) {
      await orders.deliverByCourier(tx, order);
      return;
    }
    if (milestones.includes("returned")) {
      const paid = order.paidAt ? await payments.paidAttempt(tx, order) : undefined;
      if ((await orders.returnToOrigin(tx, order)) && paid)
        await payments.requestRefund(tx, paid, await orders.lock(tx, order.id), {
          amountPaise: paid.paidAmountPaise ?? order.totalPaise,
          reason: "the parcel was returned to the shop by the courier",
          actor: "courier",
        });
      return;
    }
    if (firstOutForDelivery) await orders.outForDelivery(tx, order);
  }

  /**
   * One pass of the poll: the parcels due, fifty at a time, asked of the courier and applied, until none is
   * due. A parcel still due after its answer was applied (pushed meanwhile, or skipped while another process
   * held it) is asked again in the same pass, so no push waits for the next tick.
   */
  async function pass(): Promise<number> {
    if (!courier) return 0;
    let applied = 0;
    for (let batch = 0; batch < MAX_BATCHES_A_PASS; batch++) {
      const ids = await claimDue(
        db,
        {
          table: courierShipments,
          id: courierShipments.id,
          dueAt: courierShipments.trackDueAt,
          attempts: courierShipments.trackAttempts,
        },
        {
          where: and(eq(courierShipments.state, "created"), isNotNull(courierShipments.waybill))!,
          limit: TRACK_BATCH,
          leaseSeconds: TRACK_LEASE_SECONDS,
        },
      );
      if (ids.length === 0) break;
      const rows = await db
        .select({ waybill: courierShipments.waybill })
        .from(courierShipments)
        .where(inArray(courierShipments.id, ids));
      let tracked: TrackedParcel[];
      try {
        tracked = await courier.track(rows.map((row) => row.waybill!));
      } catch (error) {
        if (!(error instanceof CourierUnavailable)) throw error;
        log.warn(
          { reason: error.reason, parcels: ids.length },
          "the courier could not be asked for tracking",
        );
        break;
      }
      for (const parcel of tracked) applied += await apply(parcel);
    }
    return applied;
  }

  const runner = createJobRunner({ name: "parcel-tracking", intervalMs: 60_000, pass, log });

  /**
   * A scan push for `waybill`: its parcel is due now, and this process's poll runs at once. The push's
   * own content changes nothing: the courier's answer to the poll does.
   */
  async function pushed(waybill: string) {
    const due = await db
      .update(courierShipments)
      .set({ trackDueAt: sql`now()` })
      .where(and(eq(courierShipments.waybill, waybill), eq(courierShipments.state, "created")))
      .returning({ id: courierShipments.id });
    if (due.length > 0) runner.nudge();
  }

  /** Asks the courier about one parcel now and applies its answer (the sandbox's moves from staff's page). */
  async function trackNow(waybill: string): Promise<number> {
    if (!courier) return 0;
    let applied = 0;
    for (const parcel of await courier.track([waybill])) applied += await apply(parcel);
    return applied;
  }

  return { ...runner, apply, pushed, trackNow };
}

export type ParcelTracking = ReturnType<typeof createParcelTracking>;
