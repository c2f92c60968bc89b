import { buildApp, type BuildOptions } from "./app";
import type { Config } from "./config";
import type { WebBuild } from "./web/ssr";

/**
 * Builds the store with its web app and background workers, listens on the configured port, and on SIGTERM
 * or SIGINT finishes the requests in flight (config.timeouts' shutdown grace) and closes the database before
 * exiting, within the shutdown deadline. Shared by main.ts (the built store) and dev.ts (`npm run dev`).
 */
export async function serve(
  config: Config,
  web: WebBuild,
  { catalogPeers, settingsPeers }: Pick<BuildOptions, "catalogPeers" | "settingsPeers"> = {},
): Promise<void> {
  const app = await buildApp(config, { web, startWorkers: true, catalogPeers, settingsPeers });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    const { shutdownGraceMs, shutdownDeadlineMs } = config.timeouts;
    // Idle kept-alive connections close at once (Fastify's close); requests in flight get the grace to
    // finish, and a connection still open after it (a client that never finishes its request) is cut off,
    // so that the database closes cleanly well before the deadline.
    // A connection whose last request has been answered closes as soon as it is idle (Node's close reaps
    // only those idle at the moment it is called; kept-alive ones would otherwise wait out their timeout).
    const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
    reaper.unref();
    const cutOff = setTimeout(() => {
      app.log.warn(`connections still open after ${shutdownGraceMs / 1000} s of shutdown: closing them`);
      app.server.closeAllConnections();
    }, shutdownGraceMs);
    cutOff.unref();
    const deadline = setTimeout(() => {
      app.log.error(`shutdown took longer than ${shutdownDeadlineMs / 1000} s; exiting`);
      process.exit(1);
    }, shutdownDeadlineMs);
    deadline.unref();
    await app.close();
    process.exit(0);
  };
  // `npm start` and `npm run serve` exec the store in place of npm's shell, so npm's SIGTERM reaches it.
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`store ready on ${config.publicUrl}`);
}
