import { once } from "node:events";
import net, { type AddressInfo } from "node:net";
import { Writable } from "node:stream";
import type { FastifyBaseLogger } from "fastify";
import { expect, it, vi } from "vitest";
import { freshIp, post } from "../test-support/accounts";
import { createTestApp } from "../test-support/test-app";
import { errorAnswer } from "./error-handler";
import {
  Conflict,
  DomainError,
  HttpError,
  NotAllowed,
  NotFound,
  OutOfStock,
  ProviderFailed,
  Unavailable,
} from "./errors";

it("logs the API's answers to client mistakes at info level, as JSON lines without stacks", async () => {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().trim().split("\n"));
      done();
    },
  });
  const { app, close } = await createTestApp(
    { logLevel: "info", publicUrl: "https://shop.example" },
    { logStream },
  );
  try {
    const answers = [
      await post(
        app,
        "/api/users/login",
        { email: "a@b.in", password: "x" },
        { origin: "https://evil.example" },
      ),
      await post(app, "/api/users/login", { email: "a@b.in" }),
      await post(app, "/api/contact/get-contact", { message: "a\u0000b" }),
      await app.inject({ method: "GET", url: "/api/%zz", remoteAddress: freshIp() }),
      await app.inject({ method: "PUT", url: "/api/users/login", remoteAddress: freshIp() }),
      await app.inject({ method: "GET", url: "/api/users/get-me", remoteAddress: freshIp() }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([403, 400, 400, 400, 405, 401]);
    const entries = lines.map((line) => JSON.parse(line) as { level: number });
    expect(entries.length).toBeGreaterThan(answers.length);
    expect(entries.filter((entry) => entry.level >= 40)).toEqual([]);
    expect(lines.join("\n")).not.toMatch(/\s+at /);
  } finally {
    await close();
  }
});

it("answers an API path with a method it does not take 405 and Allow, and an unknown path 404", async () => {
  const { app, close } = await createTestApp();
  try {
    const wrongMethod = await app.inject({
      method: "PUT",
      url: "/api/users/login",
      remoteAddress: freshIp(),
    });
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.headers.allow).toBe("POST");
    expect(wrongMethod.json()).toEqual({
      code: 405,
      message: "/api/users/login does not take PUT requests.",
    });
    const deleteProduct = await app.inject({ method: "PATCH", url: "/api/products/delete-product?id=1" });
    // The staff delete has no HEAD (a HEAD never changes anything).
    expect(deleteProduct.headers.allow).toBe("GET, DELETE");
    const list = await app.inject({ method: "POST", url: "/api/products/get-products" });
    expect(list.headers.allow).toBe("GET, HEAD");
    const unknown = await app.inject({ method: "GET", url: "/api/no/such-call" });
    expect(unknown.statusCode).toBe(404);
  } finally {
    await close();
  }
});

it("answers a request Node cannot parse with 400 in the envelope, with the security headers", async () => {
  const { app, close } = await createTestApp();
  await app.listen({ port: 0, host: "127.0.0.1" });
  try {
    for (const malformed of [
      "POST /api/users/login HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}",
      "GET /api/health HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n",
      "GET / HTTP/1.1\r\nHost: x\r\nBad Header: x\r\n\r\n",
    ]) {
      const socket = net.connect((app.server.address() as AddressInfo).port, "127.0.0.1");
      let received = "";
      socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
      socket.write(malformed);
      await once(socket, "close");
      expect(received, malformed).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(received, malformed).toContain("X-Content-Type-Options: nosniff");
      expect(received.split("\r\n\r\n")[1], malformed).toBe('{"code":400,"message":"Malformed request"}');
    }
  } finally {
    await close();
  }
});

it("maps each domain error a service throws to its HTTP status in one place, with its message and fields", () => {
  const log = { error: vi.fn(), warn: vi.fn() } as unknown as FastifyBaseLogger;
  const line = { productId: 1, size: "M", inStock: 0 };
  const cases: [DomainError, number][] = [
    [new NotFound("Order not found."), 404],
    [new NotAllowed("An order that is Delivered cannot be marked Cancelled."), 409],
    [new Conflict("Prices changed.", { totalAmount: "The total is now ₹100.00." }), 409],
    [new OutOfStock("Mint Half Saree in size M is sold out.", line), 409],
    [new Unavailable("Payments are not available just now."), 503],
    [new ProviderFailed("Payments are not available just now."), 502],
  ];
  for (const [error, status] of cases)
    expect(errorAnswer(error, log), error.constructor.name).toEqual({
      status,
      envelope: { code: status, message: error.message, ...(error.errors ? { errors: error.errors } : {}) },
    });
  // Errors about the request keep their own status.
  expect(errorAnswer(new HttpError(422, "Same key, another request."), log).status).toBe(422);
  expect(log.error).not.toHaveBeenCalled();

  // A kind with no status is a mistake of ours: a 500 that says nothing more, logged.
  class Unmapped extends DomainError {}
  expect(errorAnswer(new Unmapped("internal detail"), log)).toEqual({
    status: 500,
    envelope: { code: 500, message: "Something went wrong. Please try again." },
  });
  expect(log.error).toHaveBeenCalledOnce();
});
