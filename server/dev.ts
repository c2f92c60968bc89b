import type { Server } from "node:http";
import { createServer } from "vite";
import { exitOnStartFailure, loadConfig } from "./config";
import { serve } from "./serve";

/**
 * `npm run dev`: the store from its sources, on the same defaults as `npm start`. Vite, in middleware mode
 * on the store's own HTTP server, serves the browser's modules with hot reload and renders pages from the
 * current app/ files (server/web/ssr.ts); `tsx watch` restarts this process when a file it imports changes
 * (server/, contract/).
 */
async function main() {
  const config = loadConfig();
  await serve(config, { startVite });
}

/**
 * React Router's plugin starts a second Vite server of its own (its child compiler), not in middleware
 * mode, and for such a server Vite exits the process on SIGTERM, or when stdin ends, as soon as it has
 * closed it: before the store has finished its requests and closed its database, which a restart by
 * `tsx watch` would then leave half closed. The store closes Vite when it shuts down (web/ssr.ts), so the
 * listeners Vite added go.
 */
async function startVite(httpServer: Server) {
  const before = { sigterm: process.listeners("SIGTERM"), stdinEnd: process.stdin.listeners("end") };
  const vite = await createServer({ server: { middlewareMode: true, hmr: { server: httpServer } } });
  for (const listener of process.listeners("SIGTERM"))
    if (!before.sigterm.includes(listener)) process.off("SIGTERM", listener);
  for (const listener of process.stdin.listeners("end"))
    if (!before.stdinEnd.includes(listener)) process.stdin.off("end", listener as () => void);
  return vite;
}

main().catch(exitOnStartFailure);
