import type { FastifyInstance, FastifyRequest } from "fastify";
import { forbidden } from "./errors";

/** Methods that change nothing; every other one is a write. */
export const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses API writes that a browser marks as coming from another site (their Origin is neither the
 * store's public origin nor the host they were sent to). Clients that send no Origin, such as servers and
 * apps using a Bearer token, are not affected; cookie-authenticated writes are checked further by the
 * auth guard.
 */
export function refuseCrossSiteWrites(app: FastifyInstance, publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  const isCrossSiteWrite = (request: FastifyRequest) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith("/api/")) return false;
    const origin = request.headers.origin;
    if (origin === undefined || origin === publicOrigin) return false;
    return !(URL.canParse(origin) && new URL(origin).host === request.host);
  };
  // A callback hook, not an async one: it runs on every request, and nearly all of them pass.
  app.addHook("onRequest", (request, _reply, done) =>
    done(isCrossSiteWrite(request) ? forbidden("Requests from other sites are not accepted.") : undefined),
  );
}
