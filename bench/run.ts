// `npm run bench [-- --quick] [-- --build DIR] [-- --only pages|api|orders|staff] [-- --keep] [-- --node PATH]`:
// see bench/README.md.
import { execFileSync } from "node:child_process";
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { measureAtRate, measureSaturation, type Endpoint } from "./api-load";
import {
  CHROMIUM,
  describeLayoutShifts,
  describeLongTasks,
  measurePages,
  startControlPage,
  type PageRun,
  type PageToAudit,
} from "./page-speed";
import { pagesToAudit, seedAuditedAccounts } from "./audited-pages";
import { toMarkdown, type BenchResults, type EndpointResult } from "./report";
import { round } from "./round";
import { measurePlaceOrder } from "./place-order";
import { measureStaffCalls } from "./staff-calls";
import {
  copyBuild,
  createCatalog,
  startCeiling,
  startStore,
  inOneProcess,
  storeDeployment,
  type Catalog,
} from "./store-server";
import { DEMO_PRODUCTS } from "../server/db/demo-catalog-data";
import { ACROSS_EXPIRIES, KEPT_PAGES, NEW_PAGES } from "./calls";
import { CATALOG_GETS, checkTargets, TARGETS } from "./targets";

const REPO = path.resolve(import.meta.dirname, "..");
const LIST = "/api/products/get-products?page=1&limit=8";

/** What each mode runs. Quick mode keeps every section and the targets check, with less of each. */
const PAGES = [...KEPT_PAGES, ...NEW_PAGES] as const;
const ALL = [...CATALOG_GETS, ...PAGES] as const;
const MODES = {
  full: {
    lighthouseRuns: 3,
    rateSeconds: 10,
    saturationSeconds: 10,
    warmupSeconds: 2,
    /** Endpoints measured at the fixed rate, and for throughput, per catalog size. */
    atRate: { 1_000: CATALOG_GETS, 10_000: [...ALL, ACROSS_EXPIRIES] },
    saturation: { 1_000: ["list", "list filtered", "list searched"], 10_000: ALL },
    /** The bare Fastify server at the fixed rate too: the lowest latency this machine can show. */
    measurementFloor: true,
  },
  quick: {
    lighthouseRuns: 1,
    rateSeconds: 5,
    saturationSeconds: 5,
    warmupSeconds: 1,
    // The calls whose cost can grow with the catalog, the throughput target's list, and the product.
    atRate: {
      1_000: ["list, any page", "list, any word searched"],
      10_000: ["list", "list, any page", "list, any word searched", "product detail", ...PAGES],
    },
    saturation: { 1_000: [], 10_000: ["list", "product page, kept", "product page, new"] },
    measurementFloor: false,
  },
} as const;
const SATURATION_CONNECTIONS = 10;

/**
 * The words shoppers search for in the "any word" runs: every word of the demo catalog's product names, of
 * which the generated names are made.
 */
const SEARCH_WORDS = [
  ...new Set(DEMO_PRODUCTS.flatMap((product) => product.name.toLowerCase().split(/\W+/).filter(Boolean))),
];

/**
 * The calls under load. The same URL again and again shows a popular page (served from the store's cache
 * after the first request); ids, pages and search words drawn at random for every request show the cost of
 * answers that are mostly not cached yet.
 */
function endpointsFor(catalog: Catalog): (Endpoint & { display: string })[] {
  const random = (from: number, to: number) => from + Math.floor(Math.random() * (to - from + 1));
  const randomId = () => random(catalog.firstId, catalog.lastId);
  const pages = Math.ceil((catalog.lastId - catalog.firstId + 1) / 8);
  return [
    { name: "list", display: LIST, path: () => LIST },
    {
      name: "list, any page",
      display: "/api/products/get-products?page={random}&limit=8",
      path: () => `/api/products/get-products?page=${random(1, pages)}&limit=8`,
    },
    {
      name: "list filtered",
      display: `${LIST}&categoryId=1&minPrice=2000&maxPrice=5000`,
      path: () => `${LIST}&categoryId=1&minPrice=2000&maxPrice=5000`,
    },
    { name: "list searched", display: `${LIST}&search=anarkali`, path: () => `${LIST}&search=anarkali` },
    {
      name: "list, any word searched",
      display: `${LIST}&search={random word of the names}`,
      path: () => `${LIST}&search=${SEARCH_WORDS[random(0, SEARCH_WORDS.length - 1)]}`,
    },
    {
      name: "product detail",
      display: "/api/products/get-product?id={random}",
      path: () => `/api/products/get-product?id=${randomId()}`,
    },
    // Pages: a guest's page the store has kept (the same address while it is fresh), and pages rendered
    // for the request (a product or a query no one has asked for: `v` is a parameter no page reads).
    ...(
      [
        ["home page", "/", () => `/?v=${random(1, 1e9)}`],
        ["list page", "/products", () => `/products?v=${random(1, 1e9)}`],
        [
          "product page",
          `/products/${catalog.firstId}`,
          () => `/products/${randomId()}`,
          "/products/{random}",
        ],
      ] as const
    ).flatMap(([name, kept, fresh, freshDisplay]) => [
      { name: `${name}, kept`, display: `${kept} (kept)`, path: () => kept, rate: TARGETS.keptPageRate },
      {
        name: `${name}, new`,
        display: `${freshDisplay ?? `${kept}?v={random}`} (rendered)`,
        path: fresh,
        rate: TARGETS.newPageRate,
      },
    ]),
    {
      name: ACROSS_EXPIRIES,
      display: `/products/{random of ${EXPIRY_PRODUCTS}} for ${EXPIRY_SECONDS} s (kept 24-30 s each)`,
      path: () => `/products/${random(catalog.firstId, catalog.firstId + EXPIRY_PRODUCTS - 1)}`,
      rate: TARGETS.expiryRunRate,
      seconds: EXPIRY_SECONDS,
      // Long enough for the run's rate to have asked for nearly every one of the pages before it starts.
      warmupSeconds: 5,
    },
  ];
}

/** The expiry run: its pages, and a length that crosses each page's expiry (24-30 s) twice. */
const EXPIRY_PRODUCTS = 100;
const EXPIRY_SECONDS = 70;

async function main() {
  const started = performance.now();
  const { values } = parseArgs({
    options: {
      quick: { type: "boolean", default: false },
      build: { type: "string", default: path.join(REPO, "build") },
      only: { type: "string" },
      keep: { type: "boolean", default: false },
      node: { type: "string" },
    },
  });
  const mode = values.quick ? MODES.quick : MODES.full;
  const sections = ["pages", "api", "orders", "staff"];
  if (values.only !== undefined && !sections.includes(values.only))
    throw new Error(`--only takes one of ${sections.join(", ")}, not ${values.only}`);
  const runs = (section: string) => values.only === undefined || values.only === section;
  const runPages = runs("pages");
  const runApi = runs("api");
  const runOrders = runs("orders");
  const runStaff = runs("staff");
  const adminUrl = process.env.DATABASE_URL || undefined;
  const log = (line: string) => process.stdout.write(`${clock(started)} ${line}\n`);

  const cleanups: (() => Promise<void> | void)[] = [];
  const cleanUp = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await Promise.resolve(cleanup()).catch(() => {});
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.once(signal, () => void cleanUp().then(() => process.exit(130)));
  // Should a promise never settle (a child process killed from outside), fail instead of ending silently.
  let finished = false;
  process.once("beforeExit", () => {
    if (finished) return;
    console.error("The run stalled: a child process (the store, Chromium) probably died.");
    void cleanUp().then(() => process.exit(1));
  });

  const deployment = await storeDeployment(
    adminUrl,
    // The Node.js a deployment runs (README): 24 LTS, unpacked from the registry when it is not on PATH.
    values.node ??
      execFileSync(path.join(REPO, "scripts/node-24.sh"), {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "inherit"],
      }).trim(),
  );
  const results: Omit<BenchResults, "checks"> = {
    date: new Date().toISOString(),
    commit: command("git", ["rev-parse", "--short", "HEAD"]),
    quick: values.quick,
    durationSeconds: 0,
    build: {
      dir: path.relative(REPO, path.resolve(values.build)) || ".",
      builtAt:
        statSync(path.resolve(values.build, "app-server.js"), {
          throwIfNoEntry: false,
        })?.mtime.toISOString() ?? "unknown",
    },
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model.trim() ?? "unknown CPU",
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      os: `${os.type()} ${os.release()}`,
      node: process.version,
      chromium: command(CHROMIUM, ["--version"]),
      busyBeforeStart: await cpuBusy(2000),
    },
    database: adminUrl ? "postgres" : "pglite",
    storeProcesses: deployment.processes,
    storeNode: deployment.nodeVersion,
    databaseVersion: adminUrl ? await postgresVersion(adminUrl) : "(in-process WebAssembly)",
    settings: {
      rate: TARGETS.catalogRate,
      rateSeconds: mode.rateSeconds,
      saturationConnections: SATURATION_CONNECTIONS,
      saturationSeconds: mode.saturationSeconds,
      warmupSeconds: mode.warmupSeconds,
      lighthouseRuns: mode.lighthouseRuns,
    },
    catalogs: [],
  };
  log(
    `Benchmarks (${values.quick ? "quick" : "full"}) of ${values.build} on ${results.database}, the store in ${deployment.processes} process(es)`,
  );

  try {
    const app = copyBuild(path.resolve(values.build));
    cleanups.push(app.remove);

    // The bare Fastify server runs for the whole API section: its throughput is measured at the start and
    // again just before each of the store's, so that each share compares two measurements made on the machine
    // as it was at that moment (on a shared machine, the ceiling itself moves by a quarter within minutes).
    // It runs in as many processes as the store: the store's one-process rows are compared with a ceiling of
    // one process, started with them.
    const constant = { name: "ceiling", path: () => "/ceiling" };
    const ceiling = runApi ? await startCeiling(deployment) : undefined;
    if (ceiling) cleanups.push(ceiling.stop);
    const saturation = {
      connections: SATURATION_CONNECTIONS,
      seconds: mode.saturationSeconds,
      warmupSeconds: mode.warmupSeconds,
    };
    const measureCeiling = ({ url }: { url: string }) => measureSaturation(url, constant, saturation);
    /** An endpoint's throughput, with the ceiling's (`against`, as many processes as the store) just before it. */
    const throughput = async (storeUrl: string, endpoint: Endpoint, against = ceiling!) => {
      log(
        `  ${endpoint.name}: throughput with ${SATURATION_CONNECTIONS} connections for ${mode.saturationSeconds} s, after the ceiling's…`,
      );
      const ceilingNow = (await measureCeiling(against)).requestsPerSecond;
      const s = await measureSaturation(storeUrl, endpoint, saturation);
      const shareOfCeiling = s.requestsPerSecond / ceilingNow;
      log(
        `    ${Math.round(s.requestsPerSecond)}/s (${round(shareOfCeiling * 100)} % of the ceiling's ${Math.round(ceilingNow)}/s)`,
      );
      return { ...s, ceiling: ceilingNow, shareOfCeiling };
    };
    if (ceiling) {
      log("Ceiling: bare Fastify…");
      results.ceiling = await measureCeiling(ceiling);
      log(`  ${Math.round(results.ceiling.requestsPerSecond)} requests/s`);
      if (mode.measurementFloor) {
        const rate = TARGETS.catalogRate;
        const seconds = mode.rateSeconds;
        const { warmupSeconds } = mode;
        results.ceilingAtRate = await measureAtRate(ceiling.url, constant, { rate, seconds, warmupSeconds });
        log(`  at ${rate} requests/s: p99 ${round(results.ceilingAtRate.p99)} ms (the measurement floor)`);
      }
    }

    const sizes = runApi ? ([1_000, 10_000] as const) : runPages ? ([10_000] as const) : ([] as const);
    for (const size of sizes) {
      log(`Catalog of ${size.toLocaleString("en")} products: generating…`);
      const catalog = await createCatalog(size, adminUrl);
      if (values.keep)
        log(
          `  kept: DATA_DIR=${catalog.dataDir}${catalog.databaseUrl ? ` DATABASE_URL=${catalog.databaseUrl}` : ""}`,
        );
      else cleanups.push(catalog.remove);
      const auditPages = runPages && size === TARGETS.catalogProducts;
      const auditedOrder = auditPages ? await seedAuditedAccounts(catalog) : undefined;
      log(`  generated in ${Math.round(catalog.generateSeconds)} s; starting the store…`);
      const store = await startStore(app.appDir, catalog, deployment);
      cleanups.push(store.stop);
      const endpoints = endpointsFor(catalog);
      if (auditedOrder !== undefined) {
        const pages = await pagesToAudit(store.url, catalog, auditedOrder);
        log(
          `Page speed: Lighthouse × ${mode.lighthouseRuns} on ${pages.map((page) => page.path).join(", ")}…`,
        );
        const logRun = (baseUrl: string) => (page: PageToAudit, run: PageRun) =>
          log(
            `  ${page.name}: score ${run.score}, FCP ${Math.round(run.fcpMs)} ms, LCP ${Math.round(run.lcpMs)} ms, TBT ${Math.round(run.tbtMs)} ms, CLS ${round(run.cls)}${describeLayoutShifts(run.layoutShifts)}, scripts ${Math.round(run.bytes.script / 1024)} KiB; long tasks: ${describeLongTasks(run.longTasks, baseUrl)}`,
          );
        const storePages = await measurePages(store.url, pages, mode.lighthouseRuns, logRun(store.url));
        const control = await startControlPage(store.url);
        cleanups.push(control.close);
        log(
          `Control page (a ${Math.round(control.photoBytes / 1024)} KiB photograph; Cross-Origin-Opener-Policy: ${control.opener}), Lighthouse × ${mode.lighthouseRuns}…`,
        );
        const [controlResult] = await measurePages(
          control.url,
          [{ name: "control page", path: "/", kind: "control" }],
          mode.lighthouseRuns,
          logRun(control.url),
        );
        results.pages = {
          catalogProducts: size,
          results: storePages,
          control: controlResult!,
          controlPhotoBytes: control.photoBytes,
        };
      }

      const rows: EndpointResult[] = [];
      if (runApi)
        for (const endpoint of endpoints) {
          const row: EndpointResult = { name: endpoint.name, path: endpoint.display };
          if ((mode.atRate[size] as readonly string[]).includes(endpoint.name)) {
            const rate = endpoint.rate ?? TARGETS.catalogRate;
            const seconds = endpoint.seconds ?? mode.rateSeconds;
            log(`  ${endpoint.name}: ${rate} requests/s for ${seconds} s…`);
            row.atRate = await measureAtRate(store.url, endpoint, {
              rate,
              seconds,
              warmupSeconds: endpoint.warmupSeconds ?? mode.warmupSeconds,
            });
            const r = row.atRate;
            log(
              `    ${Math.round(r.requestsPerSecond)}/s, p50 ${round(r.p50)} ms, p99 ${round(r.p99)} ms, ${r.errors} errors`,
            );
            if (r.overloaded || r.errors > 0) {
              // The store still holds up to one request per connection: start afresh for the next run.
              log("    overloaded: restarting the store to drop its backlog");
              await store.restart();
            }
          }
          if ((mode.saturation[size] as readonly string[]).includes(endpoint.name))
            row.saturation = await throughput(store.url, endpoint);
          if (row.atRate || row.saturation) rows.push(row);
        }
      await store.stop();

      // Pages rendered for the request are bounded by the CPU: with a process per core, their throughput is
      // measured on one process too, for comparison (rows "…, one process", not held to the targets).
      const oneProcessRows = endpoints.filter(
        (endpoint) =>
          (NEW_PAGES as readonly string[]).includes(endpoint.name) &&
          (mode.saturation[size] as readonly string[]).includes(endpoint.name),
      );
      if (runApi && deployment.processes > 1 && oneProcessRows.length > 0) {
        log("  the store in one process, for comparison:");
        const oneProcess = inOneProcess(deployment);
        const single = await startStore(app.appDir, catalog, oneProcess);
        cleanups.push(single.stop);
        const singleCeiling = await startCeiling(oneProcess);
        cleanups.push(singleCeiling.stop);
        for (const endpoint of oneProcessRows) {
          const name = `${endpoint.name}, one process`;
          rows.push({
            name,
            path: endpoint.display,
            saturation: await throughput(single.url, { ...endpoint, name }, singleCeiling),
          });
        }
        await single.stop();
        await singleCeiling.stop();
      }
      if (runApi)
        results.catalogs.push({ products: size, generateSeconds: catalog.generateSeconds, endpoints: rows });
    }

    if (runOrders)
      results.placeOrder = await measurePlaceOrder({
        appDir: app.appDir,
        deployment,
        adminUrl,
        rate: TARGETS.placeOrderRate,
        rateSeconds: mode.rateSeconds,
        saturationSeconds: mode.saturationSeconds,
        warmupSeconds: mode.warmupSeconds,
        connections: SATURATION_CONNECTIONS,
        keep: values.keep,
        cleanups,
        log,
      });

    if (runStaff && adminUrl)
      results.staffCalls = await measureStaffCalls({
        appDir: app.appDir,
        deployment,
        adminUrl,
        plansFile: path.join(REPO, "bench/results/staff-plans.txt"),
        quick: values.quick,
        keep: values.keep,
        cleanups,
        log,
      });
    else if (runStaff) log("Staff calls: skipped (PostgreSQL only: set DATABASE_URL)");
  } finally {
    await cleanUp();
  }

  finished = true;
  results.durationSeconds = (performance.now() - started) / 1000;
  const final: BenchResults = { ...results, checks: checkTargets(results) };
  const dir = path.join(REPO, "bench/results");
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "latest.json"), `${JSON.stringify(final, null, 2)}\n`);
  writeFileSync(path.join(dir, "latest.md"), toMarkdown(final));

  log(`\nTargets (bench/results/latest.md; the run took ${Math.round(final.durationSeconds)} s):`);
  for (const check of final.checks)
    log(`  ${check.status.toUpperCase().padEnd(7)} ${check.target}: ${check.measured}`);
  const failed = final.checks.filter((check) => check.status === "fail");
  if (failed.length > 0) {
    log(`\n${failed.length} target(s) fall short: ${failed.map((check) => check.target).join("; ")}`);
    process.exitCode = 1;
  }
}

function command(file: string, args: string[]): string {
  try {
    return execFileSync(file, args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "unknown";
  }
}

/** The share of all CPUs busy over the next `ms` milliseconds, 0-1. */
async function cpuBusy(ms: number): Promise<number> {
  const total = () =>
    os.cpus().reduce(
      (sum, cpu) => {
        const all = Object.values(cpu.times).reduce((a, b) => a + b, 0);
        return { all: sum.all + all, idle: sum.idle + cpu.times.idle };
      },
      { all: 0, idle: 0 },
    );
  const before = total();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = total();
  return 1 - (after.idle - before.idle) / Math.max(1, after.all - before.all);
}

async function postgresVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version: string }>("show server_version");
    return rows[0]?.server_version ?? "";
  } finally {
    await client.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/** Time since the run started, as m:ss, in front of each line of progress. */
function clock(started: number): string {
  const seconds = Math.floor((performance.now() - started) / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
