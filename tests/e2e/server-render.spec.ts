import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import routes from "../../app/routes";
import { STAFF } from "./support";

test("a page is sent with a script nonce of its own and the store's security headers", async ({
  request,
}) => {
  const nonces: string[] = [];
  // Pages no cache keeps for guests (a shared page's scripts are named by their hashes instead, below).
  for (const path of ["/login", "/wishlist"]) {
    const response = await request.get(path);
    const headers = response.headers();
    const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"] ?? "")?.[1];
    expect(nonce, `${path} has a nonce in its Content-Security-Policy`).toBeDefined();
    expect(await response.text()).toContain(`nonce="${nonce}"`);
    nonces.push(nonce!);
    // Kept although Lighthouse's TBT counts part of the new renderer process it gives each page (bench/README.md, "Method").
    expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(headers["x-content-type-options"]).toBe("nosniff");
  }
  expect(nonces[0]).not.toBe(nonces[1]);
});

test("a guest is given the kept copy of a shared page, whose scripts run under their hashes", async ({
  page,
  request,
}) => {
  const first = await request.get("/products?category=2");
  expect(first.headers()["x-page-cache"]).toMatch(/^(miss|hit)$/);
  const again = await request.get("/products?category=2");
  expect(again.headers()["x-page-cache"]).toBe("hit");
  expect(await again.text()).toBe(await first.text());
  const policy = again.headers()["content-security-policy"] ?? "";
  expect(policy).not.toContain("'nonce-");
  expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  // A browser asking again with the page's ETag is told it has not changed.
  const notModified = await request.get("/products?category=2", {
    headers: { "if-none-match": again.headers().etag! },
  });
  expect(notModified.status()).toBe(304);

  // Chromium runs every script of the kept page (it hydrates) and reports no policy violation.
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const shown = await page.goto("/products?category=2");
  expect(shown?.headers()["x-page-cache"]).toBe("hit");
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  // A link shared on Instagram carries parameters of its own: its visitors are given the same kept page.
  const shared = await page.goto("/products?category=2&igsh=MWx0dGxhM2Rx&utm_source=ig_web_copy_link");
  expect(shared?.headers()["x-page-cache"]).toBe("hit");
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  expect(await shared?.text()).not.toContain("MWx0dGxhM2Rx");
  // A client-side navigation's data is kept the same way.
  await page
    .getByRole("link", { name: /^Home$/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/$/);
  expect(violations).toEqual([]);
});

test("a signed-in shopper is always given their own page, never the copy kept for guests", async ({
  page,
  request,
}) => {
  const productPath = "/products/2";
  await request.get(productPath);
  expect((await request.get(productPath)).headers()["x-page-cache"]).toBe("hit");

  const login = await page.request.post("/api/users/login", {
    data: { email: STAFF.email, password: STAFF.password },
  });
  expect(login.ok()).toBe(true);
  const fullName = ((await login.json()) as { data: { fullName: string } }).data.fullName;
  const response = await page.goto(productPath);
  expect(response?.headers()["x-page-cache"]).toBeUndefined();
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("banner")).toContainText(fullName.split(" ")[0]!);
});

test("a product hidden by staff is gone from the kept pages at once", async ({ playwright, baseURL }) => {
  const guest = await playwright.request.newContext({ baseURL });
  // Staff write from the store's own pages.
  const staff = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  expect((await staff.post("/api/users/login", { data: STAFF })).ok()).toBe(true);
  const productPath = "/products/3";
  await guest.get(productPath);
  expect((await guest.get(productPath)).headers()["x-page-cache"]).toBe("hit");
  const setVisibility = (visible: boolean) =>
    staff.post("/api/products/set-visibility", { data: { id: 3, visible } });
  try {
    expect((await setVisibility(false)).ok()).toBe(true);
    expect((await guest.get(productPath)).status()).toBe(404);
  } finally {
    await setVisibility(true);
  }
  const shownAgain = await guest.get(productPath);
  expect(shownAgain.status()).toBe(200);
  expect(shownAgain.headers()["x-page-cache"]).toBe("miss");
});

/** A URL for each page route of app/routes.ts: a product's id for `:id`, an unknown path for `*`. */
const pagePaths = (productId: number) =>
  routes.map((route) => {
    if ("index" in route && route.index) return "/";
    if (route.path === "*") return "/no-such-page";
    return `/${route.path!.replace(":id", String(productId))}`;
  });

test("every page is kept by no cache when asked for with a session, and varies on Cookie for guests", async ({
  playwright,
  baseURL,
}) => {
  const guest = await playwright.request.newContext({ baseURL });
  const withCookie = await playwright.request.newContext({ baseURL });
  const login = await withCookie.post("/api/users/login", {
    data: { email: "shopper@rangoli.example", password: "rangoli-demo-2026" },
  });
  expect(login.ok()).toBe(true);
  const withBearer = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${(await login.json()).token}` },
  });
  const products = await (await guest.get("/api/products/get-products?page=1&limit=1")).json();
  const paths = pagePaths(products.data[0]._id as number);
  expect(paths).toEqual(expect.arrayContaining(["/", "/products", "/wishlist", "/checkout", "/login"]));

  const headersOf = async (context: APIRequestContext, url: string) =>
    (await context.get(url, { maxRedirects: 0 })).headers();
  for (const url of paths) {
    expect((await headersOf(guest, url)).vary ?? "", `${url} for a guest`).toMatch(/\bcookie\b/i);
    for (const [who, context] of [
      ["the session cookie", withCookie],
      ["a Bearer token", withBearer],
    ] as const)
      expect((await headersOf(context, url))["cache-control"], `${url} with ${who}`).toBe(
        "private, no-store",
      );
  }

  // A page that starts a session (the login form sent without JavaScript) is kept by no cache either.
  const loggedIn = await guest.post("/login", {
    form: { email: "shopper@rangoli.example", password: "rangoli-demo-2026" },
    headers: { origin: baseURL! },
  });
  expect(loggedIn.headers()["set-cookie"]).toContain("session=");
  expect(loggedIn.headers()["cache-control"]).toBe("private, no-store");
});

test("pages log a client's mistakes at info level, as JSON; writes from other sites are refused first", async () => {
  test.setTimeout(120_000);
  const port = Number(process.env.E2E_PORT ?? 4173) + 1;
  const origin = `http://localhost:${port}`;
  const server = spawn(process.execPath, ["build/app-server.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "store-logs-")),
      SEED_DEMO: "false",
      LOG_LEVEL: "info",
    },
  });
  let stdout = "";
  let stderr = "";
  server.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  server.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    await expect
      .poll(
        () =>
          fetch(`${origin}/api/health`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 90_000 },
      )
      .toBe(200);
    // A POST to a page that takes none.
    expect(
      (await fetch(`${origin}/`, { method: "POST", body: new URLSearchParams({ q: "1" }) })).status,
    ).toBe(405);
    // A form posted from another site, and from a sibling subdomain.
    for (const from of ["https://evil.example", `http://evil.localhost:${port}`])
      expect(
        (
          await fetch(`${origin}/login`, {
            method: "POST",
            headers: { origin: from },
            body: new URLSearchParams({ email: "a@b.in", password: "x" }),
          })
        ).status,
      ).toBe(403);
  } finally {
    server.kill("SIGTERM");
    await once(server, "exit");
  }
  const lines = stdout.trim().split("\n");
  const entries = lines.map((line) => JSON.parse(line) as { level: number; msg: string; status?: number });
  expect(entries.filter((entry) => entry.level >= 50)).toEqual([]);
  expect(entries).toContainEqual(
    expect.objectContaining({ level: 30, msg: "page request refused", status: 405 }),
  );
  expect(stderr).toBe("");
});

test("a page's action answers a body that is not its form with 400, never 500", async ({
  request,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  for (const path of [
    "/login",
    "/register",
    "/verify-email",
    "/contact",
    "/forgot-password",
    "/reset-password",
  ])
    for (const [type, body] of [
      ["multipart/form-data; boundary=x", "--x\r\nbroken"],
      ["multipart/form-data", "a=1"],
      ["application/x-www-form-urlencoded", "%zz=%"],
    ] as const) {
      const response = await request.post(path, { headers: { origin, "content-type": type }, data: body });
      expect(response.status(), `${path} ${type}`).toBeLessThan(500);
    }
});

test("a page refuses a body over 1 MB as it streams, with 413", async ({ request, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const big = "a=" + "x".repeat(2 * 1024 * 1024);
  const response = await request.post("/contact", {
    headers: { origin, "content-type": "application/x-www-form-urlencoded" },
    data: big,
  });
  expect(response.status()).toBe(413);
});

test("SIGTERM to `npm run serve` stops the store too, which finishes and frees its port", async () => {
  test.setTimeout(120_000);
  const port = Number(process.env.E2E_PORT ?? 4173) + 2;
  const origin = `http://localhost:${port}`;
  const health = () =>
    fetch(`${origin}/api/health`).then(
      (r) => r.status,
      () => 0,
    );
  const npm = spawn("npm", ["run", "serve"], {
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "store-npm-")),
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
    },
    stdio: "ignore",
  });
  try {
    await expect.poll(health, { timeout: 90_000 }).toBe(200);
    npm.kill("SIGTERM");
    await once(npm, "exit");
    // The script execs the store in place of npm's shell, so npm's SIGTERM reaches it.
    await expect.poll(health, { timeout: 20_000 }).toBe(0);
  } finally {
    npm.kill("SIGKILL");
  }
});
