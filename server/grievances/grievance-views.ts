import { asc, inArray } from "drizzle-orm";
import type { GrievanceTicket, StaffGrievanceTicket } from "../../contract/grievances";
import { GRIEVANCE_LIMITS, limitState } from "../../contract/grievances-rules";
import type { Executor } from "../db/client";
import type { MediaService } from "../media/media.service";
import { grievanceMessages, grievances } from "./grievances.tables";

export type GrievanceRow = typeof grievances.$inferSelect;

/** The tickets as the API shows them, each with its officer's messages and photos, in the rows' order. */
export function createGrievanceViews({ media }: { media: MediaService }) {
  async function threads(executor: Executor, rows: GrievanceRow[], now = new Date()) {
    const ids = rows.map((row) => row.id);
    const messages = ids.length
      ? await executor
          .select()
          .from(grievanceMessages)
          .where(inArray(grievanceMessages.grievanceId, ids))
          .orderBy(asc(grievanceMessages.id))
      : [];
    const assets = await media.findMany(rows.flatMap((row) => row.photos));
    return rows.map((row): GrievanceTicket => {
      const received = row.receivedAt && row.acknowledgeBy && row.resolveBy;
      return {
        ticketNumber: row.ticketNumber,
        category: row.category,
        orderId: row.orderPublicId,
        text: row.text,
        photos: row.photos.flatMap((id) => {
          const asset = assets.get(id);
          return asset ? [media.toPicture(asset, `A photo sent with ticket ${row.ticketNumber}`)] : [];
        }),
        status: row.status,
        filedAt: row.filedAt.toISOString(),
        receivedAt: row.receivedAt?.toISOString() ?? null,
        acknowledge: received
          ? {
              dueAt: row.acknowledgeBy!.toISOString(),
              state: limitState(
                row.acknowledgeBy!,
                row.acknowledgedAt,
                GRIEVANCE_LIMITS.acknowledgeNearMs,
                now,
              ),
            }
          : null,
        resolve: received
          ? {
              dueAt: row.resolveBy!.toISOString(),
              state: limitState(row.resolveBy!, row.resolvedAt, GRIEVANCE_LIMITS.resolveNearMs, now),
            }
          : null,
        messages: messages
          .filter((message) => message.grievanceId === row.id)
          .map((message) => ({
            kind: message.kind,
            text: message.text,
            at: message.createdAt.toISOString(),
          })),
      };
    });
  }

  /** The same, with who filed each ticket, for staff. */
  async function staffThreads(executor: Executor, rows: GrievanceRow[], now = new Date()) {
    const tickets = await threads(executor, rows, now);
    return tickets.map((ticket, index): StaffGrievanceTicket => ({
      ...ticket,
      id: rows[index]!.id,
      name: rows[index]!.name,
      email: rows[index]!.email,
      account: rows[index]!.userId !== null,
    }));
  }

  return { threads, staffThreads };
}

export type GrievanceViews = ReturnType<typeof createGrievanceViews>;
