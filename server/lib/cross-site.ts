import type { FastifyInstance } from "fastify";
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
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith("/api/")) return;
    const origin = request.headers.origin;
    if (origin === undefined || origin === publicOrigin) return;
    if (URL.canParse(origin) && new URL(origin).host === request.host) return;
    throw forbidden("Requests from other sites are not accepted.");
  });
}
