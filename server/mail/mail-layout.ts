import { STORE } from "../../contract/store";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!,
  );

/** Wraps paragraphs of plain text into the store's branded HTML mail and its plain-text twin. */
export function brandedMail(paragraphs: string[]): { text: string; html: string } {
  const footer = `${STORE.name} · ${STORE.address.city} · ${STORE.phone}`;
  const text = [...paragraphs, "", `— ${footer}`].join("\n\n");
  const body = paragraphs
    .map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
    .join("");
  const html = `<!doctype html><html><body style="margin:0;background:#fdf6f0;font-family:Arial,sans-serif;color:#2d1b24">
<div style="max-width:560px;margin:0 auto;padding:24px">
<div style="font-size:22px;font-weight:bold;color:#8b1e3f;margin-bottom:16px">${escapeHtml(STORE.name)}</div>
<div style="background:#fff;border-radius:8px;padding:24px">${body}</div>
<div style="font-size:12px;color:#7a6470;margin-top:16px">${escapeHtml(footer)}</div>
</div></body></html>`;
  return { text, html };
}
