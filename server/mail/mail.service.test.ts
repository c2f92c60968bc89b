import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import { startSmtpInbox } from "../test-support/smtp-inbox";
import { createTestApp } from "../test-support/test-app";
import { enqueueMail } from "./mail.service";
import { outboxEmails } from "./mail.tables";

let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  ({ app, close } = await createTestApp({ smtpUrl: inbox.url, mailFrom: "Store <shop@store.test>" }));
});

afterAll(async () => {
  await close();
  await inbox.close();
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
    expect(inbox.received).toHaveLength(1);
    expect(inbox.received[0]!.to).toEqual(["asha@example.in"]);
    expect(inbox.received[0]!.raw).toContain("Subject: Hello");
    expect(inbox.received[0]!.raw).toContain("Plain hello");
    expect(inbox.received[0]!.raw).toContain("text/html");
  });

  it("keeps a mail the server refused and retries it later with backoff", async () => {
    inbox.rejectNext();
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
    expect(inbox.received.at(-1)!.to).toEqual(["ravi@example.in"]);
  });
});
