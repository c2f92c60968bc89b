import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { TEMPLATE_KEYS, TEMPLATES } from "./whatsapp-templates";

/** templates.md as one line: its quotes' markers dropped and every run of spaces one space. */
const doc = readFileSync(new URL("./templates.md", import.meta.url), "utf8")
  .replace(/^>\s?/gm, "")
  .replace(/\s+/g, " ");

describe("templates.md, the texts the owner submits to Meta", () => {
  it.each(TEMPLATE_KEYS)("has %s as the store sends it", (key) => {
    const template = TEMPLATES[key];
    const category = template.category === "UTILITY" ? "Utility" : "Authentication";
    expect(doc).toContain(`\`${template.name}\` (key \`${key}\`), ${category}`);
    expect(doc).toContain(template.body);
    if (template.footer) expect(doc).toContain(template.footer);
    for (const example of template.examples) expect(doc).toContain(example);
    for (const button of template.buttons) expect(doc).toContain(`**${button.text}**`);
  });
});
