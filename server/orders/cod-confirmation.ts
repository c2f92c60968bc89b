import type { StaffConfirmCodRequest } from "../../contract/cash-on-delivery";
import type { AuthenticatedUser } from "../accounts/sessions";
import type { Database } from "../db/client";
import type { OrdersService } from "./orders.service";
import type { OrderRow } from "./orders.tables";

/**
 * Confirming a Cash on Delivery order (decision 048): by its shopper from the order's page, or by staff who
 * reached her on the phone, with a note kept in its history. Either way the order may ship; again changes nothing.
 */
export function createCodConfirmation({ db, orders }: { db: Database; orders: OrdersService }) {
  async function confirm(orderId: number, change: { actor: string; note: string }) {
    return db.transaction(async (tx) => orders.confirmCod(tx, await orders.lock(tx, orderId), change));
  }

  /** The shopper confirms her own order; answers the order as it stands and whether this confirmed it. */
  async function byShopper(
    user: AuthenticatedUser,
    publicId: string,
  ): Promise<{ order: OrderRow; confirmed: boolean }> {
    const viewer = { userId: user.userId, staff: false };
    const found = await orders.findVisible(publicId, viewer);
    const confirmed = await confirm(found.id, { actor: "shopper", note: "confirmed by the shopper" });
    return { order: await orders.findVisible(publicId, viewer), confirmed };
  }

  /** Staff confirm an order the shopper confirmed on the phone. */
  async function byStaff(staffUserId: number, request: StaffConfirmCodRequest): Promise<boolean> {
    const found = await orders.findVisible(request.orderId, { userId: staffUserId, staff: true });
    return confirm(found.id, { actor: `staff:${staffUserId}`, note: `confirmed by phone: ${request.note}` });
  }

  return { byShopper, byStaff };
}

export type CodConfirmation = ReturnType<typeof createCodConfirmation>;
