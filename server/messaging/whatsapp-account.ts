import { eq } from "drizzle-orm";
import { WHATSAPP_MESSAGES, type WhatsAppAccount } from "../../contract/whatsapp";
import { users } from "../accounts/accounts.tables";
import type { Database } from "../db/client";
import { Unavailable } from "../lib/errors";
import { currentConsent } from "../privacy/consents";
import { whatsappVerifiedNumbers } from "./messaging.tables";
import type { WhatsAppConsents } from "./whatsapp-consents";

/** The account page's WhatsApp: whether the store has it, her consent, her numbers (decision 053). */
export function createWhatsAppAccount({
  db,
  consents,
  available,
}: {
  db: Database;
  consents: Pick<WhatsAppConsents, "optedOut" | "setForAccount" | "numbersOf">;
  available: boolean;
}) {
  async function view(userId: number): Promise<WhatsAppAccount> {
    const [row] = await db
      .select({ phone: users.phone, verified: whatsappVerifiedNumbers.phone })
      .from(users)
      .leftJoin(whatsappVerifiedNumbers, eq(whatsappVerifiedNumbers.userId, users.id))
      .where(eq(users.id, userId));
    const phone = row?.phone ?? "";
    return {
      available,
      updates: await currentConsent(db, userId, "whatsapp"),
      phone,
      verifiedPhone: row?.verified ? row.verified.slice(2) : null,
      stopped: (
        await Promise.all(
          (await consents.numbersOf(db, userId)).map((number) => consents.optedOut(db, number)),
        )
      ).some(Boolean),
    };
  }

  /** Withdrawing is always possible; giving, only while the store has WhatsApp. */
  async function setUpdates(userId: number, given: boolean): Promise<WhatsAppAccount> {
    if (given && !available) throw new Unavailable(WHATSAPP_MESSAGES.unavailable);
    await consents.setForAccount(userId, given);
    return view(userId);
  }

  return { view, setUpdates };
}

export type WhatsAppAccountService = ReturnType<typeof createWhatsAppAccount>;
