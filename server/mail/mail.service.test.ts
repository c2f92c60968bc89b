import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SMTPServer } from "smtp-server";
import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import { createTestApp } from "../test-support/test-app";
import { enqueueMail } from "./mail.service";
import { outboxEmails } from "./mail.tables";

type Received = { to: string[]; raw: string };
const received: Received[] = [];
let rejectNext = false;
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
        if (rejectNext) {
          rejectNext = false;
          callback(new Error("Mailbox unavailable"));
          return;
        }
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  ({ app, close } = await createTestApp({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    mailFrom: "Store <shop@store.test>",
  }));
});

afterAll(async () => {
  await close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

describe("the mail worker over real SMTP", () => {
  it("sends an outbox mail as HTML and plain text", async () => {
    await enqueueMail(app.services.db, {
      to: "asha@example.in",
      subject: "Hello",
      text: "Plain hello",
      html: "<p>HTML hello</p>",
    });
    expect(await app.services.mailWorker.runOnce()).toBe(1);
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(["asha@example.in"]);
    expect(received[0]!.raw).toContain("Subject: Hello");
    expect(received[0]!.raw).toContain("Plain hello");
    expect(received[0]!.raw).toContain("text/html");
  });

  it("keeps a mail the server refused and retries it later with backoff", async () => {
    rejectNext = true;
    await enqueueMail(app.services.db, {
      to: "ravi@example.in",
      subject: "Retry me",
      text: "t",
      html: "<p>t</p>",
    });
    expect(await app.services.mailWorker.runOnce()).toBe(0);
    const [mail] = await app.services.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.subject, "Retry me"));
    expect(mail).toMatchObject({ status: "pending", attempts: 1 });
    expect(mail!.lastError).toContain("Mailbox unavailable");
    expect(mail!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: nothing is sent now.
    expect(await app.services.mailWorker.runOnce()).toBe(0);
    await app.services.db
      .update(outboxEmails)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(outboxEmails.id, mail!.id));
    expect(await app.services.mailWorker.runOnce()).toBe(1);
    expect(received.at(-1)!.to).toEqual(["ravi@example.in"]);
  });
});
