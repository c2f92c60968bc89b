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
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
