#!/usr/bin/env node
// Benchmark of the series API: the service called in process (store and serialisation), then the built
// server over HTTP. Writes bench/results/series.json. Run `npm run build` first.
//
//   node bench/series.mjs [--duration 10] [--connections 50]
//
// HTTP load here comes from a concurrent fetch loop (keep-alive connections, one request in flight per
// connection, like autocannon's defaults) running on the same machine; bench/throughput.mjs measures the
// same endpoint with autocannon beside nginx.
import { get } from "node:http";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { loadAverage, machine as describeMachine, option, root, round, rssMiB, startServer, writeResult } from "./lib.mjs";
const DURATION_S = option("duration", 10);
const CONNECTIONS = option("connections", 50);

const QUERIES = {
  annual35: "/api/cmip6/annual?indicator=tas&geo=NPL",
  annual35Index: "/api/cmip6/annual?indicator=cdd&geo=IND",
  monthly35Scenario: "/api/cmip6/v1/monthly?indicator=pr&geo=BGD&scenario=ssp585",
  monthly35Season: "/api/cmip6/v1/monthly?indicator=pr&geo=ganges&season=JJAS",
  monthlyOneModel: "/api/cmip6/v1/monthly?indicator=tasmax&geo=PAK&model=MIROC6&start=1995&end=2014",
};

function summary(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))];
  return { n: s.length, p50: round(q(0.5)), p90: round(q(0.9)), p99: round(q(0.99)), max: round(s.at(-1)), mean: round(s.reduce((a, b) => a + b, 0) / s.length) };
}

// ---------------------------------------------------------------------------------------------------
// 1. In process: the series service over the sample store, without HTTP.

async function inProcess() {
  const outdir = path.join(root, "bench/.tmp");
  mkdirSync(outdir, { recursive: true });
  const entry = path.join(outdir, "series-entry.ts");
  writeFileSync(
    entry,
    [
      `export { getSeeds } from ${JSON.stringify(path.join(root, "server/seeds.server.ts"))};`,
      `export { SampleSeriesStore } from ${JSON.stringify(path.join(root, "server/series/sample/sample-store.ts"))};`,
      `export { createSeriesService } from ${JSON.stringify(path.join(root, "server/series/service.server.ts"))};`,
    ].join("\n"),
  );
  const outfile = path.join(outdir, "series.mjs");
  await build({ entryPoints: [entry], outfile, bundle: true, platform: "node", format: "esm", packages: "external", logLevel: "warning" });
  const { getSeeds, SampleSeriesStore, createSeriesService } = await import(pathToFileURL(outfile).href);

  const seeds = getSeeds();
  const store = new SampleSeriesStore();
  const service = createSeriesService(seeds, store);
  const resolve = (url, on = service) => {
    const u = new URL(url, "http://x");
    const frequency = u.pathname.endsWith("annual") ? "annual" : "monthly";
    const parsed = on.parse(frequency, u.searchParams);
    if (!parsed.ok) throw new Error(parsed.problem.message);
    const resolved = on.resolve(frequency, parsed.query);
    if (!resolved.ok) throw new Error(resolved.message);
    return resolved.value;
  };
  const time = async (f) => {
    const t = performance.now();
    const out = await f();
    return [performance.now() - t, out];
  };

  const results = {};
  for (const [name, url] of Object.entries(QUERIES)) {
    const [first, prepared] = await time(() => service.json(resolve(url)));
    // a service with an empty answer cache over the same store: the store's memo answers, the answer is
    // cut, its statistics computed and serialised anew
    const uncached = [];
    for (let i = 0; i < 40; i++) {
      const fresh = createSeriesService(seeds, store);
      const [ms] = await time(() => fresh.json(resolve(url, fresh)));
      uncached.push(ms);
    }
    const cached = [];
    for (let i = 0; i < 200; i++) {
      const [ms] = await time(() => service.json(resolve(url)));
      cached.push(ms);
    }
    results[name] = {
      url,
      bytes: prepared.body.length,
      firstMs: round(first),
      computedMs: summary(uncached),
      cachedMs: summary(cached),
    };
    console.log(`in process  ${name.padEnd(18)} first ${round(first, 1)} ms, computed p50 ${results[name].computedMs.p50} ms p99 ${results[name].computedMs.p99} ms, cached p50 ${results[name].cachedMs.p50} ms`);
  }
  return results;
}

// ---------------------------------------------------------------------------------------------------
// 2. Over HTTP against the built server.


async function timedGet(url, headers) {
  const t = performance.now();
  const response = await fetch(url, { headers });
  const body = await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  return { ms: performance.now() - t, bytes: body.byteLength };
}

/** Size of the compressed body as sent (fetch would decompress it). */
function compressedBytes(url, encoding) {
  return new Promise((resolve, reject) => {
    get(url, { headers: { "Accept-Encoding": encoding } }, (response) => {
      let bytes = 0;
      response.on("data", (chunk) => (bytes += chunk.length));
      response.on("end", () => resolve({ bytes, encoding: response.headers["content-encoding"] }));
    }).on("error", reject);
  });
}

/** `connections` loops, each with one request in flight, for `seconds`; `next()` gives each request's URL. */
async function load(next, headers, seconds = DURATION_S, connections = CONNECTIONS) {
  const latencies = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      try {
        latencies.push((await timedGet(next(), headers)).ms);
      } catch {
        errors++;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (performance.now() - started) / 1000;
  return { connections, seconds: round(elapsed, 1), requests: latencies.length, errors, requestsPerSecond: round(latencies.length / elapsed, 0), latencyMs: summary(latencies) };
}

async function overHttp() {
  const { base, child, stop } = await startServer();
  try {
    const results = {};
    for (const [name, query] of Object.entries(QUERIES)) {
      const first = await timedGet(`${base}${query}`);
      const sequential = [];
      for (let i = 0; i < 100; i++) sequential.push((await timedGet(`${base}${query}`)).ms);
      const gzip = await compressedBytes(`${base}${query}`, "gzip");
      const br = await compressedBytes(`${base}${query}`, "br");
      results[name] = { url: query, bytes: first.bytes, gzipBytes: gzip.bytes, brBytes: br.bytes, firstMs: round(first.ms), sequentialMs: summary(sequential) };
      console.log(`http        ${name.padEnd(18)} first ${round(first.ms, 1)} ms, then p50 ${results[name].sequentialMs.p50} ms p99 ${results[name].sequentialMs.p99} ms (${first.bytes} bytes, ${gzip.bytes} gzip, ${br.bytes} br)`);
    }

    const url = `${base}${QUERIES.annual35}`;
    const loads = {
      annual35: await load(() => url, {}),
      annual35Gzip: await load(() => url, { "Accept-Encoding": "gzip" }),
    };
    // distinct queries: another period for each request (5590 of them), so each answer is computed and serialised
    let i = 0;
    loads.annual35Distinct = await load(() => {
      const n = i++;
      return `${url}&start=${1950 + (n % 65)}&end=${2100 - (Math.floor(n / 65) % 86)}`;
    }, {});
    const season = `${base}${QUERIES.monthly35Season}`;
    loads.monthly35Season = await load(() => season, { "Accept-Encoding": "gzip" });
    for (const [name, r] of Object.entries(loads)) {
      console.log(`load        ${name.padEnd(18)} ${r.requestsPerSecond} req/s, p50 ${r.latencyMs.p50} ms, p99 ${r.latencyMs.p99} ms, ${r.errors} errors (${r.connections} connections, ${r.seconds} s)`);
    }
    return { single: results, load: loads, serverRssMiBAfter: rssMiB(child.pid) };
  } finally {
    await stop();
  }
}

const machine = describeMachine();
const started = new Date().toISOString();
const inProcessResults = await inProcess();
const httpResults = await overHttp();
machine.loadAverageAtEnd = loadAverage();

const report = {
  date: started,
  machine,
  method: {
    inProcess:
      "createSeriesService over SampleSeriesStore in this process (bundled with esbuild). first: a cold store; computed: 40 repeats through a service with an empty answer cache (store memo hit; the answer is cut, its statistics computed and serialised); cached: 200 repeats (serialised answer from the cache).",
    http:
      "node build/server/index.js (NODE_ENV=production, request log off) on 127.0.0.1; first request, then 100 sequential requests; load: " +
      `${CONNECTIONS} keep-alive connections with one request in flight each for ${DURATION_S} s from a fetch loop in the benchmark process on the same machine (autocannon is not installed). ` +
      "annual35Distinct asks a different period each time (start and end years) to defeat the answer cache.",
  },
  inProcess: inProcessResults,
  ...httpResults,
};
writeResult("series", report);
