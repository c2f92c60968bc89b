import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";
import { adminQuery, openDatabase } from "../db/client";
import { migrateDatabase } from "../db/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    /**
     * The migrated database each test file's store starts from (test-app.ts): on PGlite the path of a dump
     * of its data directory, on PostgreSQL the name of a database to copy.
     */
    databaseTemplate: { kind: "pglite"; file: string } | { kind: "postgres"; name: string };
  }
}

/**
 * Vitest's global setup: the migrations run once, into a template, instead of once per test file. A new
 * PGlite runs initdb (about 7 s of CPU) where loading a dumped data directory takes 1.6 s; PostgreSQL copies
 * a database (`create database … template`) faster than it runs the migrations.
 */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const name = `store_test_template_${randomBytes(6).toString("hex")}`;
    await adminQuery(databaseUrl, `create database ${name}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: null });
    await migrateDatabase(database);
    await database.close();
    project.provide("databaseTemplate", { kind: "postgres", name });
    return () => adminQuery(databaseUrl, `drop database if exists ${name} with (force)`);
  }
  const database = await openDatabase({ pgliteDir: null });
  await migrateDatabase(database);
  const folder = mkdtempSync(path.join(os.tmpdir(), "store-test-template-"));
  const file = path.join(folder, "pgdata.tar");
  writeFileSync(file, await database.dumpDataDir!());
  await database.close();
  project.provide("databaseTemplate", { kind: "pglite", file });
  return () => rmSync(folder, { recursive: true, force: true });
}
