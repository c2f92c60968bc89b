import { desc } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client";
import { mailboxMessages, type AttachmentSummary } from "./mail.tables";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!,
  );

/** The files a mail carried, by name and size (the mailbox keeps no contents). */
const attachedList = (attachments: AttachmentSummary[] | null) =>
  attachments?.length
    ? `<p><b>Attached:</b> ${attachments
        .map(
          (file) =>
            `${escapeHtml(file.filename)} (${escapeHtml(file.contentType)}, ${Math.ceil(file.bytes / 1024)} KB)`,
        )
        .join(", ")}</p>`
    : "";

/**
 * The local mailbox, outside production only: the newest 50 mails as a page and as JSON. A developer's
 * tool, not part of the API: left out of its OpenAPI document.
 */
export async function mailboxRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const latest = () => db.select().from(mailboxMessages).orderBy(desc(mailboxMessages.id)).limit(50);
  const notInTheApiDocs = { schema: { hide: true } };

  app.get("/dev/mailbox.json", notInTheApiDocs, async () => ({
    code: 200,
    message: "Mailbox",
    data: await latest(),
  }));

  app.get("/dev/mailbox", notInTheApiDocs, async (_request, reply) => {
    const mails = await latest();
    const items = mails
      .map(
        (mail) => `<article><h2>${escapeHtml(mail.subject)}</h2>
<p><b>To:</b> ${escapeHtml(mail.to)} · <b>At:</b> ${mail.receivedAt.toISOString()}${mail.replyTo ? ` · <b>Reply to:</b> ${escapeHtml(mail.replyTo)}` : ""}</p>
<pre>${escapeHtml(mail.text)}</pre>${attachedList(mail.attachments)}</article>`,
      )
      .join("<hr>");
    reply.type("text/html; charset=utf-8");
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem}pre{white-space:pre-wrap;background:#f6f2ee;padding:1rem}</style>
</head><body><h1>Local mailbox</h1><p>Mail sent by the store while no SMTP server is configured. Newest first.</p>
${items || "<p>No mail yet.</p>"}</body></html>`;
  });
}
