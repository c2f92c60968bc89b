import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { buildApp, type BuildOptions } from "../app";
import { loadConfig, type Config } from "../config";
import { adminQuery } from "../db/client";

/**
 * A fresh store for one test file: PGlite in memory by default; with DATABASE_URL set, a new PostgreSQL
 * database created for the file and dropped afterwards, so test files never share rows.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: BuildOptions = {},
): Promise<{
  app: FastifyInstance;
  close: () => Promise<void>;
}> {
  const base = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATABASE_URL: process.env.DATABASE_URL });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "store-test-"));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (base.databaseUrl) {
    const name = `store_test_${randomBytes(6).toString("hex")}`;
    await adminQuery(base.databaseUrl, `create database ${name}`);
    const url = new URL(base.databaseUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = () => adminQuery(base.databaseUrl!, `drop database if exists ${name} with (force)`);
  }
  const config: Config = {
    ...base,
    databaseUrl,
    pgliteDir: null,
    dataDir,
    mediaDir: path.join(dataDir, "media"),
    seedDemo: false,
    ...overrides,
  };
  const app = await buildApp(config, options);
  return {
    app,
    async close() {
      await app.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
