import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import {
  GRIEVANCE_LIMITS,
  GRIEVANCE_MESSAGES as M,
  GRIEVANCE_PAGE_SIZE,
  type StaffGrievanceView,
} from "../../contract/grievances";
import type { Database, Transaction } from "../db/client";
import { badRequest, conflict, notFound } from "../lib/errors";
import { enqueueMail } from "../mail/mail.service";
import type { StoreSettingsService } from "../settings/store-settings";
import { ticketMessageMail } from "./grievance-mails";
import type { GrievanceViews } from "./grievance-views";
import { grievanceMessages, grievances } from "./grievances.tables";

export type GrievanceAct = "acknowledged" | "answered" | "resolved";

const nearAcknowledge = sql`now() + make_interval(secs => ${GRIEVANCE_LIMITS.acknowledgeNearMs / 1000})`;
const nearResolve = sql`now() + make_interval(secs => ${GRIEVANCE_LIMITS.resolveNearMs / 1000})`;

/** Tickets the officer must act on soon or is late with: an open one's acknowledgement, any one's resolution. */
const needsAttention = and(
  inArray(grievances.status, ["open", "acknowledged"]),
  or(
    and(eq(grievances.status, "open"), sql`${grievances.acknowledgeBy} <= ${nearAcknowledge}`),
    sql`${grievances.resolveBy} <= ${nearResolve}`,
  ),
)!;

/** Each list's tickets and their order: the most urgent first, the resolved newest first. */
const VIEWS: Record<StaffGrievanceView, { where: SQL; order: SQL[] }> = {
  attention: {
    where: needsAttention,
    order: [
      sql`least(case when ${grievances.status} = 'open' then ${grievances.acknowledgeBy} end, ${grievances.resolveBy})`,
      asc(grievances.id),
    ],
  },
  open: { where: eq(grievances.status, "open"), order: [asc(grievances.receivedAt), asc(grievances.id)] },
  acknowledged: {
    where: eq(grievances.status, "acknowledged"),
    order: [asc(grievances.resolveBy), asc(grievances.id)],
  },
  resolved: {
    where: eq(grievances.status, "resolved"),
    order: [desc(grievances.resolvedAt), desc(grievances.id)],
  },
};

const acknowledgement = (ticket: string, resolveBy: Date) =>
  `We have received your complaint, ticket ${ticket}, and are looking into it. We will write again with its resolution by ${new Intl.DateTimeFormat(
    "en-IN",
    { dateStyle: "long", timeZone: "Asia/Kolkata" },
  ).format(resolveBy)} at the latest.`;

/** Staff's side of the tickets (decision 044): the lists by limit, and acknowledging, answering, resolving. */
export function createGrievanceDesk({
  db,
  views,
  settings,
  publicUrl,
  onMailQueued,
}: {
  db: Database;
  views: GrievanceViews;
  settings: Pick<StoreSettingsService, "current">;
  publicUrl: string;
  onMailQueued: () => void;
}) {
  async function list(view: StaffGrievanceView, page: number) {
    const { where, order } = VIEWS[view];
    const now = new Date();
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(grievances)
        .where(where)
        .orderBy(...order)
        .limit(GRIEVANCE_PAGE_SIZE)
        .offset((page - 1) * GRIEVANCE_PAGE_SIZE),
      db.select({ total: count() }).from(grievances).where(where),
    ]);
    return { tickets: await views.staffThreads(db, rows, now), total: total!.total, now: now.toISOString() };
  }

  /** A ticket the officer has received (a guest's unconfirmed one is not hers yet). */
  async function get(ticketNumber: string) {
    const [row] = await db.select().from(grievances).where(eq(grievances.ticketNumber, ticketNumber));
    if (!row || row.status === "unconfirmed") throw notFound(M.ticketNotFound);
    const now = new Date();
    return { ticket: (await views.staffThreads(db, [row], now))[0]!, now: now.toISOString() };
  }

  /**
   * Acknowledges (once), answers or resolves (once) a ticket, the shopper mailed in the same transaction.
   * Acknowledging again, or the same answer twice in a row, changes nothing and mails nobody.
   */
  async function act(kind: GrievanceAct, ticketNumber: string, staffUserId: number, message?: string) {
    if (kind !== "acknowledged" && !message) throw badRequest(M.messageLength, { message: M.messageLength });
    const outcome = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: grievances.id })
        .from(grievances)
        .where(eq(grievances.ticketNumber, ticketNumber));
      if (!row) throw notFound(M.ticketNotFound);
      return actIn(tx, kind, row.id, staffUserId, message);
    });
    if (outcome === "changed") onMailQueued();
    return { changed: outcome === "changed", ...(await get(ticketNumber)) };
  }

  /**
   * `act` in the caller's transaction, on the ticket with this id (a return's, decision 051): the caller tells
   * the mail worker after commit when it answers "changed".
   */
  async function actIn(
    tx: Transaction,
    kind: GrievanceAct,
    grievanceId: number,
    staffUserId: number,
    message?: string,
  ): Promise<"changed" | "unchanged"> {
    const [row] = await tx.select().from(grievances).where(eq(grievances.id, grievanceId)).for("update");
    if (!row || row.status === "unconfirmed") throw notFound(M.ticketNotFound);
    if (row.status === "resolved") throw conflict(M.resolved);
    if (kind === "acknowledged" && row.status !== "open") return "unchanged" as const;
    const text = message || acknowledgement(row.ticketNumber, row.resolveBy!);
    if (kind === "answered") {
      const [last] = await tx
        .select({ text: grievanceMessages.text })
        .from(grievanceMessages)
        .where(eq(grievanceMessages.grievanceId, row.id))
        .orderBy(desc(grievanceMessages.id))
        .limit(1);
      if (last?.text === text) return "unchanged" as const;
    }
    await tx
      .update(grievances)
      .set({
        status: kind === "resolved" ? "resolved" : "acknowledged",
        acknowledgedAt: row.acknowledgedAt ?? sql`now()`,
        ...(kind === "resolved" ? { resolvedAt: sql`now()` } : {}),
      })
      .where(eq(grievances.id, row.id));
    await tx.insert(grievanceMessages).values({ grievanceId: row.id, kind, text, staffUserId });
    if (!row.erasedAt) {
      const { grievanceOfficer } = await settings.current(tx);
      const link = row.userId ? `${publicUrl}/complaints` : null;
      await enqueueMail(tx, ticketMessageMail(row, kind, text, grievanceOfficer, link));
    }
    return "changed" as const;
  }

  return { list, get, act, actIn };
}

export type GrievanceDesk = ReturnType<typeof createGrievanceDesk>;
