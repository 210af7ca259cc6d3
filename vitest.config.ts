import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "seeds/**/*.test.ts", "tests/unit/**/*.test.{ts,tsx}"],
    environment: "node",
    setupFiles: ["./tests/setup-unit.ts"],
    restoreMocks: true,
    // the sample generator tests compute thousands of series; give them room on a busy machine
    testTimeout: 30_000,
  },
});
