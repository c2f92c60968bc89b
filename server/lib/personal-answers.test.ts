import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createUser, createUserAndLogin, freshIp, PASSWORD, post } from "../test-support/accounts";
import { createTestApp } from "../test-support/test-app";

let app: FastifyInstance;
let close: () => Promise<void>;
let token: string;

beforeAll(async () => {
  ({ app, close } = await createTestApp({ publicUrl: "https://shop.example" }));
  token = (await createUserAndLogin(app, 2)).token;
});
afterAll(() => close());

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url, headers, remoteAddress: freshIp() });

describe("API answers that depend on the session", () => {
  it("are private, no-store when the request carries the session cookie or an Authorization header", async () => {
    for (const credentials of [{ cookie: `__Host-session=${token}` }, bearer(token), bearer("unknown")])
      for (const url of ["/api/users/get-me", "/api/health", "/api/no-such-call", "/api/docs"]) {
        const answer = await get(url, credentials);
        expect(answer.headers["cache-control"], `${url} ${Object.keys(credentials)[0]}`).toBe(
          "private, no-store",
        );
      }
  });

  it("are private, no-store when they set a cookie", async () => {
    const { email } = await createUser(app, 3);
    const login = await post(app, "/api/users/login", { email, password: PASSWORD });
    expect(login.headers["set-cookie"]).toBeDefined();
    expect(login.headers["cache-control"]).toBe("private, no-store");
    const logout = await post(
      app,
      "/api/users/logout",
      {},
      { cookie: `__Host-session=${login.json().token}`, origin: "https://shop.example" },
    );
    expect(logout.headers["set-cookie"]).toBeDefined();
    expect(logout.headers["cache-control"]).toBe("private, no-store");
  });

  it("leave a guest's answers and the catalog's public answers (the same for everyone) as they are", async () => {
    expect((await get("/api/health")).headers["cache-control"]).toBeUndefined();
    const requests: Array<Record<string, string>> = [
      {},
      { cookie: `__Host-session=${token}` },
      bearer(token),
    ];
    for (const credentials of requests)
      expect((await get("/api/categories/category", credentials)).headers["cache-control"]).toMatch(
        /^public, max-age=30/,
      );
  });
});
