import { and, eq, exists, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { PRIVACY_MESSAGES as M } from "../../contract/privacy-rules";
import { RESEND_COOLDOWN_SECONDS } from "../../contract/accounts-rules";
import { ACCOUNTS_MESSAGES } from "../accounts/accounts-messages";
import { emailVerifications, passwordResets, users } from "../accounts/accounts.tables";
import {
  issueCode,
  pendingCode,
  secondsUntilResend,
  spendCode,
  waitMessage,
} from "../accounts/one-time-codes";
import { revokeSessions } from "../accounts/sessions";
import { addresses } from "../addresses/addresses.tables";
import { contactMessages } from "../contact/contact.tables";
import type { Database, Executor, Transaction } from "../db/client";
import { grievances } from "../grievances/grievances.tables";
import { gstDocuments } from "../gst/gst.tables";
import { badRequest, conflict, tooManyRequests } from "../lib/errors";
import { outboxEmails } from "../mail/mail.tables";
import { enqueueMail } from "../mail/mail.service";
import { orders } from "../orders/orders.tables";
import { productReviews } from "../reviews/reviews.tables";
import { stockAlerts } from "../stock-alerts/stock-alerts.tables";
import { savedMeasurements } from "../tailoring/tailoring.tables";
import { deletionCodeMail } from "./privacy-mails";
import { accountErasures } from "./privacy.tables";
import { orderReturns } from "../returns/returns.tables";
import {
  whatsappMessages,
  whatsappOrderRecipients,
  whatsappVerifiedNumbers,
} from "../messaging/messaging.tables";

/** What an erased account's name becomes, on her orders, reviews and tickets. */
export const ERASED_NAME = "Erased shopper";

/**
 * An order that still binds the store and the shopper (decision 045): awaiting payment and holding stock, paid
 * and not yet delivered (being prepared or shipped), owed a refund, or with a return not yet refunded or
 * refused (decision 051). Her account stays until it closes.
 */
async function openOrderOf(executor: Executor, userId: number): Promise<string | undefined> {
  const [open] = await executor
    .select({ publicId: orders.publicId })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        or(
          and(eq(orders.status, "Pending"), isNull(orders.stockReleasedAt)),
          inArray(orders.status, ["Processing", "Shipped"]),
          eq(orders.paymentStatus, "Refund Pending"),
          isNotNull(orders.refundAttentionSince),
          exists(
            executor
              .select({ id: orderReturns.id })
              .from(orderReturns)
              .where(
                and(
                  eq(orderReturns.orderId, orders.id),
                  inArray(orderReturns.state, ["requested", "approved", "received"]),
                ),
              ),
          ),
        ),
      ),
    )
    .limit(1);
  return open?.publicId;
}

async function refuseWhileOpen(executor: Executor, userId: number) {
  const open = await openOrderOf(executor, userId);
  if (open) throw conflict(M.deletionOpenOrder(open));
}

/** Erases or anonymises everything personal of the account, in the caller's transaction; returns the counts. */
async function erase(tx: Transaction, userId: number) {
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const email = user!.email;
  const count = (rows: unknown[]) => rows.length;
  const erased: Record<string, number> = {};

  await tx
    .update(users)
    .set({
      email: `erased-${userId}@erased.invalid`,
      fullName: ERASED_NAME,
      phone: "",
      billingAddress: null,
      // No password matches this (it is not a hash); the address above is nobody's either.
      passwordHash: "erased",
      erasedAt: new Date(),
    })
    .where(eq(users.id, userId));
  erased.profile = 1;
  await revokeSessions(tx, userId);
  await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
  await tx.delete(emailVerifications).where(eq(emailVerifications.userId, userId));
  const id = { id: sql`1` };
  erased.addresses = count(await tx.delete(addresses).where(eq(addresses.userId, userId)).returning(id));
  erased.savedMeasurements = count(
    await tx.delete(savedMeasurements).where(eq(savedMeasurements.userId, userId)).returning(id),
  );
  // Orders stay for the store's books, without her: the delivery state and country remain (the place of supply).
  erased.orderAddresses = count(
    await tx
      .update(orders)
      .set({
        shippingAddress: sql`jsonb_build_object('fullName', ${ERASED_NAME}::text, 'address', '', 'street', '',
          'city', '', 'district', '', 'state', ${orders.shippingAddress}->>'state', 'postalCode', '',
          'country', ${orders.shippingAddress}->>'country', 'phone', '', 'email', '')`,
        placedFrom: null,
      })
      .where(eq(orders.userId, userId))
      .returning(id),
  );
  // GST invoices and credit notes keep the recipient's name and address (Rule 46); her phone and e-mail go.
  erased.gstDocumentContacts = count(
    await tx
      .update(gstDocuments)
      .set({ recipient: sql`${gstDocuments.recipient} || '{"phone": "", "email": ""}'::jsonb` })
      .where(
        inArray(
          gstDocuments.orderId,
          tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId)),
        ),
      )
      .returning(id),
  );
  // Reviews show their author's name from the account, now erased.
  const reviewed = await tx
    .select({ productId: productReviews.productId })
    .from(productReviews)
    .where(eq(productReviews.userId, userId));
  erased.reviewAuthorNames = reviewed.length;
  erased.grievanceTickets = count(
    await tx
      .update(grievances)
      .set({ name: ERASED_NAME, email: "", userId: null, erasedAt: new Date() })
      .where(eq(grievances.userId, userId))
      .returning(id),
  );
  erased.stockAlerts = count(await tx.delete(stockAlerts).where(eq(stockAlerts.email, email)).returning(id));
  erased.contactMessages = count(
    await tx.delete(contactMessages).where(eq(contactMessages.email, email)).returning(id),
  );
  erased.mails = count(await tx.delete(outboxEmails).where(eq(outboxEmails.to, email)).returning(id));
  // WhatsApp (decision 053): her number, her orders' choice of it, and the messages sent her.
  erased.whatsappNumbers = count(
    await tx
      .delete(whatsappVerifiedNumbers)
      .where(eq(whatsappVerifiedNumbers.userId, userId))
      .returning({ id: whatsappVerifiedNumbers.userId }),
  );
  await tx.delete(whatsappOrderRecipients).where(eq(whatsappOrderRecipients.userId, userId));
  erased.whatsappMessages = count(
    await tx
      .delete(whatsappMessages)
      .where(eq(whatsappMessages.userId, userId))
      .returning({ id: whatsappMessages.id }),
  );
  await tx.insert(accountErasures).values({ userId, erased });
  return { erased, reviewedProductIds: reviewed.map((row) => row.productId) };
}

/** Deleting one's own account, confirmed by a mailed one-time code (decision 045). */
export function createAccountErasure({
  db,
  onMailQueued,
  onReviewsChanged,
}: {
  db: Database;
  onMailQueued: () => void;
  /** Her reviews now show the erased name: the kept answers and pages of these products go. */
  onReviewsChanged: (productIds: number[]) => void;
}) {
  async function requestCode(user: { userId: number; email: string; fullName: string }) {
    await refuseWhileOpen(db, user.userId);
    const pending = await pendingCode(db, user.userId, "delete");
    const wait = pending ? secondsUntilResend(pending.sentAt) : 0;
    if (wait > 0) throw tooManyRequests(waitMessage(wait));
    await db.transaction(async (tx) => {
      const code = await issueCode(tx, user.userId, "delete");
      await enqueueMail(tx, deletionCodeMail(user.email, user.fullName, code));
    });
    onMailQueued();
    return { resendAvailableInSeconds: RESEND_COOLDOWN_SECONDS };
  }

  async function confirm(userId: number, otp: string) {
    const pending = await pendingCode(db, userId, "delete");
    if (!pending) throw badRequest(ACCOUNTS_MESSAGES.codeInvalid);
    const { erased, reviewedProductIds } = await spendCode(db, pending, otp, async (tx) => {
      // Locks her orders' rows against a payment arriving meanwhile, and checks again.
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId)).for("update");
      await refuseWhileOpen(tx, userId);
      return erase(tx, userId);
    });
    if (reviewedProductIds.length > 0) onReviewsChanged(reviewedProductIds);
    return erased;
  }

  return { requestCode, confirm };
}

export type AccountErasure = ReturnType<typeof createAccountErasure>;
