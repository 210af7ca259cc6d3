import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
// The shared test server keeps its submissions out of the working copy's database.
const DATABASE_URL = `file:${path.join(tmpdir(), `sacap-e2e-${PORT}`, "sacap.db")}`;
// ... and its on-demand results, emptied at each start (a job a test runs must not be answered from a past run)
const ONDEMAND_RESULTS_DIR = path.join(tmpdir(), `sacap-e2e-${PORT}`, "ondemand");

/**
 * Browser tests run in Debian's Chromium against the production build (`npm run build` first).
 * Playwright never downloads a browser here.
 */
export default defineConfig({
  testDir: "tests",
  testMatch: ["e2e/**/*.spec.ts", "contract/**/*.spec.ts"],
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // room for a busy two-core machine (server, two browsers and axe share it); not a speed check
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], viewport: { width: 1366, height: 900 } } }],
  webServer: {
    command: `rm -rf '${ONDEMAND_RESULTS_DIR}' && exec node build/server/index.js`,
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: false,
    // stopped as an operator's supervisor stops it: a clean shutdown leaves no journal of requests in flight
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    timeout: 30_000,
    // sample series only, whatever an operator ingested into ./data/series.db
    // the tests' X-Forwarded-For stands in for a trusted proxy's, naming the clients
    env: { PORT: String(PORT), LOG_REQUESTS: "false", NODE_ENV: "production", DATABASE_URL, SERIES_DB: "none", TRUST_PROXY: "loopback", ONDEMAND_RESULTS_DIR },
  },
});
