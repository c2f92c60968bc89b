// npm run test:e2e: the browser suites in three Playwright processes side by side, each against a store of its
// own (its own port and data folder, so their tests never meet): the build checks and the phone project split
// in two halves (Playwright's --shard), on E2E_PORT and E2E_PORT + 10, and the desktop project on E2E_PORT + 5.
// The build checks start stores of their own on their run's port + 1 to + 3. One Playwright worker drives one
// store (the suites share its demo catalog). A browser test mostly waits (on the store, the browser, timers):
// with two runs CI's cores were busy less than half of the time, so a third run shortens the suite.
// Arguments are passed to every run (a spec file, -g).
//
// The runs' stores start from copies of one data folder: a store started on an empty one loads the demo catalog,
// whose pictures it draws and encodes (about a minute of CPU), so one store does that first and stops, rather
// than each of the three at once.
import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const port = Number(process.env.E2E_PORT ?? 4173);
const dataDir = process.env.E2E_DATA_DIR;
const extra = process.argv.slice(2);
const children = new Set();
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });

/** Starts the built store on an empty data folder, waits until it has loaded the demo catalog, and stops it. */
async function seed(folder) {
  const store = spawn("node", ["build/app-server.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: folder,
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.add(store);
  const exited = new Promise((resolve) => store.once("exit", resolve));
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (store.exitCode !== null)
      throw new Error(`the store stopped while loading the demo catalog (${store.exitCode})`);
    if (Date.now() > deadline) throw new Error("the store did not load the demo catalog in 300 s");
    const health = await fetch(`http://localhost:${port}/api/health`).catch(() => null);
    if (health?.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  store.kill("SIGTERM");
  await exited;
  children.delete(store);
}

function playwright(name, projects, env, shard) {
  return new Promise((resolve) => {
    const child = spawn(
      "npx",
      [
        "playwright",
        "test",
        ...projects.flatMap((project) => ["--project", project]),
        ...(shard ? ["--shard", shard] : []),
        // Each run clears its output folder when it starts: one each.
        "--output",
        `test-results/${name}`,
        ...extra,
      ],
      { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] },
    );
    children.add(child);
    // Each line says which run it is from: the two runs' lines interleave.
    for (const stream of [child.stdout, child.stderr]) {
      let rest = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk) => {
        const lines = (rest + chunk).split("\n");
        rest = lines.pop() ?? "";
        for (const line of lines) process.stdout.write(`[${name}] ${line}\n`);
      });
      stream.on("end", () => {
        if (rest) process.stdout.write(`[${name}] ${rest}\n`);
      });
    }
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const runs = [
  { name: "phone-1", projects: ["build", "phone"], shard: "1/2", port },
  { name: "phone-2", projects: ["build", "phone"], shard: "2/2", port: port + 10 },
  { name: "desktop", projects: ["desktop"], port: port + 5 },
];
const folder = dataDir ? null : mkdtempSync(path.join(os.tmpdir(), "store-e2e-"));
const dataOf = (name) => (dataDir ? `${dataDir}-${name}` : path.join(folder, name));
const started = Date.now();
await seed(dataOf("seeded"));
console.log(
  `The demo catalog is loaded (${((Date.now() - started) / 1000).toFixed(0)} s); each run's store starts from a copy.`,
);
const codes = await Promise.all(
  runs.map(({ name, projects, shard, port: runPort }) => {
    cpSync(dataOf("seeded"), dataOf(name), { recursive: true });
    return playwright(name, projects, { E2E_PORT: String(runPort), E2E_DATA_DIR: dataOf(name) }, shard);
  }),
);
if (folder) rmSync(folder, { recursive: true, force: true });
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
