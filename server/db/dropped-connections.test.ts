import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { DATABASE_UNAVAILABLE_MESSAGE } from "../lib/error-handler";
import { adminQuery } from "./client";
import { seedCatalog } from "../test-support/catalog-fixture";
import { createTestApp } from "../test-support/test-app";

let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await createTestApp());
  await seedCatalog(app, [{ name: "Sturdy Anarkali", price: 1999, categoryId: 1 }]);
});
afterAll(() => close());

const health = async () => (await app.inject("/api/health")).statusCode;
const product = async () =>
  (await app.inject(`/api/products/get-products?page=1&limit=8&search=${Math.random()}`)).statusCode;

/** The store's own database on PostgreSQL, and a statement that ends every connection of the store to it. */
async function storeDatabase(url: string) {
  const result = (await app.services.db.execute("select current_database() as name")) as unknown as {
    rows: { name: string }[];
  };
  const name = result.rows[0]!.name;
  const dropConnections = () =>
    adminQuery(
      url,
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
    );
  return { name, dropConnections };
}

/**
 * PostgreSQL ends every connection of the store (a restart, a failover, an administrator) while it is
 * answering 20 clients at a time: the store keeps running and answers again at once from new connections,
 * without a restart. PGlite lives in the process and has no connections to lose, so on PGlite this checks
 * only that the health call answers.
 */
it("the store answers again after PostgreSQL drops its connections under load", async () => {
  expect(await health()).toBe(200);
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const { dropConnections } = await storeDatabase(url);
  const answers: number[] = [];
  let loading = true;
  const load = Array.from({ length: 20 }, async () => {
    while (loading) answers.push(await product());
  });
  try {
    for (let round = 0; round < 3; round++) {
      const before = answers.length;
      // Progress, not speed: CI runs this beside other suites on two cores.
      await expect.poll(() => answers.length - before, { timeout: 30_000 }).toBeGreaterThan(50);
      await dropConnections();
      // Requests on a connection that was just ended may fail once (503); the next ones get new connections.
      await expect.poll(health, { timeout: 15_000, interval: 100 }).toBe(200);
    }
  } finally {
    loading = false;
    await Promise.all(load);
  }
  expect(answers.filter((status) => status !== 200 && status !== 503)).toEqual([]);
  expect(answers.filter((status) => status === 200).length).toBeGreaterThan(150);
  expect(await product()).toBe(200);
}, 120_000);

/**
 * While PostgreSQL takes no new connection (down, or refusing them), /api/health says so with 503, for a
 * load balancer to send shoppers elsewhere, and so do the calls that need it; once it takes them again, the
 * store answers without a restart.
 */
it("answers 503 while the database is down, /api/health included, and recovers on its own", async () => {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const { name, dropConnections } = await storeDatabase(url);
  await adminQuery(url, `alter database ${name} allow_connections false`);
  try {
    await dropConnections();
    const down = await app.inject("/api/health");
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      code: 503,
      message: "The database is not answering",
      data: { status: "database unavailable" },
    });
    // Any other call that needs the database says so too: 503, not a 500 as for a fault of the store.
    const call = await app.inject("/api/products/get-products?page=1&limit=8&search=down");
    expect(call.statusCode).toBe(503);
    expect(call.json()).toEqual({ code: 503, message: DATABASE_UNAVAILABLE_MESSAGE });
  } finally {
    await adminQuery(url, `alter database ${name} allow_connections true`);
  }
  await expect.poll(health, { timeout: 5000, interval: 100 }).toBe(200);
  expect(await product()).toBe(200);
});
