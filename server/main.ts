import cluster from "node:cluster";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { clusterSettingsPeers } from "./settings/settings-peers";
import { clusterCatalogPeers } from "./catalog/catalog-peers";
import { ConfigError, exitOnStartFailure, loadConfig } from "./config";
import { runStoreProcesses } from "./processes";

async function main() {
  const config = loadConfig();
  const serverBuild = path.resolve("build/server/index.js");
  if (!existsSync(serverBuild))
    throw new ConfigError("No build found: run `npm run build` (or `npm start`) first.");
  if (config.processes > 1 && cluster.isPrimary) {
    runStoreProcesses({
      processes: config.processes,
      workerScript: fileURLToPath(import.meta.url),
      shutdownDeadlineMs: config.timeouts.shutdownDeadlineMs,
      logLevel: config.logLevel,
    });
    return;
  }
  // The store itself, alone or as a worker; loaded here only, so that a primary holds none of it.
  const [{ serve }, build] = await Promise.all([
    import("./serve"),
    import(pathToFileURL(serverBuild).href) as Promise<ServerBuild>,
  ]);
  await serve(
    config,
    { server: build, clientDir: path.resolve("build/client") },
    { catalogPeers: clusterCatalogPeers(), settingsPeers: clusterSettingsPeers() },
  );
}

main().catch(exitOnStartFailure);
