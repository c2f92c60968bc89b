import { afterAll, beforeAll, expect, it } from "vitest";
import { adminQuery } from "../db/client";
import { DATABASE_UNAVAILABLE_MESSAGE } from "../lib/error-handler";
import { endStartedStores, startBuiltStore, type BuiltStore } from "../test-support/built-store";
import {
  createProcessTestDatabase,
  requireDatabaseUrl,
  seedProduct,
  waitUntil,
  type TestDatabase,
} from "../test-support/store-processes";

/**
 * The built store while PostgreSQL takes no connections: a page that needs the database is the store's
 * error page with 503 (not a page without its data, nor a 500), an API call the envelope with 503; once the
 * database takes connections again, the same page answers without a restart (the 503 was not kept).
 */

let database: TestDatabase;
let store: BuiltStore;
let productId: number;

beforeAll(async () => {
  database = await createProcessTestDatabase();
  productId = await seedProduct(database.db, {
    name: "Steadfast Anarkali",
    pricePaise: 249_900,
    sizes: { M: 3 },
  });
  store = await startBuiltStore(process.execPath, ["build/app-server.js"], {
    env: { NODE_ENV: "production", LOG_LEVEL: "warn" },
    database,
  });
});

// Ends the store and drops its database.
afterAll(endStartedStores);

/** Whether the database takes new connections; refusing them also ends those the store holds. */
async function databaseTakesConnections(allowed: boolean) {
  const adminUrl = requireDatabaseUrl();
  const name = new URL(database.url).pathname.slice(1);
  await adminQuery(adminUrl, `alter database ${name} allow_connections ${allowed}`);
  if (!allowed)
    await adminQuery(
      adminUrl,
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
    );
}

it("answers pages and calls 503 while the database is down, and the pages again once it is back", async () => {
  const page = `${store.origin}/products/${productId}`;
  await databaseTakesConnections(false);
  try {
    const refused = await fetch(page);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("content-type")).toMatch(/^text\/html/);
    expect(refused.headers.get("cache-control") ?? "").not.toMatch(/public/);
    expect(await refused.text()).toContain("Something went wrong");

    const call = await fetch(`${store.origin}/api/products/get-product?id=${productId}`);
    expect(call.status).toBe(503);
    expect(await call.json()).toEqual({ code: 503, message: DATABASE_UNAVAILABLE_MESSAGE });
  } finally {
    await databaseTakesConnections(true);
  }
  await waitUntil("the product page answers again", async () => (await fetch(page)).status === 200, {
    timeoutMs: 10_000,
  });
  expect(await (await fetch(page)).text()).toContain("Steadfast Anarkali");
});
