import type { FastifyInstance } from "fastify";
import helmet from "helmet";

/**
 * Helmet's security headers on every response. Its middleware is built once here: @fastify/helmet built it
 * again for every request, re-parsing the policy, which was about 6 % of the cost of a cached catalog answer.
 * Pages replace the Content-Security-Policy with their own, which carries the page's script nonce (web/ssr.ts).
 */
export function addSecurityHeaders(app: FastifyInstance, { hsts }: { hsts: boolean }) {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      directives: { "img-src": ["'self'", "data:"], "upgrade-insecure-requests": null },
    },
    hsts,
    // Same-origin form posts must carry their Origin, which React Router checks before running an action.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  app.addHook("onRequest", (request, reply, done) =>
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
}
