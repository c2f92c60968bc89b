import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  cookieOf,
  createUser,
  createUserAndLogin,
  getMe,
  login,
  PASSWORD,
  post,
  uniqueEmail,
} from "../test-support/accounts";
import { createTestApp } from "../test-support/test-app";
import { sessions, users } from "./accounts.tables";
import { hashToken } from "./credentials";

let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await createTestApp({ publicUrl: "https://shop.example" }));
});
afterAll(() => close());

const COOKIE = "__Host-session";
const SAME_ORIGIN = { origin: "https://shop.example" };
const withCookie = (token: string) => ({ cookie: `${COOKIE}=${token}` });

const sessionOf = async (token: string) => {
  const [row] = await app.services.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  return row!;
};

/** Moves a session back in time: its last use and its creation-based expiry. */
async function idle(token: string, hours: number) {
  const session = await sessionOf(token);
  await app.services.db
    .update(sessions)
    .set({ lastSeenAt: new Date(session.lastSeenAt.getTime() - hours * 3_600_000) })
    .where(eq(sessions.id, session.id));
}

describe("POST /api/users/login", () => {
  it("answers the spec's data with the token in the body, the authorization header and the cookie", async () => {
    const { email } = await createUser(app, 3);
    const response = await post(app, "/api/users/login", { email: email.toUpperCase(), password: PASSWORD });

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      code: 200,
      message: "Welcome back, Role 3 person!",
      data: { fullName: "Role 3 person", roleId: 3, roleName: "User" },
    });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
    expect(response.headers.authorization).toBe(`Bearer ${body.token}`);
    expect(response.headers["cache-control"]).toBe("private, no-store");

    const cookie = cookieOf(response, COOKIE);
    expect(cookie).toMatchObject({
      value: body.token,
      httpOnly: true,
      sameSite: "Lax",
      secure: true,
      path: "/",
    });
    expect(cookie!.maxAge).toBe(30 * 24 * 3600);

    const stored = await sessionOf(body.token);
    expect(stored.tokenHash).toBe(hashToken(body.token));
    expect(JSON.stringify(await app.services.db.select().from(sessions))).not.toContain(body.token);
  });

  it("gives a new token at every login", async () => {
    const { email } = await createUser(app, 3);
    const first = (await post(app, "/api/users/login", { email, password: PASSWORD })).json().token;
    const second = (await post(app, "/api/users/login", { email, password: PASSWORD })).json().token;
    expect(first).not.toBe(second);
    expect((await getMe(app, bearer(first))).statusCode).toBe(200);
    expect((await getMe(app, bearer(second))).statusCode).toBe(200);
  });

  it("answers an unknown e-mail and a wrong password alike", async () => {
    const { email } = await createUser(app, 3);
    const wrongPassword = await post(app, "/api/users/login", { email, password: "not-the-password" });
    const unknownEmail = await post(app, "/api/users/login", { email: uniqueEmail(), password: PASSWORD });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ code: 401, message: "Incorrect password or email." });
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
    // The spec's client shows 'Login Failed - Incorrect password. Please try again.' for such a message.
    expect(wrongPassword.json().message.toLowerCase()).toContain("incorrect password");
  });

  it.each([[{ email: "a@b.in" }], [{ password: "x" }], [{ email: "", password: "" }], [{}]])(
    "asks for both fields when given %j",
    async (body) => {
      const response = await post(app, "/api/users/login", body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe("Please enter both email and password.");
    },
  );

  it("gives staff the role the spec routes on: the super admin is an Admin to the spec's guards", async () => {
    for (const [roleId, roleName] of [
      [1, "Admin"],
      [2, "Admin"],
    ] as const) {
      const { email } = await createUser(app, roleId);
      const response = await post(app, "/api/users/login", { email, password: PASSWORD });
      expect(response.json().data).toMatchObject({ roleId, roleName });
      // Staff sessions are shorter: 3 days at most.
      expect(cookieOf(response, COOKIE)!.maxAge).toBe(3 * 24 * 3600);
    }
  });
});

describe("GET /api/users/get-me", () => {
  it("answers the user as the first element of data, with the Bearer token, the bare token or the cookie", async () => {
    const { email, token } = await createUserAndLogin(app, 3);
    for (const headers of [bearer(token), { authorization: token }, withCookie(token)]) {
      const response = await getMe(app, headers);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        code: 200,
        message: "User fetched successfully",
        data: [
          {
            fullName: "Role 3 person",
            email,
            phone: "9876543210",
            billingAddress: null,
            roleId: 3,
            roleName: "User",
          },
        ],
      });
    }
  });

  it("answers 401 without a session or with an unknown token", async () => {
    for (const headers of [{}, bearer("nope"), withCookie("x".repeat(43))]) {
      const response = await getMe(app, headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 401, message: "Please log in to continue." });
    }
  });

  it("sees a role change at once", async () => {
    const { id, token } = await createUserAndLogin(app, 3);
    await app.services.db.update(users).set({ roleId: 2 }).where(eq(users.id, id));
    expect((await getMe(app, bearer(token))).json().data[0].roleId).toBe(2);
  });
});

describe("session expiry", () => {
  it("ends a customer's session after 7 idle days, and keeps it while used", async () => {
    const { token } = await createUserAndLogin(app, 3);
    await idle(token, 6 * 24);
    expect((await getMe(app, bearer(token))).statusCode).toBe(200);
    // That use counted as activity: another 6 days later it still works.
    await idle(token, 6 * 24);
    expect((await getMe(app, bearer(token))).statusCode).toBe(200);
    await idle(token, 7 * 24 + 1);
    expect((await getMe(app, bearer(token))).statusCode).toBe(401);
  });

  it("ends a staff session after 12 idle hours", async () => {
    const { token } = await createUserAndLogin(app, 2);
    await idle(token, 11);
    expect((await getMe(app, bearer(token))).statusCode).toBe(200);
    await idle(token, 13);
    expect((await getMe(app, bearer(token))).statusCode).toBe(401);
  });

  it("ends any session at its absolute expiry, however active", async () => {
    const { token } = await createUserAndLogin(app, 3);
    const session = await sessionOf(token);
    await app.services.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, session.id));
    expect((await getMe(app, bearer(token))).statusCode).toBe(401);
  });
});

describe("POST /api/users/logout", () => {
  it("revokes the session and clears the cookie", async () => {
    const { email, token } = await createUserAndLogin(app, 3);
    const otherDevice = await login(app, email);
    const response = await post(app, "/api/users/logout", {}, { ...withCookie(token), ...SAME_ORIGIN });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 200, message: "Logged out", data: null });
    const cleared = cookieOf(response, COOKIE);
    expect(cleared?.value).toBe("");
    expect((await getMe(app, bearer(token))).statusCode).toBe(401);
    expect((await sessionOf(token)).revokedAt).not.toBeNull();
    // Only this device is logged out.
    expect((await getMe(app, bearer(otherDevice))).statusCode).toBe(200);
  });

  it("works with the Bearer token, and answers 200 without a session", async () => {
    const { token } = await createUserAndLogin(app, 3);
    expect((await post(app, "/api/users/logout", {}, bearer(token))).statusCode).toBe(200);
    expect((await getMe(app, bearer(token))).statusCode).toBe(401);
    expect((await post(app, "/api/users/logout", {})).statusCode).toBe(200);
  });
});

describe("cookie-authenticated writes", () => {
  it("are refused from another site, and the session survives", async () => {
    const { token } = await createUserAndLogin(app, 3);
    const response = await post(
      app,
      "/api/users/logout",
      {},
      {
        ...withCookie(token),
        origin: "https://evil.example",
      },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe("Requests from other sites are not accepted.");
    expect((await getMe(app, withCookie(token))).statusCode).toBe(200);
  });

  it("are refused when the browser does not say where they come from", async () => {
    const { token } = await createUserAndLogin(app, 3);
    const response = await post(app, "/api/users/logout", {}, withCookie(token));
    expect(response.statusCode).toBe(403);
    expect((await getMe(app, withCookie(token))).statusCode).toBe(200);
    const sameSite = await post(
      app,
      "/api/users/logout",
      {},
      {
        ...withCookie(token),
        "sec-fetch-site": "same-origin",
      },
    );
    expect(sameSite.statusCode).toBe(200);
  });

  it("are refused when the browser marks them cross-site or same-site, whatever their Origin", async () => {
    const { token } = await createUserAndLogin(app, 3);
    for (const site of ["cross-site", "same-site"]) {
      const response = await post(
        app,
        "/api/users/logout",
        {},
        { ...withCookie(token), ...SAME_ORIGIN, "sec-fetch-site": site },
      );
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe("Requests from other sites are not accepted.");
    }
    expect((await getMe(app, withCookie(token))).statusCode).toBe(200);
  });

  it("other sites cannot post to any call, logged in or not", async () => {
    const response = await post(
      app,
      "/api/users/login",
      { email: "a@b.in", password: "whatever" },
      {
        origin: "https://evil.example",
      },
    );
    expect(response.statusCode).toBe(403);
  });
});
