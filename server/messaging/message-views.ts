import { asc, eq, sql } from "drizzle-orm";
import { paiseToRupees } from "../../contract/money";
import type { OrderMessageView, WhatsAppMonth } from "../../contract/whatsapp";
import { selectRows, type Database } from "../db/client";
import type { StoreSettingsService } from "../settings/store-settings";
import { whatsappMessages } from "./messaging.tables";
import { shownNumber } from "./whatsapp-consents";

const iso = (at: Date | null) => at?.toISOString() ?? null;

/**
 * What staff read of the messages (decision 053): an order's messages beside its mails, and the dashboard's
 * count of this month's WhatsApp messages (India's calendar, by when WhatsApp took them) with the estimate of
 * Meta's bill at the owner's price per template (a text answered within the user's 24 hours is free).
 */
export function createMessageViews({
  db,
  settings,
}: {
  db: Database;
  settings: Pick<StoreSettingsService, "current">;
}) {
  async function ofOrder(orderId: number): Promise<OrderMessageView[]> {
    const rows = await db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.orderId, orderId))
      .orderBy(asc(whatsappMessages.id));
    return rows.map((row) => ({
      channel: "whatsapp" as const,
      event: row.event,
      template: row.template,
      to: shownNumber(row.to),
      status: row.status,
      error: row.errorReason,
      fellBackToMailAt: iso(row.fellBackAt),
      createdAt: row.createdAt.toISOString(),
      acceptedAt: iso(row.acceptedAt),
      deliveredAt: iso(row.deliveredAt),
      readAt: iso(row.readAt),
      failedAt: iso(row.failedAt),
    }));
  }

  async function thisMonth(): Promise<WhatsAppMonth> {
    const [counts] = await selectRows<{ month: string; messages: number; billable: number }>(
      db,
      sql`with bounds as (
            select date_trunc('month', now() at time zone 'Asia/Kolkata') at time zone 'Asia/Kolkata' as since
          )
          select to_char(b.since at time zone 'Asia/Kolkata', 'YYYY-MM') as month,
                 count(m.id)::int as messages,
                 (count(m.id) filter (where m.category <> 'service'))::int as billable
          from bounds b
          left join whatsapp_messages m on m.accepted_at >= b.since
          group by b.since`,
    );
    const { whatsapp } = await settings.current();
    const billable = Number(counts?.billable ?? 0);
    return {
      month: counts?.month ?? "",
      messages: Number(counts?.messages ?? 0),
      billable,
      costEstimate: paiseToRupees(billable * whatsapp.messageCostPaise),
    };
  }

  return { ofOrder, thisMonth };
}

export type MessageViews = ReturnType<typeof createMessageViews>;
