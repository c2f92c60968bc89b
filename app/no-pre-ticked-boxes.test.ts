import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * No box is ticked for the shopper (the E-Commerce Rules' consent by an explicit act; the Dark Patterns
 * Guidelines, 2023; decision 049), checked in the sources as tests/e2e/no-dark-patterns.spec.ts checks the
 * pages: no checkbox is drawn ticked (`defaultChecked`, `checked` or `checked={true}`), and every component that
 * draws one is on a page that spec visits. A new checkbox elsewhere fails here until its page is added there.
 */
const AUDITED: Record<string, string> = {
  "app/routes/register.tsx": "/register",
  "app/catalog/customize-dialog.tsx": "the product page's Customise dialog",
  "app/admin/product-stock.tsx": "/addproduct",
  "app/admin/product-tailoring.tsx": "/addproduct",
  "app/checkout/whatsapp-consent.tsx":
    "/checkout with an address (tests/e2e/whatsapp.spec.ts sees it unticked)",
};

const root = path.resolve(import.meta.dirname, "..");

function sources(folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(folder, entry.name);
    if (entry.isDirectory()) return sources(relative);
    return entry.name.endsWith(".tsx") ? [relative] : [];
  });
}

/** Each `<input …>` element's attributes, braces and quotes followed so that `=>` in a handler does not end it. */
export function inputElements(source: string): string[] {
  const found: string[] = [];
  for (let start = source.indexOf("<input"); start !== -1; start = source.indexOf("<input", start + 1)) {
    let depth = 0;
    let quote: string | null = null;
    let end = start + "<input".length;
    for (; end < source.length; end++) {
      const char = source[end]!;
      if (quote) {
        if (char === quote && source[end - 1] !== "\\") quote = null;
      } else if (char === '"' || char === "'" || char === "`") quote = char;
      else if (char === "{") depth++;
      else if (char === "}") depth--;
      else if (char === ">" && depth === 0) break;
    }
    found.push(source.slice(start, end + 1));
  }
  return found;
}

/**
 * An element's attributes as written: `name` with its quoted value, its `{expression}`, or null when bare
 * (spreads are left out). Only the element's own attributes: `checked` inside a handler is not one.
 */
export function attributesOf(element: string): Map<string, string | null> {
  const attributes = new Map<string, string | null>();
  const body = element.replace(/^<input/, "").replace(/\/?>$/, "");
  let at = 0;
  const skipSpace = () => {
    while (at < body.length && /\s/.test(body[at]!)) at++;
  };
  /** From an opening brace, quote or backtick to its match, braces and quotes inside followed. */
  const group = (): string => {
    const start = at;
    const open = body[at]!;
    if (open !== "{") {
      at = body.indexOf(open, at + 1) + 1;
      return body.slice(start + 1, at - 1);
    }
    let depth = 0;
    let quote: string | null = null;
    for (; at < body.length; at++) {
      const char = body[at]!;
      if (quote) {
        if (char === quote && body[at - 1] !== "\\") quote = null;
      } else if (char === '"' || char === "'" || char === "`") quote = char;
      else if (char === "{") depth++;
      else if (char === "}" && --depth === 0) break;
    }
    at++;
    return body.slice(start + 1, at - 1);
  };
  for (skipSpace(); at < body.length; skipSpace()) {
    if (body[at] === "{") {
      group(); // a spread
      continue;
    }
    const name = /^[\w-]+/.exec(body.slice(at))?.[0];
    if (!name) break;
    at += name.length;
    if (body[at] === "=") {
      at++;
      attributes.set(name, group());
    } else attributes.set(name, null);
  }
  return attributes;
}

const isCheckbox = (element: string) => {
  const type = attributesOf(element).get("type");
  return type === "checkbox" || type?.trim() === '"checkbox"' || type?.trim() === "'checkbox'";
};

/** What draws the box ticked whatever the shopper did: a default, a bare `checked`, or `checked={true}`. */
function ticksItself(element: string): boolean {
  const attributes = attributesOf(element);
  if (attributes.has("defaultChecked")) return true;
  if (!attributes.has("checked")) return false;
  const value = attributes.get("checked");
  return value === null || value === undefined || value.trim() === "true";
}

describe("the store's checkboxes", () => {
  const boxes = sources("app").flatMap((file) =>
    inputElements(readFileSync(path.join(root, file), "utf8"))
      .filter(isCheckbox)
      .map((element) => ({ file, element })),
  );

  it("are found in the sources (the scan itself works)", () => {
    expect(boxes.length).toBeGreaterThanOrEqual(Object.keys(AUDITED).length);
  });

  it("are never drawn ticked", () => {
    expect(boxes.filter(({ element }) => ticksItself(element))).toEqual([]);
  });

  it("are all on pages tests/e2e/no-dark-patterns.spec.ts visits", () => {
    expect([...new Set(boxes.map(({ file }) => file))].sort()).toEqual(Object.keys(AUDITED).sort());
  });

  it("tell a ticked box from one the shopper ticks", () => {
    const ticked = [
      `<input type="checkbox" defaultChecked name="news" />`,
      `<input type="checkbox" checked />`,
      `<input checked={true} type="checkbox" onChange={(e) => set(e.target.checked)} />`,
    ];
    const free = [
      `<input type="checkbox" checked={saveAs !== null} onChange={(event) => setSaveAs(event.currentTarget.checked ? "Me" : null)} />`,
      `<input name="marketingConsent" type="checkbox" className="size-5" />`,
    ];
    for (const element of ticked) expect(ticksItself(inputElements(element)[0]!), element).toBe(true);
    for (const element of free) expect(ticksItself(inputElements(element)[0]!), element).toBe(false);
  });
});
