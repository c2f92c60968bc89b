import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// E2E_PORT lets two checkouts run their suites side by side.
const PORT = Number(process.env.E2E_PORT ?? 4173);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), "store-e2e-"));

const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-gpu",
];
const PHONE = {
  ...devices["Pixel 7"],
  browserName: "chromium" as const,
  viewport: { width: 390, height: 844 },
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // A journey through checkout and PhonePe's page takes 15-20 s here and up to three times that on CI's cores.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Chromium's headless shell (Debian's chromium-headless-shell): the browser without its window's
    // machinery, a third less CPU than the full browser in headless mode (decision 046).
    // Tests of what the shell leaves out (the `scripting` media feature) are tagged `@full-browser`.
    launchOptions: { executablePath: "/usr/lib/chromium/chromium-headless-shell", args: CHROMIUM_ARGS },
    // No trace by default: recording one costs a quarter of the run's CPU, and CI keeps only its log.
    // `--trace retain-on-failure` records them when a failure needs one.
    trace: "off",
  },
  projects: [
    { name: "build", testMatch: /(js-budget|server-render|no-5xx-fuzz|bounded-bodies)\.spec\.ts/ },
    // Each test runs at the width it depends on (docs/decisions/046-one-width-or-both.md): untagged tests
    // run on the phone, where most shoppers are; `@desktop` ones at 1280 px only (staff's desks, the keyboard);
    // `@both` ones at both widths, for what the width changes (the header and its navigation, the product
    // lists and filters, checkout with PhonePe in a popup, axe's checks, layout shifts of the wide layout).
    {
      name: "phone",
      testIgnore: /(js-budget|server-render|no-5xx-fuzz|bounded-bodies)\.spec\.ts/,
      grepInvert: /@desktop|@full-browser/,
      use: PHONE,
    },
    {
      name: "phone, full browser",
      testIgnore: /(js-budget|server-render|no-5xx-fuzz|bounded-bodies)\.spec\.ts/,
      grep: /@full-browser/,
      use: { ...PHONE, launchOptions: { executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS } },
    },
    {
      name: "desktop",
      testIgnore: /(js-budget|server-render|no-5xx-fuzz|bounded-bodies)\.spec\.ts/,
      grep: /@desktop|@both/,
      use: { browserName: "chromium", viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    command: "node build/app-server.js",
    url: `http://localhost:${PORT}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    // The suite is the loopback proxy: tests that make accounts through the API name an address of their own.
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${PORT}`,
      LOG_LEVEL: "warn",
      TRUST_PROXY: "127.0.0.1",
    },
  },
});
