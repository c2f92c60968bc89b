import { and, desc, eq, isNull, sql } from "drizzle-orm";
import {
  GRIEVANCE_MESSAGES as M,
  type FileGrievanceRequest,
  type GrievanceTicket,
} from "../../contract/grievances";
import { hashToken, newToken } from "../accounts/credentials";
import type { Database, Transaction } from "../db/client";
import { badRequest } from "../lib/errors";
import { enqueueMail } from "../mail/mail.service";
import type { StoreSettingsService } from "../settings/store-settings";
import { CONFIRM_LINK_DAYS, confirmTicketMail, officerNoticeMail, ticketFiledMail } from "./grievance-mails";
import type { GrievanceRow, GrievanceViews } from "./grievance-views";
import { grievancePhotoUploads, grievances } from "./grievances.tables";

/** The limits' clocks start: the officer has received the ticket (decision 044). */
const RECEIVED = {
  status: "open" as const,
  receivedAt: sql`now()`,
  acknowledgeBy: sql`now() + interval '48 hours'`,
  resolveBy: sql`now() + interval '1 month'`,
};

type Shopper = { userId: number; email: string; fullName: string };

/**
 * Filing a complaint (a guest's confirmed by a mailed link), and the shopper's view of her tickets. Every
 * complaint has its ticket number the moment it is written; its mails are queued in the same transaction.
 */
export function createGrievanceFiling({
  db,
  views,
  settings,
  publicUrl,
  ownsOrder,
  onMailQueued,
}: {
  db: Database;
  views: GrievanceViews;
  settings: Pick<StoreSettingsService, "current">;
  publicUrl: string;
  /** Whether the order with this public id is the shopper's. */
  ownsOrder: (userId: number, publicId: string) => Promise<boolean>;
  onMailQueued: () => void;
}) {
  const staffLink = (ticket: string) => `${publicUrl}/admin/grievances?ticket=${ticket}`;

  /** Keeps uploaded photos for a complaint: the token answered proves whose they are when it is filed. */
  async function keepUploads(mediaIds: readonly string[]): Promise<string> {
    const token = newToken();
    if (mediaIds.length > 0)
      await db
        .insert(grievancePhotoUploads)
        .values(mediaIds.map((mediaId) => ({ mediaId, tokenHash: hashToken(token) })));
    return token;
  }

  /** Claims one unused upload of each photo under the token, for the complaint; false when one is missing. */
  async function claimUploads(tx: Transaction, grievanceId: number, photos: string[], token: string) {
    for (const mediaId of photos) {
      const unused = sql`(select ${grievancePhotoUploads.id} from ${grievancePhotoUploads}
        where ${grievancePhotoUploads.tokenHash} = ${hashToken(token)} and ${grievancePhotoUploads.mediaId} = ${mediaId}
        and ${grievancePhotoUploads.grievanceId} is null order by ${grievancePhotoUploads.id} limit 1)`;
      const [claimed] = await tx
        .update(grievancePhotoUploads)
        .set({ grievanceId })
        .where(and(eq(grievancePhotoUploads.id, unused), isNull(grievancePhotoUploads.grievanceId)))
        .returning({ id: grievancePhotoUploads.id });
      if (!claimed) return false;
    }
    return true;
  }

  /** Mails the officer that a ticket was received, in the transaction that received it. */
  async function tellOfficer(tx: Transaction, row: GrievanceRow) {
    const { grievanceOfficer } = await settings.current(tx);
    await enqueueMail(
      tx,
      officerNoticeMail(
        row,
        grievanceOfficer,
        { acknowledgeBy: row.acknowledgeBy!, resolveBy: row.resolveBy! },
        staffLink(row.ticketNumber),
      ),
    );
  }

  /**
   * A signed-in shopper's complaint written in the caller's transaction (a return's ticket, decision 051):
   * received at once, her mail and the officer's queued in it. The caller tells the mail worker after commit.
   */
  async function fileIn(
    tx: Transaction,
    shopper: Shopper,
    input: Pick<FileGrievanceRequest, "category" | "text" | "orderId" | "photos" | "uploadToken">,
  ): Promise<GrievanceRow> {
    const photos = [...new Set(input.photos ?? [])];
    const [written] = await tx
      .insert(grievances)
      .values({
        userId: shopper.userId,
        name: shopper.fullName,
        email: shopper.email.toLowerCase(),
        orderPublicId: input.orderId || null,
        category: input.category,
        text: input.text,
        photos,
        ...RECEIVED,
      })
      .returning();
    if (photos.length > 0 && !(await claimUploads(tx, written!.id, photos, input.uploadToken ?? "")))
      throw badRequest(M.photoNotFound, { photos: M.photoNotFound });
    const { grievanceOfficer } = await settings.current(tx);
    await enqueueMail(tx, ticketFiledMail(written!, grievanceOfficer, `${publicUrl}/complaints`));
    await tellOfficer(tx, written!);
    return written!;
  }

  async function file(input: FileGrievanceRequest, shopper: Shopper | null) {
    const name = shopper?.fullName ?? input.name ?? "";
    const email = shopper?.email ?? input.email ?? "";
    const errors: Record<string, string> = {};
    if (!shopper && name.length < 2) errors.name = M.nameRequired;
    if (!shopper && !email) errors.email = M.emailRequired;
    if (Object.keys(errors).length > 0) throw badRequest(Object.values(errors)[0]!, errors);
    const orderId = input.orderId || null;
    if (shopper && orderId && !(await ownsOrder(shopper.userId, orderId)))
      throw badRequest(M.orderNotFound, { orderId: M.orderNotFound });
    const photos = [...new Set(input.photos ?? [])];
    if (photos.length > 0 && !input.uploadToken)
      throw badRequest(M.photoNotFound, { photos: M.photoNotFound });

    const token = shopper ? null : newToken();
    const row = await db.transaction(async (tx) => {
      if (shopper) return fileIn(tx, shopper, { ...input, orderId: orderId ?? undefined });
      const [written] = await tx
        .insert(grievances)
        .values({
          userId: null,
          name,
          email: email.toLowerCase(),
          orderPublicId: orderId,
          category: input.category,
          text: input.text,
          photos,
          status: "unconfirmed" as const,
          linkTokenHash: hashToken(token!),
          confirmBefore: sql`now() + make_interval(days => ${CONFIRM_LINK_DAYS})`,
        })
        .returning();
      if (photos.length > 0 && !(await claimUploads(tx, written!.id, photos, input.uploadToken!)))
        throw badRequest(M.photoNotFound, { photos: M.photoNotFound });
      const link = `${publicUrl}/grievances?token=${encodeURIComponent(token!)}`;
      await enqueueMail(tx, confirmTicketMail(written!, link));
      return written!;
    });
    onMailQueued();
    return { ticketNumber: row.ticketNumber, status: row.status, email: row.email };
  }

  const byLink = async (token: string) =>
    (
      await db
        .select()
        .from(grievances)
        .where(eq(grievances.linkTokenHash, hashToken(token)))
    )[0];

  /** A guest's link confirms her ticket (once; again it only shows it) while it is valid. */
  async function confirm(token: string): Promise<GrievanceTicket> {
    const found = await byLink(token);
    if (!found || found.erasedAt) throw badRequest(M.linkInvalid);
    if (found.status === "unconfirmed") {
      const received = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(grievances)
          .set(RECEIVED)
          .where(
            and(
              eq(grievances.id, found.id),
              eq(grievances.status, "unconfirmed"),
              sql`${grievances.confirmBefore} > now()`,
            ),
          )
          .returning();
        if (row) await tellOfficer(tx, row);
        return row;
      });
      if (received) onMailQueued();
      else if ((await byLink(token))?.status === "unconfirmed") throw badRequest(M.linkInvalid);
    }
    return view(token);
  }

  /** A ticket and its thread by its guest's link (confirmed or not). */
  async function view(token: string): Promise<GrievanceTicket> {
    const row = await byLink(token);
    if (!row || row.erasedAt) throw badRequest(M.linkInvalid);
    return (await views.threads(db, [row]))[0]!;
  }

  /** The shopper's tickets, newest first. */
  async function mine(userId: number): Promise<GrievanceTicket[]> {
    const rows = await db
      .select()
      .from(grievances)
      .where(eq(grievances.userId, userId))
      .orderBy(desc(grievances.id));
    return views.threads(db, rows);
  }

  return { keepUploads, file, fileIn, confirm, view, mine };
}

export type GrievanceFiling = ReturnType<typeof createGrievanceFiling>;
