import path from "node:path";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { DatabaseHandle } from "./client";

const MIGRATION_LOCK = 727_101;

/**
 * Applies the SQL migrations in drizzle/. On PostgreSQL a session advisory lock, held on one dedicated
 * connection, lets any number of processes start at the same time.
 */
export async function migrateDatabase(handle: DatabaseHandle, migrationsFolder = path.resolve("drizzle")) {
  if (handle.kind === "pglite" || !handle.databaseUrl) {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  const client = new pg.Client({ connectionString: handle.databaseUrl });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migratePostgres(drizzlePostgres(client), { migrationsFolder });
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
  } finally {
    await client.end();
  }
}
