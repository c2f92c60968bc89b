import { eq } from "drizzle-orm";
import type { GrievanceCategory } from "../../contract/grievances-rules";
import type { OrderReturn } from "../../contract/order-returns";
import {
  RETURN_MESSAGES as M,
  RETURN_REASON_LABELS,
  type RequestReturnRequest,
} from "../../contract/returns";
import type { AuthenticatedUser } from "../accounts/sessions";
import { isUniqueViolation, type Database } from "../db/client";
import type { GrievanceFiling } from "../grievances/grievance-filing";
import { badRequest, conflict, NotAllowed } from "../lib/errors";
import type { OrdersService } from "../orders/orders.service";
import type { StoreSettingsService } from "../settings/store-settings";
import { returnView, returnWindowEnd } from "./return-views";
import { orderReturns } from "./returns.tables";

/** The grievance officer's category of each reason: a return's ticket is counted with the complaints. */
const CATEGORY_OF: Record<RequestReturnRequest["reason"], GrievanceCategory> = {
  damaged: "damaged-defective-or-wrong",
  defective: "damaged-defective-or-wrong",
  "wrong-item": "damaged-defective-or-wrong",
  "not-as-described": "not-as-described",
};

/**
 * A shopper asks to return a line of her delivered order (decision 051): within the owner's days after
 * delivery, one return per line, with photos, a cash order with where its refund goes. The return and its
 * complaint ticket (which holds the thread and the officer's limits) are written in one transaction, with
 * the order locked, and the order's history records it.
 */
export function createReturnRequests({
  db,
  orders,
  filing,
  settings,
  onMailQueued,
}: {
  db: Database;
  orders: OrdersService;
  filing: Pick<GrievanceFiling, "fileIn">;
  settings: Pick<StoreSettingsService, "current">;
  onMailQueued: () => void;
}) {
  return async function requestReturn(
    user: AuthenticatedUser,
    input: RequestReturnRequest,
  ): Promise<OrderReturn> {
    const found = await orders.findVisible(input.orderId, { userId: user.userId, staff: false });
    const { returnDays } = await settings.current();
    const written = await db
      .transaction(async (tx) => {
        const order = await orders.lock(tx, found.id);
        const windowEnd = returnWindowEnd(order, returnDays);
        if (!windowEnd) throw new NotAllowed(M.notDelivered);
        if (windowEnd.getTime() <= Date.now()) throw new NotAllowed(M.windowClosed(returnDays));
        const item = (await orders.itemsOf(tx, [order.id])).find((line) => line.id === input.itemId);
        if (!item) throw badRequest(M.itemNotFound, { itemId: M.itemNotFound });
        if (input.quantity > item.quantity)
          throw badRequest(M.quantity(item.quantity), { quantity: M.quantity(item.quantity) });
        const cash = order.paymentMethod === "COD";
        if (cash && !input.refundTo) throw badRequest(M.refundToRequired, { refundTo: M.refundToRequired });
        const [asked] = await tx
          .select({ publicId: orderReturns.publicId })
          .from(orderReturns)
          .where(eq(orderReturns.orderItemId, item.id));
        if (asked) throw conflict(M.alreadyAsked(asked.publicId));

        const what = `${input.quantity} × ${item.name} (size ${item.size})`;
        const ticket = await filing.fileIn(
          tx,
          { userId: user.userId, email: user.email, fullName: user.fullName },
          {
            category: CATEGORY_OF[input.reason],
            text: `Return of ${what}: ${RETURN_REASON_LABELS[input.reason]}.\n${input.details}`,
            orderId: order.publicId,
            photos: input.photos,
            uploadToken: input.uploadToken,
          },
        );
        const [row] = await tx
          .insert(orderReturns)
          .values({
            orderId: order.id,
            orderItemId: item.id,
            quantity: input.quantity,
            reason: input.reason,
            details: input.details,
            photos: [...new Set(input.photos)],
            grievanceId: ticket.id,
            // Only a cash order's refund needs her account; PhonePe refunds an online payment itself.
            refundTo: !cash
              ? null
              : input.refundTo!.upiId
                ? { upiId: input.refundTo!.upiId }
                : {
                    accountName: input.refundTo!.accountName,
                    accountNumber: input.refundTo!.accountNumber,
                    ifsc: input.refundTo!.ifsc,
                  },
          })
          .returning();
        await orders.recordEvent(tx, order.id, {
          actor: "shopper",
          subject: "return",
          to: "requested",
          note: `${row!.publicId}: ${what}, ${RETURN_REASON_LABELS[input.reason].toLowerCase()} (ticket ${ticket.ticketNumber})`,
        });
        return returnView(row!, ticket.ticketNumber);
      })
      .catch(async (error: unknown) => {
        // The same line asked for twice at once: the second finds the first.
        if (!isUniqueViolation(error)) throw error;
        const [first] = await db
          .select({ publicId: orderReturns.publicId })
          .from(orderReturns)
          .where(eq(orderReturns.orderItemId, input.itemId));
        throw conflict(M.alreadyAsked(first?.publicId ?? ""));
      });
    onMailQueued();
    return written;
  };
}

export type RequestReturn = ReturnType<typeof createReturnRequests>;
