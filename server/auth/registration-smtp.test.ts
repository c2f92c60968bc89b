import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { bearer, codeIn, getMe, post, registration, uniqueEmail } from "../test-support/accounts";
import { createTestApp } from "../test-support/test-app";

const inbox: { to: string[]; raw: string }[] = [];
let smtp: SMTPServer;
let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        inbox.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  ({ app, close } = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` }));
});

afterAll(async () => {
  await close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

it("registers with the code received over real SMTP", async () => {
  const email = uniqueEmail();
  const registered = await post(app, "/api/users/register", registration(email));
  expect(registered.statusCode).toBe(200);

  expect(await app.services.mailWorker.runOnce()).toBe(1);
  const delivered = inbox.find((mail) => mail.to.includes(email));
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
