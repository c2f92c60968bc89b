// npm run test:e2e: the browser suites in three lanes side by side (E2E_LANES), each a Playwright process against a store of
// its own (its own port and data folder, so their tests never meet). The spec files are dealt out heaviest first to
// the lane with the least work so far, by the seconds each file took in a measured run (SECONDS below, both
// widths together): the lanes finish close together, which Playwright's --shard (an equal count of files or tests)
// does not do. A spec file not in SECONDS counts as a minute: measure it and add it. The build checks start stores
// of their own on their lane's port + 1 to + 3. One Playwright worker drives one store (the suites share its demo
// catalog). A lane waits on its store and browser more than it computes (a third of a core in Chromium's headless
// shell, without traces): three keep CI's two cores busy. Arguments (a spec file, -g) run one lane with them instead.
//
// The lanes' stores start from copies of one data folder: a store started on an empty one loads the demo catalog,
// whose pictures it draws and encodes (about a minute of CPU), so one store does that first and stops, rather
// than each of the three at once.
import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
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

function playwright(name, args, env) {
  return new Promise((resolve) => {
    const child = spawn(
      "npx",
      [
        "playwright",
        "test",
        // Each lane clears its output folder when it starts: one each.
        "--output",
        `test-results/${name}`,
        ...args,
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

/** Seconds each spec file took (+3), the mean of two runs of three lanes on CI's 2-core machine, both widths together. */
const SECONDS = {
  "accessibility.spec.ts": 92,
  "accounts.spec.ts": 40,
  "bounded-bodies.spec.ts": 3,
  "cash-on-delivery.spec.ts": 36,
  "checkout.spec.ts": 76,
  "contact.spec.ts": 6,
  "country-of-origin.spec.ts": 11,
  "courier-shipping.spec.ts": 40,
  "courier.spec.ts": 5,
  "data-rights.spec.ts": 16,
  "delivery.spec.ts": 39,
  "grievances.spec.ts": 26,
  "gst-invoice.spec.ts": 12,
  "js-budget.spec.ts": 3,
  "keyboard.spec.ts": 39,
  "network-failures.spec.ts": 26,
  "no-5xx-fuzz.spec.ts": 36,
  "no-dark-patterns.spec.ts": 20,
  "outsiders.spec.ts": 6,
  "page-speed.spec.ts": 21,
  "pay-again.spec.ts": 30,
  "price-breakdown.spec.ts": 10,
  "returns.spec.ts": 19,
  "reviews.spec.ts": 20,
  "seo.spec.ts": 5,
  "server-render.spec.ts": 45,
  "shopper-trips.spec.ts": 40,
  "size-charts.spec.ts": 32,
  "staff-orders.spec.ts": 58,
  "staff-products.spec.ts": 48,
  "stock-alerts.spec.ts": 14,
  "store-settings.spec.ts": 26,
  "storefront.spec.ts": 37,
  "tailoring-staff.spec.ts": 34,
  "tailoring.spec.ts": 23,
  "whatsapp.spec.ts": 30,
  "without-javascript.spec.ts": 36,
};
const lanes = Array.from({ length: extra.length ? 1 : Number(process.env.E2E_LANES ?? 3) }, (_, index) => ({
  name: `lane-${index + 1}`,
  port: port + 10 * index,
  files: [],
  seconds: 0,
}));
const weight = (file) => SECONDS[file] ?? 60;
const specs = readdirSync("tests/e2e").filter((file) => file.endsWith(".spec.ts"));
for (const file of specs.sort((a, b) => weight(b) - weight(a))) {
  const lightest = lanes.reduce((least, lane) => (lane.seconds < least.seconds ? lane : least));
  lightest.files.push(file);
  lightest.seconds += weight(file);
}
const folder = dataDir ? null : mkdtempSync(path.join(os.tmpdir(), "store-e2e-"));
const dataOf = (name) => (dataDir ? `${dataDir}-${name}` : path.join(folder, name));
const started = Date.now();
await seed(dataOf("seeded"));
console.log(
  `The demo catalog is loaded (${((Date.now() - started) / 1000).toFixed(0)} s); each lane's store starts from a copy.`,
);
const codes = await Promise.all(
  lanes.map(({ name, port: lanePort, files, seconds }) => {
    cpSync(dataOf("seeded"), dataOf(name), { recursive: true });
    const args = extra.length ? extra : files.map((file) => `tests/e2e/${file}`);
    if (!extra.length) console.log(`[${name}] ${files.join(" ")} (about ${seconds} s)`);
    const laneStarted = Date.now();
    return playwright(name, args, { E2E_PORT: String(lanePort), E2E_DATA_DIR: dataOf(name) }).then((code) => {
      console.log(`[${name}] done in ${((Date.now() - laneStarted) / 1000).toFixed(0)} s`);
      return code;
    });
  }),
);
if (folder) rmSync(folder, { recursive: true, force: true });
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
