import type { RateResult, SaturationResult } from "./api-load";
import { LIST_CALLS } from "./calls";
import type { PageResult } from "./page-speed";
import type { PlaceOrderResults } from "./place-order";
import type { StaffCallsResults } from "./staff-calls";
import { round } from "./round";

export type Check = { target: string; measured: string; status: "pass" | "fail" | "skipped"; note?: string };

export type EndpointResult = {
  name: string;
  path: string;
  atRate?: RateResult;
  /**
   * `ceiling` is the bare Fastify server's throughput measured just before this one, on the machine as it was
   * then; `shareOfCeiling` is this throughput as a share of it.
   */
  saturation?: SaturationResult & { ceiling: number; shareOfCeiling: number };
};

export type BenchResults = {
  date: string;
  commit: string;
  quick: boolean;
  durationSeconds: number;
  /** The build measured, and when it was made (it may be older than the commit). */
  build: { dir: string; builtAt: string };
  machine: {
    cpus: number;
    cpuModel: string;
    memoryGiB: number;
    os: string;
    node: string;
    chromium: string;
    /** Share of the CPUs other processes kept busy in the 2 s before the run started, 0-1. */
    busyBeforeStart: number;
  };
  database: "postgres" | "pglite";
  databaseVersion: string;
  /** The store's processes: one per core (STORE_PROCESSES=auto, with Redis) on PostgreSQL, one on PGlite. */
  storeProcesses: number;
  /** The Node.js version the store (and the ceiling) ran on: 24 LTS, as deployed, unless --node said otherwise. */
  storeNode: string;
  settings: {
    rate: number;
    rateSeconds: number;
    saturationConnections: number;
    saturationSeconds: number;
    warmupSeconds: number;
    lighthouseRuns: number;
  };
  pages?: {
    catalogProducts: number;
    results: PageResult[];
    /**
     * Issue 41's control: an inline stylesheet, one photograph of about 60 KB, no script, sent with the store's
     * Cross-Origin-Opener-Policy (docs/decisions/017). The pages' LCP is read against its.
     */
    control: PageResult;
    /** The control's photograph, in bytes. */
    controlPhotoBytes?: number;
  };
  /** The bare Fastify server's throughput at the start of the run (each throughput row has its own too). */
  ceiling?: SaturationResult;
  /** The bare Fastify server at the fixed rate: the floor of the latencies this machine can measure. */
  ceilingAtRate?: RateResult;
  catalogs: { products: number; generateSeconds: number; endpoints: EndpointResult[] }[];
  /** Place Order at a fixed rate and at its most (bench/place-order.ts). */
  placeOrder?: PlaceOrderResults;
  /** The dashboard and Received Orders on a large shop (bench/staff-calls.ts). */
  staffCalls?: StaffCallsResults;
  checks: Check[];
};

/** "product `/products/1`", "My Orders `/orders` (signed in)", "control page". */
export function pageLabel(page: PageResult): string {
  if (page.kind === "control") return page.name;
  return `${page.name} \`${page.path}\`${page.signedIn ? " (signed in)" : ""}`;
}

const STATUS = { pass: "✅ pass", fail: "❌ fail", skipped: "➖ not checked" };

/** bench/results/latest.md: the same numbers as latest.json, as tables. */
export function toMarkdown(r: BenchResults): string {
  const lines: string[] = [
    `# Benchmark results${r.quick ? " (quick run)" : ""}`,
    "",
    `- Date: ${r.date}, commit \`${r.commit}\`, the whole run took ${Math.round(r.durationSeconds)} s.`,
    `- Build: \`${r.build.dir}\`, made ${r.build.builtAt}.`,
    `- Machine: ${r.machine.cpus} × ${r.machine.cpuModel}, ${r.machine.memoryGiB} GiB, ${r.machine.os}; ${r.machine.chromium}.`,
    `- Node.js: the store and the ceiling on ${r.storeNode}, as deployed (README); the bench itself (its load generator) on ${r.machine.node}.`,
    `- The load generator (autocannon, in the bench process), the store and the database share these ${r.machine.cpus} cores; other processes kept them ${Math.round(r.machine.busyBeforeStart * 100)} % busy just before the run${r.machine.busyBeforeStart > 0.1 ? " (so these numbers are pessimistic)" : ""}.`,
    `- Database: **${r.database === "postgres" ? "PostgreSQL" : "PGlite"}** ${r.databaseVersion}.`,
    r.storeProcesses > 1
      ? `- The store: ${r.storeProcesses} processes, one per core (\`STORE_PROCESSES=auto\`, with Redis), as it should be deployed on this machine; the rows "…, one process" are the same pages on one process, for comparison.`
      : "- The store: one process (PGlite is one process's database).",
    `- Load: ${r.settings.rate} requests/s for ${r.settings.rateSeconds} s per endpoint (evenly spaced), throughput with ${r.settings.saturationConnections} connections for ${r.settings.saturationSeconds} s, after ${r.settings.warmupSeconds} s of warm-up each; Lighthouse median of ${r.settings.lighthouseRuns} run(s) per page.`,
    "",
    "## Targets",
    "",
    "| target | measured | result |",
    "| --- | --- | --- |",
    ...r.checks.map(
      (c) => `| ${c.target} | ${c.measured}${c.note ? ` (${c.note})` : ""} | ${STATUS[c.status]} |`,
    ),
  ];

  if (r.pages) {
    lines.push(
      "",
      `## Page speed (Lighthouse mobile, catalog of ${r.pages.catalogProducts.toLocaleString("en")} products)`,
      "",
      "Transferred bytes (compressed), in KiB.",
      "",
      "| page | score | FCP ms | LCP ms | LCP − control ms | TBT ms | CLS | JS | CSS | images | HTML | fonts | total |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
      ...[...r.pages.results, r.pages.control]
        .map((p) =>
          [
            pageLabel(p),
            p.score,
            Math.round(p.fcpMs),
            Math.round(p.lcpMs),
            p.kind === "control" ? "" : Math.round(p.lcpMs - r.pages!.control.lcpMs),
            Math.round(p.tbtMs),
            round(p.cls),
            ...[
              p.bytes.script,
              p.bytes.stylesheet,
              p.bytes.image,
              p.bytes.document,
              p.bytes.font,
              p.bytes.total,
            ].map(kib),
          ].join(" | "),
        )
        .map((row) => `| ${row} |`),
      "",
      `JS is every script the page loaded during the audit, its first load and what it fetched after hydration. Pages marked "signed in" were opened with a session cookie (the shopper's or the staff's); the bag and checkout with an empty bag (Lighthouse clears the browser's storage, where the bag lives). The control page is issue 41's: an inline stylesheet, a heading, a line of text and one ${r.pages.controlPhotoBytes ? `${kib(r.pages.controlPhotoBytes)} KiB ` : ""}photograph, no script, sent with the store's Cross-Origin-Opener-Policy; each page's LCP is read against its LCP in the same run. Its TBT is what the navigation alone adds in this run: Chromium commits such a page in a new renderer process, and Lighthouse's simulation counts part of that commit after FCP (docs/decisions/017). Each run's long tasks are in latest.json.`,
    );
  }

  if (r.ceiling)
    lines.push(
      "",
      "## API under load",
      "",
      `Ceiling: bare Fastify answering a constant JSON, in as many processes as the store (${r.storeProcesses}), ${Math.round(r.ceiling.requestsPerSecond)} requests/s with ${r.ceiling.connections} connections at the start of the run (p50 ${r.ceiling.p50} ms, p99 ${r.ceiling.p99} ms). It is measured again just before each of the store's throughputs, and each share is of that measurement (its column); the rows "…, one process" are compared with a ceiling of one process.`,
      ...(r.ceilingAtRate
        ? [
            `At ${r.settings.rate} requests/s it answers with p50 ${round(r.ceilingAtRate.p50)} ms, p90 ${round(r.ceilingAtRate.p90)} ms, p99 ${round(r.ceilingAtRate.p99)} ms: the floor of what this machine and load generator measure.`,
          ]
        : []),
    );
  for (const catalog of r.catalogs) {
    lines.push(
      "",
      `### ${catalog.products.toLocaleString("en")} products (generated in ${Math.round(catalog.generateSeconds)} s)`,
      "",
      `| endpoint | at ${r.settings.rate}/s: achieved req/s | p50 ms | p90 ms | p99 ms | max ms | errors | max req/s | ceiling req/s just before | share of ceiling | p99 ms at max |`,
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
      ...catalog.endpoints
        .map(({ name, path, atRate: a, saturation: s }) =>
          [
            `${name} \`${path}\``,
            a ? Math.round(a.requestsPerSecond) : "–",
            a ? ms(a, a.p50) : "–",
            a ? ms(a, a.p90) : "–",
            a ? `${ms(a, a.p99)}${a.overloaded ? " ⚠" : ""}` : "–",
            a ? ms(a, a.max) : "–",
            a || s ? (a?.errors ?? 0) + (s?.errors ?? 0) : "–",
            s ? Math.round(s.requestsPerSecond) : "–",
            s ? Math.round(s.ceiling) : "–",
            s ? `${round(s.shareOfCeiling * 100)} %` : "–",
            s ? s.p99 : "–",
          ].join(" | "),
        )
        .map((row) => `| ${row} |`),
    );
  }

  // How each call's cost grows with the catalog: p99 at the fixed rate, and throughput, per size.
  if (r.catalogs.length > 1) {
    const sizes = r.catalogs.map((c) => `${c.products.toLocaleString("en")} products`);
    lines.push(
      "",
      "## Cost growth by catalog size",
      "",
      `| endpoint | ${sizes.map((size) => `p99 ms at ${r.settings.rate}/s, ${size}`).join(" | ")} | ${sizes.map((size) => `max req/s, ${size}`).join(" | ")} |`,
      `| --- | ${[...sizes, ...sizes].map(() => "---:").join(" | ")} |`,
    );
    for (const name of LIST_CALLS) {
      const rows = r.catalogs.map((c) => c.endpoints.find((e) => e.name === name));
      if (rows.every((row) => !row)) continue;
      const p99s = rows.map((row) =>
        row?.atRate ? `${ms(row.atRate, row.atRate.p99)}${row.atRate.overloaded ? " ⚠" : ""}` : "–",
      );
      const throughputs = rows.map((row) =>
        row?.saturation ? Math.round(row.saturation.requestsPerSecond) : "–",
      );
      lines.push(`| ${name} | ${[...p99s, ...throughputs].join(" | ")} |`);
    }
  }

  if (r.placeOrder) {
    const o = r.placeOrder;
    const a = o.atRate;
    const s = o.saturation;
    lines.push(
      "",
      "## Place Order",
      "",
      `${o.shoppers} signed-in shoppers each order one piece of a random size of a random product (${o.lines.toLocaleString("en")} product sizes of a ${o.catalogProducts.toLocaleString("en")}-product catalog, plenty of stock), with a saved address and an Idempotency-Key of its own. PhonePe is the built-in sandbox of another store process on the same machine (its own database), so PhonePe's own latency is not in these numbers.`,
      "",
      "| load | achieved orders/s | p50 ms | p90 ms | p99 ms | max ms | errors |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
      `| ${o.rate} orders/s for ${o.rateSeconds} s (evenly spaced) | ${Math.round(a.requestsPerSecond)} | ${ms(a, a.p50)} | ${ms(a, a.p90)} | ${ms(a, a.p99)}${a.overloaded ? " ⚠" : ""} | ${ms(a, a.max)} | ${a.errors} |`,
      `| most: ${o.connections} connections for ${o.saturationSeconds} s | ${Math.round(s.requestsPerSecond)} | ${s.p50} | – | ${s.p99} | – | ${s.errors} |`,
      ...(o.cpu
        ? [
            "",
            `During the ${o.rate} orders/s run (with its warm-up) the ${r.machine.cpus} cores were ${Math.round(o.cpu.machineBusy * 100)} % busy; each order cost the store ${round(o.cpu.storeMsPerOrder)} ms of CPU and PhonePe's stand-in ${round(o.cpu.phonePeMsPerOrder)} ms (PostgreSQL not counted). Much more busy than these costs × ${o.rate}/s explain means other processes were taking the cores.`,
          ]
        : []),
    );
  }

  if (r.staffCalls) {
    const staff = r.staffCalls;
    lines.push(
      "",
      "## Staff calls on a large shop",
      "",
      `${staff.products.toLocaleString("en")} products and ${staff.orders.toLocaleString("en")} orders; 1,000 requests per call after 100 of warm-up, from 1 client and from several at once (each waits for its last answer). Query plans: bench/results/staff-plans.txt.`,
      "",
      "| call | clients | p50 ms | p99 ms | requests/s |",
      "| --- | ---: | ---: | ---: | ---: |",
      ...staff.rows.map(
        (row) =>
          `| ${row.call} | ${row.concurrency} | ${round(row.p50)} | ${round(row.p99)} | ${Math.round(row.rps)} |`,
      ),
      ...(staff.gstSummary
        ? [
            "",
            `The owner's GST summary of ${staff.gstSummary.month} (${staff.gstSummary.documents.toLocaleString("en")} invoices and credit notes), ${staff.gstSummary.requests} requests one at a time: p50 ${round(staff.gstSummary.p50)} ms, slowest ${round(staff.gstSummary.max)} ms.`,
          ]
        : []),
    );
  }

  lines.push(
    "",
    "Latencies are measured by the load generator from sending a request to its full answer; 'errors' counts",
    "connection errors, timeouts and non-2xx answers. ⚠: overloaded, under 98 % of the offered requests were",
    "answered during the run, so the latencies only say that the store could not keep up.",
    "See bench/README.md for how each number is made.",
    "",
  );
  return lines.join("\n");
}

const kib = (bytes: number) => round(bytes / 1024);

/** A latency of a run in ms, or "no answer" when none came back within the run. */
const ms = (run: RateResult, value: number) =>
  run.requestsPerSecond > 0 ? String(round(value)) : "no answer";
