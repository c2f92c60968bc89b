import { configDefaults, defineConfig } from "vitest/config";
import base from "./vitest.config";

/**
 * `npm run test:processes`: the tests that run stores in processes of their own on one PostgreSQL database
 * (two stores selling the same stock, a store killed mid-payment, stores stopped by SIGTERM). They need DATABASE_URL (PGlite cannot be
 * shared by processes), so `npm run test:api` leaves them out and CI runs them in its PostgreSQL pass.
 * One file at a time: each starts its own store processes.
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ["server/**/*.processes.test.ts"],
    exclude: configDefaults.exclude,
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
