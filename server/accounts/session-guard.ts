import type { FastifyRequest } from "fastify";
import { ANY_ROLE, ROLE, STAFF_ROLES, type RoleId } from "../../contract/accounts-rules";
import type { CallRequest } from "../lib/calls";
import { comesFromAnotherSite, comesFromOwnPages, CROSS_SITE_MESSAGE, SAFE_METHODS } from "../lib/cross-site";
import { forbidden, unauthorized } from "../lib/errors";
import { ACCOUNTS_MESSAGES } from "./accounts-messages";
import type { AuthenticatedUser, Sessions } from "./sessions";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by a guard of this module on the routes that require a session. */
    user?: AuthenticatedUser;
  }
}

export type SessionCookie = { name: string; secure: boolean };

/** `__Host-` binds the cookie to this exact origin; browsers accept that name only on Secure cookies. */
export function sessionCookieFor(env: string): SessionCookie {
  const secure = env !== "development";
  return { name: secure ? "__Host-session" : "session", secure };
}

/** The token of `Authorization: Bearer <token>`, or of a bare `Authorization: <token>` (spec clients). */
export const bearerTokenOf = (request: Pick<FastifyRequest, "headers">) =>
  request.headers.authorization?.trim().replace(/^Bearer\s+/i, "") || undefined;

/** The session token of a request: from the Authorization header, else the cookie. */
export function credentialsOf(request: Pick<FastifyRequest, "headers" | "cookies">, cookie: SessionCookie) {
  const header = bearerTokenOf(request);
  if (header) return { token: header, via: "header" as const };
  const fromCookie = request.cookies[cookie.name];
  if (fromCookie) return { token: fromCookie, via: "cookie" as const };
  return null;
}

export function createSessionGuard({
  sessions,
  cookie,
  publicUrl,
}: {
  sessions: Sessions;
  cookie: SessionCookie;
  publicUrl: string;
}) {
  const publicOrigin = new URL(publicUrl).origin;

  /**
   * The user behind the request, or null. A write authenticated by the cookie, whatever its method, must
   * say it comes from the store's own pages (see comesFromOwnPages).
   */
  async function identify(request: CallRequest, { writes = !SAFE_METHODS.has(request.method) } = {}) {
    const credentials = credentialsOf(request, cookie);
    if (!credentials) return null;
    if (credentials.via === "cookie" && writes && !comesFromOwnPages(request, publicOrigin))
      throw forbidden(
        comesFromAnotherSite(request, publicOrigin)
          ? CROSS_SITE_MESSAGE
          : "This request must come from the store's own pages.",
      );
    const user = await sessions.authenticate(credentials.token);
    return user ? { user, via: credentials.via } : null;
  }

  /** `writes` marks a GET that changes something (the spec's delete-product), checked like a POST. */
  function requireRole(roles: readonly RoleId[], options: { writes?: boolean } = {}) {
    return async (request: CallRequest) => {
      const identified = await identify(request, options);
      if (!identified) throw unauthorized(ACCOUNTS_MESSAGES.sessionMissing);
      if (!roles.includes(identified.user.roleId)) throw forbidden("You do not have access to this.");
      request.user = identified.user;
    };
  }

  return {
    identify,
    requireUser: requireRole(ANY_ROLE),
    requireStaff: requireRole(STAFF_ROLES),
    requireSuperAdmin: requireRole([ROLE.superAdmin]),
    requireStaffWrite: requireRole(STAFF_ROLES, { writes: true }),
  };
}

export type SessionGuard = ReturnType<typeof createSessionGuard>;
