import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
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

/**
 * PostgreSQL ends every connection of the store (a restart, a failover, an administrator): the store answers
 * again at once from new connections, without a restart. PGlite lives in the process and has no connections
 * to lose, so on PGlite this checks only that the health call answers.
 */
it("the store answers again after PostgreSQL drops its connections", async () => {
  expect(await health()).toBe(200);
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const name = (await app.services.db.execute("select current_database() as name")) as unknown as {
    rows: { name: string }[];
  };
  for (let round = 0; round < 3; round++) {
    await Promise.all(Array.from({ length: 10 }, product));
    await adminQuery(
      url,
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name.rows[0]!.name}' and pid <> pg_backend_pid()`,
    );
    // A request on a connection that was just ended may fail once; the next ones get new connections.
    const answers = await Promise.all(Array.from({ length: 20 }, product));
    expect(answers.filter((status) => status !== 200 && status !== 500)).toEqual([]);
    await expect.poll(health, { timeout: 5000, interval: 100 }).toBe(200);
    expect(await product()).toBe(200);
  }
});
