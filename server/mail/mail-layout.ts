import { STORE } from "../../contract/store";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!,
  );

/** A paragraph of plain text, or a link shown as a button in HTML and as its address in plain text. */
export type MailParagraph = string | { label: string; url: string };

const paragraphHtml = (paragraph: MailParagraph) =>
  typeof paragraph === "string"
    ? `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(paragraph).replace(/\n/g, "<br>")}</p>`
    : `<p style="margin:0 0 16px"><a href="${escapeHtml(paragraph.url)}" style="display:inline-block;background:#8b1e3f;color:#fff;text-decoration:none;padding:12px 20px;border-radius:999px;font-weight:bold">${escapeHtml(paragraph.label)}</a></p>
<p style="margin:0 0 16px;font-size:12px;color:#7a6470;word-break:break-all">${escapeHtml(paragraph.url)}</p>`;

/** Wraps paragraphs into the store's branded HTML mail and its plain-text twin. */
export function brandedMail(paragraphs: MailParagraph[]): { text: string; html: string } {
  const footer = `${STORE.name} · ${STORE.address.city} · ${STORE.phone}`;
  const textParagraphs = paragraphs.map((p) => (typeof p === "string" ? p : `${p.label}: ${p.url}`));
  const text = [...textParagraphs, "", `— ${footer}`].join("\n\n");
  const body = paragraphs.map(paragraphHtml).join("");
  const html = `<!doctype html><html><body style="margin:0;background:#fdf6f0;font-family:Arial,sans-serif;color:#2d1b24">
<div style="max-width:560px;margin:0 auto;padding:24px">
<div style="font-size:22px;font-weight:bold;color:#8b1e3f;margin-bottom:16px">${escapeHtml(STORE.name)}</div>
<div style="background:#fff;border-radius:8px;padding:24px">${body}</div>
<div style="font-size:12px;color:#7a6470;margin-top:16px">${escapeHtml(footer)}</div>
</div></body></html>`;
  return { text, html };
}
