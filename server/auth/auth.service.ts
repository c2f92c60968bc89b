import { and, eq, gt, isNull, lte, sql } from "drizzle-orm";
import type { Profile, SessionUser } from "../../contract/users";
import { RESEND_COOLDOWN_SECONDS, ROLE_NAMES, STAFF_ROLES, type RoleId } from "../../contract/users-rules";
import { isUniqueViolation, type Database, type Executor, type Transaction } from "../db/client";
import { badRequest, conflict, forbidden, tooManyRequests, unauthorized } from "../lib/errors";
import { enqueueMail } from "../mail/mail.service";
import { passwordResetMail, verificationCodeMail } from "./auth-mails";
import { emailVerifications, passwordResets, sessions, users } from "./auth.tables";
import {
  hashSecret,
  hashToken,
  isCommonPassword,
  newOtp,
  newToken,
  verifyAgainstDecoy,
  verifySecret,
} from "./credentials";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long a session lives (decision 007): staff sessions are short because they can change the store. */
export const SESSION_LIFETIME = {
  customer: { idleMs: 7 * DAY, absoluteMs: 30 * DAY },
  staff: { idleMs: 12 * HOUR, absoluteMs: 3 * DAY },
} as const;
/** last_seen_at is written at most this often, so reading pages does not write on every request. */
const LAST_SEEN_PRECISION_MS = 5 * MINUTE;

export const CODE_LIFETIME_MS = 10 * MINUTE;
export const MAX_CODE_TRIES = 5;
export const RESET_LINK_LIFETIME_MS = HOUR;

export const AUTH_MESSAGES = {
  alreadyRegistered: "This email is already registered. Please log in.",
  commonPassword: "This password is too common. Please choose one that is harder to guess.",
  loginFailed: "Incorrect email or password.",
  notVerified: "Please verify your email first. Enter the code we sent to your email, or ask for a new one.",
  codeInvalid: "This code is not valid. Please ask for a new one.",
  codeExpired: "This code has expired. Please ask for a new one.",
  codeTriesExhausted: "Too many incorrect codes. Please ask for a new one.",
  alreadyVerified: "This account is already verified. Please log in.",
  resendSent: "If this account is waiting for verification, a new code is on its way.",
  resetLinkSent: "Password reset link has been sent to your email.",
  resetLinkInvalid: "This reset link is invalid or has expired. Please ask for a new one.",
  sessionMissing: "Please log in to continue.",
} as const;

const lifetimeFor = (roleId: number) =>
  STAFF_ROLES.includes(roleId as RoleId) ? SESSION_LIFETIME.staff : SESSION_LIFETIME.customer;

const sessionUserOf = (user: { fullName: string; roleId: number }): SessionUser => ({
  fullName: user.fullName,
  roleId: user.roleId as RoleId,
  roleName: ROLE_NAMES[user.roleId as RoleId],
});

/** Who is behind a request, as the session table says now (a role change applies at once). */
export type AuthenticatedUser = SessionUser & { sessionId: number; userId: number; email: string };

export type IssuedSession = { token: string; user: SessionUser; maxAgeSeconds: number };

const waitMessage = (seconds: number) =>
  `Please wait ${seconds} second${seconds === 1 ? "" : "s"} before asking for a new code.`;

export function createAuthService({
  db,
  publicUrl,
  onMailQueued,
}: {
  db: Database;
  publicUrl: string;
  onMailQueued: () => void;
}) {
  async function rejectCommonPassword(password: string, field = "password") {
    if (await isCommonPassword(password))
      throw badRequest(AUTH_MESSAGES.commonPassword, { [field]: AUTH_MESSAGES.commonPassword });
  }

  async function createSession(writer: Executor, user: { id: number; fullName: string; roleId: number }) {
    const token = newToken();
    const { absoluteMs } = lifetimeFor(user.roleId);
    await writer.insert(sessions).values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + absoluteMs),
    });
    return { token, user: sessionUserOf(user), maxAgeSeconds: Math.floor(absoluteMs / 1000) };
  }

  /** Writes a fresh code for the account and queues its mail, in the caller's transaction. */
  async function writeVerificationCode(
    tx: Transaction,
    user: { id: number; email: string; fullName: string },
    registrationTokenHash?: string,
  ) {
    const code = newOtp();
    const values = {
      codeHash: await hashSecret(code),
      codeExpiresAt: new Date(Date.now() + CODE_LIFETIME_MS),
      failedAttempts: 0,
      sentAt: new Date(),
    };
    await tx
      .insert(emailVerifications)
      .values({ userId: user.id, tokenHash: registrationTokenHash ?? hashToken(newToken()), ...values })
      .onConflictDoUpdate({
        target: emailVerifications.userId,
        set: registrationTokenHash ? { ...values, tokenHash: registrationTokenHash } : values,
      });
    await enqueueMail(tx, verificationCodeMail(user.email, user.fullName, code));
  }

  function secondsUntilResend(sentAt: Date) {
    return Math.max(0, Math.ceil((sentAt.getTime() + RESEND_COOLDOWN_SECONDS * 1000 - Date.now()) / 1000));
  }

  async function register(input: { fullName: string; email: string; phone: string; password: string }) {
    await rejectCommonPassword(input.password);
    const passwordHash = await hashSecret(input.password);
    const registrationToken = newToken();
    try {
      await db.transaction(async (tx) => {
        const [existing] = await tx
          .select({ id: users.id, verifiedAt: users.verifiedAt, sentAt: emailVerifications.sentAt })
          .from(users)
          .leftJoin(emailVerifications, eq(emailVerifications.userId, users.id))
          .where(eq(users.email, input.email))
          .for("update", { of: users });
        let userId: number;
        if (existing) {
          // A verified account is taken; an unverified one was never proven to be anybody's, so the new
          // registration replaces it, no sooner than a resend would be allowed.
          if (existing.verifiedAt) throw conflict(AUTH_MESSAGES.alreadyRegistered);
          const wait = existing.sentAt ? secondsUntilResend(existing.sentAt) : 0;
          if (wait > 0) throw tooManyRequests(waitMessage(wait));
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
        await writeVerificationCode(
          tx,
          { id: userId, email: input.email, fullName: input.fullName },
          hashToken(registrationToken),
        );
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(AUTH_MESSAGES.alreadyRegistered);
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
      .where(where);
    return row;
  }

  async function verifyEmail(input: {
    otp: string;
    email?: string | undefined;
    registrationToken?: string | undefined;
  }): Promise<IssuedSession> {
    const pending = await findVerification(input);
    if (!pending) {
      if (input.email && !input.registrationToken) {
        const [user] = await db
          .select({ verifiedAt: users.verifiedAt })
          .from(users)
          .where(eq(users.email, input.email));
        if (user?.verifiedAt) throw badRequest(AUTH_MESSAGES.alreadyVerified);
      }
      throw badRequest(AUTH_MESSAGES.codeInvalid);
    }
    if (pending.codeExpiresAt.getTime() <= Date.now()) throw badRequest(AUTH_MESSAGES.codeExpired);

    // Each try is counted before the code is checked, so parallel guesses cannot exceed the limit.
    const [counted] = await db
      .update(emailVerifications)
      .set({ failedAttempts: sql`${emailVerifications.failedAttempts} + 1` })
      .where(
        and(
          eq(emailVerifications.userId, pending.userId),
          eq(emailVerifications.codeHash, pending.codeHash),
          lte(emailVerifications.failedAttempts, MAX_CODE_TRIES - 1),
        ),
      )
      .returning({ failedAttempts: emailVerifications.failedAttempts });
    if (!counted) throw badRequest(AUTH_MESSAGES.codeTriesExhausted);

    if (!(await verifySecret(pending.codeHash, input.otp))) {
      const left = MAX_CODE_TRIES - counted.failedAttempts;
      throw badRequest(
        left > 0
          ? `Incorrect code. ${left} ${left === 1 ? "try" : "tries"} left.`
          : AUTH_MESSAGES.codeTriesExhausted,
      );
    }

    return db.transaction(async (tx) => {
      // Deleting the row by its code makes the code single use even when two requests race.
      const [used] = await tx
        .delete(emailVerifications)
        .where(
          and(
            eq(emailVerifications.userId, pending.userId),
            eq(emailVerifications.codeHash, pending.codeHash),
          ),
        )
        .returning({ userId: emailVerifications.userId });
      if (!used) throw badRequest(AUTH_MESSAGES.codeInvalid);
      await tx.update(users).set({ verifiedAt: new Date() }).where(eq(users.id, pending.userId));
      return createSession(tx, { id: pending.userId, fullName: pending.fullName, roleId: pending.roleId });
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
      await writeVerificationCode(tx, {
        id: pending.userId,
        email: pending.email,
        fullName: pending.fullName,
      });
      return true;
    });
    if (!sent) throw tooManyRequests(waitMessage(RESEND_COOLDOWN_SECONDS));
    onMailQueued();
    return { resendAvailableInSeconds: RESEND_COOLDOWN_SECONDS };
  }

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
    if (!user || !passwordMatches) throw unauthorized(AUTH_MESSAGES.loginFailed);
    if (!user.verifiedAt) {
      // The owner of the password gets a fresh code when the last one may have expired.
      await resendCode({ email: user.email }).catch(() => undefined);
      throw forbidden(AUTH_MESSAGES.notVerified);
    }
    return createSession(db, user);
  }

  /** The user of a session token, or null when it is unknown, revoked, idle too long or too old. */
  async function authenticate(token: string): Promise<AuthenticatedUser | null> {
    const [row] = await db
      .select({
        sessionId: sessions.id,
        lastSeenAt: sessions.lastSeenAt,
        userId: users.id,
        email: users.email,
        fullName: users.fullName,
        roleId: users.roleId,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, hashToken(token)),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
        ),
      );
    if (!row) return null;
    const idleFor = Date.now() - row.lastSeenAt.getTime();
    if (idleFor > lifetimeFor(row.roleId).idleMs) return null;
    if (idleFor > LAST_SEEN_PRECISION_MS)
      await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, row.sessionId));
    return {
      sessionId: row.sessionId,
      userId: row.userId,
      email: row.email,
      ...sessionUserOf(row),
    };
  }

  async function logout(sessionId: number) {
    await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
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
      if (!reset) throw badRequest(AUTH_MESSAGES.resetLinkInvalid);
      // The mail proved the address, so an unverified account becomes verified.
      await tx
        .update(users)
        .set({ passwordHash, verifiedAt: sql`coalesce(${users.verifiedAt}, now())` })
        .where(eq(users.id, reset.userId));
      await tx
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)));
      await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, reset.userId), isNull(sessions.revokedAt)));
      await tx.delete(emailVerifications).where(eq(emailVerifications.userId, reset.userId));
    });
  }

  async function getProfile(userId: number): Promise<Profile> {
    const [user] = await db
      .select({
        fullName: users.fullName,
        email: users.email,
        phone: users.phone,
        billingAddress: users.billingAddress,
        roleId: users.roleId,
      })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) throw unauthorized(AUTH_MESSAGES.sessionMissing);
    return { ...user, ...sessionUserOf(user) };
  }

  return {
    register,
    verifyEmail,
    resendCode,
    login,
    authenticate,
    logout,
    queuePasswordReset,
    settled,
    resetPassword,
    getProfile,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
