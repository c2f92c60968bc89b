import { Writable } from "node:stream";
import { expect, it } from "vitest";
import { freshIp, post } from "../test-support/accounts";
import { createTestApp } from "../test-support/test-app";

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
    expect(answers.map((answer) => answer.statusCode)).toEqual([403, 400, 400, 400, 404, 401]);
    const entries = lines.map((line) => JSON.parse(line) as { level: number });
    expect(entries.length).toBeGreaterThan(answers.length);
    expect(entries.filter((entry) => entry.level >= 40)).toEqual([]);
    expect(lines.join("\n")).not.toMatch(/\s+at /);
  } finally {
    await close();
  }
});
