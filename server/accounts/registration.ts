import { and, eq, lte } from "drizzle-orm";
import { RESEND_COOLDOWN_SECONDS } from "../../contract/accounts-rules";
import { isUniqueViolation, type Database, type Transaction } from "../db/client";
import { badRequest, tooManyRequests } from "../lib/errors";
import { enqueueMail, type Mail } from "../mail/mail.service";
import { ACCOUNTS_MESSAGES } from "./accounts-messages";
import { alreadyRegisteredMail, verificationCodeMail } from "./accounts-mails";
import { emailVerifications, users } from "./accounts.tables";
import { hashSecret, hashToken, newToken, rejectCommonPassword } from "./credentials";
import { issueCode, secondsUntilResend, spendCode, waitMessage } from "./one-time-codes";
import { recordConsent } from "../privacy/consents";
import { startSession, type IssuedSession } from "./sessions";

/**
 * Writes a fresh code for the account and queues its mail, in the caller's transaction. An account that is
 * verified already gets a code nobody is sent, and its owner the notice `ownerNotice` instead: its
 * registration then answers, and its code dialog behaves (tries, waits), as a new address's would.
 */
async function writeVerificationCode(
  tx: Transaction,
  user: { id: number; email: string; fullName: string },
  { registrationTokenHash, ownerNotice }: { registrationTokenHash?: string; ownerNotice?: Mail } = {},
) {
  const code = await issueCode(
    tx,
    user.id,
    "verify",
    registrationTokenHash ? { tokenHash: registrationTokenHash } : {},
  );
  await enqueueMail(tx, ownerNotice ?? verificationCodeMail(user.email, user.fullName, code));
}

/** Registering an account and proving its e-mail with a mailed code (the first session starts then). */
export function createRegistration({
  db,
  publicUrl,
  onMailQueued,
}: {
  db: Database;
  publicUrl: string;
  onMailQueued: () => void;
}) {
  const noticeFor = (user: { email: string; fullName: string; verifiedAt: Date | null }) =>
    user.verifiedAt ? alreadyRegisteredMail(user.email, user.fullName, publicUrl) : undefined;

  async function register(input: {
    fullName: string;
    email: string;
    phone: string;
    password: string;
    marketingConsent?: boolean | undefined;
  }) {
    await rejectCommonPassword(input.password);
    const passwordHash = await hashSecret(input.password);
    const registrationToken = newToken();
    try {
      await db.transaction(async (tx) => {
        const [existing] = await tx
          .select({
            id: users.id,
            fullName: users.fullName,
            verifiedAt: users.verifiedAt,
            sentAt: emailVerifications.sentAt,
          })
          .from(users)
          .leftJoin(emailVerifications, eq(emailVerifications.userId, users.id))
          .where(eq(users.email, input.email))
          .for("update", { of: users });
        let userId: number;
        let ownerNotice: Mail | undefined;
        if (existing) {
          // Asked again no sooner than a resend would be allowed. An unverified account was never proven to
          // be anybody's, so the new registration replaces it. A verified one is left as it is: the answer is
          // the same (decision 008), and its owner is told instead of being sent a code.
          const wait = existing.sentAt ? secondsUntilResend(existing.sentAt) : 0;
          if (wait > 0) throw tooManyRequests(waitMessage(wait));
          ownerNotice = noticeFor({ ...existing, email: input.email });
          if (!ownerNotice)
            await tx
              .update(users)
              .set({ fullName: input.fullName, phone: input.phone, passwordHash })
              .where(eq(users.id, existing.id));
          userId = existing.id;
        } else {
          const [created] = await tx
            .insert(users)
            .values({ fullName: input.fullName, email: input.email, phone: input.phone, passwordHash })
            .returning({ id: users.id });
          userId = created!.id;
        }
        // The consent given with the form is logged (decision 045); a verified account's owner was not asked.
        if (input.marketingConsent === true && !ownerNotice)
          await recordConsent(tx, userId, "marketing", true);
        await writeVerificationCode(
          tx,
          { id: userId, email: input.email, fullName: input.fullName },
          { registrationTokenHash: hashToken(registrationToken), ownerNotice },
        );
      });
    } catch (error) {
      // Another registration of the address won the race: answered as a second one in a row would be.
      if (isUniqueViolation(error)) throw tooManyRequests(waitMessage(RESEND_COOLDOWN_SECONDS));
      throw error;
    }
    onMailQueued();
    return {
      token: registrationToken,
      email: input.email,
      resendAvailableInSeconds: RESEND_COOLDOWN_SECONDS,
    };
  }

  /** The pending verification named by the registration token, or else by the e-mail. */
  async function findVerification(by: {
    registrationToken?: string | undefined;
    email?: string | undefined;
  }) {
    const where = by.registrationToken
      ? eq(emailVerifications.tokenHash, hashToken(by.registrationToken))
      : by.email
        ? eq(users.email, by.email)
        : undefined;
    if (!where) return undefined;
    const [row] = await db
      .select({
        userId: users.id,
        email: users.email,
        fullName: users.fullName,
        roleId: users.roleId,
        verifiedAt: users.verifiedAt,
        codeHash: emailVerifications.codeHash,
        codeExpiresAt: emailVerifications.codeExpiresAt,
        sentAt: emailVerifications.sentAt,
      })
      .from(emailVerifications)
      .innerJoin(users, eq(users.id, emailVerifications.userId))
      .where(and(where, eq(emailVerifications.purpose, "verify")));
    return row;
  }

  async function verifyEmail(input: {
    otp: string;
    email?: string | undefined;
    registrationToken?: string | undefined;
  }): Promise<IssuedSession> {
    const pending = await findVerification(input);
    // Whether an address has an account is told by no answer: a verified one's is the same as an unknown's.
    if (!pending) throw badRequest(ACCOUNTS_MESSAGES.codeInvalid);
    return spendCode(db, pending, input.otp, async (tx) => {
      await tx.update(users).set({ verifiedAt: new Date() }).where(eq(users.id, pending.userId));
      return startSession(tx, { id: pending.userId, fullName: pending.fullName, roleId: pending.roleId });
    });
  }

  async function resendCode(by: { registrationToken?: string | undefined; email?: string | undefined }) {
    const pending = await findVerification(by);
    if (!pending) return { resendAvailableInSeconds: RESEND_COOLDOWN_SECONDS };
    const wait = secondsUntilResend(pending.sentAt);
    if (wait > 0) throw tooManyRequests(waitMessage(wait));
    const sent = await db.transaction(async (tx) => {
      // Claim the resend atomically: of two requests racing past the check above, one sends.
      const [claimed] = await tx
        .update(emailVerifications)
        .set({ sentAt: new Date() })
        .where(
          and(
            eq(emailVerifications.userId, pending.userId),
            lte(emailVerifications.sentAt, new Date(Date.now() - RESEND_COOLDOWN_SECONDS * 1000)),
          ),
        )
        .returning({ userId: emailVerifications.userId });
      if (!claimed) return false;
      await writeVerificationCode(
        tx,
        { id: pending.userId, email: pending.email, fullName: pending.fullName },
        { ownerNotice: noticeFor(pending) },
      );
      return true;
    });
    if (!sent) throw tooManyRequests(waitMessage(RESEND_COOLDOWN_SECONDS));
    onMailQueued();
    return { resendAvailableInSeconds: RESEND_COOLDOWN_SECONDS };
  }

  return { register, verifyEmail, resendCode };
}

export type Registration = ReturnType<typeof createRegistration>;
