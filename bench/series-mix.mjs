// The worst case for the series service beside the pages: clients that keep asking for monthly series no
// one asked before (every model and scenario, brotli), each with its own address, while one visitor loads
// `/` again and again. Reports the latency of `/` (p50, p95, p99, max) and the series answered, with the
// series computed on the main thread (SERIES_WORKERS=0, as before the worker threads) and in the default
// worker threads, for 2 and 8 such clients.
//
//   node bench/series-mix.mjs [--duration 20] [--clients 2,8]     (after npm run build)
import { loadAverage, machine, option, round, startServer, writeResult } from "./lib.mjs";

const duration = Number(option("duration", "20")) * 1000;
const clientCounts = option("clients", "2,8").split(",").map(Number);
const GEOS = ["NPL", "BGD", "IND", "PAK", "LKA", "AFG", "BTN", "MDV", "indus", "ganges", "brahmaputra", "helmand"];
const INDICATORS = ["tas", "pr", "hurs", "rsds", "tasmax", "tasmin", "huss", "sfcWind"];

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

async function run(workers, clients) {
  const server = await startServer({ TRUST_PROXY: "loopback", ...(workers === undefined ? {} : { SERIES_WORKERS: String(workers) }) });
  let counter = 0;
  // distinct queries: indicator, place and start year never repeat within a run
  const uncached = () => {
    const i = counter++;
    return `/api/cmip6/v1/monthly?indicator=${INDICATORS[i % INDICATORS.length]}&geo=${GEOS[Math.floor(i / INDICATORS.length) % GEOS.length]}&start=${1950 + (Math.floor(i / (INDICATORS.length * GEOS.length)) % 140)}&end=2100`;
  };
  const loadStart = loadAverage();
  const until = Date.now() + duration;
  const status = new Map();
  const client = async (n) => {
    const address = `198.51.100.${n + 1}`;
    const one = async () => {
      while (Date.now() < until) {
        const response = await fetch(`${server.base}${uncached()}`, { headers: { "X-Forwarded-For": address, "Accept-Encoding": "br" } });
        await response.arrayBuffer();
        status.set(response.status, (status.get(response.status) ?? 0) + 1);
      }
    };
    await Promise.all([one(), one(), one(), one()]);
  };
  const load = Promise.all(Array.from({ length: clients }, (_, n) => client(n)));
  await new Promise((r) => setTimeout(r, 1000));
  const pages = [];
  while (Date.now() < until) {
    const started = performance.now();
    const response = await fetch(`${server.base}/`);
    await response.text();
    pages.push(performance.now() - started);
  }
  await load;
  await server.stop();
  pages.sort((a, b) => a - b);
  return {
    seriesWorkers: workers === undefined ? "default (cores - 1)" : workers,
    clients,
    seconds: duration / 1000,
    pageLoads: pages.length,
    pageMs: { p50: round(percentile(pages, 0.5), 0), p95: round(percentile(pages, 0.95), 0), p99: round(percentile(pages, 0.99), 0), max: round(pages[pages.length - 1], 0) },
    seriesAnswers: Object.fromEntries(status),
    loadAverage: { start: loadStart, end: loadAverage() },
  };
}

const runs = [];
for (const clients of clientCounts) {
  for (const workers of [0, undefined]) {
    const result = await run(workers, clients);
    console.log(JSON.stringify(result));
    runs.push(result);
  }
}
writeResult("series-mix", { date: new Date().toISOString(), machine: machine(), runs });
