import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { ROLE } from "../../contract/accounts-rules";
import { users } from "../accounts/accounts.tables";
import { createUserAndLogin, freshIp } from "../test-support/accounts";
import { createTestApp } from "../test-support/test-app";
import { seedCatalog } from "../test-support/catalog-fixture";
import {
  freshMobile,
  messagesOf,
  placeWithWhatsApp,
  quietSandbox,
  sendWhatsAppNow,
  shopperWithMobile,
} from "../test-support/whatsapp";
import { escapedJson, SIGNATURE_HEADER, signatureOf } from "./whatsapp-protocol";

it("logs no WhatsApp token, app secret, verify token or code, at the most verbose level", async () => {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const { app, api, close } = await createTestApp({ logLevel: "trace" }, { listen: true, logStream });
  try {
    const sandbox = await quietSandbox(app);
    const codeOn = async (wa: string) => {
      await sendWhatsAppNow(app);
      const [newest] = await sandbox.received(wa);
      return /^(\d{6}) is your verification code/.exec(newest?.text ?? "")![1]!;
    };
    // A number verified by a code, then a login by another: both sent through the Cloud API's protocol with
    // the access token, both typed back.
    const her = await createUserAndLogin(app, ROLE.customer);
    const mobile = freshMobile();
    await app.services.db.update(users).set({ phone: mobile }).where(eq(users.id, her.id));
    expect((await api.as(her.token).requestPhoneVerification()).status).toBe(200);
    const verifyCode = await codeOn(`91${mobile}`);
    expect((await api.as(her.token).verifyPhone({ otp: verifyCode })).status).toBe(200);
    expect((await api.requestWhatsAppLoginCode({ phone: mobile })).status).toBe(200);
    const loginCode = await codeOn(`91${mobile}`);
    const login = await api.whatsAppLogin({ phone: mobile, otp: loginCode });
    expect(login.status).toBe(200);
    // Meta's handshake with the verify token, and a webhook signed with the app secret.
    const handshake = await api.whatsAppHandshake({
      "hub.mode": "subscribe",
      "hub.verify_token": sandbox.verifyToken,
      "hub.challenge": "1158201444",
    });
    expect(handshake.status).toBe(200);
    const raw = escapedJson({ object: "whatsapp_business_account", entry: [] });
    const pushed = await app.inject({
      method: "POST",
      url: "/api/whatsapp/webhook",
      headers: {
        "content-type": "application/json",
        [SIGNATURE_HEADER]: signatureOf(sandbox.appSecret, raw),
      },
      payload: raw,
      remoteAddress: freshIp(),
    });
    expect(pushed.statusCode).toBe(200);
    // An order's update sent, its statuses pushed by the sandbox (signed, over HTTP), a send Meta refuses
    // (logged as not sent), and a webhook signed with another secret (refused): the errors' lines too.
    const [productId = 0] = await seedCatalog(app, [
      { name: "Indigo Block-Print Kurta", price: 1499, categoryId: 1, sizes: { M: 5 } },
    ]);
    const shopper = await shopperWithMobile(app);
    const orderId = await placeWithWhatsApp(app, shopper, productId);
    expect(await sendWhatsAppNow(app)).toBe(1);
    const [update] = await messagesOf(app, orderId);
    expect(await sandbox.pushStatuses(update!.wamid!, ["sent", "delivered", "read"])).toEqual([
      200, 200, 200,
    ]);
    await sandbox.setFailure("token-expired", 1);
    await placeWithWhatsApp(app, await shopperWithMobile(app), productId);
    expect(await sendWhatsAppNow(app)).toBe(0);
    const forged = await app.inject({
      method: "POST",
      url: "/api/whatsapp/webhook",
      headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signatureOf("not-it", raw) },
      payload: raw,
      remoteAddress: freshIp(),
    });
    expect(forged.statusCode).toBe(401);

    const log = lines.join("");
    expect(log).toContain("/api/whatsapp/webhook"); // the requests were logged
    expect(log).toContain("/whatsapp-sandbox/"); // the sends too, with their Authorization
    expect(log).toContain("a WhatsApp message was not sent");
    for (const secret of [sandbox.accessToken, sandbox.appSecret, sandbox.verifyToken, login.body.token])
      expect(log).not.toContain(secret);
    // A code as a number of its own (six digits also occur inside the log's times).
    for (const code of [verifyCode, loginCode]) expect(log).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
  } finally {
    await close();
  }
});
