import type { CallReply } from "../lib/calls";
import type { SessionCookie } from "./session-guard";
import type { IssuedSession } from "./sessions";

/**
 * The answer of a call that starts a session (login, a verified code, a WhatsApp code): its token in the
 * httpOnly cookie, in the `authorization` header and in the body, as the contract says.
 */
export function sessionAnswer(
  reply: CallReply,
  cookie: SessionCookie,
  session: IssuedSession,
  message: string,
) {
  reply.setCookie(cookie.name, session.token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: cookie.secure,
    maxAge: session.maxAgeSeconds,
  });
  reply.header("authorization", `Bearer ${session.token}`);
  return { code: 200, message, data: session.user, token: session.token };
}
