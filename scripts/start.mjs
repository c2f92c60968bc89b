// `npm start`: build when the build is missing or older than the sources, then serve it.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const SOURCES = [
  "app",
  "server",
  "contract",
  "drizzle",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
];
const STAMP = "build/app-server.js";

function newestChange(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

const built = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0;
if (built < Math.max(...SOURCES.map(newestChange))) {
  console.warn(built ? "Sources changed since the last build: building…" : "No build yet: building…");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import(pathToFileURL(path.resolve(STAMP)).href);
