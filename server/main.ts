import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { ConfigError, loadConfig } from "./config";
import { exitOnStartFailure, serve } from "./serve";

async function main() {
  const config = loadConfig();
  const serverBuild = path.resolve("build/server/index.js");
  if (!existsSync(serverBuild))
    throw new ConfigError("No build found: run `npm run build` (or `npm start`) first.");
  const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
  await serve(config, { server: build, clientDir: path.resolve("build/client") });
}

main().catch(exitOnStartFailure);
