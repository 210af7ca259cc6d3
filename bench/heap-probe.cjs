// Loaded into the server by bench/load.mjs (`node --require bench/heap-probe.cjs`): after every major
// (mark-sweep-compact) garbage collection, appends the heap still in use, the live data, to the file named
// by SACAP_HEAP_PROBE as one JSON line. Nothing is forced, so the measurement does not disturb latency.
const { appendFileSync } = require("node:fs");
const { PerformanceObserver, constants } = require("node:perf_hooks");

const { isMainThread } = require("node:worker_threads");

const file = process.env.SACAP_HEAP_PROBE;
// the main thread's heap only: the series workers load this file too (they inherit --require), and their
// heaps in the same file made the thirds compare different threads
if (file && isMainThread) {
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.detail?.kind !== constants.NODE_PERFORMANCE_GC_MAJOR) continue;
      const { heapUsed, heapTotal, external, arrayBuffers, rss } = process.memoryUsage();
      const mib = (bytes) => Math.round((bytes / 2 ** 20) * 10) / 10;
      appendFileSync(
        file,
        JSON.stringify({ time: Date.now(), heapUsedMiB: heapUsed / 2 ** 20, heapTotalMiB: mib(heapTotal), externalMiB: mib(external), arrayBuffersMiB: mib(arrayBuffers), rssMiB: mib(rss) }) + "\n",
      );
    }
  });
  observer.observe({ entryTypes: ["gc"] });
}
