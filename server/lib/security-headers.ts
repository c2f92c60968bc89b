import type { ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";

/**
 * No page may use the camera, the microphone or the location, nor let a frame use them. Payment stays open
 * to the store's own pages (PhonePe's checkout opens as a page of its own, not in a frame).
 */
const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(self), usb=()";

export type SecurityHeaders = Array<[name: string, value: string]>;

/**
 * Helmet's security headers and the Permissions-Policy, for every response. The policy has no per-request
 * part, so its headers are worked out once, at startup, and each request only sets them: running helmet's
 * dozen middlewares for every request took about 6 % of a cached catalog answer's CPU. Pages replace the
 * Content-Security-Policy with their own, which carries the page's script nonce (web/ssr.ts).
 */
export function securityHeadersFor({ hsts }: { hsts: boolean }): SecurityHeaders {
  return [...Object.entries(helmetHeaders({ hsts })), ["permissions-policy", PERMISSIONS_POLICY]];
}

/** Sets the headers from the first hook of every request on, so that any answer, an error too, has them. */
export function addSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders) {
  app.addHook("onRequest", (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

/** The headers helmet's middleware sets, read by running it once against a response that only records. */
function helmetHeaders({ hsts }: { hsts: boolean }): Record<string, string> {
  const middleware = helmet({
    contentSecurityPolicy: {
      directives: { "img-src": ["'self'", "data:"], "upgrade-insecure-requests": null },
    },
    hsts,
    // No window that opened the store keeps a hold on its tab (docs/decisions/017: kept, though Lighthouse's
    // TBT counts part of the new renderer process this gives each page).
    crossOriginOpenerPolicy: { policy: "same-origin" },
    // Same-origin form posts must carry their Origin, which React Router checks before running an action.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => void (headers[name] = value),
    removeHeader: (name: string) => void delete headers[name],
  };
  let failure: unknown;
  middleware({} as never, recorder as unknown as ServerResponse, (error?: unknown) => (failure = error));
  if (failure) throw failure;
  return headers;
}
