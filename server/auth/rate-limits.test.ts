import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createUser,
  freshIp,
  PASSWORD,
  post,
  register,
  registration,
  uniqueEmail,
} from "../test-support/accounts";
import { createTestApp } from "../test-support/test-app";

let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await createTestApp());
});
afterAll(() => close());

type Call = { url: string; perIp: number; perAccount: number; body: (email: string) => unknown };

const CALLS: Record<string, Call> = {
  login: {
    url: "/api/users/login",
    perIp: 30,
    perAccount: 10,
    body: (email) => ({ email, password: "wrong-one-1" }),
  },
  register: { url: "/api/users/register", perIp: 10, perAccount: 5, body: (email) => registration(email) },
  "verify-otp": {
    url: "/api/users/register-verify-otp",
    perIp: 30,
    perAccount: 10,
    body: (email) => ({ email, otp: "000000" }),
  },
  "resend-otp": { url: "/api/users/resend-otp", perIp: 10, perAccount: 5, body: (email) => ({ email }) },
  "forgot-password": {
    url: "/api/users/forgot-password",
    perIp: 10,
    perAccount: 3,
    body: (email) => ({ email }),
  },
};

/** Answers that come from the rate limit (a resend cooldown answers 429 too, with another message). */
const isLimited = (response: { statusCode: number; json: () => { message: string } }) =>
  response.statusCode === 429 && response.json().message.startsWith("Too many attempts");

describe.each(Object.entries(CALLS))("%s", (_name, call) => {
  it(`allows ${call.perAccount} tries per account from any number of addresses, then answers 429`, async () => {
    const email = uniqueEmail();
    for (let i = 0; i < call.perAccount; i++)
      expect(isLimited(await post(app, call.url, call.body(email)))).toBe(false);
    const limited = await post(app, call.url, call.body(email));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(
      /^Too many attempts\. Please try again in \d+ (minutes?|seconds?)\.$/,
    );
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    // Another account is not affected.
    expect(isLimited(await post(app, call.url, call.body(uniqueEmail())))).toBe(false);
  });

  it(`allows ${call.perIp} tries per address across accounts, then answers 429`, async () => {
    const ip = freshIp();
    for (let i = 0; i < call.perIp; i++)
      expect(isLimited(await post(app, call.url, call.body(uniqueEmail()), {}, ip))).toBe(false);
    expect(isLimited(await post(app, call.url, call.body(uniqueEmail()), {}, ip))).toBe(true);
  });
});

describe("a limited account", () => {
  it("cannot log in even with the right password until the window passes", async () => {
    const { email } = await createUser(app, 3);
    for (let i = 0; i < 10; i++) await post(app, "/api/users/login", { email, password: "wrong-one-1" });
    expect((await post(app, "/api/users/login", { email, password: PASSWORD })).statusCode).toBe(429);
  });

  it("keeps verification tries limited per registration token too", async () => {
    const { token } = await register(app);
    for (let i = 0; i < 10; i++)
      await post(
        app,
        "/api/users/register-verify-otp",
        { otp: "999999" },
        { authorization: `Bearer ${token}` },
      );
    const limited = await post(
      app,
      "/api/users/register-verify-otp",
      { otp: "999999" },
      { authorization: `Bearer ${token}` },
    );
    expect(limited.statusCode).toBe(429);
  });
});

describe("with REDIS_URL", () => {
  const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

  it("two store processes share the counts", async () => {
    const first = await createTestApp({ redisUrl });
    const second = await createTestApp({ redisUrl });
    try {
      const email = uniqueEmail();
      // 3 per hour per account, counted across both processes.
      for (const app of [first.app, second.app, first.app])
        expect((await post(app, "/api/users/forgot-password", { email })).statusCode).toBe(200);
      const redis = new Redis(redisUrl);
      const keys = await redis.keys("fastify-rate-limit-*forgot-password:account*");
      await redis.quit();
      expect(keys.length).toBeGreaterThan(0);
      expect((await post(first.app, "/api/users/forgot-password", { email })).statusCode).toBe(429);
      expect((await post(second.app, "/api/users/forgot-password", { email })).statusCode).toBe(429);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
