import { and, eq, inArray } from "drizzle-orm";
import { formatPaise } from "../../contract/money";
import { RETURN_MESSAGES as M, type StaffOrderReturn } from "../../contract/returns";
import type { Database, Transaction } from "../db/client";
import type { GrievanceDesk } from "../grievances/grievance-desk";
import { grievances } from "../grievances/grievances.tables";
import { issueReturnCreditNote } from "../gst/return-credit-notes";
import { NotAllowed, notFound } from "../lib/errors";
import type { OrdersService } from "../orders/orders.service";
import type { OrderRow } from "../orders/orders.tables";
import type { PaymentsService } from "../payments/payments.service";
import type { StoreSettingsService } from "../settings/store-settings";
import type { ReversePickups } from "./reverse-pickups";
import { returnsOf, staffReturnView } from "./return-views";
import { orderReturns, type OrderReturnRow } from "./returns.tables";

/**
 * Staff answer a return (decision 051): approve it (the courier then collects the piece), refuse it with the
 * reason, receive the piece (its credit note issued; an online payment refunded through PhonePe), and record
 * a cash order's refund sent by transfer. Each step locks the order, then the return, changes it once (a
 * repeat answers it as it is), records it in the order's history and writes to the shopper on the return's
 * ticket, in the same transaction. The courier is called after it commits.
 */
export function createReturnDecisions({
  db,
  orders,
  payments,
  desk,
  pickups,
  settings,
  onMailQueued,
}: {
  db: Database;
  orders: OrdersService;
  payments: Pick<PaymentsService, "paidAttempt" | "requestRefund">;
  desk: Pick<GrievanceDesk, "actIn">;
  pickups: ReversePickups;
  settings: Pick<StoreSettingsService, "current">;
  onMailQueued: () => void;
}) {
  async function view(publicId: string): Promise<StaffOrderReturn> {
    const [found] = await db
      .select({ row: orderReturns, ticketNumber: grievances.ticketNumber })
      .from(orderReturns)
      .innerJoin(grievances, eq(grievances.id, orderReturns.grievanceId))
      .where(eq(orderReturns.publicId, publicId));
    if (!found) throw notFound(M.returnNotFound);
    return staffReturnView(found.row, found.ticketNumber);
  }

  /**
   * Runs `step` on the return with its order locked (order first, as every writer of an order does); `step`
   * answers whether it changed the return. Answers the return as it is then.
   */
  async function decide(
    publicId: string,
    step: (tx: Transaction, found: { order: OrderRow; row: OrderReturnRow }) => Promise<boolean>,
  ): Promise<StaffOrderReturn> {
    const [ids] = await db
      .select({ id: orderReturns.id, orderId: orderReturns.orderId })
      .from(orderReturns)
      .where(eq(orderReturns.publicId, publicId));
    if (!ids) throw notFound(M.returnNotFound);
    const changed = await db.transaction(async (tx) => {
      const order = await orders.lock(tx, ids.orderId);
      const [row] = await tx.select().from(orderReturns).where(eq(orderReturns.id, ids.id)).for("update");
      return step(tx, { order, row: row! });
    });
    if (changed) onMailQueued();
    return view(publicId);
  }

  /** Moves a locked return, records the move and writes to the shopper on its ticket. */
  async function move(
    tx: Transaction,
    { order, row }: { order: { id: number }; row: OrderReturnRow },
    staffUserId: number,
    change: Partial<typeof orderReturns.$inferInsert> & { state: OrderReturnRow["state"] },
    message: { kind: "answered" | "resolved"; text: string },
  ) {
    await tx.update(orderReturns).set(change).where(eq(orderReturns.id, row.id));
    await orders.recordEvent(tx, order.id, {
      actor: `staff:${staffUserId}`,
      subject: "return",
      from: row.state,
      to: change.state,
      note: row.publicId,
    });
    await desk.actIn(tx, message.kind, row.grievanceId, staffUserId, message.text);
    return true;
  }

  async function approve(publicId: string, staffUserId: number) {
    const { gst } = await settings.current();
    const answered = await decide(publicId, async (tx, found) => {
      if (found.row.state === "approved") return false;
      if (found.row.state !== "requested") throw new NotAllowed(M.notRequested);
      const how = pickups.available
        ? "Our courier will collect the piece from your delivery address in the next few working days"
        : `Please send the piece to ${gst.legalName}, ${gst.address}`;
      return move(
        tx,
        found,
        staffUserId,
        { state: "approved", decidedBy: staffUserId, decidedAt: new Date() },
        {
          kind: "answered",
          text: `Your return ${publicId} is approved. ${how}: keep it packed, with its tags. We refund it once it reaches us.`,
        },
      );
    });
    // Outside any transaction: the courier is asked to collect it (once; approving again retries a failure).
    if (answered.pickupWaybill || answered.state !== "approved") return answered;
    await pickups.book(publicId);
    return view(publicId);
  }

  async function refuse(publicId: string, staffUserId: number, reason: string) {
    return decide(publicId, async (tx, found) => {
      if (found.row.state === "refused") return false;
      if (found.row.state !== "requested") throw new NotAllowed(M.notRequested);
      return move(
        tx,
        found,
        staffUserId,
        { state: "refused", refusal: reason, decidedBy: staffUserId, decidedAt: new Date() },
        { kind: "resolved", text: `Your return ${publicId} is refused: ${reason}` },
      );
    });
  }

  async function receive(publicId: string, staffUserId: number) {
    return decide(publicId, async (tx, { order, row }) => {
      if (row.state === "received" || row.state === "refunded") return false;
      if (row.state !== "approved") throw new NotAllowed(M.notApproved);
      const items = await orders.itemsOf(tx, [order.id]);
      const item = items.find((line) => line.id === row.orderItemId)!;
      const earlier = await tx
        .select({ quantity: orderReturns.quantity, refundPaise: orderReturns.refundPaise })
        .from(orderReturns)
        .where(
          and(eq(orderReturns.orderId, order.id), inArray(orderReturns.state, ["received", "refunded"])),
        );
      const pieces = (list: { quantity: number }[]) => list.reduce((sum, line) => sum + line.quantity, 0);
      const lastPieces = pieces(earlier) + row.quantity === pieces(items);
      const note = await issueReturnCreditNote(tx, {
        order,
        items,
        returnId: row.id,
        item,
        quantity: row.quantity,
        lastPieces,
        reason: `return ${publicId}: ${row.reason}`,
      });
      const refundPaise = note?.totalPaise ?? item.unitPricePaise * row.quantity;
      const refunded = earlier.reduce((sum, r) => sum + (r.refundPaise ?? 0), 0);
      // Never more than was paid, whatever the rounding of the credit notes.
      if (refunded + refundPaise > order.totalPaise)
        throw new Error(`return ${publicId} would refund more than order ${order.publicId} was paid`);
      const cash = order.paymentMethod === "COD";
      if (!cash) {
        const paid = await payments.paidAttempt(tx, order);
        await payments.requestRefund(tx, paid!, order, {
          amountPaise: refundPaise,
          reason: `return ${publicId}`,
          actor: `staff:${staffUserId}`,
        });
      }
      const now = new Date();
      const documents = note ? ` Credit note ${note.number} is with your order's documents.` : "";
      return move(
        tx,
        { order, row },
        staffUserId,
        cash
          ? { state: "received", receivedAt: now, refundPaise }
          : { state: "refunded", receivedAt: now, refundedAt: now, refundPaise },
        cash
          ? {
              kind: "answered",
              text: `We have received the piece of return ${publicId}. We are sending ${formatPaise(refundPaise)} to the account you gave us.${documents}`,
            }
          : {
              kind: "resolved",
              text: `We have received the piece of return ${publicId} and refunded ${formatPaise(refundPaise)} through PhonePe: it reaches you in 5 to 7 working days.${documents}`,
            },
      );
    });
  }

  /** A cash order's refund sent by transfer: her account's details are erased, the reference kept. */
  async function refunded(publicId: string, staffUserId: number, reference: string) {
    return decide(publicId, async (tx, found) => {
      if (found.row.state === "refunded" && found.row.refundReference === reference) return false;
      if (found.row.state !== "received") throw new NotAllowed(M.notReceived);
      return move(
        tx,
        found,
        staffUserId,
        { state: "refunded", refundedAt: new Date(), refundReference: reference, refundTo: null },
        {
          kind: "resolved",
          text: `We have sent ${formatPaise(found.row.refundPaise ?? 0)} for return ${publicId} to the account you gave us (reference ${reference}).`,
        },
      );
    });
  }

  /** An order's returns as staff see them. */
  async function staffViewsOf(orderId: number): Promise<StaffOrderReturn[]> {
    return (await returnsOf(db, [orderId])).map((r) => staffReturnView(r.row, r.ticketNumber));
  }

  return { approve, refuse, receive, refunded, staffViewsOf };
}

export type ReturnDecisions = ReturnType<typeof createReturnDecisions>;
