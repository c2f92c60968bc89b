import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import {
  bearer,
  codeIn,
  freshIp,
  getMe,
  lastMailTo,
  PASSWORD,
  post,
  registration,
  resetTokenIn,
  uniqueEmail,
} from "../test-support/accounts";
import { seedCatalog } from "../test-support/catalog-fixture";
import { createTestApp } from "../test-support/test-app";
import {
  messagesOf,
  placeWithWhatsApp,
  quietSandbox,
  sendWhatsAppNow,
  shopperWithMobile,
} from "../test-support/whatsapp";
import { escapedJson, SIGNATURE_HEADER, signatureOf } from "../messaging/whatsapp-protocol";

/** A store at the most verbose log level, and the lines it logs. */
async function appLoggingTo(lines: string[], { listen = false } = {}) {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return createTestApp({ logLevel: "trace" }, { logStream, listen });
}

it("logs no password, code or token along a whole account's life, at the most verbose level", async () => {
  const lines: string[] = [];
  const { app, close } = await appLoggingTo(lines);
  try {
    const email = uniqueEmail();
    const registered = await post(app, "/api/users/register", registration(email));
    const registrationToken = registered.json().token as string;
    const code = codeIn((await lastMailTo(app, email))!.text);
    await post(app, "/api/users/register-verify-otp", { otp: "000000" }, bearer(registrationToken));
    const verified = await post(
      app,
      "/api/users/register-verify-otp",
      { otp: code },
      bearer(registrationToken),
    );
    const login = await post(app, "/api/users/login", { email, password: PASSWORD });
    const sessionToken = login.json().token as string;
    await getMe(app, { cookie: `__Host-session=${sessionToken}` });
    await app.inject({
      method: "GET",
      url: `/api/users/get-me?token=${sessionToken}`,
      remoteAddress: freshIp(),
    });
    await post(app, "/api/users/forgot-password", { email });
    await app.services.passwords.settled();
    const resetToken = resetTokenIn((await lastMailTo(app, email))!.text);
    const newPassword = "lotus-petal-2026";
    await post(app, "/api/users/reset-password", {
      token: resetToken,
      password: newPassword,
      confirmPassword: newPassword,
    });
    await app.services.mailWorker.runOnce();

    const log = lines.join("");
    expect(log).toContain("/api/users/login"); // the requests were logged
    expect(log).toContain("[redacted]");
    for (const secret of [
      PASSWORD,
      newPassword,
      code,
      registrationToken,
      verified.json().token,
      sessionToken,
      resetToken,
    ])
      expect(log).not.toContain(secret);
  } finally {
    await close();
  }
});

it("logs a failed query by the database's message and code, without its parameters", async () => {
  const lines: string[] = [];
  const { app, close } = await appLoggingTo(lines);
  try {
    // A rule the registration breaks, so that its insert (with the password's hash) fails in the database.
    await app.services.db.execute(
      sql`alter table users add constraint full_name_not_refused check (full_name <> 'Refused Name')`,
    );
    const email = uniqueEmail();
    const phone = "98480 55501";
    const response = await post(app, "/api/users/register", {
      ...registration(email),
      fullName: "Refused Name",
      phone,
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 500, message: "Something went wrong. Please try again." });

    const failure = lines.map((line) => JSON.parse(line)).find((line) => line.msg === "request failed");
    expect(failure.err.message).toContain("full_name_not_refused");
    expect(failure.err.cause.code).toBe("23514");
    const log = lines.join("");
    for (const value of ["$argon2id$", PASSWORD, email, "98480", "Refused Name", "params"])
      expect(log).not.toContain(value);
  } finally {
    await close();
  }
});

it("logs no WhatsApp access token, app secret, verify token or code, sending and receiving", async () => {
  const lines: string[] = [];
  const { app, api, close } = await appLoggingTo(lines, { listen: true });
  try {
    // The built-in sandbox's credentials go exactly where Meta's would: the Bearer of each send (to the sandbox
    // on this same server, whose requests are logged too), the key of each webhook's signature, the handshake.
    const sandbox = await quietSandbox(app);
    const { accessToken, appSecret, verifyToken } = sandbox;
    const [productId = 0] = await seedCatalog(app, [
      { name: "Indigo Block-Print Kurta", price: 1499, categoryId: 1, sizes: { M: 5 } },
    ]);
    const shopper = await shopperWithMobile(app);
    const orderId = await placeWithWhatsApp(app, shopper, productId);
    expect(await sendWhatsAppNow(app)).toBe(1);
    const [message] = await messagesOf(app, orderId);
    expect(await sandbox.pushStatuses(message!.wamid!, ["sent", "delivered", "read"])).toEqual([
      200, 200, 200,
    ]);
    // A webhook signed with another secret, and a send Meta refuses: the errors' lines too.
    const forged = escapedJson({ object: "whatsapp_business_account", entry: [] });
    const refusedWebhook = await app.inject({
      method: "POST",
      url: "/api/whatsapp/webhook",
      headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signatureOf("not-it", forged) },
      payload: forged,
      remoteAddress: freshIp(),
    });
    expect(refusedWebhook.statusCode).toBe(401);
    await sandbox.setFailure("token-expired", 1);
    await placeWithWhatsApp(app, await shopperWithMobile(app), productId);
    await sendWhatsAppNow(app);
    const handshake = await api.whatsAppHandshake({
      "hub.mode": "subscribe",
      "hub.verify_token": verifyToken,
      "hub.challenge": "1158201444",
    });
    expect(handshake.status).toBe(200);

    // A number verified by a code on WhatsApp, then a sign-in with another.
    await app.services.db.execute(sql`update users set phone = ${shopper.mobile} where id = ${shopper.id}`);
    const codeOnPhone = async () => {
      await sendWhatsAppNow(app);
      const [newest] = await sandbox.received(shopper.wa);
      return /^(\d{6}) is your verification code/.exec(newest?.text ?? "")![1]!;
    };
    expect((await api.as(shopper.token).requestPhoneVerification()).status).toBe(200);
    const verifyCode = await codeOnPhone();
    expect((await api.as(shopper.token).verifyPhone({ otp: verifyCode })).status).toBe(200);
    expect((await api.requestWhatsAppLoginCode({ phone: shopper.mobile })).status).toBe(200);
    const loginCode = await codeOnPhone();
    const login = await api.whatsAppLogin({ phone: shopper.mobile, otp: loginCode });
    expect(login.status).toBe(200);

    const log = lines.join("");
    expect(log).toContain("/whatsapp-sandbox/"); // the sends were logged
    expect(log).toContain("/api/whatsapp/webhook"); // and the webhooks
    expect(log).toContain("a WhatsApp message was not sent");
    expect(log).toContain("[redacted]");
    for (const secret of [accessToken, appSecret, verifyToken, verifyCode, loginCode, login.body.token])
      expect(log).not.toContain(secret);
  } finally {
    await close();
  }
});
