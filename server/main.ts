import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";

async function main() {
  const config = loadConfig();
  const serverBuild = path.resolve("build/server/index.js");
  if (!existsSync(serverBuild))
    throw new ConfigError("No build found: run `npm run build` (or `npm start`) first.");
  const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;

  const app = await buildApp(config, {
    web: { server: build, clientDir: path.resolve("build/client") },
    startWorkers: true,
  });

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

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`store ready on ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
