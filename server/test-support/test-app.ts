import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { buildApp, type BuildOptions } from "../app";
import { createServer } from "node:net";
import {
  COURIER_SANDBOX_PREFIX,
  loadConfig,
  localOrigin,
  SANDBOX_PREFIX,
  WHATSAPP_SANDBOX_PREFIX,
  type Config,
} from "../config";
import { adminQuery } from "../db/client";
import { afterAll, inject } from "vitest";
import { testApi, type TestApi } from "./api-client";

type TestAppOptions = BuildOptions & {
  /** Listen on a free port of 127.0.0.1, for what talks to the store over HTTP (the PhonePe, courier and WhatsApp sandboxes). */
  listen?: boolean;
};

/**
 * The store of a test file, made when the file loads and closed after its last test, with the typed client of
 * its API (api-client.ts):
 *
 *     const { app, api } = await startTestApp({}, { listen: true });
 */
export async function startTestApp(overrides: Partial<Config> = {}, options: TestAppOptions = {}) {
  const { app, api, close } = await createTestApp(overrides, options);
  afterAll(close);
  return { app, api };
}

/**
 * A fresh store (a test of a store set up its own way closes it itself): PGlite in memory by default; with DATABASE_URL set, a new PostgreSQL
 * database created for the file and dropped afterwards, so test files never share rows. Under Vitest each
 * starts as a copy of the database its global setup migrated (database-template.ts).
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: TestAppOptions = {},
): Promise<{
  app: FastifyInstance;
  api: TestApi;
  close: () => Promise<void>;
}> {
  const base = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATABASE_URL: process.env.DATABASE_URL });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "store-test-"));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  const template = databaseTemplate();
  let pgliteData: Blob | undefined;
  if (base.databaseUrl) {
    const name = `store_test_${randomBytes(6).toString("hex")}`;
    const copied = template?.kind === "postgres" ? ` template ${template.name}` : "";
    await adminQuery(base.databaseUrl, `create database ${name}${copied}`);
    const url = new URL(base.databaseUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = () => adminQuery(base.databaseUrl!, `drop database if exists ${name} with (force)`);
  } else if (template?.kind === "pglite") {
    pgliteTemplate ??= new Blob([readFileSync(template.file)]);
    pgliteData = pgliteTemplate;
  }
  const port = options.listen ? await freePort() : base.port;
  const listening = options.listen
    ? {
        host: "127.0.0.1",
        port,
        publicUrl: localOrigin("127.0.0.1", port),
        phonePe: { sandbox: true as const, baseUrl: `${localOrigin("127.0.0.1", port)}${SANDBOX_PREFIX}` },
        courier: {
          sandbox: true as const,
          warehouse: base.courier?.warehouse ?? "RANGOLI-HYD",
          baseUrl: `${localOrigin("127.0.0.1", port)}${COURIER_SANDBOX_PREFIX}`,
        },
        whatsapp: {
          sandbox: true as const,
          version: "v23.0",
          baseUrl: `${localOrigin("127.0.0.1", port)}${WHATSAPP_SANDBOX_PREFIX}`,
        },
      }
    : {};
  const config: Config = {
    ...base,
    ...listening,
    databaseUrl,
    pgliteDir: null,
    dataDir,
    mediaDir: path.join(dataDir, "media"),
    seedDemo: false,
    ...overrides,
  };
  const app = await buildApp(config, { pgliteData, ...options });
  if (options.listen) await app.listen({ port, host: "127.0.0.1" });
  return {
    app,
    api: testApi(app),
    async close() {
      await app.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The migrated template of Vitest's global setup; none outside Vitest (the bench), where each store migrates. */
const databaseTemplate = () => (process.env.VITEST ? inject("databaseTemplate") : undefined);
/** Read once per test file, for each of its stores. */
let pgliteTemplate: Blob | undefined;

/** A port nothing listens on now (the OS's next ephemeral one). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
