import os from "node:os";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#contract": fileURLToPath(new URL("./contract", import.meta.url)),
    },
  },
  test: {
    include: ["server/**/*.test.ts", "app/**/*.test.ts", "contract/**/*.test.ts"],
    // Stores in processes of their own on PostgreSQL: `npm run test:processes` (vitest.processes.config.ts).
    exclude: [...configDefaults.exclude, "**/*.processes.test.ts"],
    // Every test file has a database of its own (test-support/test-app.ts), so files run side by side; they
    // wait on their databases as much as they compute, so one file per core (Vitest's default leaves one idle).
    maxWorkers: os.availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
