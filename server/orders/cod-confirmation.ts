import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import {
  COD_MESSAGES,
  type CodLinkRequest,
  type CodLinkView,
  type StaffConfirmCodRequest,
} from "../../contract/cash-on-delivery";
import { paiseToRupees } from "../../contract/money";
import type { AuthenticatedUser } from "../accounts/sessions";
import type { Database, Transaction } from "../db/client";
import { notFound } from "../lib/errors";
import { enqueueMail } from "../mail/mail.service";
import { codConfirmMail } from "./cod-mails";
import { mailedOrder } from "./order-mails";
import type { OrdersService } from "./orders.service";
import { codConfirmationLinks, orders as ordersTable, type OrderRow } from "./orders.tables";

const hashOf = (token: string) => createHash("sha256").update(token).digest();

/**
 * Confirming a Cash on Delivery order (decision 048): by its shopper from the order's page, or by staff who
 * reached her on the phone, with a note kept in its history. Either way the order may ship; again changes nothing.
 */
export function createCodConfirmation({
  db,
  orders,
  publicUrl,
  alsoAsk,
}: {
  db: Database;
  orders: OrdersService;
  publicUrl: string;
  /** Who else asks the shopper, with the same token, in the same transaction: WhatsApp's buttons (decision 053). */
  alsoAsk?: (tx: Transaction, order: OrderRow, token: string) => Promise<void>;
}) {
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

  /**
   * In the transaction that places a cash order: its one-tap link (a random token kept as its hash, good
   * until the order's hold ends), mailed to the shopper with the order.
   */
  async function mailLink(tx: Transaction, order: OrderRow) {
    const token = randomBytes(24).toString("base64url");
    await tx.insert(codConfirmationLinks).values({
      orderId: order.id,
      tokenHash: hashOf(token).toString("hex"),
      expiresAt: order.reservedUntil,
    });
    const items = await orders.itemsOf(tx, [order.id]);
    const orderUrl = `${publicUrl}/orders/${order.publicId}`;
    await enqueueMail(tx, {
      ...codConfirmMail(
        mailedOrder(order, items),
        `${orderUrl}/confirm?token=${token}`,
        orderUrl,
        order.reservedUntil,
      ),
      orderId: order.id,
    });
    await alsoAsk?.(tx, order, token);
  }

  /** The order a link confirms, while it is good; 404 in the same words for any link that is not. */
  async function orderOfLink({ orderId, token }: CodLinkRequest): Promise<OrderRow> {
    const [row] = await db
      .select({ order: ordersTable, link: codConfirmationLinks })
      .from(codConfirmationLinks)
      .innerJoin(ordersTable, eq(ordersTable.id, codConfirmationLinks.orderId))
      .where(eq(ordersTable.publicId, orderId));
    const kept = row ? Buffer.from(row.link.tokenHash, "hex") : Buffer.alloc(32);
    const matches = timingSafeEqual(kept, hashOf(token));
    if (!row || !matches || row.link.expiresAt <= new Date()) throw notFound(COD_MESSAGES.linkInvalid);
    return row.order;
  }

  /** What the link's page shows before the tap. */
  async function linkView(request: CodLinkRequest): Promise<CodLinkView> {
    const order = await orderOfLink(request);
    const items = await orders.itemsOf(db, [order.id]);
    return {
      orderId: order.publicId,
      orderStatus: order.status,
      totalAmount: paiseToRupees(order.totalPaise),
      items: items.map((item) => ({ name: item.name, size: item.size, quantity: item.quantity })),
    };
  }

  /**
   * The shopper's tap on the link, or on the Confirm button of the same question on WhatsApp (decision 053,
   * its token the link's): confirms the order, without signing in.
   */
  async function byLink(
    request: CodLinkRequest,
    via: "mail" | "whatsapp" = "mail",
  ): Promise<{ order: OrderRow; confirmed: boolean }> {
    const order = await orderOfLink(request);
    const confirmed = await confirm(order.id, {
      actor: "shopper",
      note: via === "mail" ? "confirmed by the link in the mail" : "confirmed by a reply on WhatsApp",
    });
    return { order: (await orders.byId(order.id))!, confirmed };
  }

  return { byShopper, byStaff, mailLink, linkView, byLink, orderOfLink };
}

export type CodConfirmation = ReturnType<typeof createCodConfirmation>;
