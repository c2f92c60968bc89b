import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { badRequest, forbidden, unauthorized } from "../lib/errors";
import { enqueueMail } from "../mail/mail.service";
import { ACCOUNTS_MESSAGES } from "./accounts-messages";
import { passwordResetMail } from "./accounts-mails";
import { emailVerifications, passwordResets, users } from "./accounts.tables";
import {
  hashSecret,
  hashToken,
  newToken,
  rejectCommonPassword,
  verifyAgainstDecoy,
  verifySecret,
} from "./credentials";
import type { Registration } from "./registration";
import { revokeSessions, startSession, type IssuedSession } from "./sessions";

const RESET_LINK_LIFETIME_MS = 60 * 60_000;

/** Signing in with a password, and choosing a new one through a mailed link. */
export function createPasswords({
  db,
  publicUrl,
  onMailQueued,
  registration,
}: {
  db: Database;
  publicUrl: string;
  onMailQueued: () => void;
  /** An unverified account's owner who signs in is sent a fresh code. */
  registration: Pick<Registration, "resendCode">;
}) {
  async function login(input: { email: string; password: string }): Promise<IssuedSession> {
    const [user] = await db
      .select({
        id: users.id,
        email: users.email,
        fullName: users.fullName,
        roleId: users.roleId,
        passwordHash: users.passwordHash,
        verifiedAt: users.verifiedAt,
      })
      .from(users)
      .where(eq(users.email, input.email));
    const passwordMatches = user
      ? await verifySecret(user.passwordHash, input.password)
      : await verifyAgainstDecoy(input.password);
    if (!user || !passwordMatches) throw unauthorized(ACCOUNTS_MESSAGES.loginFailed);
    if (!user.verifiedAt) {
      // The owner of the password gets a fresh code when the last one may have expired.
      await registration.resendCode({ email: user.email }).catch(() => undefined);
      throw forbidden(ACCOUNTS_MESSAGES.notVerified);
    }
    return startSession(db, user);
  }

  /** Answers alike whether or not the e-mail has an account; only an account gets a mail. */
  async function requestPasswordReset(email: string) {
    const [user] = await db
      .select({ id: users.id, email: users.email, fullName: users.fullName })
      .from(users)
      .where(eq(users.email, email));
    if (!user) return;
    const token = newToken();
    await db.transaction(async (tx) => {
      await tx.insert(passwordResets).values({
        userId: user.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + RESET_LINK_LIFETIME_MS),
      });
      const link = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
      await enqueueMail(tx, passwordResetMail(user.email, user.fullName, link));
    });
    onMailQueued();
  }

  /** Password resets asked for and not yet written (see queuePasswordReset). */
  const pendingResets = new Set<Promise<void>>();

  /**
   * Does requestPasswordReset's work once the caller has answered (on the next turn of the event loop, after
   * the answer is written), so that the answer's time says nothing about whether the e-mail has an account.
   */
  function queuePasswordReset(email: string, onError: (error: unknown) => void) {
    const work: Promise<void> = new Promise((resolve) => setImmediate(resolve))
      .then(() => requestPasswordReset(email))
      .catch(onError)
      .finally(() => pendingResets.delete(work));
    pendingResets.add(work);
  }

  /** Resolves once every queued password reset is written (before the store closes its database). */
  async function settled() {
    await Promise.all(pendingResets);
  }

  /** Refuses a reset link that resetPassword would refuse (used, expired or unknown); changes nothing. */
  async function checkResetLink(token: string) {
    const [reset] = await db
      .select({ userId: passwordResets.userId })
      .from(passwordResets)
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
        ),
      )
      .limit(1);
    if (!reset) throw badRequest(ACCOUNTS_MESSAGES.resetLinkInvalid);
  }

  async function resetPassword(input: { token: string; password: string }) {
    await rejectCommonPassword(input.password);
    const passwordHash = await hashSecret(input.password);
    await db.transaction(async (tx) => {
      const now = new Date();
      const [reset] = await tx
        .update(passwordResets)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResets.tokenHash, hashToken(input.token)),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, now),
          ),
        )
        .returning({ userId: passwordResets.userId });
      if (!reset) throw badRequest(ACCOUNTS_MESSAGES.resetLinkInvalid);
      // The mail proved the address, so an unverified account becomes verified.
      await tx
        .update(users)
        .set({ passwordHash, verifiedAt: sql`coalesce(${users.verifiedAt}, now())` })
        .where(eq(users.id, reset.userId));
      await tx
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)));
      await revokeSessions(tx, reset.userId);
      await tx.delete(emailVerifications).where(eq(emailVerifications.userId, reset.userId));
    });
  }

  return { login, queuePasswordReset, settled, checkResetLink, resetPassword };
}

export type Passwords = ReturnType<typeof createPasswords>;
