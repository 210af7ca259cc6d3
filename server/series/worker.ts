import { parentPort } from "node:worker_threads";
import { seriesApiStore } from "../context.server";
import { env as readEnv } from "../env.server";
import { getSeeds } from "../seeds.server";
import { compress, createSeriesService } from "./service.server";
import type { SeriesJob, SeriesJobResult } from "./worker-pool.server";

/**
 * A series worker thread (`build/server/series-worker.js`): the same seeds, store and service as the main
 * thread, computing what `SeriesWorkerPool` asks. Its own answer cache is small: the main thread keeps the
 * answers it sends.
 */
const env = readEnv();
const seeds = getSeeds();
const service = createSeriesService(seeds, seriesApiStore(seeds, env.SERIES_DB), { cacheBytes: 4 * 1024 * 1024 });

async function handle(job: SeriesJob): Promise<SeriesJobResult> {
  if (job.kind === "compress") return { kind: "compressed", encoded: compress(job.body, job.encoding) };
  if (job.kind === "windows") {
    const table = await service.windows(job.frequency, job.query, job.codes);
    return table ? { kind: "windows", table } : { kind: "not-found", status: 404, message: "No series for this query", details: {} };
  }
  const resolved = service.resolve(job.frequency, job.query);
  if (!resolved.ok) return { kind: "not-found", status: 404, message: resolved.message, details: resolved.details };
  const prepared = await service.json(resolved.value);
  if ("status" in prepared) return { kind: "not-found", ...prepared };
  const encoded = job.encoding ? service.encode(prepared, job.encoding) : undefined;
  return { kind: "answer", body: prepared.body, etag: prepared.etag, sample: prepared.sample, encoding: job.encoding, encoded };
}

parentPort!.on("message", (job: SeriesJob) => {
  handle(job).then(
    (result) => parentPort!.postMessage(result),
    (error: unknown) => parentPort!.postMessage({ kind: "error", message: error instanceof Error ? error.message : String(error) }),
  );
});
