import { once } from "node:events";
import net, { type AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { SERVER_TIMEOUTS } from "../config";
import { createTestApp } from "../test-support/test-app";

// A request timeout short enough for the test of a client that never stops sending.
const TIMEOUTS = { ...SERVER_TIMEOUTS, headersMs: 1_000, requestMs: 3_000 };

let app: FastifyInstance;
let close: () => Promise<void>;
let port: number;

beforeAll(async () => {
  ({ app, close } = await createTestApp({ timeouts: TIMEOUTS }, { listen: true }));
  port = (app.server.address() as AddressInfo).port;
});
afterAll(() => close());

const CHUNK = Buffer.alloc(64 * 1024, "a");
const FRAMED = Buffer.concat([Buffer.from(`${CHUNK.length.toString(16)}\r\n`), CHUNK, Buffer.from("\r\n")]);

/**
 * A client streaming a JSON body past the API's 1 MB limit to the login call on a raw connection, as fast as
 * the store takes it: what it was answered, and whether its connection failed (a reset).
 */
async function streamTooLargeBody() {
  const socket = net.connect(port, "127.0.0.1");
  await once(socket, "connect");
  const seen = { received: "", error: undefined as string | undefined };
  socket.on("data", (chunk: Buffer) => (seen.received += chunk.toString("latin1")));
  socket.on("error", (error: NodeJS.ErrnoException) => (seen.error = error.code));
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.write(
    "POST /api/users/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n" +
      "Transfer-Encoding: chunked\r\n\r\n",
  );
  /** Writes chunks until `stop` says so or the connection closes, reading what arrives in between. */
  const send = async (stop: () => boolean) => {
    while (!stop() && !socket.destroyed)
      if (!socket.write(FRAMED))
        await new Promise((resolve) => {
          socket.once("drain", resolve);
          socket.once("close", resolve);
        });
      else await new Promise((resolve) => setImmediate(resolve));
  };
  return { socket, seen, closed, send };
}

it("answers a body too large while it streams, lets the rest flow past, and keeps the connection", async () => {
  const { socket, seen, closed, send } = await streamTooLargeBody();
  await send(() => seen.received.length > 0);
  // The client goes on sending after the answer, as one does until it has read it: a connection closed with
  // bytes still arriving would be reset, and the answer could be lost.
  let more = 0;
  await send(() => ++more > 16);
  socket.write("0\r\n\r\n");
  socket.write("GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
  await closed;
  expect(seen.error).toBeUndefined();
  const answers = seen.received.match(/HTTP\/1\.1 \d{3}/g);
  expect(answers).toEqual(["HTTP/1.1 413", "HTTP/1.1 200"]);
  expect(seen.received).toContain('"message":"The request body is too large"');
});

it("cuts off a client that never stops sending a refused body at the request timeout", async () => {
  const { seen, closed, send } = await streamTooLargeBody();
  const startedAt = performance.now();
  await send(() => false);
  await closed;
  expect(seen.received).toMatch(/^HTTP\/1\.1 413/);
  const cutAfterMs = performance.now() - startedAt;
  expect(cutAfterMs).toBeGreaterThanOrEqual(TIMEOUTS.requestMs - 50);
  expect(cutAfterMs).toBeLessThan(TIMEOUTS.requestMs + 3_000);
});
