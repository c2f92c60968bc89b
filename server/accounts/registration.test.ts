import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  codeIn,
  createUser,
  getMe,
  isVerified,
  lastMailTo,
  mailCount,
  PASSWORD,
  post,
  register,
  registration,
  uniqueEmail,
} from "../test-support/accounts";
import { createTestApp } from "../test-support/test-app";
import { emailVerifications, users } from "./accounts.tables";

let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await createTestApp());
});
afterAll(() => close());

const userCount = async () => (await app.services.db.select({ id: users.id }).from(users)).length;

const pendingOf = async (email: string) => {
  const [row] = await app.services.db
    .select({ verification: emailVerifications })
    .from(emailVerifications)
    .innerJoin(users, eq(users.id, emailVerifications.userId))
    .where(eq(users.email, email));
  return row?.verification;
};

/** Moves the last code mail of an account back in time, as if `seconds` had passed. */
async function age(email: string, seconds: number) {
  const pending = await pendingOf(email);
  await app.services.db
    .update(emailVerifications)
    .set({
      sentAt: new Date(pending!.sentAt.getTime() - seconds * 1000),
      codeExpiresAt: new Date(pending!.codeExpiresAt.getTime() - seconds * 1000),
    })
    .where(eq(emailVerifications.userId, pending!.userId));
}

const verify = (body: unknown, headers: Record<string, string> = {}) =>
  post(app, "/api/users/register-verify-otp", body, headers);

describe("POST /api/users/register", () => {
  it("refuses a NUL character in any text with a 400 naming the field, before the database sees it", async () => {
    const before = await userCount();
    const email = uniqueEmail();
    const response = await post(app, "/api/users/register", {
      ...registration(email),
      fullName: "Kavya\u0000Reddy",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 400,
      message: "Text cannot contain a NUL character.",
      errors: { fullName: "Text cannot contain a NUL character." },
    });
    expect(await userCount()).toBe(before);
    const search = await app.inject({ method: "GET", url: "/api/products/get-products?search=saree%00" });
    expect(search.statusCode).toBe(400);
    expect(search.json().errors).toEqual({ search: "Text cannot contain a NUL character." });
  });

  it("creates an unverified account and mails a 6-digit code that is stored only as an argon2id hash", async () => {
    const email = uniqueEmail();
    const response = await post(app, "/api/users/register", {
      ...registration(email),
      email: ` ${email.toUpperCase()} `,
    });

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      code: 200,
      message: "Check your email for the OTP code.",
      data: { email, resendAvailableInSeconds: 60 },
    });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [user] = await app.services.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ fullName: "Kavya Reddy", phone: "9848012345", roleId: 3, verifiedAt: null });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const mail = await lastMailTo(app, email);
    const code = codeIn(mail!.text);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail!.subject).toBe("Your Rangoli Boutique verification code");
    expect(mail!.html).toContain(code);
    expect(mail!.text).toContain("If you did not create an account");
    const pending = await pendingOf(email);
    expect(pending!.codeHash).toMatch(/^\$argon2id\$/);
    expect(pending!.codeHash).not.toContain(code);
    expect(pending!.tokenHash).not.toBe(body.token);
  });

  it.each([
    ["fullName", { fullName: "  " }, "Full name is required"],
    ["email", { email: "" }, "Email is required"],
    ["email", { email: "not-an-email" }, "Please enter a valid email address"],
    ["phone", { phone: "" }, "Mobile number is required"],
    ["phone", { phone: "12345" }, "Please enter a valid 10-digit mobile number"],
    ["password", { password: "", confirmPassword: "" }, "Password is required"],
    ["password", { password: "abc12", confirmPassword: "abc12" }, "Password must be at least 6 characters"],
    ["confirmPassword", { confirmPassword: "something-else" }, "Passwords do not match"],
    ["acceptTerms", { acceptTerms: false }, "You must accept the terms and conditions"],
    [
      "password",
      { password: "qwerty123", confirmPassword: "qwerty123" },
      "This password is too common. Please choose one that is harder to guess.",
    ],
  ])("refuses a bad %s (%j) with '%s' and creates nothing", async (field, change, message) => {
    const before = await userCount();
    const response = await post(app, "/api/users/register", { ...registration(uniqueEmail()), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toBe(message);
    expect(await userCount()).toBe(before);
  });

  it("answers an e-mail with a verified account as a new one, and mails its owner instead of a code", async () => {
    const { email } = await createUser(app, 3);
    const [before] = await app.services.db.select().from(users).where(eq(users.email, email));
    const taken = await post(app, "/api/users/register", {
      ...registration(email),
      fullName: "Someone Else",
    });
    const fresh = await post(app, "/api/users/register", registration(uniqueEmail()));
    expect(taken.statusCode).toBe(200);
    const shape = (body: { token: string; data: { email: string } }) => ({
      ...body,
      token: body.token.length,
      data: { ...body.data, email: "…" },
    });
    expect(shape(taken.json())).toEqual(shape(fresh.json()));

    // The owner hears of it, with no code; the account is as it was.
    expect(await mailCount(app, email)).toBe(1);
    const notice = (await lastMailTo(app, email))!;
    expect(notice.text).toContain("already has one");
    expect(notice.text).toContain("/forgot-password");
    expect(notice.text).not.toMatch(/\d{6}/);
    const [after] = await app.services.db.select().from(users).where(eq(users.email, email));
    expect(after).toEqual(before);
    expect((await post(app, "/api/users/login", { email, password: PASSWORD })).statusCode).toBe(200);

    // Its code dialog answers as a new address's: a wrong code counts a try, a resend waits its minute.
    const token = taken.json().token as string;
    const wrong = await verify({ otp: "000000" }, bearer(token));
    expect(wrong.json().message).toBe("Incorrect code. 4 tries left.");
    const resend = await post(app, "/api/users/resend-otp", {}, bearer(token));
    expect(resend.statusCode).toBe(429);
    expect(resend.json().message).toMatch(/^Please wait \d+ seconds? before asking for a new code\.$/);
    const again = await post(app, "/api/users/register", registration(email));
    expect(again.statusCode).toBe(429);
  });

  it("lets an unverified e-mail register again once a resend would be allowed", async () => {
    const first = await register(app);
    const tooSoon = await post(app, "/api/users/register", registration(first.email));
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toMatch(/^Please wait \d+ seconds? before asking for a new code\.$/);

    await age(first.email, 61);
    const again = await post(app, "/api/users/register", {
      ...registration(first.email),
      fullName: "Kavya R",
    });
    expect(again.statusCode).toBe(200);
    const secondCode = codeIn((await lastMailTo(app, first.email))!.text);
    // The first registration's token and code are replaced.
    expect((await verify({ otp: first.code }, bearer(first.token))).statusCode).toBe(400);
    const verified = await verify({ otp: secondCode }, bearer(again.json().token));
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data.fullName).toBe("Kavya R");
  });
});

describe("POST /api/users/register-verify-otp", () => {
  it("verifies with the Bearer token from register and starts a session", async () => {
    const { email, token, code } = await register(app);
    const response = await verify({ otp: code }, bearer(token));

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      code: 200,
      message: "Your account has been verified successfully!",
      data: { fullName: "Kavya Reddy", roleId: 3, roleName: "User" },
    });
    const sessionToken = response.json().token;
    expect(response.headers.authorization).toBe(`Bearer ${sessionToken}`);
    expect(await isVerified(app, email)).toBe(true);
    expect((await getMe(app, bearer(sessionToken))).statusCode).toBe(200);
  });

  it("verifies with the {otp, email} form, also under /api/register-verify-otp", async () => {
    const { email, code } = await register(app);
    const response = await post(app, "/api/register-verify-otp", { otp: code, email });
    expect(response.statusCode).toBe(200);
    expect(await isVerified(app, email)).toBe(true);
  });

  it("uses a code once", async () => {
    const { email, token, code } = await register(app);
    expect((await verify({ otp: code }, bearer(token))).statusCode).toBe(200);
    const again = await verify({ otp: code }, bearer(token));
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe("This code is not valid. Please ask for a new one.");
    // Not "already verified": no answer tells whether an address has an account.
    const byEmail = await verify({ otp: code, email });
    expect(byEmail.json().message).toBe("This code is not valid. Please ask for a new one.");
  });

  it("refuses an expired code", async () => {
    const { email, token, code } = await register(app);
    await age(email, 10 * 60 + 1);
    const response = await verify({ otp: code }, bearer(token));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("This code has expired. Please ask for a new one.");
    expect(await isVerified(app, email)).toBe(false);
  });

  it("allows 5 wrong tries, then needs a new code", async () => {
    const { email, token, code } = await register(app);
    const wrong = code === "000000" ? "111111" : "000000";
    const messages = [];
    for (let i = 0; i < 5; i++) messages.push((await verify({ otp: wrong }, bearer(token))).json().message);
    expect(messages).toEqual([
      "Incorrect code. 4 tries left.",
      "Incorrect code. 3 tries left.",
      "Incorrect code. 2 tries left.",
      "Incorrect code. 1 try left.",
      "Too many incorrect codes. Please ask for a new one.",
    ]);
    const right = await verify({ otp: code }, bearer(token));
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe("Too many incorrect codes. Please ask for a new one.");

    await age(email, 61);
    expect((await post(app, "/api/users/resend-otp", {}, bearer(token))).statusCode).toBe(200);
    const fresh = codeIn((await lastMailTo(app, email))!.text);
    expect((await verify({ otp: fresh }, bearer(token))).statusCode).toBe(200);
  });

  it.each([["12345"], ["12a456"], [""], ["1234567"]])(
    "asks for all 6 digits when the code is %j",
    async (otp) => {
      const { token } = await register(app);
      const response = await verify({ otp }, bearer(token));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe("Please enter all 6 digits");
    },
  );

  it("refuses an unknown registration token", async () => {
    const response = await verify({ otp: "123456" }, bearer("x".repeat(43)));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("This code is not valid. Please ask for a new one.");
  });
});

describe("POST /api/users/resend-otp", () => {
  it("waits 60 seconds between codes, then replaces the code", async () => {
    const { email, token, code } = await register(app);
    const tooSoon = await post(app, "/api/users/resend-otp", { email });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toMatch(/^Please wait (60|59|58) seconds before asking for a new code\.$/);
    expect(await mailCount(app, email)).toBe(1);

    await age(email, 61);
    const resent = await post(app, "/api/users/resend-otp", {}, bearer(token));
    expect(resent.statusCode).toBe(200);
    expect(resent.json().data).toEqual({ resendAvailableInSeconds: 60 });
    expect(await mailCount(app, email)).toBe(2);
    const fresh = codeIn((await lastMailTo(app, email))!.text);
    if (fresh !== code) expect((await verify({ otp: code }, bearer(token))).statusCode).toBe(400);
    expect((await verify({ otp: fresh }, bearer(token))).statusCode).toBe(200);
  });

  it("answers alike for an e-mail without a pending account, and sends nothing", async () => {
    const email = uniqueEmail();
    const response = await post(app, "/api/users/resend-otp", { email });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(
      "If this account is waiting for verification, a new code is on its way.",
    );
    expect(await mailCount(app, email)).toBe(0);
  });
});

describe("an unverified account", () => {
  it("cannot log in until verified, and gets a fresh code when it tries", async () => {
    const { email, token } = await register(app);
    await age(email, 61);
    const refused = await post(app, "/api/users/login", { email, password: PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      "Please verify your email first. Enter the code we sent to your email, or ask for a new one.",
    );
    expect(refused.headers["set-cookie"]).toBeUndefined();
    expect(await mailCount(app, email)).toBe(2);
    const fresh = codeIn((await lastMailTo(app, email))!.text);
    expect((await verify({ otp: fresh }, bearer(token))).statusCode).toBe(200);
    expect((await post(app, "/api/users/login", { email, password: PASSWORD })).statusCode).toBe(200);
  });
});
