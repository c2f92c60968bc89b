import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";

/*
 * The built server renders pages with React's web-streams renderer (docs/decisions/015). React's Node
 * renderer keeps each request in an AsyncLocalStorage; on Node 20 the first one turns on promise hooks for
 * the whole process, and every later request, the API's included, paid for them.
 */

/** Renders `/` with the built server bundle in a new Node process, then reports on that process. */
const RENDER_A_PAGE = `
import { executionAsyncId } from "node:async_hooks";
import { createRequestHandler } from "react-router";
const build = await import(process.cwd() + "/build/server/index.js");
// The API answers nothing: the page renders with empty lists, which is all this needs.
const api = async () => Response.json({ code: 503, message: "Unavailable", data: null }, { status: 503 });
const response = await createRequestHandler(build, "production")(new Request("http://localhost/"), {
  api,
  nonce: "test",
  publicUrl: "http://localhost",
});
const html = await response.text();
// With promise hooks on, each promise callback runs under an id of its own; with them off, under none.
const idInPromiseCallback = () => new Promise((resolve) => Promise.resolve().then(() => resolve(executionAsyncId())));
const ids = [await idInPromiseCallback(), await idInPromiseCallback()];
console.log(JSON.stringify({ status: response.status, complete: html.trimEnd().endsWith("</html>"), ids }));
`;

test("rendering a page leaves Node's promise hooks off", () => {
  const output = execFileSync(process.execPath, ["--input-type=module", "-e", RENDER_A_PAGE], {
    encoding: "utf8",
    env: { ...process.env, NODE_ENV: "production" },
  });
  const report = JSON.parse(output.trim().split("\n").pop()!) as {
    status: number;
    complete: boolean;
    ids: number[];
  };
  expect(report.status).toBe(200);
  expect(report.complete).toBe(true);
  expect(report.ids).toEqual([0, 0]);
});

test("a page is sent with a script nonce of its own and the store's security headers", async ({
  request,
}) => {
  const nonces: string[] = [];
  for (const path of ["/", "/products"]) {
    const response = await request.get(path);
    const headers = response.headers();
    const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"] ?? "")?.[1];
    expect(nonce, `${path} has a nonce in its Content-Security-Policy`).toBeDefined();
    expect(await response.text()).toContain(`nonce="${nonce}"`);
    nonces.push(nonce!);
    // Kept although Lighthouse's TBT counts part of the new renderer process it gives each page (decision 017).
    expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(headers["x-content-type-options"]).toBe("nosniff");
  }
  expect(nonces[0]).not.toBe(nonces[1]);
});
