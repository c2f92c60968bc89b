import { asc, eq, inArray } from "drizzle-orm";
import type { ConsentEntry } from "../../contract/privacy";
import { users } from "../accounts/accounts.tables";
import type { Database } from "../db/client";
import {
  whatsappMessages,
  whatsappOptOuts,
  whatsappOrderRecipients,
  whatsappVerifiedNumbers,
} from "../messaging/messaging.tables";
import { shownNumber, waNumberOf } from "../messaging/whatsapp-consents";
import { orders } from "../orders/orders.tables";

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * Her WhatsApp in "Download my data" (decisions 045, 053): her consent to order updates now and each time she
 * gave or withdrew it (at checkout, on her account page, by replying STOP), the numbers her orders' updates
 * went to, the number she verified for signing in, her numbers that replied STOP, and every message sent to
 * her: what it was (event, template), its order, its number, where it stands and when each step happened.
 * A message's parameters and text are not in it: a sign-in code's value never leaves the outbox.
 */
export async function myWhatsApp(db: Database, userId: number, consentLog: ConsentEntry[]) {
  const history = consentLog
    .filter((entry) => entry.purpose === "whatsapp")
    .map(({ action, at, source, noticeVersion }) => ({ action, at, source, noticeVersion }));

  const [orderNumbers, [verified], messages] = await Promise.all([
    db
      .select({
        orderId: orders.publicId,
        phone: whatsappOrderRecipients.phone,
        givenAt: whatsappOrderRecipients.givenAt,
      })
      .from(whatsappOrderRecipients)
      .innerJoin(orders, eq(orders.id, whatsappOrderRecipients.orderId))
      .where(eq(whatsappOrderRecipients.userId, userId))
      .orderBy(asc(whatsappOrderRecipients.givenAt)),
    db
      .select({ phone: whatsappVerifiedNumbers.phone, verifiedAt: whatsappVerifiedNumbers.verifiedAt })
      .from(whatsappVerifiedNumbers)
      .where(eq(whatsappVerifiedNumbers.userId, userId)),
    db
      .select({
        orderId: orders.publicId,
        event: whatsappMessages.event,
        template: whatsappMessages.template,
        language: whatsappMessages.language,
        to: whatsappMessages.to,
        status: whatsappMessages.status,
        error: whatsappMessages.errorReason,
        createdAt: whatsappMessages.createdAt,
        acceptedAt: whatsappMessages.acceptedAt,
        sentAt: whatsappMessages.sentAt,
        deliveredAt: whatsappMessages.deliveredAt,
        readAt: whatsappMessages.readAt,
        failedAt: whatsappMessages.failedAt,
        fellBackToMailAt: whatsappMessages.fellBackAt,
      })
      .from(whatsappMessages)
      .leftJoin(orders, eq(orders.id, whatsappMessages.orderId))
      .where(eq(whatsappMessages.userId, userId))
      .orderBy(asc(whatsappMessages.id)),
  ]);

  // STOP is kept by number: her profile's, her orders', her verified one.
  const [profile] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
  const numbers = [
    ...new Set([
      ...(profile ? [waNumberOf(profile.phone)] : []),
      ...orderNumbers.map((row) => row.phone),
      ...(verified ? [verified.phone] : []),
    ]),
  ];
  const stopped = numbers.length
    ? await db
        .select()
        .from(whatsappOptOuts)
        .where(inArray(whatsappOptOuts.phone, numbers))
        .orderBy(asc(whatsappOptOuts.at))
    : [];

  return {
    orderUpdates: history.at(-1)?.action === "given",
    consentHistory: history,
    orderNumbers: orderNumbers.map((row) => ({
      orderId: row.orderId,
      number: shownNumber(row.phone),
      givenAt: iso(row.givenAt),
    })),
    verifiedNumber: verified
      ? { number: shownNumber(verified.phone), verifiedAt: iso(verified.verifiedAt) }
      : null,
    stoppedNumbers: stopped.map((row) => ({ number: shownNumber(row.phone), at: iso(row.at) })),
    messages: messages.map((message) => ({
      ...message,
      to: shownNumber(message.to),
      createdAt: iso(message.createdAt),
      acceptedAt: iso(message.acceptedAt),
      sentAt: iso(message.sentAt),
      deliveredAt: iso(message.deliveredAt),
      readAt: iso(message.readAt),
      failedAt: iso(message.failedAt),
      fellBackToMailAt: iso(message.fellBackToMailAt),
    })),
  };
}
