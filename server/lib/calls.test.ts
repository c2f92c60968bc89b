import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categoriesCall, getProductsCall } from "../../contract/catalog";
import { sendContactCall } from "../../contract/contact";
import { getMeCall, loginCall, logoutCall } from "../../contract/accounts";
import { createUser, freshIp, PASSWORD } from "../test-support/accounts";
import { FIXTURE_CATEGORIES, seedCatalog } from "../test-support/catalog-fixture";
import { createTestApp } from "../test-support/test-app";
import type { PageRequest } from "./calls";
import type { CallDescription } from "../../contract/call";

let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await createTestApp());
  await seedCatalog(app, [
    { name: "Silk Anarkali", price: 4999, categoryId: FIXTURE_CATEGORIES[0]!.id },
    { name: "Cotton Half Saree", price: 2999, categoryId: FIXTURE_CATEGORIES[1]!.id },
  ]);
});

afterAll(() => close());

/** The client a page's loader gets for a browser's request with these headers (server/web/ssr.ts). */
function pageApi(headers: Record<string, string> = {}, ip = freshIp()) {
  const cookies = Object.fromEntries(
    (headers.cookie ?? "")
      .split(";")
      .filter(Boolean)
      .map((pair) => pair.trim().split("=") as [string, string]),
  );
  const page: PageRequest = { headers, cookies, ip, host: "localhost:3000", log: app.log };
  return app.services.calls.callerFor(page, { serializeCookie: app.serializeCookie });
}

describe("API calls made in-process by the pages", () => {
  it("answer what the same call answers over HTTP", async () => {
    const api = pageApi();
    const overHttp = await app.inject("/api/products/get-products?limit=8&sort=newest");
    const inProcess = await api(getProductsCall, { limit: 8, sort: "newest" });
    expect(inProcess).toEqual({ ok: true, ...overHttp.json() });
    const categories = await api(categoriesCall);
    expect(categories).toEqual({ ok: true, ...(await app.inject("/api/categories/category")).json() });
  });

  it("refuse an invalid input with the API's status, message and fields", async () => {
    const overHttp = await app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: { email: "", password: "" },
    });
    const inProcess = await pageApi()(loginCall, { email: "", password: "" });
    expect(inProcess).toEqual({ ok: false, status: 400, ...overHttp.json() });
  });

  it("start a session whose cookie the page passes on, know it, and end it", async () => {
    const { email } = await createUser(app, 3);
    const started = new Headers();
    const login = await pageApi({ origin: "http://localhost:3000" })(
      loginCall,
      { email, password: PASSWORD },
      { answerHeaders: started },
    );
    expect(login.ok && login.data.roleId).toBe(3);
    const [cookie] = started.getSetCookie();
    expect(cookie).toMatch(/^__Host-session=[\w-]+; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Lax$/);

    const session = { cookie: cookie!.split(";")[0]!, origin: "http://localhost:3000" };
    const me = await pageApi(session)(getMeCall);
    expect(me).toMatchObject({ ok: true, data: [{ email }] });

    const ended = new Headers();
    expect((await pageApi(session)(logoutCall, undefined, { answerHeaders: ended })).ok).toBe(true);
    expect(ended.getSetCookie()[0]).toMatch(/^__Host-session=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970/);
    const after = await pageApi(session)(getMeCall);
    expect(after.ok ? null : after.status).toBe(401);
  });

  it("count the shopper's address in the call's rate limit, as over HTTP", async () => {
    const ip = freshIp();
    const message = { name: "Asha", email: "asha@example.in", subject: "Sizes", message: "Do you stitch?" };
    for (let i = 0; i < 5; i += 1)
      expect(await pageApi({}, ip)(sendContactCall, message)).toMatchObject({ ok: true });
    const answerHeaders = new Headers();
    const limited = await pageApi({}, ip)(sendContactCall, message, { answerHeaders });
    expect(limited.ok ? null : [limited.status, limited.message]).toEqual([
      429,
      expect.stringMatching(/^Too many requests\. Please try again in /),
    ]);
    expect(answerHeaders.get("retry-after")).toMatch(/^\d+$/);
  });

  it("refuse a write that a browser marks as coming from another site", async () => {
    const refused = await pageApi({ "sec-fetch-site": "cross-site" })(sendContactCall, {
      name: "Asha",
      email: "asha@example.in",
      subject: "Sizes",
      message: "Hello",
    });
    expect(refused.ok ? null : refused.status).toBe(403);
  });
});

describe("the calls described in contract/", () => {
  it("are each served by a route, so that no page or client finds a call missing at run time", async () => {
    const modules = import.meta.glob<Record<string, unknown>>("../../contract/*.ts", { eager: true });
    const described = Object.values(modules)
      .flatMap((exports) => Object.values(exports))
      .filter(isCallDescription);
    expect(described.length).toBeGreaterThan(50);
    const missing = described.filter((call) => !app.services.calls.serves(call));
    expect(missing.map((call) => `${call.method} ${call.path}`)).toEqual([]);
  });
});

function isCallDescription(value: unknown): value is CallDescription {
  return (
    typeof value === "object" &&
    value !== null &&
    "method" in value &&
    "path" in value &&
    "output" in value &&
    typeof (value as { path: unknown }).path === "string"
  );
}
