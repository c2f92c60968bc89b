import { eq } from "drizzle-orm";
import { paiseToRupees } from "../../contract/money";
import { ORDER_MESSAGES, type OrderStatus } from "../../contract/orders";
import {
  STAFF_ORDER_MESSAGES,
  type MarkRefundPaidRequest,
  type RetryRefundRequest,
  type StaffOrderDetails,
  type UpdateOrderStatusRequest,
  type UpdateTrackingRequest,
} from "../../contract/staff-orders";
import { canMove, movesFrom } from "../../contract/order-transitions";
import type { TrackingCorrections } from "./shipments";
import type { CourierParcels } from "../shipping/courier-parcels";
import type { ReturnDecisions } from "../returns/return-decisions";
import type { MarkTailoringDoneRequest } from "../../contract/tailoring";
import type { Database } from "../db/client";
import { NotAllowed, notFound } from "../lib/errors";
import type { PaymentsService } from "../payments/payments.service";
import type { RefundResolutions } from "../payments/refund-resolutions";
import { awaitsTailor } from "./order-queries";
import type { OrdersService } from "./orders.service";
import { orders as ordersTable } from "./orders.tables";

/**
 * Staff's work on orders: their details with payments, refunds and history, and the status changes the
 * transition table gives staff (contract/order-transitions.ts). Each change runs in one transaction with the order locked, so a repeat or a race is
 * refused with 409 instead of applied twice; a paid order's refund is queued in the same transaction and sent
 * to PhonePe by the payments reconciler (no transaction is open during that call).
 */
export function createStaffOrders({
  db,
  orders,
  payments,
  tracking,
  refunds,
  parcels,
  returns,
  messagesOf,
  mailsOf,
}: {
  db: Database;
  /** The order's messages on WhatsApp (messaging/message-views.ts, decision 053). */
  messagesOf: (orderId: number) => Promise<StaffOrderDetails["messages"]>;
  /** The order's mails (mail/order-mails.ts). */
  mailsOf: (orderId: number) => Promise<StaffOrderDetails["mails"]>;
  orders: OrdersService;
  payments: PaymentsService;
  tracking: TrackingCorrections;
  refunds: RefundResolutions;
  /** The order's parcel with the courier: shown, and cancelled there before a shipped order is. */
  parcels: CourierParcels;
  /** The order's returns as staff answer them (returns/return-decisions.ts). */
  returns: Pick<ReturnDecisions, "staffViewsOf">;
}) {
  async function idOf(publicId: string): Promise<number> {
    const [row] = await db
      .select({ id: ordersTable.id })
      .from(ordersTable)
      .where(eq(ordersTable.publicId, publicId));
    if (!row) throw notFound(ORDER_MESSAGES.notFound);
    return row.id;
  }

  async function details(publicId: string): Promise<StaffOrderDetails> {
    const id = await idOf(publicId);
    const order = (await orders.byId(id))!;
    const [items, history, { attempts, refunds }, courierParcel, orderReturns, messages, mails] =
      await Promise.all([
        orders.itemsOf(db, [id]),
        orders.historyOf(id),
        payments.attemptsOf(id),
        parcels.staffView(id),
        returns.staffViewsOf(id),
        messagesOf(id),
        mailsOf(id),
      ]);
    // A shipped order may be cancelled only while its courier parcel waits for its pickup (decision 050).
    const cancellable =
      order.status !== "Shipped" || (courierParcel?.state === "created" && courierParcel.pickedUpAt === null);
    const merchantOrderIdOf = new Map(attempts.map((attempt) => [attempt.id, attempt.merchantOrderId]));
    return {
      order: (await orders.views([order], items))[0]!,
      courier: order.courier,
      trackingNumber: order.trackingNumber,
      paidAt: order.paidAt?.toISOString() ?? null,
      attempts: attempts.map((attempt) => ({
        merchantOrderId: attempt.merchantOrderId,
        state: attempt.state,
        amount: paiseToRupees(attempt.amountPaise),
        paidAmount: attempt.paidAmountPaise === null ? null : paiseToRupees(attempt.paidAmountPaise),
        paymentMode: attempt.paymentMode,
        transactionId: attempt.transactionId,
        createdAt: attempt.createdAt.toISOString(),
        settledAt: attempt.settledAt?.toISOString() ?? null,
      })),
      refunds: refunds.map((refund) => ({
        merchantRefundId: refund.merchantRefundId,
        merchantOrderId: merchantOrderIdOf.get(refund.paymentId) ?? "",
        amount: paiseToRupees(refund.amountPaise),
        reason: refund.reason,
        state: refund.state,
        createdAt: refund.createdAt.toISOString(),
        settledAt: refund.settledAt?.toISOString() ?? null,
        needsAttention: refund.state === "FAILED" && refund.resolvedAt === null,
        failure: refund.failure,
        failureReason: refund.failureReason,
        resolution: refund.resolution,
        resolutionNote: refund.resolutionNote,
        resolvedAt: refund.resolvedAt?.toISOString() ?? null,
      })),
      history: history.map((event) => ({
        actor: event.actor,
        subject: event.subject,
        from: event.from,
        to: event.to,
        note: event.note,
        at: event.at.toISOString(),
      })),
      allowedTransitions: movesFrom(order.status, "staff").filter((to) => to !== "Cancelled" || cancellable),
      tailoringPending: items.filter(awaitsTailor).length,
      courierParcel,
      returns: orderReturns,
      messages,
      mails,
    };
  }

  /** Moves an order to `status` if the transition table lets staff from where it is now; NotAllowed otherwise. */
  async function updateStatus(staffUserId: number, request: UpdateOrderStatusRequest) {
    const id = await idOf(request.orderId);
    const actor = `staff:${staffUserId}`;
    const to: OrderStatus = request.status;
    // A shipped order's parcel is cancelled at the courier first, outside any transaction.
    const current = await orders.byId(id);
    const cancelledParcel =
      to === "Cancelled" && current?.status === "Shipped" ? await parcels.cancelAtCourier(id) : null;
    await db.transaction(async (tx) => {
      const order = await orders.lock(tx, id);
      if (!canMove(order.status, to, "staff"))
        throw new NotAllowed(STAFF_ORDER_MESSAGES.forbiddenTransition(order.status, to));
      if (to === "Shipped")
        await orders.advance(tx, order, {
          to,
          actor,
          courier: request.courier,
          trackingNumber: request.trackingNumber,
          trackingUrl: request.trackingUrl,
        });
      else if (to === "Delivered") await orders.advance(tx, order, { to, actor });
      else if (to === "Cancelled") {
        if (order.status === "Shipped" && cancelledParcel === null)
          throw new NotAllowed(STAFF_ORDER_MESSAGES.forbiddenTransition(order.status, to));
        if (cancelledParcel !== null) await parcels.markCancelled(tx, cancelledParcel);
        const paid = order.paidAt ? await payments.paidAttempt(tx, order) : undefined;
        await orders.cancelByStaff(tx, order, {
          actor,
          // The contract requires a reason with a cancellation.
          reason: request.cancelReason!,
          reasonNote: request.cancelNote,
        });
        if (paid)
          await payments.requestRefund(tx, paid, await orders.lock(tx, id), {
            amountPaise: paid.paidAmountPaise ?? order.totalPaise,
            reason: "the order was cancelled by the store",
            actor,
          });
      }
    });
    return details(request.orderId);
  }

  /** Marks a customised line's tailoring done, on the locked order. */
  async function markTailoringDone(staffUserId: number, request: MarkTailoringDoneRequest) {
    const id = await idOf(request.orderId);
    await db.transaction(async (tx) => {
      const order = await orders.lock(tx, id);
      await orders.markTailoringDone(tx, order, request.itemId, `staff:${staffUserId}`);
    });
    return details(request.orderId);
  }

  /** Corrects a shipped order's courier and tracking (shipments.ts); 409 once it is delivered. */
  async function correctTracking(staffUserId: number, request: UpdateTrackingRequest) {
    await tracking.correct(await idOf(request.orderId), `staff:${staffUserId}`, request);
    return details(request.orderId);
  }

  /** Asks PhonePe again for a failed refund of the order (refunds.ts says how); the reconciler sends it now. */
  async function retryRefund(staffUserId: number, request: RetryRefundRequest) {
    const id = await idOf(request.orderId);
    await db.transaction(async (tx) =>
      refunds.retry(tx, await orders.lock(tx, id), request.merchantRefundId, `staff:${staffUserId}`),
    );
    payments.reconciler.nudge();
    return details(request.orderId);
  }

  /** Records that staff paid a failed refund of the order another way (a bank transfer), with their note. */
  async function markRefundPaid(staffUserId: number, request: MarkRefundPaidRequest) {
    const id = await idOf(request.orderId);
    await db.transaction(async (tx) =>
      refunds.paidAnotherWay(tx, await orders.lock(tx, id), {
        merchantRefundId: request.merchantRefundId,
        note: request.note,
        actor: `staff:${staffUserId}`,
      }),
    );
    return details(request.orderId);
  }

  return { details, updateStatus, markTailoringDone, correctTracking, retryRefund, markRefundPaid };
}

export type StaffOrders = ReturnType<typeof createStaffOrders>;
