import pg from "pg";
import { expect, it } from "vitest";
import { isDatabaseUnavailable, openDatabase, selectRows } from "./client";

// Runs on the machine's PostgreSQL (the one CI uses) even in the PGlite pass: the behaviour is PostgreSQL's.
const databaseUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

it("survives PostgreSQL ending an idle pooled connection, and reports it", async () => {
  const reported: Error[] = [];
  const database = await openDatabase({
    databaseUrl,
    pgliteDir: null,
    onIdleConnectionError: (error) => reported.push(error),
  });
  try {
    const [{ pid }] = (await selectRows<{ pid: number }>(database.db, "select pg_backend_pid() as pid")) as [
      { pid: number },
    ];

    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query("select pg_terminate_backend($1)", [pid]);
    await admin.end();

    await expect.poll(() => reported.length).toBe(1);
    expect(reported[0]!.message).toMatch(/terminating connection/);
    expect(await selectRows<{ ok: number }>(database.db, "select 1 as ok")).toEqual([{ ok: 1 }]);
  } finally {
    await database.close();
  }
});

/** The error a query fails with on `databaseUrl`, as Drizzle throws it. */
async function failure(url: string, query: string): Promise<unknown> {
  const database = await openDatabase({ databaseUrl: url, pgliteDir: null });
  try {
    await selectRows(database.db, query);
  } catch (error) {
    return error;
  } finally {
    await database.close();
  }
  throw new Error(`${query} did not fail`);
}

it("tells a database out of reach from a query that failed", async () => {
  // Nothing listens on port 1: the connection is refused, as when PostgreSQL is down.
  const down = new URL(databaseUrl);
  down.port = "1";
  expect(isDatabaseUnavailable(await failure(down.toString(), "select 1"))).toBe(true);
  // The connection itself cut while the query runs (a restart, a failover, an administrator).
  expect(
    isDatabaseUnavailable(await failure(databaseUrl, "select pg_terminate_backend(pg_backend_pid())")),
  ).toBe(true);
  expect(isDatabaseUnavailable(await failure(databaseUrl, "select * from no_such_table"))).toBe(false);
  expect(
    isDatabaseUnavailable(await failure(databaseUrl, "select 'is not currently accepting connections'::int")),
  ).toBe(false);
});
