import { readFileSync, writeFileSync } from "node:fs";
import { expect, it } from "vitest";
import { TEMPLATES, type TemplateButton } from "./whatsapp-templates";

const FILE = new URL("./templates.md", import.meta.url);

const buttonText = (button: TemplateButton) =>
  button.type === "URL"
    ? `URL "${button.text}": \`PUBLIC_URL${button.path}\``
    : button.type === "QUICK_REPLY"
      ? `quick reply "${button.text}"`
      : `one-time password, copy code, "${button.text}"`;

/** The file the owner submits from: every template as Meta's template form asks for it. */
function templatesFile(): string {
  const sections = Object.entries(TEMPLATES).map(([key, template]) =>
    [
      `## \`${template.name}\` (${template.category.toLowerCase()}; setting key \`${key}\`)`,
      "",
      "Body:",
      "",
      ...template.body.split("\n").map((line) => `> ${line}`),
      "",
      ...(template.footer ? [`Footer: ${template.footer}`, ""] : []),
      `Examples for review: ${template.examples.map((example, index) => `{{${index + 1}}} = "${example}"`).join(", ")}`,
      "",
      `Buttons: ${template.buttons.map(buttonText).join("; ") || "none"}`,
      "",
    ].join("\n"),
  );
  return [
    "# WhatsApp message templates to submit to Meta",
    "",
    "Generated from `whatsapp-templates.ts` by `templates-file.test.ts` (`UPDATE_TEMPLATES=1 npx vitest run",
    "server/messaging/templates-file.test.ts` writes it again). Submit each in WhatsApp Manager under its name,",
    "category and the language of `WHATSAPP_TEMPLATE_LANGUAGE` (`en` unless set); one approved under another name",
    "is named in `WHATSAPP_TEMPLATE_NAMES` by its setting key. The store fills the {{n}} in order.",
    "",
    ...sections,
  ].join("\n");
}

it("server/messaging/templates.md holds every template the store sends, as it sends them", () => {
  const expected = templatesFile();
  if (process.env.UPDATE_TEMPLATES) writeFileSync(FILE, expected);
  expect(readFileSync(FILE, "utf8")).toBe(expected);
});
