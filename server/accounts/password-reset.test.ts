import { setTimeout as delay } from "node:timers/promises";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  createUser,
  getMe,
  isVerified,
  lastMailTo,
  login,
  mailCount,
  PASSWORD,
  post,
  register,
  resetTokenIn,
  uniqueEmail,
} from "../test-support/accounts";
import { createTestApp } from "../test-support/test-app";
import { passwordResets } from "./accounts.tables";
import { hashToken } from "./credentials";

let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await createTestApp({ publicUrl: "https://shop.example" }));
});
afterAll(() => close());

const NEW_PASSWORD = "monsoon-mango-77";
/** Asks for a reset link, and waits for the work the answer does not wait for. */
async function forgot(email: string) {
  const answer = await post(app, "/api/users/forgot-password", { email });
  await app.services.passwords.settled();
  return answer;
}
const reset = (token: string, password = NEW_PASSWORD, confirmPassword = password) =>
  post(app, "/api/users/reset-password", { token, password, confirmPassword });

const timeout = (ms: number, message: string) =>
  delay(ms, undefined, { ref: false }).then(() => Promise.reject(new Error(message)));

async function resetLinkFor(email: string) {
  expect((await forgot(email)).statusCode).toBe(200);
  const mail = await lastMailTo(app, email);
  return { mail: mail!, token: resetTokenIn(mail!.text) };
}

describe("POST /api/users/forgot-password", () => {
  it("answers alike whether or not the e-mail has an account; only an account gets the link", async () => {
    const { email } = await createUser(app, 3);
    const stranger = uniqueEmail();
    const known = await forgot(email);
    const unknown = await forgot(stranger);
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({
      code: 200,
      message: "Password reset link has been sent to your email.",
      data: null,
    });
    expect(unknown.json()).toEqual(known.json());
    expect(await mailCount(app, email)).toBe(1);
    expect(await mailCount(app, stranger)).toBe(0);
  });

  it("answers without waiting for the database, so its time says nothing about the e-mail", async () => {
    const { email } = await createUser(app, 3);
    const answers = await app.services.db.transaction(async (tx) => {
      // Until this transaction ends, nothing can be written to password_resets (nor, on PGlite, read anywhere).
      await tx.execute(sql`lock table password_resets in exclusive mode`);
      const answered = Promise.all(
        [email, uniqueEmail()].map((address) => post(app, "/api/users/forgot-password", { email: address })),
      );
      return Promise.race([answered, timeout(5_000, "the answer waited for the database")]);
    });
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers[1]!.json()).toEqual(answers[0]!.json());
    await app.services.passwords.settled();
    expect(await mailCount(app, email)).toBe(1);
  });

  it("mails a branded link to /reset-password whose token is stored only as a hash", async () => {
    const { email } = await createUser(app, 3);
    const { mail, token } = await resetLinkFor(email);
    expect(mail.subject).toBe("Reset your Rangoli Boutique password");
    expect(mail.text).toContain(`https://shop.example/reset-password?token=${token}`);
    expect(mail.html).toContain(`href="https://shop.example/reset-password?token=${token}"`);
    expect(mail.text).toContain("If you did not ask for this");
    expect(mail.text).toContain("valid for one hour");
    const [stored] = await app.services.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, hashToken(token)));
    expect(stored).toBeDefined();
    expect(JSON.stringify(await app.services.db.select().from(passwordResets))).not.toContain(token);
  });

  it.each([
    [{}, "Email is required"],
    [{ email: "nope" }, "Please enter a valid email address"],
  ])("refuses %j with '%s'", async (body, message) => {
    const response = await post(app, "/api/users/forgot-password", body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});

describe("POST /api/users/reset-password", () => {
  it("sets the new password, ends every session and works once", async () => {
    const { email } = await createUser(app, 3);
    const phone = await login(app, email);
    const laptop = await login(app, email);
    const { token } = await resetLinkFor(email);

    const response = await reset(token);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(
      "Your password has been changed. Please log in with your new password.",
    );
    expect((await getMe(app, bearer(phone))).statusCode).toBe(401);
    expect((await getMe(app, bearer(laptop))).statusCode).toBe(401);
    expect((await post(app, "/api/users/login", { email, password: PASSWORD })).statusCode).toBe(401);
    expect((await post(app, "/api/users/login", { email, password: NEW_PASSWORD })).statusCode).toBe(200);

    const again = await reset(token, "another-pass-99");
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe("This reset link is invalid or has expired. Please ask for a new one.");
  });

  it("refuses a link older than one hour", async () => {
    const { email } = await createUser(app, 3);
    const { token } = await resetLinkFor(email);
    await app.services.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.tokenHash, hashToken(token)));
    expect((await reset(token)).statusCode).toBe(400);
    expect((await post(app, "/api/users/login", { email, password: PASSWORD })).statusCode).toBe(200);
  });

  it("makes the older links of the account useless", async () => {
    const { email } = await createUser(app, 3);
    const first = await resetLinkFor(email);
    const second = await resetLinkFor(email);
    expect((await reset(second.token)).statusCode).toBe(200);
    expect((await reset(first.token, "yet-another-77")).statusCode).toBe(400);
  });

  it("verifies an unverified account, since the mail proved the address", async () => {
    const { email } = await register(app);
    const { token } = await resetLinkFor(email);
    expect((await reset(token)).statusCode).toBe(200);
    expect(await isVerified(app, email)).toBe(true);
    expect((await post(app, "/api/users/login", { email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it.each([
    ["abc", "abc", "password", "Password must be at least 6 characters"],
    [NEW_PASSWORD, "different-1", "confirmPassword", "Passwords do not match"],
    [
      "password1",
      "password1",
      "password",
      "This password is too common. Please choose one that is harder to guess.",
    ],
  ])("refuses %s / %s: %s '%s', and the link still works", async (password, confirm, field, message) => {
    const { email } = await createUser(app, 3);
    const { token } = await resetLinkFor(email);
    const response = await reset(token, password, confirm);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toBe(message);
    expect((await reset(token)).statusCode).toBe(200);
  });

  it("refuses an unknown token", async () => {
    expect((await reset("z".repeat(43))).statusCode).toBe(400);
  });
});

describe("POST /api/users/check-reset-link", () => {
  const check = (token: string) => post(app, "/api/users/check-reset-link", { token });
  const INVALID = "This reset link is invalid or has expired. Please ask for a new one.";

  it("accepts a fresh link without using it, and refuses it once used", async () => {
    const { email } = await createUser(app, 3);
    const { token } = await resetLinkFor(email);
    expect((await check(token)).statusCode).toBe(200);
    expect((await check(token)).statusCode).toBe(200);
    expect((await reset(token)).statusCode).toBe(200);
    const used = await check(token);
    expect(used.statusCode).toBe(400);
    expect(used.json().message).toBe(INVALID);
  });

  it("refuses an expired link, an unknown one and one cut short", async () => {
    const { email } = await createUser(app, 3);
    const { token } = await resetLinkFor(email);
    await app.services.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.tokenHash, hashToken(token)));
    expect((await check(token)).json().message).toBe(INVALID);
    expect((await check("z".repeat(43))).json().message).toBe(INVALID);
    const short = await check("abc");
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe("This reset link is invalid.");
  });
});
