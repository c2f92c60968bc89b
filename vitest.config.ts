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
    // The migrations run once, into a database each test file's store copies.
    globalSetup: ["server/test-support/database-template.ts"],
    // Every test file has a database of its own (test-support/test-app.ts), so files run side by side; they
    // wait on their databases as much as they compute, so one file per core (Vitest's default leaves one idle).
    maxWorkers: os.availableParallelism(),
    // A worker runs its files one after another in one module graph, so the store's modules are loaded once
    // per worker rather than once per file (half the suite's CPU time); each file still has a store and a
    // database of its own (test-support/test-app.ts), and no test file mocks a module.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
