import { and, eq, inArray, sql } from "drizzle-orm";
import { COD_MESSAGES } from "../../contract/cash-on-delivery";
import type { Database, Executor, Transaction } from "../db/client";
import { NotAllowed, NotFound, Unavailable } from "../lib/errors";
import { recordEvent } from "../orders/order-history";
import { orders, type OrderRow } from "../orders/orders.tables";
import type { StoreSettingsService } from "../settings/store-settings";
import type { DeliveryCheckService } from "../shipping/delivery-check";
import type { BagToPay, PaymentMethod } from "./payment-method";

/** What the rules look at: the shopper, the bag's subtotal, whether it has a made-to-measure piece, the pincode. */
export type CodQuestion = { userId: number; subtotalPaise: number; customised: boolean; pincode: string };

/**
 * Cash on Delivery's rules (decision 048), each the owner's setting: offered at all (a maximum above ₹0), for a
 * bag up to that maximum, without made-to-measure pieces (the boutique cannot resell one refused at the door),
 * to a shopper with fewer cash orders on their way than the limit, at a pincode where the courier collects
 * cash. Answers the first rule a bag breaks, in the shopper's words, or null.
 */
export function createCodRules({
  db,
  settings,
  deliveryCheck,
}: {
  db: Database;
  settings: Pick<StoreSettingsService, "current">;
  deliveryCheck: Pick<DeliveryCheckService, "check">;
}) {
  /** The shopper's cash orders placed and not yet delivered or cancelled. */
  async function openOrders(executor: Executor, userId: number): Promise<number> {
    const [row] = await executor
      .select({ count: sql<number>`count(*)::int` })
      .from(orders)
      .where(
        and(
          eq(orders.userId, userId),
          eq(orders.paymentMethod, "COD"),
          inArray(orders.status, ["Pending", "Processing", "Shipped"]),
        ),
      );
    return row!.count;
  }

  /** The open-orders rule alone: in Place Order's transaction it is checked again under the account's lock. */
  async function tooManyOpen(executor: Executor, userId: number): Promise<string | null> {
    const { cod } = await settings.current(executor);
    return (await openOrders(executor, userId)) >= cod.openOrders
      ? COD_MESSAGES.tooManyOpen(cod.openOrders)
      : null;
  }

  /** Asks the courier last, and only when every rule of the store's own allows the bag. */
  async function refusal(question: CodQuestion): Promise<string | null> {
    const { cod } = await settings.current();
    if (cod.maxOrderPaise === 0) return COD_MESSAGES.off;
    if (question.subtotalPaise > cod.maxOrderPaise) return COD_MESSAGES.overLimit(cod.maxOrderPaise);
    if (question.customised && !cod.customised) return COD_MESSAGES.customised;
    const open = await tooManyOpen(db, question.userId);
    if (open) return open;
    try {
      const answer = await deliveryCheck.check(question.pincode);
      return answer.cod ? null : COD_MESSAGES.pincode(question.pincode);
    } catch (error) {
      if (error instanceof NotFound) return COD_MESSAGES.pincode(question.pincode);
      if (error instanceof Unavailable) return COD_MESSAGES.courierUnavailable;
      throw error;
    }
  }

  /** What paying in cash adds to an order now (the owner's fee), in paise. */
  async function feePaise(): Promise<number> {
    return (await settings.current()).cod.feePaise;
  }

  /** What paying online takes off an order now (the owner's prepaid nudge), in paise, shown beside cash. */
  async function prepaidDiscountPaise(): Promise<number> {
    return (await settings.current()).cod.prepaidDiscountPaise;
  }

  return { refusal, tooManyOpen, feePaise, prepaidDiscountPaise };
}

export type CodRules = ReturnType<typeof createCodRules>;

const questionOf = (bag: BagToPay): CodQuestion => ({
  userId: bag.userId,
  subtotalPaise: bag.subtotalPaise,
  customised: bag.lines.some((line) => line.customization !== null),
  pincode: bag.pincode,
});

/**
 * Cash on Delivery as a way to pay (payment-method.ts): the order holds its stock for the owner's hours to
 * confirm it, nothing outside the store is asked, and the shopper goes to her order's page to confirm it.
 */
export function codMethod({
  rules,
  settings,
  publicUrl,
  mailLink,
}: {
  rules: CodRules;
  settings: Pick<StoreSettingsService, "current">;
  publicUrl: string;
  /** Mails the shopper the order with its one-tap confirmation link (orders/cod-confirmation.ts). */
  mailLink: (tx: Transaction, order: OrderRow) => Promise<void>;
}): PaymentMethod {
  const orderPage = (publicId: string) => `${publicUrl}/orders/${publicId}`;
  return {
    name: "COD",
    available: true,
    async accepts(bag) {
      const reason = await rules.refusal(questionOf(bag));
      if (reason) throw new NotAllowed(reason, { paymentMethod: reason });
    },
    async admit(tx, bag) {
      const reason = await rules.tooManyOpen(tx, bag.userId);
      if (reason) throw new NotAllowed(reason, { paymentMethod: reason });
    },
    async charges() {
      return { codFeePaise: await rules.feePaise(), prepaidDiscountPaise: 0 };
    },
    async hold() {
      const { cod } = await settings.current();
      const until = new Date(Date.now() + cod.confirmHours * 3_600_000);
      return { payBy: until, reservedUntil: until };
    },
    async begin(tx, order) {
      await recordEvent(tx, order.id, {
        actor: "shopper",
        subject: "payment",
        to: "cash on delivery",
        note: "to be paid in cash at the door; waits for the shopper's confirmation",
      });
      await mailLink(tx, order);
      return async () => orderPage(order.publicId);
    },
    async resume(order) {
      return orderPage(order.publicId);
    },
  };
}
