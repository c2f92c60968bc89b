import { buildApp } from "./app";
import { ConfigError, type Config } from "./config";
import type { WebBuild } from "./web/ssr";

/**
 * Builds the store with its web app and background workers, listens on the configured port, and on SIGTERM
 * or SIGINT finishes the requests in flight and closes the database before exiting. Shared by main.ts (the
 * built store) and dev.ts (`npm run dev`).
 */
export async function serve(config: Config, web: WebBuild): Promise<void> {
  const app = await buildApp(config, { web, startWorkers: true });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    const timer = setTimeout(() => {
      app.log.error("shutdown took longer than 15 s; exiting");
      process.exit(1);
    }, 15_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  if (process.env.npm_lifecycle_event) stopWithParent(() => void shutdown("parent exited"));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`store ready on ${config.publicUrl}`);
}

/**
 * Under `npm start` or `npm run serve` the store runs inside `sh -c`, which npm ends on SIGTERM without
 * passing the signal on: the store would run on, orphaned, holding its port. It checks every second whether
 * the process that started it is still there, and shuts down as on SIGTERM when it is not. (Deployments
 * should run `node build/app-server.js` directly: README, "Running at scale".)
 */
function stopWithParent(stop: () => void) {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid !== parent) {
      clearInterval(timer);
      stop();
    }
  }, 1000);
  timer.unref();
}

/** A start that failed: a configuration problem is told by its message alone, anything else in full. */
export function exitOnStartFailure(error: unknown): never {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
