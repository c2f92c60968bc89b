import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { expect, test } from "@playwright/test";
import fc from "fast-check";
import type { ServerBuild } from "react-router";
import routes from "../../app/routes";
import { pageMethodsOf } from "../../server/web/page-methods";
import {
  allFieldNames,
  ANY_METHOD,
  contractCalls,
  oddBody,
  oddQuery,
  oddText,
  pagePaths,
  type OddBody,
} from "../../server/test-support/fuzz-inputs";

/*
 * A client's mistake on a page is a 4xx with the store's HTML error page, never a 5xx, on the production
 * build: thousands of generated requests over every page of app/routes.ts (and its React Router data URL),
 * any method, query and body fields the contract's calls and the pages' forms take, with odd values.
 * The API's own fuzz runs through app.inject (server/lib/no-5xx-fuzz.test.ts).
 * (E2E_PORT + 1 and + 2 are server-render.spec.ts's stores; this spec's own is on + 3.)
 */

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
test.afterAll(() => agent.destroy());

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** One request as sent (a Content-Length for every body, whatever the method). */
function send(
  baseURL: string,
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: OddBody,
): Promise<Answer> {
  const payload = body === undefined ? undefined : Buffer.from(body.payload);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      `${baseURL}${url}`,
      {
        method,
        agent,
        headers: {
          ...headers,
          ...(body ? { "content-type": body.type, "content-length": String(payload!.length) } : {}),
        },
      },
      (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: text }),
        );
      },
    );
    outgoing.on("error", reject);
    outgoing.end(payload);
  });
}

/** The suite's store trusts the loopback proxy: each request comes from an address of its own. */
let nextAddress = 0;
const freshAddress = () => `10.21.${Math.floor(nextAddress / 250) % 250}.${(nextAddress++ % 250) + 1}`;

/**
 * A production store of the fuzz's own (an empty catalog, its own accounts and limits, nothing shared with
 * the other specs), with a super admin whose session is one of the fuzz's callers.
 */
async function ownStore() {
  const port = Number(process.env.E2E_PORT ?? 4173) + 3;
  const origin = `http://localhost:${port}`;
  const admin = { email: "fuzz.owner@example.in", password: "fuzz-owner-password-2026" };
  const server = spawn(process.execPath, ["build/app-server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "store-fuzz-")),
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      TRUST_PROXY: "127.0.0.1",
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    },
    stdio: "ignore",
  });
  const health = () =>
    fetch(`${origin}/api/health`).then(
      (response) => response.status,
      () => 0,
    );
  await expect.poll(health, { timeout: 90_000 }).toBe(200);
  const login = await fetch(`${origin}/api/users/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(admin),
  });
  const { token } = (await login.json()) as { token: string };
  return {
    origin,
    staffCookie: `__Host-session=${token}`,
    async stop() {
      server.kill("SIGTERM");
      await once(server, "exit");
    },
  };
}

/** The fuzz's seed: FUZZ_SEED, else the day's number since 1970 (UTC). */
const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Date.now() / 86_400_000));

test("no page request gets a 5xx: every page, any method, query and body", async () => {
  // Its own store, then every page with every field name of contract/. 800 requests a run, from a seed of the
  // day (FUZZ_SEED to repeat one; fast-check names the seed of a failure): each day's runs ask other requests.
  test.setTimeout(360_000);
  const store = await ownStore();
  const { origin } = store;
  const names = allFieldNames(await contractCalls());
  const pages = pagePaths(routes as Parameters<typeof pagePaths>[0]);
  expect(pages.length).toBeGreaterThan(30);
  const page = fc
    .tuple(
      fc.constantFrom(...pages),
      fc.oneof(oddText, fc.constantFrom("1", "2", "99999999999999999999")),
      fc.constantFrom("", ".data", "/", "?index"),
    )
    .map(([pattern, value, suffix]) => pattern.replace(/:\w+|\*/g, encodeURIComponent(value)) + suffix);
  const requests = fc.record({
    path: page,
    method: fc.constantFrom(...ANY_METHOD),
    query: oddQuery(names),
    body: fc.option(oddBody(names), { nil: undefined }),
    from: fc.constantFrom("the store", "nowhere", "another site", "a bad cookie", "staff"),
  });

  const noFiveHundreds = fc.asyncProperty(requests, async ({ path: target, method, query, body, from }) => {
    const url = query ? `${target}${target.includes("?") ? "&" : "?"}${query}` : target;
    const headers: Record<string, string> = { "x-forwarded-for": freshAddress() };
    if (from === "the store" || from === "a bad cookie" || from === "staff") headers.origin = origin;
    if (from === "staff") headers.cookie = store.staffCookie;
    if (from === "another site") headers.origin = "https://evil.example";
    if (from === "a bad cookie") headers.cookie = "session=%zz%00; =; x";
    const withBody = method !== "GET" && method !== "HEAD" ? body : undefined;
    const answer = await send(origin, method, url, headers, withBody);
    const said = `${method} ${url.slice(0, 300)} ${withBody ? `${withBody.type} ${withBody.payload.slice(0, 200)}` : ""}`;
    expect(answer.status, said).toBeLessThan(500);
    if (answer.status === 405) expect(answer.headers.allow, said).toMatch(/^GET, HEAD(, POST)?$/);
    // A refused page is the store's error page (React Router's data URLs answer in their own format).
    if (answer.status >= 400 && method !== "HEAD" && !target.split("?")[0]!.endsWith(".data"))
      expect(answer.headers["content-type"], said).toMatch(/^text\/html/);
  });
  try {
    await fc.assert(noFiveHundreds, { numRuns: 800, seed: FUZZ_SEED });
  } finally {
    await store.stop();
  }
});

test("a page answers a method it does not take with 405, its Allow header and the error page", async ({
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
  const methodsOf = pageMethodsOf(build);
  const withAction = pagePaths(routes as Parameters<typeof pagePaths>[0]).filter((page) =>
    methodsOf(page.replace(/:\w+/g, "1")).includes("POST"),
  );
  expect(withAction).toEqual(
    expect.arrayContaining(["/login", "/register", "/verify-email", "/contact", "/forgot-password"]),
  );
  for (const page of ["/", "/products", "/faq", ...withAction]) {
    const url = page.replace(/:\w+/g, "1");
    const allow = withAction.includes(page) ? "GET, HEAD, POST" : "GET, HEAD";
    for (const method of ["PUT", "DELETE", "PATCH", "OPTIONS", ...(allow.includes("POST") ? [] : ["POST"])]) {
      const answer = await send(origin, method, url, { origin, "x-forwarded-for": freshAddress() });
      expect(answer.status, `${method} ${url}`).toBe(405);
      expect(answer.headers.allow, `${method} ${url}`).toBe(allow);
      expect(answer.body, `${method} ${url}`).toContain(`This page does not take ${method} requests.`);
    }
  }
});

/** Pages whose form a guest may post. */
const FORM_PAGES = [
  "/login",
  "/register",
  "/verify-email",
  "/contact",
  "/forgot-password",
  "/reset-password",
];

test("every page with a form answers a body that is not that form with 400 and the error page", async ({
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
  const methodsOf = pageMethodsOf(build);
  const withAction = pagePaths(routes as Parameters<typeof pagePaths>[0])
    .map((page) => page.replace(/:\w+/g, "1"))
    .filter((page) => methodsOf(page).includes("POST"));
  for (const url of withAction)
    for (const body of [
      { type: "multipart/form-data; boundary=x", payload: "--x\r\nbroken" },
      { type: "multipart/form-data", payload: "a=1" },
      { type: "application/json", payload: '{"email":"a@b.in"}' },
      { type: "text/plain", payload: "email=a@b.in" },
    ]) {
      const answer = await send(origin, "POST", url, { origin, "x-forwarded-for": freshAddress() }, body);
      const said = `${url} ${body.type}`;
      // A staff page sends a guest to the login page first, and logging out reads no form.
      if (!FORM_PAGES.includes(url)) {
        expect(answer.status, said).toBeLessThan(500);
        continue;
      }
      expect(answer.status, said).toBe(400);
      expect(answer.headers["content-type"], said).toMatch(/^text\/html/);
      expect(answer.body, said).toContain("The form could not be read.");
    }
  expect(withAction).toEqual(expect.arrayContaining(FORM_PAGES));
});

test("ids past PostgreSQL's integer and NUL characters in a page's address are 4xx", async ({ baseURL }) => {
  const origin = new URL(baseURL!).origin;
  for (const url of [
    "/products/9007199254740991",
    "/products/4294967296",
    "/products?categoryId=4294967296&page=9007199254740991",
    "/products?search=a%00b",
    "/product/9007199254740991",
    "/stock-alerts/confirm?token=a%00b",
    "/reset-password?token=a%00b",
    "/thank-you?orderId=9007199254740991",
    "/payment/callback?merchantOrderId=a%00b",
  ]) {
    const answer = await send(origin, "GET", url, { "x-forwarded-for": freshAddress() });
    expect(answer.status, url).toBeLessThan(500);
  }
});
