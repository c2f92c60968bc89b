import cluster, { type Worker } from "node:cluster";
import { pino } from "pino";
import { isCatalogChangedMessage } from "./catalog/catalog-peers";
import { isSettingsChangedMessage } from "./settings/settings-peers";
import type { Config } from "./config";

/**
 * A store of several processes on one machine (STORE_PROCESSES, docs/decisions/031-a-store-process-per-core.md):
 * this process, the primary, forks the workers, each a whole store (server/serve.ts) on the shared port, and
 * does nothing else: no database, no HTTP of its own. Node's cluster hands each new connection to the next
 * worker in turn. The primary
 * - passes each worker's catalog change on to the other workers, so that every process forgets at once what
 *   it kept of it (catalog/catalog-peers.ts);
 * - replaces a worker that exits unexpectedly, after a pause that doubles with each exit within a minute, and
 *   gives up (exit code 1) when workers keep failing to start and none is serving, so that a process manager
 *   sees a store that cannot start;
 * - on SIGTERM or SIGINT passes the signal on to every worker and exits once all have exited (0 when each
 *   stopped cleanly), or at the shutdown deadline, killing what is left.
 */
export function runStoreProcesses({
  processes,
  workerScript,
  shutdownDeadlineMs,
  logLevel,
}: {
  processes: number;
  /** What each worker runs: the built store's entry. */
  workerScript: string;
  shutdownDeadlineMs: number;
  logLevel: Config["logLevel"];
}): void {
  const log = primaryLog(logLevel);
  cluster.setupPrimary({ exec: workerScript });

  const running = new Set<Worker>();
  const serving = new Set<Worker>();
  const pendingForks = new Set<NodeJS.Timeout>();
  let unexpectedExits: number[] = [];
  let failedStartsInARow = 0;
  let stopping: NodeJS.Signals | undefined;
  let allStoppedCleanly = true;

  function fork() {
    const worker = cluster.fork();
    running.add(worker);
    log.info("store worker starting", { workerPid: worker.process.pid });
  }

  cluster.on("listening", (worker) => {
    if (serving.has(worker)) return;
    serving.add(worker);
    failedStartsInARow = 0;
    log.info("store worker serving", { workerPid: worker.process.pid });
  });

  cluster.on("message", (from, message: unknown) => {
    if (!isCatalogChangedMessage(message) && !isSettingsChangedMessage(message)) return;
    for (const worker of running)
      // A worker whose channel closes meanwhile is exiting: it has nothing left to forget.
      if (worker !== from && worker.isConnected()) worker.send(message, undefined, undefined, () => {});
  });

  cluster.on("exit", (worker, code, signal) => {
    running.delete(worker);
    const served = serving.delete(worker);
    const exit = { workerPid: worker.process.pid, code, signal };
    if (stopping) {
      // A worker still starting when the signal came has nothing to finish: the signal's default ends it.
      if (code !== 0 && signal !== stopping) allStoppedCleanly = false;
      if (running.size === 0) process.exit(allStoppedCleanly ? 0 : 1);
      return;
    }

    const now = Date.now();
    unexpectedExits = [...unexpectedExits.filter((at) => now - at < RESTART_WINDOW_MS), now];
    if (!served) failedStartsInARow += 1;
    if (failedStartsInARow >= MAX_FAILED_STARTS && serving.size === 0) {
      log.error(`store workers keep failing to start (${failedStartsInARow} in a row): giving up`, exit);
      stop("SIGTERM", { cleanly: false });
      return;
    }
    const delayMs = Math.min(
      FIRST_RESTART_DELAY_MS * 2 ** (unexpectedExits.length - 1),
      MAX_RESTART_DELAY_MS,
    );
    log.error(
      `store worker ${served ? "stopped unexpectedly" : "failed to start"}: another in ${delayMs / 1000} s`,
      exit,
    );
    const timer = setTimeout(() => {
      pendingForks.delete(timer);
      fork();
    }, delayMs);
    pendingForks.add(timer);
  });

  function stop(signal: NodeJS.Signals, { cleanly }: { cleanly: boolean }) {
    if (stopping) return;
    stopping = signal;
    allStoppedCleanly = cleanly;
    for (const timer of pendingForks) clearTimeout(timer);
    if (running.size === 0) process.exit(allStoppedCleanly ? 0 : 1);
    log.info(`stopping ${running.size} store workers with ${signal}`);
    // Each worker finishes its requests in flight and exits (serve.ts); the primary waits no longer than they may.
    for (const worker of running) worker.process.kill(signal);
    setTimeout(() => {
      log.error(`store workers still running ${shutdownDeadlineMs / 1000} s after ${signal}: killing them`);
      for (const worker of running) worker.process.kill("SIGKILL");
      process.exit(1);
    }, shutdownDeadlineMs).unref();
  }
  process.on("SIGTERM", () => stop("SIGTERM", { cleanly: true }));
  process.on("SIGINT", () => stop("SIGINT", { cleanly: true }));

  log.info(`starting ${processes} store workers`);
  for (let i = 0; i < processes; i++) fork();
}

/** The pause before replacing the first worker that exits unexpectedly within a minute; it doubles with each. */
const FIRST_RESTART_DELAY_MS = 100;
const MAX_RESTART_DELAY_MS = 30_000;
const RESTART_WINDOW_MS = 60_000;
/** Workers that exit before serving, in a row, after which the primary gives up if no worker is serving. */
const MAX_FAILED_STARTS = 5;

/** The primary's log: pino's JSON lines at LOG_LEVEL on stdout, as the workers' (Fastify's pino) are. */
function primaryLog(level: Config["logLevel"]) {
  const logger = pino({ level, base: { pid: process.pid, role: "primary" } });
  return {
    info: (msg: string, fields: Record<string, unknown> = {}) => logger.info(fields, msg),
    error: (msg: string, fields: Record<string, unknown> = {}) => logger.error(fields, msg),
  };
}
