import type { Request, Response } from "express";
import type { ServiceContext } from "./context.server";
import { cacheReport, type CacheReport } from "./series/lru";

/**
 * The memory a server needs besides its caches, MB: the process with the app, its seeds and its series
 * workers loaded and warm, and the transient memory of the work the machine's share lets run at once
 * (`MAIN_THREAD_ADMISSION`, `SERIES_ADMISSION`: renders, fields being computed, compression streams).
 * Measured under the overload mix (bench/README.md, "Overload"): about 205 MiB at start, and up to 456 MiB
 * besides what the caches held (628 MiB resident, 172 MiB in the caches). See docs/deployment.md.
 */
export const PROCESS_MB = 460;

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** The bounds of a thread's caches that count bytes, MB (caches counting entries are small and listed only). */
const boundMb = (caches: readonly CacheReport[]) => mb(caches.filter((c) => c.unit === "bytes").reduce((sum, c) => sum + c.capacity, 0));

/**
 * `/healthz`: the process's memory, every bounded cache of the server's thread and of each series worker
 * (as after its last job), and the sizing docs/deployment.md gives operators, from the same parts: the
 * caches' bounds per thread, plus `PROCESS_MB`; the resident size should stay within it. Also the on-demand
 * jobs' threads (configured and started) and the jobs running and waiting.
 */
export function healthz(context: Pick<ServiceContext, "series" | "ondemand">) {
  return (_req: Request, res: Response) => {
    res.setHeader("Cache-Control", "no-store");
    const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
    const main = cacheReport();
    const workers = context.series.workerCaches();
    const cachesMb = { main: boundMb(main), workers: workers.map(boundMb) };
    const bound = Math.round(cachesMb.main + cachesMb.workers.reduce((a, b) => a + b, 0) + PROCESS_MB);
    res.json({
      status: "ok",
      uptime: Math.round(process.uptime()),
      memory: { rssMb: mb(rss), heapUsedMb: mb(heapUsed), externalMb: mb(external), arrayBuffersMb: mb(arrayBuffers) },
      sizing: { cacheBoundsMb: cachesMb, processMb: PROCESS_MB, boundMb: bound, withinBound: mb(rss) <= bound },
      caches: { main, workers },
      // the on-demand jobs: the threads that may compute them (0: the main thread) and those started (none
      // before the first job), the jobs running and waiting
      ondemand: context.ondemand.jobs.report(),
    });
  };
}
