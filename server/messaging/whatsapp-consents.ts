import { and, eq, inArray, isNull, or } from "drizzle-orm";
import { users } from "../accounts/accounts.tables";
import type { Database, Executor, Transaction } from "../db/client";
import type { OrderRow } from "../orders/orders.tables";
import { currentConsent, recordConsent } from "../privacy/consents";
import { whatsappOptOuts, whatsappOrderRecipients, whatsappVerifiedNumbers } from "./messaging.tables";

/** A ten-digit Indian mobile as WhatsApp names it: with the country code, digits only. */
export const waNumberOf = (tenDigits: string) => `91${tenDigits}`;
/** A number as people read it: +91 98480 12345. */
export const shownNumber = (waNumber: string) =>
  waNumber.startsWith("91") && waNumber.length === 12
    ? `+91 ${waNumber.slice(2, 7)} ${waNumber.slice(7)}`
    : `+${waNumber}`;

/**
 * Who agreed to WhatsApp messages (decision 053). The shopper's consent is recorded with her other consents
 * (the `whatsapp` purpose of the consent log, with where it came from): ticking "Send my order updates on
 * WhatsApp" at checkout gives it for that order and its number; her account page gives or withdraws it for
 * all her orders in one call; a STOP reply withdraws it for the number. An order's message goes only while all
 * three agree: the order was ticked, her current choice is yes, and its number has not said STOP.
 */
export function createWhatsAppConsents({ db }: { db: Database }) {
  /** In Place Order's transaction: the order's choice, unticked unless the shopper ticked it. */
  async function forOrder(tx: Transaction, order: OrderRow, given: boolean) {
    if (!given || order.userId === null) return;
    const phone = waNumberOf(order.shippingAddress.phone);
    await tx.insert(whatsappOrderRecipients).values({ orderId: order.id, userId: order.userId, phone });
    // A new, explicit yes for this number lifts its STOP.
    await tx.delete(whatsappOptOuts).where(eq(whatsappOptOuts.phone, phone));
    await recordConsent(
      tx,
      order.userId,
      "whatsapp",
      true,
      `checkout of ${order.publicId}, to ${shownNumber(phone)}`,
    );
  }

  /** The number an order's messages go to now, or null when any of the three says no. */
  async function recipientOf(
    executor: Executor,
    orderId: number,
  ): Promise<{ phone: string; userId: number } | null> {
    const [row] = await executor
      .select({ phone: whatsappOrderRecipients.phone, userId: whatsappOrderRecipients.userId })
      .from(whatsappOrderRecipients)
      .leftJoin(whatsappOptOuts, eq(whatsappOptOuts.phone, whatsappOrderRecipients.phone))
      .where(and(eq(whatsappOrderRecipients.orderId, orderId), isNull(whatsappOptOuts.phone)));
    if (!row) return null;
    return (await currentConsent(executor, row.userId, "whatsapp")) ? row : null;
  }

  /** Whether a number said STOP (and has not opted in again since). */
  async function optedOut(executor: Executor, phone: string): Promise<boolean> {
    const [row] = await executor.select().from(whatsappOptOuts).where(eq(whatsappOptOuts.phone, phone));
    return row !== undefined;
  }

  /** The numbers of an account: its profile's, and the ones its orders were sent to. */
  async function numbersOf(executor: Executor, userId: number): Promise<string[]> {
    const [user] = await executor.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
    const ordered = await executor
      .selectDistinct({ phone: whatsappOrderRecipients.phone })
      .from(whatsappOrderRecipients)
      .where(eq(whatsappOrderRecipients.userId, userId));
    return [...new Set([...(user ? [waNumberOf(user.phone)] : []), ...ordered.map((row) => row.phone)])];
  }

  /**
   * The account page's choice for all her orders: given, it also lifts a STOP of her numbers (a new, explicit
   * yes); a choice that is already the current one adds no row.
   */
  async function setForAccount(userId: number, given: boolean): Promise<void> {
    await db.transaction(async (tx) => {
      if ((await currentConsent(tx, userId, "whatsapp")) !== given)
        await recordConsent(tx, userId, "whatsapp", given, "account page");
      if (given) {
        const numbers = await numbersOf(tx, userId);
        if (numbers.length > 0)
          await tx.delete(whatsappOptOuts).where(inArray(whatsappOptOuts.phone, numbers));
      }
    });
  }

  /**
   * A STOP from a number: nothing more goes to it, and each account that used it (its profile, an order's
   * updates, a verified number) has its consent withdrawn in the log, naming the reply.
   */
  async function stop(tx: Transaction, phone: string): Promise<number> {
    await tx.insert(whatsappOptOuts).values({ phone }).onConflictDoNothing();
    const tenDigits = phone.startsWith("91") ? phone.slice(2) : phone;
    const accounts = await tx
      .selectDistinct({ id: users.id })
      .from(users)
      .leftJoin(whatsappOrderRecipients, eq(whatsappOrderRecipients.userId, users.id))
      .leftJoin(whatsappVerifiedNumbers, eq(whatsappVerifiedNumbers.userId, users.id))
      .where(
        or(
          eq(users.phone, tenDigits),
          eq(whatsappOrderRecipients.phone, phone),
          eq(whatsappVerifiedNumbers.phone, phone),
        ),
      );
    let withdrawn = 0;
    for (const { id } of accounts)
      if (await currentConsent(tx, id, "whatsapp")) {
        await recordConsent(tx, id, "whatsapp", false, `STOP replied from ${shownNumber(phone)}`);
        withdrawn += 1;
      }
    return withdrawn;
  }

  return { forOrder, recipientOf, optedOut, setForAccount, stop, numbersOf };
}

export type WhatsAppConsents = ReturnType<typeof createWhatsAppConsents>;
