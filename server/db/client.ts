import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open transaction of `db.transaction(async (tx) => ...)`. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * What a service function that writes accepts: the database, or the caller's transaction when the change
 * spans domains (reserve stock + create the order + queue its mail commit together or not at all).
 */
export type Executor = Database | Transaction;

/** The rows of a raw SQL query; both drivers answer `{ rows }`, which the driver-neutral type leaves untyped. */
export async function selectRows<Row>(db: Database, query: SQL | string): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** Whether a query failed on a unique index (PostgreSQL's 23505, also when Drizzle wraps the error). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string; cause?: { code?: string } })?.code;
  const causeCode = (error as { cause?: { code?: string } })?.cause?.code;
  return code === "23505" || causeCode === "23505";
}

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  databaseUrl?: string;
  close: () => Promise<void>;
};

/** Runs one statement on its own connection (creating or dropping a database cannot run in the pool's). */
export async function adminQuery(databaseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * PostgreSQL when a URL is given, otherwise PGlite: files under pgliteDir, or in memory when it is null.
 * An idle pooled connection that PostgreSQL ends (a restart, a failover, an administrator) is dropped from
 * the pool and reported to `onIdleConnectionError`; without a listener node-postgres would crash the process.
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  pgliteDir: string | null;
  onIdleConnectionError?: (error: Error) => void;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // A database that does not answer at all (a network partition) fails a request within 5 s, rather than
    // holding it until the operating system gives up on the connection.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5_000,
    });
    pool.on("error", (error) => options.onIdleConnectionError?.(error));
    const db = drizzlePostgres(pool, { schema }) as unknown as Database;
    return { db, kind: "postgres", databaseUrl: options.databaseUrl, close: () => pool.end() };
  }
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  const client = await PGlite.create(options.pgliteDir ?? undefined, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return { db, kind: "pglite", close: () => client.close() };
}
