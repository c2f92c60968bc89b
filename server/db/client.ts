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

/**
 * SQLSTATEs of a database that cannot be reached or is going away: a connection exception (class 08), too
 * many connections, an administrator's, a crash's or a fast shutdown, a server starting up.
 */
const UNAVAILABLE_STATE = /^(08...|53300|57P0[1-3])$/;
/** Node's errors for a database host that does not take or keep the connection. */
const SOCKET_ERRORS = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
/** node-postgres's errors, without a code, for a connection cut or not made in time (the pool's 5 s). */
const DRIVER_MESSAGE = /^(Connection terminated|timeout exceeded when trying to connect)/;
/** A database that takes no connections (`allow_connections false`): SQLSTATE 55000, which others share. */
const NOT_ACCEPTING = /^database ".*" is not currently accepting connections$/;

/**
 * Whether a query failed because the database is out of reach (down, restarting, refusing connections, or
 * its connection cut), not because of the query: the store then answers 503, as its health check does, and
 * the pool connects again on a later request. Looks through Drizzle's wrapper (`cause`) and the several
 * addresses of one connection attempt (AggregateError).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code } = error as { code?: unknown };
  if (typeof code === "string") {
    if (UNAVAILABLE_STATE.test(code) || SOCKET_ERRORS.has(code)) return true;
    if (code === "55000" && NOT_ACCEPTING.test(error.message)) return true;
  } else if (DRIVER_MESSAGE.test(error.message)) return true;
  if (error instanceof AggregateError && error.errors.some(isDatabaseUnavailable)) return true;
  return isDatabaseUnavailable(error.cause);
}

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  databaseUrl?: string;
  close: () => Promise<void>;
  /** PGlite's data directory as a tar file, which `pgliteData` starts another database from (tests). */
  dumpDataDir?: () => Promise<Buffer>;
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
  /** A dumped PGlite data directory to start from, instead of a new one (tests: a migrated copy). */
  pgliteData?: Blob;
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
  const client = await PGlite.create(options.pgliteDir ?? undefined, {
    extensions: { pg_trgm },
    ...(options.pgliteData ? { loadDataDir: options.pgliteData } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    close: () => client.close(),
    dumpDataDir: async () => Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()),
  };
}
