import { randomInt } from "node:crypto";
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

  it("counts the addresses of one inbox together: plus-addresses, and Gmail's dots and other domain", async () => {
    const name = uniqueEmail("inbox").split("@")[0]!.replaceAll(".", "");
    const spellings = Array.from(
      { length: call.perAccount },
      (_, n) =>
        [
          `${name}+${n}@gmail.com`,
          `${name.slice(0, 3)}.${name.slice(3)}+${n}@googlemail.com`,
          `${name.toUpperCase()}+${n}@Gmail.com`,
        ][n % 3]!,
    );
    for (const email of spellings) expect(isLimited(await post(app, call.url, call.body(email)))).toBe(false);
    expect(isLimited(await post(app, call.url, call.body(`${name}+${call.perAccount + 1}@gmail.com`)))).toBe(
      true,
    );
  });

  it(`allows ${call.perIp} tries per address across accounts, then answers 429`, async () => {
    const ip = freshIp();
    for (let i = 0; i < call.perIp; i++)
      expect(isLimited(await post(app, call.url, call.body(uniqueEmail()), {}, ip))).toBe(false);
    expect(isLimited(await post(app, call.url, call.body(uniqueEmail()), {}, ip))).toBe(true);
  });
});

const wrongLogin = (app: FastifyInstance, email: string, ip = freshIp(), headers = {}) =>
  post(app, "/api/users/login", { email, password: "wrong-one-1" }, headers, ip);
const rightLogin = (app: FastifyInstance, email: string, ip = freshIp()) =>
  post(app, "/api/users/login", { email, password: PASSWORD }, {}, ip);

describe("login", () => {
  it("locks out the address that failed 10 times on an account, never the account's owner", async () => {
    const { email } = await createUser(app, 3);
    const stranger = freshIp();
    for (let i = 0; i < 10; i++) expect((await wrongLogin(app, email, stranger)).statusCode).toBe(401);
    const limited = await rightLogin(app, email, stranger);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many attempts\. Please try again in 15 minutes\.$/);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(800);
    // The owner, from an address that has not been failing, still gets in, and may still mistype.
    const owner = freshIp();
    expect((await rightLogin(app, email, owner)).statusCode).toBe(200);
    expect((await wrongLogin(app, email, owner)).statusCode).toBe(401);
    // The stranger's address may still try other accounts, up to its own limit.
    expect((await wrongLogin(app, uniqueEmail(), stranger)).statusCode).toBe(401);
  });

  it("allows 30 failures per address across accounts, then refuses that address even a right password", async () => {
    const { email } = await createUser(app, 3);
    const ip = freshIp();
    for (let i = 0; i < 30; i++) expect((await wrongLogin(app, uniqueEmail(), ip)).statusCode).toBe(401);
    expect((await rightLogin(app, email, ip)).statusCode).toBe(429);
    expect((await rightLogin(app, email)).statusCode).toBe(200);
  });

  it("never counts successful logins (the spec's client logs in twice in a row)", async () => {
    const { email } = await createUser(app, 3);
    const ip = freshIp();
    for (let i = 0; i < 35; i++) expect((await rightLogin(app, email, ip)).statusCode).toBe(200);
    expect((await wrongLogin(app, email, ip)).statusCode).toBe(401);
  });

  it("counts tries before they run, so parallel ones cannot pass the limit together", async () => {
    const { email } = await createUser(app, 3);
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 20 }, () => wrongLogin(app, email, ip)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });
});

describe("a limited registration", () => {
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

/** Redis keeps counts between runs of this file: its addresses must be new in each run. */
const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;

describe("behind proxies", () => {
  const spoofed = () => `${randomInt(1, 224)}.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;

  it("believes no X-Forwarded-For without TRUST_PROXY, in production too", async () => {
    const production = await createTestApp({ env: "production" });
    try {
      const client = freshIp();
      const statuses: number[] = [];
      for (let i = 0; i < 60; i++)
        statuses.push(
          (await wrongLogin(production.app, uniqueEmail(), client, { "x-forwarded-for": spoofed() }))
            .statusCode,
        );
      expect(statuses.indexOf(429)).toBe(30);
    } finally {
      await production.close();
    }
  });

  it.each([
    ["a hop count", 1],
    ["the proxy's range", ["192.0.2.0/24"]],
  ])("with TRUST_PROXY as %s, counts the client the proxy names", async (_name, trustProxy) => {
    const proxied = await createTestApp({ env: "production", trustProxy });
    try {
      const proxy = "192.0.2.10";
      // The client's own X-Forwarded-For comes first; the proxy appends the address it saw.
      const through = (client: string) => ({ "x-forwarded-for": `${spoofed()}, ${client}` });
      const client = "203.0.113.7";
      for (let i = 0; i < 30; i++)
        expect((await wrongLogin(proxied.app, uniqueEmail(), proxy, through(client))).statusCode).toBe(401);
      expect((await wrongLogin(proxied.app, uniqueEmail(), proxy, through(client))).statusCode).toBe(429);
      // Another client of the same proxy is not affected.
      const other = "203.0.113.8";
      expect((await wrongLogin(proxied.app, uniqueEmail(), proxy, through(other))).statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
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
      const keys = await redis.keys("store-attempts:forgot-password:account:*");
      await redis.quit();
      expect(keys.length).toBeGreaterThan(0);
      expect((await post(first.app, "/api/users/forgot-password", { email })).statusCode).toBe(429);
      expect((await post(second.app, "/api/users/forgot-password", { email })).statusCode).toBe(429);

      // Login failures too, per account and address; the account's owner elsewhere still gets in (the
      // account is in the first process's database only: the second answers 401 for it, counted alike).
      const { email: account } = await createUser(first.app, 3);
      const stranger = randomIp();
      for (let i = 0; i < 10; i++)
        expect((await wrongLogin(i % 2 ? first.app : second.app, account, stranger)).statusCode).toBe(401);
      expect((await wrongLogin(first.app, account, stranger)).statusCode).toBe(429);
      expect((await rightLogin(second.app, account, stranger)).statusCode).toBe(429);
      expect((await rightLogin(first.app, account, randomIp())).statusCode).toBe(200);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
