import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** How an answer that depends on the session is sent: kept by no cache, shared or in the browser. */
export const PERSONAL_CACHE_CONTROL = "private, no-store";

/** Whether the request carries a session (the session cookie or an Authorization header). */
export const carriesSession = (request: FastifyRequest, sessionCookie: string) =>
  request.headers.authorization !== undefined || request.cookies[sessionCookie] !== undefined;

/**
 * API answers to a request that carries a session, or that set a cookie, are sent `private, no-store`,
 * whatever the route said, unless the route marked them public: the catalog's answers are the same for
 * everyone, whoever asks. (Pages get the same rule in web/ssr.ts.)
 */
export function keepPersonalApiAnswersPrivate(app: FastifyInstance, sessionCookie: string) {
  const isPersonal = (request: FastifyRequest, reply: FastifyReply) =>
    request.url.startsWith("/api/") &&
    (carriesSession(request, sessionCookie) || reply.hasHeader("set-cookie")) &&
    !String(reply.getHeader("cache-control") ?? "").startsWith("public");
  // After @fastify/cookie's own onSend hook, which writes the Set-Cookie header.
  app.addHook("onSend", (request, reply, payload, done) => {
    if (isPersonal(request, reply)) reply.header("cache-control", PERSONAL_CACHE_CONTROL);
    done(null, payload);
  });
}
