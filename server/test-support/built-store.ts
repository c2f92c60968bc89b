import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createProcessTestDatabase, freePort, type TestDatabase } from "./store-processes";

/**
 * The built store started as a deployment starts it (`node build/app-server.js`, `npm start`, `npm run serve`),
 * with the whole of its output, for the tests of the store as deployed: how it stops, how a store of several
 * processes (STORE_PROCESSES) behaves, and how its pages answer while the database is down. Run `npm run
 * build` first.
 */

const REPO = path.resolve(import.meta.dirname, "../..");

/** One JSON line of the store's log (pino's, and the cluster primary's in the same shape). */
export type LogLine = { pid: number; msg: string; [field: string]: unknown };

export type BuiltStore = {
  child: ChildProcess;
  origin: string;
  database: TestDatabase;
  /** The last 50,000 characters of its stdout and stderr, for failure messages. */
  output: () => string;
  /** Every JSON line it has logged so far. */
  logLines: () => LogLine[];
  /** Its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
};

const started: { child: ChildProcess; dataDir: string; database: TestDatabase }[] = [];

/**
 * Ends (SIGKILL) what `startBuiltStore` started and is still running, with what it started (npm's child, a
 * cluster's workers), and drops its database: afterEach.
 */
export async function endStartedStores() {
  for (const { child, dataDir, database } of started.splice(0)) {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // The whole group has exited already.
    }
    rmSync(dataDir, { recursive: true, force: true });
    await database.close();
  }
}

/**
 * The store started by `command` on a free port of 127.0.0.1 and a new database (`database`, or a new
 * migrated one), once /api/health answers; `env` adds settings.
 */
export async function startBuiltStore(
  command: string,
  args: string[],
  { env = {}, database }: { env?: Record<string, string>; database?: TestDatabase } = {},
): Promise<BuiltStore> {
  const db = database ?? (await createProcessTestDatabase());
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "built-store-"));
  const child = spawn(command, args, {
    cwd: REPO,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: db.url,
      SEED_DEMO: "false",
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    // A process group of its own, for endStartedStores to end whatever is left of it.
    detached: true,
  });
  started.push({ child, dataDir, database: db });
  let output = "";
  const chunks: string[] = [];
  const keep = (chunk: Buffer) => {
    chunks.push(chunk.toString());
    output = (output + chunk.toString()).slice(-50_000);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exited = once(child, "exit").then(([code]) => code as number | null);
  const store = {
    child,
    origin,
    database: db,
    output: () => output,
    logLines: () => parseLog(chunks.join("")),
    exited,
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(" ")} exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`no answer from ${origin} within 120 s:\n${output}`);
    if ((await health(origin)) === 200) return store;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function parseLog(text: string): LogLine[] {
  return text.split("\n").flatMap((line) => {
    if (!line.startsWith("{")) return [];
    try {
      return [JSON.parse(line) as LogLine];
    } catch {
      return [];
    }
  });
}

export const health = (origin: string) =>
  fetch(`${origin}/api/health`).then(
    (response) => response.status,
    () => 0,
  );

/** Whether anything still accepts connections on the store's port. */
export const listening = (origin: string) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(Number(new URL(origin).port), "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

/** Whether the process `pid` is still running. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The pids of the workers a cluster primary (STORE_PROCESSES) has logged as serving, in that order. */
export const servingWorkers = (store: BuiltStore) =>
  store
    .logLines()
    .filter((line) => line.msg === "store worker serving")
    .map((line) => line.workerPid as number);

/** Waits until `count` workers have served (/api/health answers as soon as the first does). */
export async function waitForWorkers(store: BuiltStore, count: number): Promise<number[]> {
  const deadline = Date.now() + 60_000;
  while (servingWorkers(store).length < count) {
    if (Date.now() > deadline)
      throw new Error(`not ${count} workers serving within 60 s:\n${store.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return servingWorkers(store);
}

/** Time from the signal to the process's exit, and its exit code. */
export async function stopWithSigterm(store: BuiltStore) {
  const signalledAt = performance.now();
  store.child.kill("SIGTERM");
  const code = await store.exited;
  return { code, tookMs: performance.now() - signalledAt };
}

/**
 * A raw connection from `localAddress` (any of 127.0.0.0/8) that sent `text` and is kept open; `closed`
 * resolves when the store closes it.
 */
export async function rawClient(origin: string, text: string, localAddress = "127.0.0.1") {
  const socket = net.connect({ port: Number(new URL(origin).port), host: "127.0.0.1", localAddress });
  await once(socket, "connect");
  let received = "";
  socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
  socket.on("error", () => {});
  const closed = new Promise((resolve) => socket.once("close", resolve));
  socket.write(text);
  return { received: () => received, closed, write: (more: string) => socket.write(more) };
}
