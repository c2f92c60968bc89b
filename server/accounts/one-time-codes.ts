import { and, eq, lte, sql } from "drizzle-orm";
import { RESEND_COOLDOWN_SECONDS } from "../../contract/accounts-rules";
import type { Database, Transaction } from "../db/client";
import { badRequest } from "../lib/errors";
import { ACCOUNTS_MESSAGES } from "./accounts-messages";
import { emailVerifications } from "./accounts.tables";
import { hashSecret, hashToken, newOtp, newToken, verifySecret } from "./credentials";

/**
 * The store's one mechanism of one-time codes (architecture: 6 digits, hashed, 10 minutes, 5 tries, resend
 * after 60 s), for what a code proves: the e-mail of a new account (`verify`), the wish to delete one
 * (`delete`, decision 045), and, sent on WhatsApp (decision 053), a mobile number the account owns
 * (`phone-verify`) and a sign-in with it (`whatsapp-login`). A user has at most one pending code
 * (`email_verifications`, by user): a new one replaces it.
 */
export type CodePurpose = "verify" | "delete" | "phone-verify" | "whatsapp-login";

const CODE_LIFETIME_MS = 10 * 60_000;
const MAX_CODE_TRIES = 5;

export const waitMessage = (seconds: number) =>
  `Please wait ${seconds} second${seconds === 1 ? "" : "s"} before asking for a new code.`;

export const secondsUntilResend = (sentAt: Date) =>
  Math.max(0, Math.ceil((sentAt.getTime() + RESEND_COOLDOWN_SECONDS * 1000 - Date.now()) / 1000));

/** Writes a fresh code for the user, in the caller's transaction, and returns it (to be mailed, never logged). */
export async function issueCode(
  tx: Transaction,
  userId: number,
  purpose: CodePurpose,
  { tokenHash }: { tokenHash?: string } = {},
): Promise<string> {
  const code = newOtp();
  const values = {
    purpose,
    codeHash: await hashSecret(code),
    codeExpiresAt: new Date(Date.now() + CODE_LIFETIME_MS),
    failedAttempts: 0,
    sentAt: new Date(),
  };
  await tx
    .insert(emailVerifications)
    .values({ userId, tokenHash: tokenHash ?? hashToken(newToken()), ...values })
    .onConflictDoUpdate({
      target: emailVerifications.userId,
      set: tokenHash ? { ...values, tokenHash } : values,
    });
  return code;
}

/** The pending code of a user for a purpose, if any. */
export async function pendingCode(db: Database, userId: number, purpose: CodePurpose) {
  const [row] = await db
    .select({
      userId: emailVerifications.userId,
      codeHash: emailVerifications.codeHash,
      codeExpiresAt: emailVerifications.codeExpiresAt,
      sentAt: emailVerifications.sentAt,
    })
    .from(emailVerifications)
    .where(and(eq(emailVerifications.userId, userId), eq(emailVerifications.purpose, purpose)));
  return row;
}

/**
 * Checks `otp` against the pending code and, when it matches, uses it up and runs `then` in the transaction that
 * does: each try is counted before the code is checked (parallel guesses cannot exceed the limit), and the row
 * is deleted by its code (single use even when two requests race).
 */
export async function spendCode<T>(
  db: Database,
  pending: { userId: number; codeHash: string; codeExpiresAt: Date },
  otp: string,
  then: (tx: Transaction) => Promise<T>,
): Promise<T> {
  if (pending.codeExpiresAt.getTime() <= Date.now()) throw badRequest(ACCOUNTS_MESSAGES.codeExpired);
  const sameCode = and(
    eq(emailVerifications.userId, pending.userId),
    eq(emailVerifications.codeHash, pending.codeHash),
  );
  const [counted] = await db
    .update(emailVerifications)
    .set({ failedAttempts: sql`${emailVerifications.failedAttempts} + 1` })
    .where(and(sameCode, lte(emailVerifications.failedAttempts, MAX_CODE_TRIES - 1)))
    .returning({ failedAttempts: emailVerifications.failedAttempts });
  if (!counted) throw badRequest(ACCOUNTS_MESSAGES.codeTriesExhausted);

  if (!(await verifySecret(pending.codeHash, otp))) {
    const left = MAX_CODE_TRIES - counted.failedAttempts;
    throw badRequest(
      left > 0
        ? `Incorrect code. ${left} ${left === 1 ? "try" : "tries"} left.`
        : ACCOUNTS_MESSAGES.codeTriesExhausted,
    );
  }

  return db.transaction(async (tx) => {
    const [used] = await tx
      .delete(emailVerifications)
      .where(sameCode)
      .returning({ userId: emailVerifications.userId });
    if (!used) throw badRequest(ACCOUNTS_MESSAGES.codeInvalid);
    return then(tx);
  });
}
