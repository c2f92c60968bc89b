import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { tooManyRequests } from "./errors";

export type Limit = { max: number; timeWindow: string };

const waitText = (seconds: number) =>
  seconds < 60
    ? `${seconds} second${seconds === 1 ? "" : "s"}`
    : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? "" : "s"}`;

/**
 * A hook that counts the request under `name` and a key and answers 429 once the key is over its limit.
 * Counts live in Redis when REDIS_URL is set (shared by every process), else in this process.
 * Keys that carry personal data (an e-mail, a token) are hashed before they are stored.
 */
export function rateLimitHook(
  app: FastifyInstance,
  name: string,
  limit: Limit,
  keyOf: (request: FastifyRequest) => string | undefined = (request) => request.ip,
) {
  const count = app.createRateLimit({
    ...limit,
    keyGenerator: (request) => {
      const key = keyOf(request) ?? request.ip;
      return `${name}:${createHash("sha256").update(key).digest("base64url").slice(0, 22)}`;
    },
  });
  return async (request: FastifyRequest, reply: { header: (name: string, value: number) => unknown }) => {
    const result = await count(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header("retry-after", result.ttlInSeconds);
      throw tooManyRequests(`Too many attempts. Please try again in ${waitText(result.ttlInSeconds)}.`);
    }
  };
}

/**
 * Limits a call per client address (before the body is read) and per account (once the body names it),
 * so neither one address trying many accounts nor many addresses trying one account get far.
 */
export function limitPerIpAndAccount(
  app: FastifyInstance,
  name: string,
  limits: { perIp: Limit; perAccount: Limit; account: (request: FastifyRequest) => string | undefined },
) {
  return {
    onRequest: rateLimitHook(app, `${name}:ip`, limits.perIp),
    preHandler: rateLimitHook(app, `${name}:account`, limits.perAccount, limits.account),
  };
}
