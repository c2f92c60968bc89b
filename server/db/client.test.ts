import pg from "pg";
import { expect, it } from "vitest";
import { openDatabase, selectRows } from "./client";

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
