import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { adminQuery, openDatabase } from "../server/db/client";
import { migrateDatabase } from "../server/db/migrate";
import { createLocalFolderStorage } from "../server/media/local-folder-storage";
import { createMediaService } from "../server/media/media.service";
import { generateCatalog } from "./catalog-generator";

const REPO = path.resolve(import.meta.dirname, "..");

/**
 * A private copy of a production build, so that a rebuild of `build/` during the run changes nothing:
 * the build and the migrations are copied, node_modules and package.json are linked.
 */
export function copyBuild(buildDir: string): { appDir: string; remove: () => void } {
  if (!existsSync(path.join(buildDir, "app-server.js")))
    throw new Error(`No production build in ${buildDir}: run \`npm run build\` first.`);
  const appDir = mkdtempSync(path.join(os.tmpdir(), "bench-app-"));
  cpSync(buildDir, path.join(appDir, "build"), { recursive: true });
  cpSync(path.join(REPO, "drizzle"), path.join(appDir, "drizzle"), { recursive: true });
  symlinkSync(path.join(REPO, "node_modules"), path.join(appDir, "node_modules"));
  symlinkSync(path.join(REPO, "package.json"), path.join(appDir, "package.json"));
  return { appDir, remove: () => rmSync(appDir, { recursive: true, force: true }) };
}

export type Catalog = {
  products: number;
  firstId: number;
  lastId: number;
  dataDir: string;
  /** The run's own PostgreSQL database, or undefined on PGlite (files under dataDir/pg). */
  databaseUrl: string | undefined;
  generateSeconds: number;
  remove: () => Promise<void>;
};

/**
 * A new database holding a generated catalog of `count` products: a fresh PostgreSQL database next to
 * the one `adminUrl` names, or PGlite files in a temporary DATA_DIR when there is no adminUrl.
 */
export async function createCatalog(count: number, adminUrl: string | undefined): Promise<Catalog> {
  const started = performance.now();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `bench-data-${count}-`));
  let databaseUrl: string | undefined;
  let drop = async () => {};
  if (adminUrl) {
    const name = `bench_${count}_${randomBytes(4).toString("hex")}`;
    await adminQuery(adminUrl, `create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    drop = () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  }
  const handle = await openDatabase({ databaseUrl, pgliteDir: path.join(dataDir, "pg") });
  try {
    await migrateDatabase(handle, path.join(REPO, "drizzle"));
    const storage = await createLocalFolderStorage(path.join(dataDir, "media"));
    const media = createMediaService({ db: handle.db, storage });
    const { firstId, lastId } = await generateCatalog({ db: handle.db, media, count });
    return {
      products: count,
      firstId,
      lastId,
      dataDir,
      databaseUrl,
      generateSeconds: (performance.now() - started) / 1000,
      async remove() {
        await drop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } finally {
    await handle.close();
  }
}

/**
 * The Redis database of the bench's stores (their rate limits), emptied at the start of each run: index 15 of
 * the local server unless BENCH_REDIS_URL names another.
 */
const BENCH_REDIS_URL = process.env.BENCH_REDIS_URL || "redis://127.0.0.1:6379/15";

/**
 * How the bench runs the store: the Node.js binary it runs on (`node`, whose version is `nodeVersion`), its
 * settings, and how many processes serve.
 */
export type Deployment = {
  node: string;
  nodeVersion: string;
  processes: number;
  env: Record<string, string>;
};

/**
 * The store as it should be deployed on this machine, on the Node.js binary `node`: on PostgreSQL, a process per
 * core (STORE_PROCESSES=auto) sharing rate limits through Redis, whose bench database is emptied first; on
 * PGlite, which is one process's database, one process.
 */
export async function storeDeployment(adminUrl: string | undefined, node: string): Promise<Deployment> {
  const nodeVersion = execFileSync(node, ["--version"], { encoding: "utf8" }).trim();
  if (!adminUrl) return { node, nodeVersion, processes: 1, env: {} };
  const redis = new Redis(BENCH_REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    await redis.flushdb();
  } catch (error) {
    throw new Error(
      `The bench runs the store a process per core on PostgreSQL, which needs Redis at ${BENCH_REDIS_URL} (set BENCH_REDIS_URL for another): ${String(error)}`,
      { cause: error },
    );
  } finally {
    redis.disconnect();
  }
  return {
    node,
    nodeVersion,
    processes: os.availableParallelism(),
    env: { STORE_PROCESSES: "auto", REDIS_URL: BENCH_REDIS_URL },
  };
}

/** The same store in one process, on the same Node.js (the rows "…, one process"). */
export const inOneProcess = ({ node, nodeVersion }: Deployment): Deployment => ({
  node,
  nodeVersion,
  processes: 1,
  env: {},
});

export type Server = {
  url: string;
  /** The process's id now (a restart changes it). */
  pid: () => number | undefined;
  /** Stops the process: SIGTERM, which lets the store finish in-flight requests, then SIGKILL after 20 s. */
  stop: () => Promise<void>;
  /** Kills the process at once and starts it again on the same port, to drop a backlog of requests. */
  restart: () => Promise<void>;
};

/**
 * Starts `node build/app-server.js` in appDir on the catalog, as `deployment` says, and waits until /api/health
 * answers; `env` adds settings (the PhonePe ones of the place-order section). A store of several processes answers
 * as soon as its first worker does; the others, forked with it, serve within a second or so, during the
 * warm-up that precedes every measurement.
 */
export async function startStore(
  appDir: string,
  catalog: Catalog,
  deployment: Deployment,
  env: Record<string, string> = {},
  /** Its port, when another process must know its address first (the PhonePe it redirects shoppers from). */
  chosenPort?: number,
): Promise<Server> {
  const port = chosenPort ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  return startServer("the store", deployment.node, ["build/app-server.js"], appDir, url, {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: url,
    DATA_DIR: catalog.dataDir,
    SEED_DEMO: "false",
    LOG_LEVEL: "warn",
    ...(catalog.databaseUrl ? { DATABASE_URL: catalog.databaseUrl } : {}),
    ...deployment.env,
    ...env,
  });
}

/**
 * The bare Fastify server of bench/ceiling-server.ts, in processes of its own like the store it is compared
 * with: on the same Node.js, as many of them sharing its port.
 */
export async function startCeiling({ node, processes }: Deployment): Promise<Server> {
  const port = await freePort();
  const script = ["--import", "tsx", path.join(REPO, "bench/ceiling-server.ts")];
  return startServer("the bare Fastify server", node, script, REPO, `http://127.0.0.1:${port}`, {
    NODE_ENV: "production",
    PORT: String(port),
    CEILING_PROCESSES: String(processes),
  });
}

async function startServer(
  name: string,
  node: string,
  args: string[],
  cwd: string,
  url: string,
  env: NodeJS.ProcessEnv,
): Promise<Server> {
  let output = "";
  const spawnAndWait = async () => {
    const child = spawn(node, args, {
      cwd,
      env: { PATH: process.env.PATH, ...env },
      stdio: "pipe",
    });
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (exited(child))
        throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}):\n${output}`);
      const healthy = await fetch(`${url}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) return child;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    child.kill("SIGKILL");
    throw new Error(`${name} did not become healthy within 90 s:\n${output}`);
  };
  let child = await spawnAndWait();
  return {
    url,
    pid: () => child.pid,
    stop: () => stopProcess(child, "SIGTERM"),
    async restart() {
      await stopProcess(child, "SIGKILL");
      child = await spawnAndWait();
    },
  };
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

async function stopProcess(child: ChildProcess, signal: NodeJS.Signals) {
  if (exited(child)) return;
  const done = new Promise((resolve) => child.once("exit", resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  await done;
  clearTimeout(timer);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}
