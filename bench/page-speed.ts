import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { launch, type LaunchedChrome } from "chrome-launcher";
import lighthouse from "lighthouse";
import sharp from "sharp";
import { renderDemoImage } from "../server/db/demo-images";
import { round } from "./round";

export const CHROMIUM = "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
];

/**
 * A main-thread task of 50 ms or more in Lighthouse's simulated load (its long-tasks audit): the URL it is
 * attributed to ("Unattributable" when none, as for the navigation's own commit), and its simulated start
 * and duration. TBT counts the part of each beyond 50 ms that falls between FCP and TTI; kept for every
 * run so that a TBT can be read task by task (docs/decisions/017).
 */
export type LongTask = { source: string; startMs: number; durationMs: number };

/**
 * A layout shift of the load (Lighthouse's layout-shifts audit): the element that moved most in it (its CSS
 * selector, or "unknown" when Lighthouse could not name it) and the shift's weighted score. Kept for every run,
 * so that a CLS above 0 says which element jumped.
 */
export type LayoutShift = { element: string; score: number };

export type PageRun = {
  /** Lighthouse performance score, 0-100. */
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Bytes transferred (compressed) by resource type, from the resource-summary audit. */
  bytes: { script: number; stylesheet: number; image: number; document: number; font: number; total: number };
  longTasks: LongTask[];
  layoutShifts: LayoutShift[];
};

/**
 * A page to audit: its address, what a reader calls it, whose page it is (a storefront page has a script
 * budget of its own, a staff page another) and the session cookie it is opened with, if any.
 */
export type PageToAudit = {
  path: string;
  name: string;
  kind: "storefront" | "staff" | "control";
  cookie?: string;
};

/** Each metric's median over the runs; the runs themselves, long tasks included. */
export type PageResult = Omit<PageRun, "longTasks" | "layoutShifts"> &
  Omit<PageToAudit, "cookie"> & { signedIn: boolean; runs: PageRun[] };

/**
 * Lighthouse's default mobile audit (Moto G Power, slow 4G and 4x CPU slowdown, simulated) of each page,
 * `runs` times; each number reported is the median of the runs. One Chromium serves every run;
 * Lighthouse resets storage and cache before each, and sends a signed-in page's cookie with every request.
 */
export async function measurePages(
  baseUrl: string,
  pages: PageToAudit[],
  runs: number,
  onRun: (page: PageToAudit, run: PageRun) => void = () => {},
): Promise<PageResult[]> {
  // The first render of each page on a fresh server compiles code paths: keep that out of the audit.
  for (const page of pages)
    await fetch(baseUrl + page.path, { headers: page.cookie ? { cookie: page.cookie } : {} }).then(
      (response) => response.text(),
    );
  // A fresh Chromium's first audit is slower than the rest: when there are several runs, it is discarded.
  const start = async () => {
    const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
    if (runs > 1) await auditGuarded(baseUrl, pages[0]!, chrome).catch(() => undefined);
    return chrome;
  };
  let chrome = await start();
  try {
    const results: PageResult[] = [];
    for (const page of pages) {
      const pageRuns: PageRun[] = [];
      for (let i = 0; i < runs; i++) {
        let run: PageRun;
        try {
          run = await auditGuarded(baseUrl, page, chrome);
        } catch (error) {
          // Chromium can die under us (the machine is shared); start another one and try once more.
          console.warn(`  ${page.path}: ${String(error)}; retrying in a new Chromium`);
          chrome.kill();
          chrome = await start();
          run = await auditGuarded(baseUrl, page, chrome);
        }
        onRun(page, run);
        pageRuns.push(run);
      }
      const { cookie, ...described } = page;
      results.push({ ...described, signedIn: cookie !== undefined, ...medianRun(pageRuns), runs: pageRuns });
    }
    return results;
  } finally {
    chrome.kill();
  }
}

/**
 * Lighthouse waits forever when Chromium goes away in the middle of a run, and nothing else would keep
 * Node running then: fail instead, when Chromium exits or after two minutes.
 */
async function auditGuarded(baseUrl: string, page: PageToAudit, chrome: LaunchedChrome): Promise<PageRun> {
  let timer: NodeJS.Timeout | undefined;
  let onExit = () => {};
  const failure = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("Lighthouse took more than 2 minutes")), 120_000);
    onExit = () => reject(new Error("Chromium exited during the audit"));
    chrome.process.once("exit", onExit);
  });
  try {
    return await Promise.race([audit(baseUrl + page.path, chrome.port, page.cookie), failure]);
  } finally {
    clearTimeout(timer);
    chrome.process.off("exit", onExit);
  }
}

async function audit(url: string, port: number, cookie: string | undefined): Promise<PageRun> {
  const result = await lighthouse(url, {
    port,
    logLevel: "error",
    onlyCategories: ["performance"],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.message}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const tableRows = (id: string) => {
    const details = lhr.audits[id]?.details;
    return details?.type === "table" ? details.items : [];
  };
  const bytes = (type: string) =>
    Number(tableRows("resource-summary").find((row) => row.resourceType === type)?.transferSize ?? 0);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: numeric("first-contentful-paint"),
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    bytes: {
      script: bytes("script"),
      stylesheet: bytes("stylesheet"),
      image: bytes("image"),
      document: bytes("document"),
      font: bytes("font"),
      total: bytes("total"),
    },
    longTasks: tableRows("long-tasks").map((row) => ({
      source: String(row.url),
      startMs: Math.round(Number(row.startTime)),
      durationMs: Math.round(Number(row.duration)),
    })),
    layoutShifts: tableRows("layout-shifts").map((row) => {
      const node = row.node;
      const element = typeof node === "object" && node.type === "node" ? node.selector : undefined;
      return { element: element ?? "unknown", score: Number(row.score) };
    }),
  };
}

/** Each metric's median over the runs, taken separately. */
function medianRun(runs: PageRun[]): Omit<PageRun, "longTasks" | "layoutShifts"> {
  const median = (pick: (run: PageRun) => number) => {
    const values = runs.map(pick).sort((a, b) => a - b);
    const middle = Math.floor(values.length / 2);
    return values.length % 2 ? values[middle]! : (values[middle - 1]! + values[middle]!) / 2;
  };
  return {
    score: median((run) => run.score),
    fcpMs: median((run) => run.fcpMs),
    lcpMs: median((run) => run.lcpMs),
    tbtMs: median((run) => run.tbtMs),
    cls: median((run) => run.cls),
    bytes: {
      script: median((run) => run.bytes.script),
      stylesheet: median((run) => run.bytes.stylesheet),
      image: median((run) => run.bytes.image),
      document: median((run) => run.bytes.document),
      font: median((run) => run.bytes.font),
      total: median((run) => run.bytes.total),
    },
  };
}

/** "Unattributable 149 ms at 758 ms, / 69 ms at 999 ms": a run's long tasks, the store's URLs as paths. */
export function describeLongTasks(tasks: LongTask[], baseUrl: string): string {
  if (tasks.length === 0) return "none";
  return tasks
    .map((task) => `${task.source.replace(baseUrl, "") || "/"} ${task.durationMs} ms at ${task.startMs} ms`)
    .join(", ");
}

/** " (main > img 0.126)": which elements moved in a run's layout shifts, or nothing when none did. */
export function describeLayoutShifts(shifts: LayoutShift[]): string {
  if (shifts.length === 0) return "";
  return ` (${shifts.map((shift) => `${shift.element} ${round(shift.score)}`).join(", ")})`;
}

/**
 * The page the control audit loads, as issue 41 describes it: an inline stylesheet, a heading, a line of text
 * and one photograph of about 60 KB as its largest element, and no script.
 */
const CONTROL_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Control</title>
<style>body{margin:0;font-family:system-ui,sans-serif;color:#1c1917}main{max-width:40rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;margin:0 0 .5rem}img{display:block;width:100%;height:auto;border-radius:.5rem}</style></head>
<body><main><h1>Control page</h1><p>One photograph, an inline stylesheet, nothing to run.</p>
<img src="/photo.jpg" width="640" height="853" alt="A demo garment" fetchpriority="high"></main></body></html>`;

/** The control's photograph: a demo garment as a JPEG of the quality that brings it nearest 60 KB. */
async function controlPhoto(): Promise<Buffer> {
  const png = await renderDemoImage({
    seed: 90_002,
    palette: ["#0f5132", "#f4d58d", "#d4af37"],
    kind: "anarkali",
    view: "front",
  });
  let nearest = Buffer.alloc(0);
  for (let quality = 70; quality <= 98; quality += 2) {
    const jpeg = await sharp(png).jpeg({ quality }).toBuffer();
    if (Math.abs(jpeg.length - 60_000) < Math.abs(nearest.length - 60_000)) nearest = jpeg;
  }
  return nearest;
}

/**
 * Serves CONTROL_PAGE and its photograph on 127.0.0.1 with the Cross-Origin-Opener-Policy the store's pages
 * send. Audited like a store page, it is what the pages' LCP is read against (issue 41: the control's LCP
 * + 0.4 s), and its TBT is what the navigation alone adds in this run: with that header Chromium commits the
 * page in a new renderer process, and Lighthouse's simulation counts part of that commit after FCP
 * (docs/decisions/017).
 */
export async function startControlPage(
  storeUrl: string,
): Promise<{ url: string; opener: string; photoBytes: number; close: () => Promise<void> }> {
  const page = await fetch(storeUrl);
  await page.body?.cancel();
  const opener = page.headers.get("cross-origin-opener-policy") ?? "unsafe-none";
  const photo = await controlPhoto();
  const server = createServer((request, response) => {
    const isPhoto = request.url === "/photo.jpg";
    response.writeHead(200, {
      "content-type": isPhoto ? "image/jpeg" : "text/html; charset=utf-8",
      "cache-control": "no-store",
      "cross-origin-opener-policy": opener,
    });
    response.end(isPhoto ? photo : CONTROL_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    opener,
    photoBytes: photo.length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
