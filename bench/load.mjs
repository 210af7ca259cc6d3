// Load test of the production build: a mixed workload (pages, /api reference lists, series, geometry,
// region values) at 100 connections for 60 s with autocannon, sampling the server's memory every second.
// Fails (exit 1) on any failed request, any answer other than 2xx, or memory (resident set, and the live
// heap after each major collection) growing by more than 10% between the first and the last third of the
// run. Writes bench/results/load.json.
//
//   npm run build && npm run bench:load [-- --duration 60 --connections 100]
import autocannon from "autocannon";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const DURATION = arg("duration", 60);
const CONNECTIONS = arg("connections", 100);
const WARMUP = arg("warmup", 60);
/** `--encoding identity` asks for uncompressed answers (to tell compression's memory from the rest). */
const ENCODING = (() => {
  const i = process.argv.indexOf("--encoding");
  return i > 0 ? process.argv[i + 1] : "br, gzip";
})();
const GROWTH_LIMIT = 0.1;

/**
 * The workload: path and weight (how many of every 100 requests), roughly what browsers ask for: a
 * document, its hashed assets (found in the home page at start), reference lists, series, geometry and
 * region values.
 */
const MIX = [
  // pages (server-rendered documents): 20
  ["/", 4],
  ["/cmip6-data", 3],
  ["/analytics/climate-crop?geo=NPL", 3],
  ["/data/catalog", 3],
  ["/wiki", 2],
  ["/cmip6-viewer", 2],
  ["/ckan-viewer?q=rain", 2],
  ["/contact/form", 1],
  // hashed assets: 16 (added at start, 4 x 4)
  // /api reference lists: 20
  ["/api/cmip6/list/geos", 3],
  ["/api/cmip6/list/indicators", 3],
  ["/api/cmip6/list/cmip6Models", 2],
  ["/api/cmip6/list/scenarios", 2],
  ["/api/catalog_data", 2],
  ["/api/menu/facet", 2],
  ["/api/menu/category", 2],
  ["/api/menu/catalog_climate_metadata", 2],
  ["/api/pyaez/list/modules", 1],
  ["/api/viewer/cmip6", 1],
  // series: 24
  ["/api/cmip6/annual?indicator=tas&geo=NPL", 8],
  ["/api/cmip6/annual?indicator=cdd&geo=IND", 5],
  ["/api/cmip6/v1/monthly?indicator=pr&geo=BGD&scenario=ssp585", 6],
  ["/api/cmip6/v1/monthly?indicator=tasmax&geo=PAK&model=MIROC6&start=1995&end=2014", 5],
  // geometry and region values: 20
  ["/api/geo/countries", 6],
  ["/api/geo/basins", 6],
  ["/api/viewer/choropleth?indicator=tas&geotype=country&scenario=ssp585&model=ensemble&start=2041&end=2060", 8],
];

function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function rssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;

async function main() {
  const port = await freePort();
  const dbDir = mkdtempSync(path.join(os.tmpdir(), "sacap-load-"));
  const probe = path.join(dbDir, "heap.jsonl");
  const server = spawn(process.execPath, ["--require", path.join(root, "bench/heap-probe.cjs"), "build/server/index.js"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_REQUESTS: "false",
      NODE_ENV: "production",
      DATABASE_URL: `file:${dbDir}/sacap.db`,
      SACAP_HEAP_PROBE: probe,
      // as docs/deployment.md recommends (and `npm run serve` sets): fewer glibc malloc arenas for the
      // compression threads, and large buffers mapped and returned to the system when freed
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
      MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? "131072",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/healthz`)).ok) break;
      } catch {}
      if (i > 300) throw new Error("the server did not start");
      await new Promise((r) => setTimeout(r, 100));
    }
    // four of the home page's hashed assets (script and style), as a browser's first visit loads them
    const home = await (await fetch(`${base}/`)).text();
    const assets = [...new Set([...home.matchAll(/(?:href|src)="(\/build\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]))].slice(0, 4);
    if (assets.length < 4) throw new Error("the home page names fewer than four assets");
    for (const asset of assets) MIX.push([asset, 4]);
    // every path answers 200 before the run (and is warm)
    for (const [p] of MIX) {
      const response = await fetch(base + p);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${p} answered ${response.status} before the run`);
    }
    const sequence = MIX.flatMap(([p, weight]) => Array(weight).fill(p));
    // interleave so every connection sees the whole mix
    for (let i = sequence.length - 1; i > 0; i--) {
      const j = (i * 7919) % (i + 1);
      [sequence[i], sequence[j]] = [sequence[j], sequence[i]];
    }

    let next = 0;
    const requests = [{ method: "GET", setupRequest: (request) => ({ ...request, path: sequence[next++ % sequence.length] }) }];
    // The same load, unmeasured, first: caches fill and the JIT settles before memory is compared.
    const warm = await autocannon({ url: base, connections: CONNECTIONS, duration: WARMUP, timeout: 30, headers: { "accept-encoding": ENCODING }, requests });
    console.log(`warm-up: ${warm.requests.total} requests, ${warm.errors} errors, ${warm.non2xx} non-2xx`);

    const memory = [];
    const startedAt = Date.now();
    const sampler = setInterval(() => memory.push({ s: Math.round((Date.now() - startedAt) / 100) / 10, rssMiB: Math.round(rssMiB(server.pid) * 10) / 10 }), 1000);
    memory.push({ s: 0, rssMiB: Math.round(rssMiB(server.pid) * 10) / 10 });
    const result = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: DURATION,
      timeout: 30,
      headers: { "accept-encoding": ENCODING },
      requests,
    });
    clearInterval(sampler);
    const endedAt = Date.now();
    const third = Math.floor(memory.length / 3);
    const first = mean(memory.slice(1, third + 1).map((m) => m.rssMiB));
    const last = mean(memory.slice(-third).map((m) => m.rssMiB));
    const growth = (last - first) / first;
    // live heap after each major collection during the measured run, by thirds of the run's time
    const span = endedAt - startedAt;
    const heap = readFileSync(probe, "utf8")
      .trim()
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line))
      .filter((h) => h.time >= startedAt && h.time <= endedAt)
      .map(({ time, heapUsedMiB, ...rest }) => ({ s: Math.round((time - startedAt) / 100) / 10, heapUsedMiB: Math.round(heapUsedMiB * 10) / 10, ...rest }));
    const heapFirst = heap.filter((h) => h.s * 1000 < span / 3).map((h) => h.heapUsedMiB);
    const heapLast = heap.filter((h) => h.s * 1000 >= (2 * span) / 3).map((h) => h.heapUsedMiB);
    const heapGrowth = heapFirst.length && heapLast.length ? (mean(heapLast) - mean(heapFirst)) / mean(heapFirst) : null;

    const summary = {
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version, loadAverageBefore: os.loadavg() },
      mallocArenaMax: process.env.MALLOC_ARENA_MAX ?? "2",
      mallocMmapThreshold: process.env.MALLOC_MMAP_THRESHOLD_ ?? "131072",
      method: `autocannon ${CONNECTIONS} connections, ${DURATION} s after ${WARMUP} s of the same load unmeasured, keep-alive, Accept-Encoding ${ENCODING}, load generator on the same machine; mixed workload (weights per 100 requests)`,
      mix: Object.fromEntries(MIX),
      warmUp: { seconds: WARMUP, requests: warm.requests.total, errors: warm.errors, non2xx: warm.non2xx },
      requests: result.requests.total,
      requestsPerSecond: result.requests.average,
      latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max, mean: result.latency.mean },
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      statuses: { "2xx": result["2xx"], "3xx": result["3xx"], "4xx": result["4xx"], "5xx": result["5xx"] },
      memory: {
        rss: { firstThirdMeanMiB: Math.round(first * 10) / 10, lastThirdMeanMiB: Math.round(last * 10) / 10, growth: Math.round(growth * 1000) / 1000, samples: memory },
        heapAfterMajorGc: {
          firstThirdMeanMiB: heapFirst.length ? Math.round(mean(heapFirst) * 10) / 10 : null,
          lastThirdMeanMiB: heapLast.length ? Math.round(mean(heapLast) * 10) / 10 : null,
          growth: heapGrowth === null ? null : Math.round(heapGrowth * 1000) / 1000,
          samples: heap,
        },
      },
    };
    mkdirSync(path.join(root, "bench/results"), { recursive: true });
    writeFileSync(path.join(root, "bench/results/load.json"), JSON.stringify(summary, null, 2) + "\n");
    console.log(
      `${summary.requests} requests (${Math.round(summary.requestsPerSecond)}/s), p50 ${summary.latencyMs.p50} ms, p99 ${summary.latencyMs.p99} ms, max ${summary.latencyMs.max} ms; ` +
        `errors ${summary.errors}, timeouts ${summary.timeouts}, non-2xx ${summary.non2xx}, 5xx ${summary.statuses["5xx"]}; ` +
        `RSS ${summary.memory.rss.firstThirdMeanMiB} -> ${summary.memory.rss.lastThirdMeanMiB} MiB (${(growth * 100).toFixed(1)}%), ` +
        `live heap ${summary.memory.heapAfterMajorGc.firstThirdMeanMiB} -> ${summary.memory.heapAfterMajorGc.lastThirdMeanMiB} MiB (${heapGrowth === null ? "n/a" : (heapGrowth * 100).toFixed(1) + "%"})`,
    );
    const problems = [];
    if (warm.errors || warm.timeouts || warm.non2xx) problems.push(`warm-up: ${warm.errors} errors, ${warm.timeouts} timeouts, ${warm.non2xx} answers other than 2xx`);
    if (result.errors || result.timeouts) problems.push(`${result.errors} errors, ${result.timeouts} timeouts`);
    if (result.non2xx) problems.push(`${result.non2xx} answers other than 2xx`);
    if (growth > GROWTH_LIMIT) problems.push(`RSS grew ${(growth * 100).toFixed(1)}% between the first and the last third`);
    if (heapGrowth !== null && heapGrowth > GROWTH_LIMIT) problems.push(`the live heap grew ${(heapGrowth * 100).toFixed(1)}% between the first and the last third`);
    if (problems.length) {
      console.error(`FAILED: ${problems.join("; ")}`);
      process.exitCode = 1;
    }
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    rmSync(dbDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
