import { and, asc, desc, eq } from "drizzle-orm";
import type { ConsentEntry, MyConsents } from "../../contract/privacy";
import { PRIVACY_NOTICE_VERSION, type ConsentPurpose } from "../../contract/privacy-rules";
import type { Database, Executor } from "../db/client";
import { consents } from "./privacy.tables";

/**
 * Writes one row of the consent log, in the caller's transaction when given one; `source` says where, when the
 * purpose alone does not (a WhatsApp number at checkout, a STOP reply).
 */
export async function recordConsent(
  writer: Executor,
  userId: number,
  purpose: ConsentPurpose,
  given: boolean,
  source?: string,
): Promise<void> {
  await writer.insert(consents).values({
    userId,
    purpose,
    action: given ? "given" : "withdrawn",
    noticeVersion: PRIVACY_NOTICE_VERSION,
    source: source ?? null,
  });
}

/** Whether the newest row of a purpose gives it: a shopper's current choice (none is a no). */
export async function currentConsent(
  executor: Executor,
  userId: number,
  purpose: ConsentPurpose,
): Promise<boolean> {
  const [newest] = await executor
    .select({ action: consents.action })
    .from(consents)
    .where(and(eq(consents.userId, userId), eq(consents.purpose, purpose)))
    .orderBy(desc(consents.id))
    .limit(1);
  return newest?.action === "given";
}

/** A shopper's consents (decision 045): given at registration (unticked by default), withdrawn in one click. */
export function createConsents({ db }: { db: Database }) {
  async function log(userId: number): Promise<ConsentEntry[]> {
    const rows = await db
      .select({
        purpose: consents.purpose,
        action: consents.action,
        noticeVersion: consents.noticeVersion,
        source: consents.source,
        at: consents.at,
      })
      .from(consents)
      .where(eq(consents.userId, userId))
      .orderBy(asc(consents.id));
    return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
  }

  const current = (userId: number, purpose: ConsentPurpose) => currentConsent(db, userId, purpose);

  async function mine(userId: number): Promise<MyConsents> {
    const [marketing, whatsapp, entries] = await Promise.all([
      current(userId, "marketing"),
      current(userId, "whatsapp"),
      log(userId),
    ]);
    return { marketing, whatsapp, log: entries };
  }

  /** Sets the marketing consent; a choice that is already the current one adds no row. */
  async function setMarketing(userId: number, given: boolean): Promise<MyConsents> {
    if ((await current(userId, "marketing")) !== given) await recordConsent(db, userId, "marketing", given);
    return mine(userId);
  }

  return { log, mine, setMarketing };
}

export type Consents = ReturnType<typeof createConsents>;
