import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SERVER_TIMEOUTS } from "./config";
import { createProcessTestDatabase, freePort, type TestDatabase } from "./test-support/store-processes";

/**
 * SIGTERM ends the built store (what a deployment runs, and what `npm start` and `npm run serve` run) within
 * its shutdown deadline, with the requests it was answering answered: also with idle kept-alive connections,
 * a client that never finishes its request, and load on it. Under npm, the signal npm is sent reaches the
 * store (the scripts exec it in place of npm's shell).
 */

const REPO = path.resolve(import.meta.dirname, "..");

type Store = { child: ChildProcess; origin: string; output: () => string; exited: Promise<number | null> };
const started: { child: ChildProcess; dataDir: string; database: TestDatabase }[] = [];

afterEach(async () => {
  for (const { child, dataDir, database } of started.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
    await database.close();
  }
});

/** The store started by `command` on a new database and a free port, once /api/health answers. */
async function startStore(command: string, args: string[]): Promise<Store> {
  const database = await createProcessTestDatabase();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "store-shutdown-"));
  const child = spawn(command, args, {
    cwd: REPO,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      SEED_DEMO: "false",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push({ child, dataDir, database });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-50_000)));
  child.stderr!.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-50_000)));
  const exited = once(child, "exit").then(([code]) => code as number | null);
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(" ")} exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`no answer from ${origin} within 120 s:\n${output}`);
    const status = await health(origin);
    if (status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, origin, output: () => output, exited };
}

const health = (origin: string) =>
  fetch(`${origin}/api/health`).then(
    (response) => response.status,
    () => 0,
  );

/** Whether anything still accepts connections on the store's port. */
const listening = (origin: string) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(Number(new URL(origin).port), "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

/** Time from the signal to the process's exit, and its exit code. */
async function stopWithSigterm(store: Store) {
  const signalledAt = performance.now();
  store.child.kill("SIGTERM");
  const code = await store.exited;
  return { code, tookMs: performance.now() - signalledAt };
}

describe("SIGTERM through npm", () => {
  it.each(["serve", "start"])(
    "npm run %s passes it to the store, which stops and frees its port",
    async (script) => {
      const store = await startStore("npm", ["run", script]);
      const { code, tookMs } = await stopWithSigterm(store);
      expect(code, store.output()).toBe(0);
      expect(tookMs).toBeLessThan(SERVER_TIMEOUTS.shutdownDeadlineMs);
      expect(store.output()).toContain("shutting down: finishing in-flight requests");
      // npm waits for its child: once npm has gone, so has the store.
      expect(await listening(store.origin)).toBe(false);
    },
  );
});

/** A raw connection that sent `text` and is kept open; resolves `closed` when the store closes it. */
async function rawClient(origin: string, text: string) {
  const socket = net.connect(Number(new URL(origin).port), "127.0.0.1");
  await once(socket, "connect");
  let received = "";
  socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
  socket.on("error", () => {});
  const closed = new Promise((resolve) => socket.once("close", resolve));
  socket.write(text);
  return { received: () => received, closed, write: (more: string) => socket.write(more) };
}

describe("SIGTERM under load", () => {
  it("ends the built store within its deadline, answering the requests it had", async () => {
    const store = await startStore(process.execPath, ["build/app-server.js"]);
    const { origin } = store;

    // Idle kept-alive connections, each answered once.
    const idle = await Promise.all(
      Array.from({ length: 10 }, () =>
        rawClient(origin, `GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n`),
      ),
    );
    // A request still arriving when the signal comes: its body is finished after it, and it is answered.
    const body = JSON.stringify({ email: "nobody@example.in", password: "not the password" });
    const finishing = await rawClient(
      origin,
      `POST /api/users/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    // A client that never finishes its request: 10 bytes of a body of 100.
    const stuck = await rawClient(
      origin,
      `POST /api/users/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":`,
    );
    // 50 connections asking for pages and API calls without a pause, until the store stops listening.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
    const statuses: number[] = [];
    const errors: string[] = [];
    let stopping = false;
    const ask = (url: string) =>
      new Promise<void>((resolve) => {
        const outgoing = http.get(`${origin}${url}`, { agent }, (response) => {
          response.resume();
          response.on("end", () => {
            statuses.push(response.statusCode!);
            resolve();
          });
        });
        outgoing.on("error", (error: NodeJS.ErrnoException) => {
          // Refused: the store no longer listens. A reset: a kept-alive socket closed as it was reused.
          if (!stopping || (error.code !== "ECONNREFUSED" && error.code !== "ECONNRESET"))
            errors.push(`${url}: ${error.message}`);
          resolve();
        });
      });
    const load = Array.from({ length: 50 }, async (_, worker) => {
      for (let round = 0; !stopping; round++)
        await ask(worker % 2 ? "/products" : `/api/products/get-products?page=1&limit=8&search=${round}`);
    });
    await expect.poll(() => statuses.length, { timeout: 30_000 }).toBeGreaterThan(100);

    stopping = true;
    const signalledAt = performance.now();
    store.child.kill("SIGTERM");
    await expect.poll(store.output, { timeout: 5_000 }).toContain("shutting down");
    finishing.write(body.slice(10));
    const code = await store.exited;
    const tookMs = performance.now() - signalledAt;
    await Promise.all(load);
    agent.destroy();

    expect(code, store.output()).toBe(0);
    expect(tookMs).toBeLessThan(SERVER_TIMEOUTS.shutdownDeadlineMs);
    // The request finished after the signal was answered (401: no such account), not cut off.
    expect(finishing.received()).toMatch(/^HTTP\/1\.1 401 /);
    expect(errors).toEqual([]);
    // Answers during the rush: pages and calls, or 503 once the store was closing; never a failure.
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    await Promise.all([...idle.map((client) => client.closed), stuck.closed]);
    expect(store.output()).not.toContain("shutdown took longer");
  });
});
