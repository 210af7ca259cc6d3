import { parentPort } from "node:worker_threads";
import { openSeriesApiStore, withStorePlaces } from "../context.server";
import { env as readEnv } from "../env.server";
import { getSeeds } from "../seeds.server";
import { cacheReport } from "./lru";
import { compress, createSeriesService, type SeriesService } from "./service.server";
import type { SeriesJob, SeriesJobResult } from "./worker-pool.server";

/**
 * A series worker thread (`build/server/series-worker.js`): the same seeds (with the store's added places),
 * store and service as the main thread, computing what `SeriesWorkerPool` asks. Its own answer cache is
 * small: the main thread keeps the answers it sends.
 *
 * A shared store (PostgreSQL) does not look for new data by itself here: the main thread's store does, and
 * each job says which data version the main thread wants; when this thread's store is at another one, it
 * looks for the newest data first. Its answer says which version it read (the ETag of an answer, the
 * version of a table): the main thread keeps only what was read at the version it asked for.
 */
const env = readEnv();
const seeds = getSeeds();
// connecting is asynchronous: jobs wait for it (a store that cannot be opened fails the worker, which the
// pool replaces); a worker computes one job at a time, its reads one after the other: two connections
const ready: Promise<SeriesService> = openSeriesApiStore(seeds, env.SERIES_DB, { pollSeconds: 0, connections: 2 }).then((store) =>
  createSeriesService(withStorePlaces(seeds, store), store, { cacheBytes: 4 * 1024 * 1024 }),
);

async function handle(job: SeriesJob): Promise<SeriesJobResult> {
  if (job.kind === "compress") return { kind: "compressed", encoded: compress(job.body, job.encoding) };
  const service = await ready;
  if (job.kind === "windows") {
    const { table, version } = await service.windowsHere(job.frequency, job.query, job.codes, job.version);
    return table ? { kind: "windows", table, version } : { kind: "not-found", status: 404, message: "No series for this query", details: {} };
  }
  if (job.version !== undefined && job.version !== service.version) await service.refresh();
  const resolved = service.resolve(job.frequency, job.query);
  if (!resolved.ok) return { kind: "not-found", status: 404, message: resolved.message, details: resolved.details };
  const prepared = await service.json(resolved.value, undefined, job.precision);
  if ("status" in prepared) return { kind: "not-found", ...prepared };
  const encoded = job.encoding ? service.encode(prepared, job.encoding) : undefined;
  return { kind: "answer", body: prepared.body, etag: prepared.etag, sample: prepared.sample, encoding: job.encoding, encoded };
}

// every answer carries this thread's caches as they are after the job (the main thread's /healthz lists them)
parentPort!.on("message", (job: SeriesJob) => {
  handle(job).then(
    (result) => parentPort!.postMessage({ ...result, caches: cacheReport() }),
    (error: unknown) => parentPort!.postMessage({ kind: "error", message: error instanceof Error ? error.message : String(error), caches: cacheReport() }),
  );
});

// a store that cannot be opened stops this worker with the reason (the pool replaces it, waiting longer each time)
await ready;
