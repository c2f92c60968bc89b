import { randomBytes, randomInt } from "node:crypto";
import http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { SERVER_TIMEOUTS } from "./config";
import {
  alive,
  endStartedStores,
  listening,
  rawClient,
  servingWorkers,
  startBuiltStore,
  stopWithSigterm,
  waitForWorkers,
} from "./test-support/built-store";
import { clientAddress } from "./test-support/store-processes";

/**
 * SIGTERM ends the built store (what a deployment runs, and what `npm start` and `npm run serve` run) within
 * its shutdown deadline, with the requests it was answering answered: also with idle kept-alive connections,
 * a client that never finishes its request, and load on it. Under npm, the signal npm is sent reaches the
 * store (the scripts exec it in place of npm's shell). The same holds for a store of several processes
 * (STORE_PROCESSES=2): the primary passes the signal on to its workers and exits once they have.
 */

/**
 * One process, and a cluster (STORE_PROCESSES=2, with Redis): a primary and two workers. `stores` processes
 * serve, each logging its shutdown.
 */
const SHAPES: { name: string; stores: number; workers: number; env: Record<string, string> }[] = [
  { name: "one process", stores: 1, workers: 0, env: {} },
  {
    name: "two processes",
    stores: 2,
    workers: 2,
    env: { STORE_PROCESSES: "2", REDIS_URL: process.env.REDIS_URL ?? "redis://127.0.0.1:6379" },
  },
];

afterEach(endStartedStores);

describe("SIGTERM through npm", () => {
  it.each(["serve", "start"].flatMap((script) => SHAPES.map((shape) => ({ script, ...shape }))))(
    "npm run $script passes it to the store of $name, which stops and frees its port",
    async ({ script, stores, workers, env }) => {
      const store = await startBuiltStore("npm", ["run", script], { env });
      const workerPids = await waitForWorkers(store, workers);
      const { code, tookMs } = await stopWithSigterm(store);
      expect(code, store.output()).toBe(0);
      expect(tookMs).toBeLessThan(SERVER_TIMEOUTS.shutdownDeadlineMs);
      const stopping = store
        .logLines()
        .filter((line) => line.msg === "shutting down: finishing in-flight requests");
      expect(stopping).toHaveLength(stores);
      // npm waits for its child: once npm has gone, so has the store, workers and all.
      expect(await listening(store.origin)).toBe(false);
      expect(workerPids.filter(alive)).toEqual([]);
    },
  );
});

describe("SIGTERM under load", () => {
  it.each(SHAPES)(
    "ends the built store of $name within its deadline, answering the requests it had",
    async ({ workers, env }) => {
      const store = await startBuiltStore(process.execPath, ["build/app-server.js"], { env });
      const workerPids = await waitForWorkers(store, workers);
      const { origin } = store;

      // Idle kept-alive connections, each answered once.
      const idle = await Promise.all(
        Array.from({ length: 10 }, () =>
          rawClient(origin, `GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n`),
        ),
      );
      // A request still arriving when the signal comes: its body is finished after it, and it is answered.
      // A new e-mail and address each run: with Redis, failed logins are still counted from the run before.
      const email = `nobody.${randomBytes(4).toString("hex")}@example.in`;
      const body = JSON.stringify({ email, password: "not the password" });
      const finishing = await rawClient(
        origin,
        `POST /api/users/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
        clientAddress(randomInt(100_000)),
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
      expect(servingWorkers(store)).toEqual(workerPids);
      expect(workerPids.filter(alive)).toEqual([]);
    },
  );
});
