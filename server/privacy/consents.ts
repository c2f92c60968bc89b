import { and, asc, desc, eq } from "drizzle-orm";
import type { ConsentEntry, MyConsents } from "../../contract/privacy";
import { PRIVACY_NOTICE_VERSION, type ConsentPurpose } from "../../contract/privacy-rules";
import type { Database, Executor } from "../db/client";
import { consents } from "./privacy.tables";

/** Writes one row of the consent log, in the caller's transaction when given one. */
export async function recordConsent(
  writer: Executor,
  userId: number,
  purpose: ConsentPurpose,
  given: boolean,
): Promise<void> {
  await writer.insert(consents).values({
    userId,
    purpose,
    action: given ? "given" : "withdrawn",
    noticeVersion: PRIVACY_NOTICE_VERSION,
  });
}

/** A shopper's consents (decision 045): given at registration (unticked by default), withdrawn in one click. */
export function createConsents({ db }: { db: Database }) {
  async function log(userId: number): Promise<ConsentEntry[]> {
    const rows = await db
      .select({
        purpose: consents.purpose,
        action: consents.action,
        noticeVersion: consents.noticeVersion,
        at: consents.at,
      })
      .from(consents)
      .where(eq(consents.userId, userId))
      .orderBy(asc(consents.id));
    return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
  }

  async function current(userId: number, purpose: ConsentPurpose): Promise<boolean> {
    const [newest] = await db
      .select({ action: consents.action })
      .from(consents)
      .where(and(eq(consents.userId, userId), eq(consents.purpose, purpose)))
      .orderBy(desc(consents.id))
      .limit(1);
    return newest?.action === "given";
  }

  async function mine(userId: number): Promise<MyConsents> {
    const [marketing, entries] = await Promise.all([current(userId, "marketing"), log(userId)]);
    return { marketing, log: entries };
  }

  /** Sets the marketing consent; a choice that is already the current one adds no row. */
  async function setMarketing(userId: number, given: boolean): Promise<MyConsents> {
    if ((await current(userId, "marketing")) !== given) await recordConsent(db, userId, "marketing", given);
    return mine(userId);
  }

  return { log, mine, setMarketing };
}

export type Consents = ReturnType<typeof createConsents>;
