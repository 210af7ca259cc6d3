import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "~server": fileURLToPath(new URL("./server", import.meta.url)),
    },
  },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "seeds/**/*.test.ts", "tests/unit/**/*.test.{ts,tsx}"],
    environment: "node",
    setupFiles: ["./tests/setup-unit.ts"],
    restoreMocks: true,
    unstubEnvs: true,
    unstubGlobals: true,
    // One module graph per worker, not one per file: importing the app and the seeds again for each of the
    // files cost most of the run. The files share no state (the suite passes with the files shuffled).
    isolate: false,
    // both cores (the default leaves one to the main process, which has little to do in a run)
    maxWorkers: 2,
    // the sample generator tests compute thousands of series; give them room on a busy machine
    testTimeout: 30_000,
  },
});
