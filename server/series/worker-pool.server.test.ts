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
});

/** A worker that answers each job with its body, 20 ms later: the order of the answers is the order of the turns. */
const slowEcho = (name: string) =>
  workerFile(
    name,
    `import { parentPort } from "node:worker_threads";
     parentPort.on("message", (job) => setTimeout(() => parentPort.postMessage({ kind: "compressed", encoded: new TextEncoder().encode(job.body) }), 20));`,
  );

describe("SeriesWorkerPool turns", () => {
  it("takes the clients' jobs in turn: a client that asks after another's many jobs waits for one of them, not all", async () => {
    const file = slowEcho("slow-echo.mjs");
    const pool = new SeriesWorkerPool(file, 1);
    const finished: string[] = [];
    const ask = (client: string, body: string) =>
      pool.run({ kind: "compress", body, encoding: "br" }, client).then(() => finished.push(body));
    try {
      // a page's five series from one client, then one series of another client, then a third client's two
      const jobs = [...["a1", "a2", "a3", "a4", "a5"].map((b) => ask("198.51.100.1", b)), ask("198.51.100.2", "b1"), ask("198.51.100.3", "c1"), ask("198.51.100.3", "c2")];
      await Promise.all(jobs);
      // a1 was under way at once; then each client in turn, the one served longest ago first
      expect(finished).toEqual(["a1", "b1", "c1", "a2", "c2", "a3", "a4", "a5"]);
      expect(pool.waiting).toBe(0);
    } finally {
      await pool.close();
    }
  });

  it("takes the client from the request's scope when none is named", async () => {
    const { forClient } = await import("../client-scope.server");
    const file = slowEcho("slow-echo-2.mjs");
    const pool = new SeriesWorkerPool(file, 1);
    const finished: string[] = [];
    const ask = (body: string) => pool.run({ kind: "compress", body, encoding: "br" }).then(() => finished.push(body));
    try {
      const first = forClient("198.51.100.1", () => Promise.all(["a1", "a2", "a3"].map(ask)));
      const second = forClient("198.51.100.2", () => ask("b1"));
      await Promise.all([first, second]);
      expect(finished).toEqual(["a1", "b1", "a2", "a3"]);
    } finally {
      await pool.close();
    }
  });

  it("takes bulk work (asked while its client had a long line) after every other client's jobs", async () => {
    const { forClient } = await import("../client-scope.server");
    const file = slowEcho("slow-echo-3.mjs");
    const pool = new SeriesWorkerPool(file, 1);
    const finished: string[] = [];
    const ask = (body: string) => pool.run({ kind: "compress", body, encoding: "br" }).then(() => finished.push(body));
    try {
      // the long line's page asks three series; another client's page then asks three: they all go first
      const bulk = forClient("198.51.100.1", () => Promise.all(["a1", "a2", "a3"].map(ask)), true);
      const other = forClient("198.51.100.2", () => Promise.all(["b1", "b2", "b3"].map(ask)));
      await Promise.all([bulk, other]);
      expect(finished).toEqual(["a1", "b1", "b2", "b3", "a2", "a3"]);
    } finally {
      await pool.close();
    }
  });
});
