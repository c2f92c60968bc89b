import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "../../contract/accounts-rules";
import { WHATSAPP_MESSAGES } from "../../contract/whatsapp";
import { ACCOUNTS_MESSAGES } from "../accounts/accounts-messages";
import { emailVerifications, users } from "../accounts/accounts.tables";
import { createUserAndLogin, lastMailTo } from "../test-support/accounts";
import type { TestApi } from "../test-support/api-client";
import { startTestApp } from "../test-support/test-app";
import { freshMobile, quietSandbox, sendWhatsAppNow } from "../test-support/whatsapp";
import { whatsappMessages, whatsappVerifiedNumbers } from "./messaging.tables";
import type { WhatsAppSandbox } from "./whatsapp-sandbox";

let app: FastifyInstance;
let api: TestApi;
let sandbox: WhatsAppSandbox;

beforeAll(async () => {
  ({ app, api } = await startTestApp({}, { listen: true }));
  sandbox = await quietSandbox(app);
});

/** A signed-in customer whose profile's mobile is a number of her own. */
async function customer(mobile = freshMobile()) {
  const account = await createUserAndLogin(app, ROLE.customer);
  await app.services.db.update(users).set({ phone: mobile }).where(eq(users.id, account.id));
  return { ...account, mobile, wa: `91${mobile}` };
}

/** The code of the newest message a number received, once the outbox has sent it. */
async function codeOn(wa: string): Promise<string> {
  await sendWhatsAppNow(app);
  const [newest] = await sandbox.received(wa);
  const match = /^(\d{6}) is your verification code/.exec(newest?.text ?? "");
  if (!match) throw new Error(`no code on ${wa}: ${newest?.text}`);
  return match[1]!;
}

/** A customer whose mobile is verified on WhatsApp. */
async function verifiedCustomer(mobile = freshMobile()) {
  const her = await customer(mobile);
  expect((await api.as(her.token).requestPhoneVerification()).status).toBe(200);
  const verified = await api.as(her.token).verifyPhone({ otp: await codeOn(her.wa) });
  expect(verified.status).toBe(200);
  return her;
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("verifying the account's mobile, once", () => {
  it("sends a code on WhatsApp as the authentication template, and the code typed back verifies the number", async () => {
    const her = await customer();
    const asked = await api.as(her.token).requestPhoneVerification();
    expect(asked.body.message).toBe(
      WHATSAPP_MESSAGES.verifyCodeSent(`+91 ${her.mobile.slice(0, 5)} ${her.mobile.slice(5)}`),
    );
    const code = await codeOn(her.wa);
    const [message] = await sandbox.received(her.wa);
    expect(message).toMatchObject({
      template: "login_code",
      buttons: [{ text: "Copy code", payload: null, url: null }],
    });
    expect(message!.text).toContain("This code expires in 10 minutes.");
    // The code is not kept in the outbox once WhatsApp took it.
    const [row] = await app.services.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.to, her.wa));
    expect(row).toMatchObject({ event: "phone-code", category: "authentication", components: null });

    const refused = await api.as(her.token).verifyPhone({ otp: wrong(code) });
    expect(refused.status).toBe(400);
    expect(refused.error.message).toBe("Incorrect code. 4 tries left.");
    const verified = await api.as(her.token).verifyPhone({ otp: code });
    expect(verified.body.data).toMatchObject({ phone: her.mobile, verifiedPhone: her.mobile });
  });

  it("sends a new code no sooner than 60 seconds after the last", async () => {
    const her = await customer();
    expect((await api.as(her.token).requestPhoneVerification()).status).toBe(200);
    const again = await api.as(her.token).requestPhoneVerification();
    expect(again.status).toBe(429);
    expect(again.error.message).toMatch(/^Please wait \d+ seconds before asking for a new code\.$/);
  });

  it("moves the number to the newest account that proves it", async () => {
    const mobile = freshMobile();
    const first = await verifiedCustomer(mobile);
    const second = await verifiedCustomer(mobile);
    const rows = await app.services.db
      .select()
      .from(whatsappVerifiedNumbers)
      .where(eq(whatsappVerifiedNumbers.phone, `91${mobile}`));
    expect(rows.map((row) => row.userId)).toEqual([second.id]);
    expect((await api.as(first.token).whatsAppAccount()).body.data.verifiedPhone).toBeNull();
  });
});

describe("signing in with a WhatsApp code", () => {
  it("sends the code to a verified number and starts a session with it, once", async () => {
    const her = await verifiedCustomer();
    const asked = await api.requestWhatsAppLoginCode({ phone: `+91 ${her.mobile}` });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({
      message: WHATSAPP_MESSAGES.codeSent,
      data: { resendAvailableInSeconds: 60 },
    });
    const code = await codeOn(her.wa);
    const login = await api.whatsAppLogin({ phone: her.mobile, otp: code });
    expect(login.status).toBe(200);
    expect(login.body.data).toMatchObject({ roleName: "User" });
    expect(login.headers.authorization).toBe(`Bearer ${login.body.token}`);
    expect(login.cookies.find((cookie) => cookie.name.includes("session"))?.httpOnly).toBe(true);
    expect((await api.as(login.body.token).getMe()).status).toBe(200);
    const twice = await api.whatsAppLogin({ phone: her.mobile, otp: code });
    expect(twice.error.message).toBe(ACCOUNTS_MESSAGES.codeInvalid);
  });

  it("answers the same for a number without an account, or not verified, and sends nothing", async () => {
    const stranger = freshMobile();
    const unverified = await customer();
    for (const phone of [stranger, unverified.mobile]) {
      const asked = await api.requestWhatsAppLoginCode({ phone });
      expect(asked.status).toBe(200);
      expect(asked.body.message).toBe(WHATSAPP_MESSAGES.codeSent);
      const again = await api.requestWhatsAppLoginCode({ phone });
      expect(again.status).toBe(429);
      expect(again.error.message).toMatch(/^Please wait \d+ seconds? before asking for a new code\.$/);
      expect((await api.whatsAppLogin({ phone, otp: "123456" })).error.message).toBe(
        ACCOUNTS_MESSAGES.codeInvalid,
      );
    }
    await sendWhatsAppNow(app);
    expect(await sandbox.received(`91${stranger}`)).toEqual([]);
    expect(await sandbox.received(unverified.wa)).toEqual([]);
  });

  it("locks the code after 5 wrong tries, as the e-mailed codes", async () => {
    const her = await verifiedCustomer();
    await api.requestWhatsAppLoginCode({ phone: her.mobile });
    const code = await codeOn(her.wa);
    for (let left = 4; left >= 1; left -= 1)
      expect((await api.whatsAppLogin({ phone: her.mobile, otp: wrong(code) })).error.message).toBe(
        `Incorrect code. ${left} ${left === 1 ? "try" : "tries"} left.`,
      );
    expect((await api.whatsAppLogin({ phone: her.mobile, otp: wrong(code) })).error.message).toBe(
      ACCOUNTS_MESSAGES.codeTriesExhausted,
    );
    const locked = await api.whatsAppLogin({ phone: her.mobile, otp: code });
    expect(locked.status).toBe(400);
    expect(locked.error.message).toBe(ACCOUNTS_MESSAGES.codeTriesExhausted);
  });

  it("refuses an expired code", async () => {
    const her = await verifiedCustomer();
    await api.requestWhatsAppLoginCode({ phone: her.mobile });
    const code = await codeOn(her.wa);
    await app.services.db
      .update(emailVerifications)
      .set({ codeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerifications.userId, her.id));
    expect((await api.whatsAppLogin({ phone: her.mobile, otp: code })).error.message).toBe(
      ACCOUNTS_MESSAGES.codeExpired,
    );
  });

  it("limits the tries per number over 15 minutes, whatever the code", async () => {
    const phone = freshMobile();
    for (let n = 0; n < 10; n += 1)
      expect((await api.whatsAppLogin({ phone, otp: "000000" })).status).toBe(400);
    const limited = await api.whatsAppLogin({ phone, otp: "000000" });
    expect(limited.status).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
  });

  it("falls back to the account's e-mail when WhatsApp gives the code up", async () => {
    const her = await verifiedCustomer(freshMobile());
    // The access token has expired: Meta refuses the send (190), which is not worth retrying.
    await sandbox.setFailure("token-expired", 1);
    await api.requestWhatsAppLoginCode({ phone: her.mobile });
    await sendWhatsAppNow(app);
    const mail = await lastMailTo(app, her.email);
    expect(mail!.subject).toContain("sign-in code");
    const code = /sign-in code is: (\d{6})/.exec(mail!.text)![1]!;
    expect((await api.whatsAppLogin({ phone: her.mobile, otp: code })).status).toBe(200);
  });
});
