import { and, eq, gt, isNull } from "drizzle-orm";
import type { SessionUser } from "../../contract/accounts";
import { ROLE_NAMES, STAFF_ROLES, type RoleId } from "../../contract/accounts-rules";
import type { Database, Executor } from "../db/client";
import { sessions, users } from "./accounts.tables";
import { hashToken, newToken } from "./credentials";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long a session lives (decision 007): staff sessions are short because they can change the store. */
const SESSION_LIFETIME = {
  customer: { idleMs: 7 * DAY, absoluteMs: 30 * DAY },
  staff: { idleMs: 12 * HOUR, absoluteMs: 3 * DAY },
} as const;
/** last_seen_at is written at most this often, so reading pages does not write on every request. */
const LAST_SEEN_PRECISION_MS = 5 * MINUTE;

const lifetimeFor = (roleId: number) =>
  STAFF_ROLES.includes(roleId as RoleId) ? SESSION_LIFETIME.staff : SESSION_LIFETIME.customer;

export const sessionUserOf = (user: { fullName: string; roleId: number }): SessionUser => ({
  fullName: user.fullName,
  roleId: user.roleId as RoleId,
  roleName: ROLE_NAMES[user.roleId as RoleId],
});

/** Who is behind a request, as the session table says now (a role change applies at once). */
export type AuthenticatedUser = SessionUser & { sessionId: number; userId: number; email: string };

export type IssuedSession = { token: string; user: SessionUser; maxAgeSeconds: number };

/** Starts a session for the user, in the caller's transaction when given one; returns its token once. */
export async function startSession(
  writer: Executor,
  user: { id: number; fullName: string; roleId: number },
): Promise<IssuedSession> {
  const token = newToken();
  const { absoluteMs } = lifetimeFor(user.roleId);
  await writer.insert(sessions).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + absoluteMs),
  });
  return { token, user: sessionUserOf(user), maxAgeSeconds: Math.floor(absoluteMs / 1000) };
}

/** Ends every open session of the user (a new password), in the caller's transaction when given one. */
export async function revokeSessions(writer: Executor, userId: number): Promise<void> {
  await writer
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Reading a request's session and ending it. */
export function createSessions({ db }: { db: Database }) {
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

  return { authenticate, logout };
}

export type Sessions = ReturnType<typeof createSessions>;
