import { asc, eq } from "drizzle-orm";
import type { OrderMailView } from "../../contract/staff-orders";
import type { Database } from "../db/client";
import { outboxEmails } from "./mail.tables";

/** An order's mails, oldest first, as staff see them on its page beside its WhatsApp messages. */
export async function mailsOfOrder(db: Database, orderId: number): Promise<OrderMailView[]> {
  const rows = await db
    .select({
      to: outboxEmails.to,
      subject: outboxEmails.subject,
      status: outboxEmails.status,
      attempts: outboxEmails.attempts,
      createdAt: outboxEmails.createdAt,
      sentAt: outboxEmails.sentAt,
    })
    .from(outboxEmails)
    .where(eq(outboxEmails.orderId, orderId))
    .orderBy(asc(outboxEmails.id));
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  }));
}
