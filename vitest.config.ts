import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#contract": fileURLToPath(new URL("./contract", import.meta.url)),
    },
  },
  test: {
    include: ["server/**/*.test.ts", "app/**/*.test.ts", "contract/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
