/**
 * What the pages' API calls cost the API's later requests (docs/decisions/023-one-typed-seam.md): the
 * store's CPU per cached list request over HTTP, measured with autocannon in a process of its own, before
 * and after 200 "page renders" worth of calls (categories and two product lists each), made either the
 * way the pages make them (in-process, server/lib/calls.ts) or through app.inject (the way before).
 *
 *   npx tsx bench/in-process-calls.ts in-process
 *   npx tsx bench/in-process-calls.ts inject
 */
import { spawn } from "node:child_process";
import type { AddressInfo } from "node:net";
import { categoriesCall, getProductsCall } from "../contract/catalog";
import { FIXTURE_CATEGORIES, seedCatalog } from "../server/test-support/catalog-fixture";
import { createTestApp } from "../server/test-support/test-app";

const mode = process.argv[2] === "inject" ? "inject" : "in-process";
const { app, close } = await createTestApp({}, { listen: true });
await seedCatalog(
  app,
  Array.from({ length: 60 }, (_, i) => ({
    name: `Product ${i}`,
    price: 1000 + i,
    categoryId: FIXTURE_CATEGORIES[i % 5]!.id,
  })),
);
const { port } = app.server.address() as AddressInfo;
const url = `http://127.0.0.1:${port}/api/products/get-products?limit=24`;

/** The store's CPU (this process) per request while autocannon loads the list for `seconds`. */
async function cpuPerRequest(seconds: number) {
  const before = process.cpuUsage();
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn("npx", ["autocannon", "-c", "10", "-d", String(seconds), "--json", url]);
    let text = "";
    child.stdout.on("data", (chunk) => (text += chunk));
    child.on("error", reject);
    child.on("close", () => resolve(text));
  });
  const used = process.cpuUsage(before);
  const requests = (JSON.parse(output) as { requests: { total: number } }).requests.total;
  return { requests, microsecondsPerRequest: Math.round((used.user + used.system) / requests) };
}

const page = {
  headers: { host: `127.0.0.1:${port}`, "accept-language": "en-IN" },
  cookies: {},
  ip: "127.0.0.1",
  host: `127.0.0.1:${port}`,
  log: app.log,
};

async function renderPageCalls() {
  if (mode === "inject") {
    for (const path of [
      "/api/categories/category",
      "/api/products/get-products?limit=8&sort=newest",
      "/api/products/get-products?limit=8&sort=bestsellers",
    ])
      await app.inject({ method: "GET", url: path, headers: page.headers, remoteAddress: page.ip });
    return;
  }
  const api = app.services.calls.callerFor(page, { serializeCookie: app.serializeCookie });
  await api(categoriesCall);
  await api(getProductsCall, { limit: 8, sort: "newest" });
  await api(getProductsCall, { limit: 8, sort: "bestsellers" });
}

await cpuPerRequest(3); // warm-up
const fresh = await cpuPerRequest(6);
const started = process.hrtime.bigint();
for (let i = 0; i < 200; i += 1) await renderPageCalls();
const perPage = Number(process.hrtime.bigint() - started) / 200 / 1000;
const after = await cpuPerRequest(6);
process.stdout.write(
  JSON.stringify({
    mode,
    pageCallsMicroseconds: Math.round(perPage),
    listCpuBefore: fresh.microsecondsPerRequest,
    listCpuAfter: after.microsecondsPerRequest,
  }) + "\n",
);
await close();
