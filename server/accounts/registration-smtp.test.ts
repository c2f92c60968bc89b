import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { bearer, codeIn, getMe, post, registration, uniqueEmail } from "../test-support/accounts";
import { startSmtpInbox } from "../test-support/smtp-inbox";
import { createTestApp } from "../test-support/test-app";

let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  ({ app, close } = await createTestApp({ smtpUrl: inbox.url }));
});

afterAll(async () => {
  await close();
  await inbox.close();
});

it("registers with the code received over real SMTP", async () => {
  const email = uniqueEmail();
  const registered = await post(app, "/api/users/register", registration(email));
  expect(registered.statusCode).toBe(200);

  expect(await app.services.mailWorker.runOnce()).toBe(1);
  const delivered = inbox.received.find((mail) => mail.to.includes(email));
  expect(delivered).toBeDefined();
  expect(delivered!.raw).toContain("Subject: Your Rangoli Boutique verification code");
  expect(delivered!.raw).toContain("Content-Type: text/plain");
  expect(delivered!.raw).toContain("Content-Type: text/html");
  // The code's line is short plain ASCII, so it travels unencoded in both parts.
  const code = codeIn(delivered!.raw);

  const verified = await post(
    app,
    "/api/users/register-verify-otp",
    { otp: code },
    bearer(registered.json().token),
  );
  expect(verified.statusCode).toBe(200);
  const me = await getMe(app, bearer(verified.json().token));
  expect(me.json().data[0].email).toBe(email);
});
