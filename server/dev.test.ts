import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), "store-dev-"));
let store: ChildProcess;
let origin: string;
let output = "";

/** `npm run dev` without the watcher: the same entry, server/dev.ts, run by tsx. */
beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  store = spawn(process.execPath, ["--import", "tsx", "server/dev.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "development",
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  store.stdout!.on("data", (chunk) => (output += chunk));
  store.stderr!.on("data", (chunk) => (output += chunk));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (store.exitCode !== null) throw new Error(`npm run dev stopped:\n${output}`);
    if (Date.now() > deadline) throw new Error(`npm run dev did not answer in 60 s:\n${output}`);
    const health = await fetch(`${origin}/api/health`).catch(() => null);
    if (health?.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}, 90_000);

afterAll(async () => {
  if (store.exitCode === null) {
    store.kill("SIGTERM");
    await once(store, "exit");
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe("npm run dev", () => {
  it("renders pages from the sources, with Vite's hot reload client", async () => {
    for (const page of ["/", "/products"]) {
      const response = await fetch(`${origin}${page}`);
      expect(response.status, page).toBe(200);
      expect(await response.text(), page).toContain("virtual:react-router/inject-hmr-runtime");
    }
    const client = await fetch(`${origin}/@vite/client`);
    expect(client.status).toBe(200);
    expect(client.headers.get("content-type")).toContain("javascript");
  });

  it("stops cleanly on SIGTERM", async () => {
    store.kill("SIGTERM");
    const [code] = await once(store, "exit");
    expect(code, output).toBe(0);
  });
});
