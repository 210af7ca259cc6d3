import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SeriesWorkerPool } from "./worker-pool.server";

const dir = mkdtempSync(path.join(tmpdir(), "sacap-pool-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function workerFile(name: string, source: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, source);
  return file;
}

describe("SeriesWorkerPool", () => {
  it("runs jobs in the workers, more jobs than workers waiting their turn", async () => {
    const file = workerFile(
      "echo.mjs",
      `import { parentPort } from "node:worker_threads";
       parentPort.on("message", (job) => setTimeout(() => parentPort.postMessage({ kind: "compressed", encoded: new Uint8Array([job.body.length]) }), 5));`,
    );
    const pool = new SeriesWorkerPool(file, 2);
    try {
      const results = await Promise.all(["a", "bb", "ccc", "dddd", "eeeee"].map((body) => pool.run({ kind: "compress", body, encoding: "br" })));
      expect(results.map((r) => (r.kind === "compressed" ? r.encoded[0] : -1))).toEqual([1, 2, 3, 4, 5]);
    } finally {
      await pool.close();
    }
  });

  it("fails the job of a worker that dies, and the waiting jobs when workers keep dying", async () => {
    const file = workerFile("broken.mjs", `throw new Error("cannot start");`);
    const pool = new SeriesWorkerPool(file, 1);
    try {
      const jobs = Array.from({ length: 3 }, () => pool.run({ kind: "compress", body: "x", encoding: "gzip" }));
      const settled = await Promise.allSettled(jobs);
      expect(settled.every((s) => s.status === "rejected")).toBe(true);
    } finally {
      await pool.close();
    }
  }, 20_000);
});
