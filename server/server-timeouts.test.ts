import { once } from "node:events";
import net, { type AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVER_TIMEOUTS } from "./config";
import { createTestApp } from "./test-support/test-app";

const TIMEOUTS = { ...SERVER_TIMEOUTS, headersMs: 400, requestMs: 800, idleMs: 1_200, keepAliveMs: 1_000 };

let app: FastifyInstance;
let close: () => Promise<void>;
let port: number;

beforeAll(async () => {
  ({ app, close } = await createTestApp({ timeouts: TIMEOUTS }, { listen: true }));
  port = (app.server.address() as AddressInfo).port;
});
afterAll(() => close());

/**
 * A raw connection that writes `start`, then `trickle` one byte every 40 ms (a slow client), and reports
 * what the server answered and how long after connecting the server closed the connection.
 */
async function slowClient(start: string, trickle = "") {
  const socket = net.connect(port, "127.0.0.1");
  await once(socket, "connect");
  const connectedAt = performance.now();
  let received = "";
  socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
  // A reset is a way of closing too: a server that closes while a slow body is still arriving resets it.
  socket.on("error", () => {});
  const closed = new Promise<void>((resolve, reject) => {
    // A server that never cuts the client off fails the test rather than hanging it.
    const timeout = setTimeout(() => reject(new Error("The server never closed the connection")), 10_000);
    socket.once("close", () => {
      clearTimeout(timeout);
      resolve();
    });
  });
  socket.write(start);
  let next = 0;
  const timer = setInterval(() => {
    if (!socket.writable) return;
    socket.write(trickle[next % trickle.length] ?? "");
    next += 1;
  }, 40);
  try {
    // Not once(socket, "close"): it would reject on the reset's error event.
    await closed;
  } finally {
    clearInterval(timer);
    socket.destroy();
  }
  return { received, closedAfterMs: performance.now() - connectedAt, bytesSent: next };
}

/** The time limit was kept: not before it, and not much later (Node checks every `headersMs` here, and
 * keeps an idle kept-alive socket a second longer than its timeout). */
const expectCutOffAfter = (elapsedMs: number, limitMs: number) => {
  expect(elapsedMs).toBeGreaterThanOrEqual(limitMs - 50);
  expect(elapsedMs).toBeLessThan(limitMs + TIMEOUTS.headersMs + 1_000);
};

describe("slow clients", () => {
  it("are cut off when their headers take longer than the headers timeout", async () => {
    const { received, closedAfterMs, bytesSent } = await slowClient(
      "GET /api/health HTTP/1.1\r\nHost: localhost\r\n",
      "X-Slow: abcdefghijklmnopqrstuvwxyz\r\n",
    );
    expect(received).toMatch(/^HTTP\/1\.1 408/);
    expect(bytesSent).toBeGreaterThan(3);
    expectCutOffAfter(closedAfterMs, TIMEOUTS.headersMs);
  });

  it("are cut off when their body takes longer than the request timeout", async () => {
    const body = JSON.stringify({ email: "slow@example.in", password: "x".repeat(200) });
    const { received, closedAfterMs } = await slowClient(
      "POST /api/users/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n" +
        `Content-Length: ${body.length}\r\n\r\n`,
      body,
    );
    expect(received).toMatch(/^HTTP\/1\.1 408/);
    expectCutOffAfter(closedAfterMs, TIMEOUTS.requestMs);
  });

  it("are cut off when they connect and send nothing", async () => {
    const { received, closedAfterMs } = await slowClient("");
    expect(received).toMatch(/^HTTP\/1\.1 408/);
    expectCutOffAfter(closedAfterMs, TIMEOUTS.headersMs);
  });

  it("hundreds at once, trickling headers or bodies, do not stop the store answering others", async () => {
    const body = JSON.stringify({ email: "slow@example.in", password: "x".repeat(200) });
    const slow = [
      ...Array.from({ length: 200 }, () =>
        slowClient(
          "GET /api/health HTTP/1.1\r\nHost: localhost\r\n",
          "X-Slow: abcdefghijklmnopqrstuvwxyz\r\n",
        ),
      ),
      ...Array.from({ length: 100 }, () =>
        slowClient(
          "POST /api/users/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n" +
            `Content-Length: ${body.length}\r\n\r\n`,
          body,
        ),
      ),
    ];
    const connections = () =>
      new Promise<number>((resolve, reject) =>
        app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
      );
    await expect.poll(connections).toBeGreaterThanOrEqual(300);
    let cutOff = 0;
    for (const client of slow) void client.then(() => (cutOff += 1));
    // While they trickle, another client is answered, with most of them still connected (an order of events,
    // not a time: a busy machine may be slow to open the 300 connections).
    const answer = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(answer.status).toBe(200);
    expect(cutOff).toBeLessThan(slow.length / 2);
    // Then each is cut off at its own limit.
    for (const { received } of await Promise.all(slow)) expect(received).toMatch(/^HTTP\/1\.1 408/);
  });

  // Node keeps the socket a second longer than the Keep-Alive header says, so that the client closes first.
  it("keep an idle connection open for the keep-alive timeout after an answer", async () => {
    const { received, closedAfterMs } = await slowClient(
      "GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n",
    );
    expect(received).toMatch(/^HTTP\/1\.1 200/);
    expect(received).toContain(`Keep-Alive: timeout=${TIMEOUTS.keepAliveMs / 1000}`);
    expectCutOffAfter(closedAfterMs, TIMEOUTS.keepAliveMs);
  });
});
