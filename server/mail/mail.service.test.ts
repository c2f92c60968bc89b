import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import { startSmtpInbox } from "../test-support/smtp-inbox";
import { createTestApp } from "../test-support/test-app";
import { createMailTransport, createMailWorker, enqueueMail } from "./mail.service";
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

describe("the local mailbox", () => {
  it("keeps the name, type and size of each file a mail carried, drawn when it is sent", async () => {
    const local = await createTestApp();
    try {
      const { db } = local.app.services;
      const drawn: number[] = [];
      const worker = createMailWorker({
        db,
        transport: createMailTransport({ db, smtpUrl: undefined, log: local.app.log }),
        from: "Store <shop@store.test>",
        log: local.app.log,
        attachmentOf: async (ref) => {
          drawn.push(ref.id);
          return {
            filename: `document-${ref.id}.pdf`,
            content: Buffer.alloc(3000),
            contentType: "application/pdf",
          };
        },
      });
      await enqueueMail(db, {
        to: "meera@example.in",
        subject: "With a file",
        text: "t",
        html: "<p>t</p>",
        attachments: [{ kind: "gst-document", id: 7 }],
      });
      expect(drawn).toEqual([]);
      expect(await worker.runOnce()).toBe(1);
      expect(drawn).toEqual([7]);
      const page = await local.app.inject({ method: "GET", url: "/dev/mailbox" });
      expect(page.body).toContain("<b>Attached:</b> document-7.pdf (application/pdf, 3 KB)");
      const json = await local.app.inject({ method: "GET", url: "/dev/mailbox.json" });
      expect(json.json().data[0].attachments).toEqual([
        { filename: "document-7.pdf", contentType: "application/pdf", bytes: 3000 },
      ]);
    } finally {
      await local.close();
    }
  });
});
