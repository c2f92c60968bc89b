/**
 * A store process for the multi-process tests and the bench's PhonePe sandbox: the API only (no web build),
 * with its background workers (the mail worker and the payments reconciler), configured from the environment
 * like server/main.ts. Started as `node --import tsx server/test-support/store-process.ts`; outside
 * production and without PHONEPE_* settings it answers as its own built-in PhonePe sandbox. SIGTERM closes it
 * as main.ts does; tests kill it with SIGKILL to see what a crash leaves behind.
 */
import { buildApp } from "../app";
import { ConfigError, loadConfig } from "../config";

try {
  const config = loadConfig();
  const app = await buildApp(config, { startWorkers: true });
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await app.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown());
  process.on("SIGINT", () => void shutdown());
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
