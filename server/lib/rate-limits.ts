import { createHash } from "node:crypto";
import type { CallRequest, InputCheck, RequestCheck } from "./calls";
import type { Redis } from "ioredis";
import { LRUCache } from "lru-cache";
import { tooManyRequests } from "./errors";

export type Limit = { max: number; windowMs: number };

export const HOUR_MS = 60 * 60_000;

/** How long to wait, in words: '45 seconds', '15 minutes'. */
export const waitText = (seconds: number) =>
  seconds < 60
    ? `${seconds} second${seconds === 1 ? "" : "s"}`
    : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? "" : "s"}`;

const hashed = (key: string) => createHash("sha256").update(key).digest("base64url").slice(0, 22);

const tooManyAttempts = (seconds: number) =>
  tooManyRequests(`Too many attempts. Please try again in ${waitText(seconds)}.`);

/**
 * A check that counts the call under `name` and a key (the client's address unless `keyOf` names another)
 * and answers 429, with Retry-After, once the key is over its limit in the window. Counts live in Redis
 * when REDIS_URL is set (shared by every process), else in this process. Keys that carry personal data (an
 * e-mail, a token) are hashed before they are stored.
 */
export function rateLimitCheck<Input = unknown>(
  counts: AttemptCounts,
  name: string,
  limit: Limit,
  {
    keyOf = (request) => request.ip,
    refusal = tooManyAttempts,
  }: {
    keyOf?: (request: CallRequest, input: Input) => string | undefined;
    refusal?: (seconds: number) => Error;
  } = {},
): InputCheck<Input> {
  return async (request, reply, input) => {
    const { count, ttlMs } = await counts.add(
      `${name}:${hashed(keyOf(request, input) ?? request.ip)}`,
      limit.windowMs,
    );
    if (count > limit.max) {
      const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
      reply.header("retry-after", seconds);
      throw refusal(seconds);
    }
  };
}

/**
 * Limits a call per client address (before the body is read) and per account (once the body names it),
 * so neither one address trying many accounts nor many addresses trying one account get far.
 */
export function limitPerIpAndAccount<Input>(
  counts: AttemptCounts,
  name: string,
  limits: {
    perIp: Limit;
    perAccount: Limit;
    account: (request: CallRequest, input: Input) => string | undefined;
  },
): { onRequest: RequestCheck; preHandler: InputCheck<Input> } {
  const perIp = rateLimitCheck(counts, `${name}:ip`, limits.perIp);
  return {
    onRequest: (request, reply) => perIp(request, reply, undefined),
    preHandler: rateLimitCheck(counts, `${name}:account`, limits.perAccount, { keyOf: limits.account }),
  };
}

/**
 * Counts in fixed windows, in Redis when REDIS_URL is set (shared by every process), else in this process.
 * A count can be taken back, within its window.
 */
export function createAttemptCounts(redis?: Redis) {
  const PREFIX = "store-attempts:";
  const local = new LRUCache<string, { count: number }>({ max: 100_000 });

  async function add(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }> {
    if (redis) {
      const [count, ttlMs] = (await redis.eval(
        `local count = redis.call('INCR', KEYS[1])
         if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
         return { count, redis.call('PTTL', KEYS[1]) }`,
        1,
        PREFIX + key,
        windowMs,
      )) as [number, number];
      return { count, ttlMs };
    }
    const entry = local.get(key);
    if (!entry) {
      local.set(key, { count: 1 }, { ttl: windowMs });
      return { count: 1, ttlMs: windowMs };
    }
    entry.count += 1;
    return { count: entry.count, ttlMs: local.getRemainingTTL(key) };
  }

  async function takeBack(key: string) {
    if (redis) {
      await redis.eval(
        "if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('DECR', KEYS[1]) end",
        1,
        PREFIX + key,
      );
      return;
    }
    const entry = local.get(key);
    if (entry) entry.count -= 1;
  }

  return { add, takeBack };
}

export type AttemptCounts = ReturnType<typeof createAttemptCounts>;

/**
 * Limits the failures of a call, not its uses: per account and client address, and per address. Each try
 * is counted before it runs (so that parallel tries cannot pass the limit together) and taken back when it
 * does not fail, so successful calls never count. Failing from one address thus locks that address out,
 * not the account: its owner, from an address that has not been failing, still gets in.
 */
export function limitFailures(
  counts: AttemptCounts,
  name: string,
  limits: { perAccountAndIp: number; perIp: number; windowMs: number },
  isFailure: (error: unknown) => boolean,
) {
  return async <Result>(
    request: CallRequest,
    reply: { header: (name: string, value: number) => unknown },
    account: string,
    attempt: () => Promise<Result>,
  ): Promise<Result> => {
    const counters = [
      { key: hashed(`${name}:ip:${request.ip}`), max: limits.perIp },
      { key: hashed(`${name}:account-ip:${account}:${request.ip}`), max: limits.perAccountAndIp },
    ];
    const counted = await Promise.all(counters.map(({ key }) => counts.add(key, limits.windowMs)));
    const takeBack = () => Promise.all(counters.map(({ key }) => counts.takeBack(key)));
    const over = counted.filter(({ count }, index) => count > counters[index]!.max);
    if (over.length > 0) {
      await takeBack();
      const seconds = Math.ceil(Math.max(...over.map(({ ttlMs }) => ttlMs)) / 1000);
      reply.header("retry-after", seconds);
      throw tooManyAttempts(seconds);
    }
    try {
      const result = await attempt();
      await takeBack();
      return result;
    } catch (error) {
      if (!isFailure(error)) await takeBack();
      throw error;
    }
  };
}
