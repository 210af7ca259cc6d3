// Load test of the production build: mixed workloads at 100 connections from 25 client addresses (four
// connections each, as a browser opens), latency per class of request (p50, p90, p99, max), statuses, and
// the server's memory (resident size every few seconds, live heap after each major collection). Each mix
// runs on a fresh server: the same load unmeasured first (caches fill, the JIT settles), then measured.
// Fails (exit 1) on any failed or timed-out request, any answer other than 2xx, or memory (resident size,
// and the live heap after major collections) growing by more than 10% between the first and the last third
// of the measured run. Writes bench/results/load.json (or `--out NAME`).
//
//   npm run build && npm run bench:load [-- --mix browse,heavy --duration 60 --connections 100 --warmup 60]
//   node bench/load.mjs --mix overload --clients 100 [--warmup 0] [--baseline ../other-checkout]
//                                                                   (more than one portal serves; 503s expected)
//   node bench/load.mjs --mix soak --duration 1800 --warmup 300 --rate 20 --connections 40 --sample 5 --out soak
//                                                                   (30-minute soak at a steady 20 requests/s)
//
// Mixes (weights per 100 requests):
//   browse  what browsers ask: documents (cached), hashed assets, reference lists, series (cached),
//           geometry and region values;
//   heavy   half documents, of them a fifth of all requests pages nobody asked before (explorer queries with
//           series to compute), and the rest series nobody asked before;
//   soak    everything, with the probes of a hostile client too: junk parameters, a 7 KB cookie, pages and
//           series never asked before, region values of many periods.
// Client addresses are loopback addresses of their own (127.0.1.x): the portal's per-client lines see 25
// clients, as they would behind nginx.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import os from "node:os";
import path from "node:path";
import { baselineNote, baselineOption, benchmarkIndex, freePort, loadAverage, machine, option, root, round, rssMiB, textOption as text, waitFor, writeResult } from "./lib.mjs";

const DURATION = option("duration", 60);
const CONNECTIONS = option("connections", 100);
const CLIENTS = option("clients", 25);
const WARMUP = option("warmup", 60);
const SAMPLE_SECONDS = option("sample", 1);
/** `--rate N`: at most N requests a second over all connections (a steady load for the soak); 0: as fast as answered. */
const RATE = option("rate", 0);
const MIXES = text("mix", "browse,heavy").split(",");
const BASELINE = baselineOption();
const OUT = text("out", BASELINE ? "load-compared" : "load");
/** `--encoding identity` asks for uncompressed answers (to tell compression's memory from the rest). */
const ENCODING = text("encoding", "br, gzip");
const GROWTH_LIMIT = 0.1;
const TIMEOUT_MS = 30_000;

const GEOS = ["NPL", "BGD", "IND", "PAK", "LKA", "AFG", "BTN", "MDV", "indus", "ganges", "brahmaputra", "amu-darya", "helmand", "meghna", "godavari", "krishna"];
const EXPLORER_INDICATORS = ["tas", "tasmax", "tasmin", "pr", "txx", "tnn", "su", "tr", "cdd", "cwd", "r20mm", "rx1day", "rx5day", "prcptot"];
const SERIES_INDICATORS = ["tas", "tasmax", "tasmin", "pr", "cdd", "txx", "rx1day", "prcptot"];
let fresh = 0;
/** A query nobody asked before: a place, an indicator and a span of years of its own (cycles after ~50,000). */
function freshSpan() {
  const i = fresh++;
  const start = 1950 + (Math.floor(i / GEOS.length) % 60);
  const end = 2100 - (Math.floor(i / (GEOS.length * 60)) % 40);
  return { i, geo: GEOS[i % GEOS.length], start, end };
}
const cycle = (list) => {
  let i = 0;
  return () => list[i++ % list.length];
};
const plain = (paths) => {
  const next = cycle(paths);
  return () => ({ path: next() });
};

const PROFILES = ["nepal", "bangladesh", "india", "pakistan", "sri-lanka", "afghanistan", "bhutan", "maldives"];

/**
 * Every gridded field (indicator, scenario, season, window), read off the grid API's own 400 answers (the
 * values each parameter allows), in an order that visits the indicators first.
 */
async function gridFields(base) {
  const allowed = async (query) => (await (await fetch(`${base}/api/cmip6/grid?${query}`)).json()).error.details.allowed;
  const fields = [];
  for (const indicator of await allowed("indicator=none")) {
    for (const scenario of ["ssp245", "ssp585"]) {
      const windows = await allowed(`indicator=${indicator}&scenario=${scenario}&window=none`);
      const seasons = await allowed(`indicator=${indicator}&scenario=${scenario}&season=none`);
      for (const window of windows) for (const season of seasons) fields.push(`indicator=${indicator}&scenario=${scenario}&season=${season}&window=${window}`);
    }
  }
  const byIndicator = new Map();
  for (const f of fields) byIndicator.set(f.split("&")[0], [...(byIndicator.get(f.split("&")[0]) ?? []), f]);
  const lists = [...byIndicator.values()];
  return Array.from({ length: fields.length }, (_, i) => lists[i % lists.length][Math.floor(i / lists.length) % lists[i % lists.length].length]);
}

/** Classes of request: each gives the next path (and headers) of its kind. */
function classes(assets, fields = []) {
  const field = cycle(fields);
  let painted = 0;
  return {
    profile: () => ({ path: `/profiles/${PROFILES[fresh++ % PROFILES.length]}` }),
    "grid image": () => ({ path: `/api/cmip6/grid/image.png?${field()}` }),
    "grid image, new scale": () => ({ path: `/api/cmip6/grid/image.png?${field()}&scale=${-1 - (painted % 50) / 10},${1 + (painted++ % 37) / 10}` }),
    "grid point": () => {
      const i = fresh++;
      return { path: `/api/cmip6/grid/point?${field()}&lat=${(6 + ((i * 7.31) % 30)).toFixed(2)}&lon=${(62 + ((i * 11.17) % 34)).toFixed(2)}` };
    },
    "grid field": () => ({ path: `/api/cmip6/grid?${field()}` }),
    document: plain(["/", "/cmip6-data", "/analytics/climate-crop?geo=NPL", "/data/catalog", "/wiki", "/cmip6-viewer", "/ckan-viewer?q=rain", "/contact/form", "/profiles/nepal", "/pyaez"]),
    "document, new query": () => {
      const { i, geo, start } = freshSpan();
      return { path: `/cmip6-data?indicator=${EXPLORER_INDICATORS[i % EXPLORER_INDICATORS.length]}&geo=${geo}&start=${start}` };
    },
    "document, junk parameters": () => ({ path: `/cmip6-data?utm_source=${fresh++}&x${fresh}=${"y".repeat(fresh % 200)}` }),
    "document, 7 KB cookie": () => ({ path: "/", headers: { cookie: `sacap_prefs=${"%7B".repeat(10)}; junk=${"z".repeat(7000)}` } }),
    asset: plain(assets),
    reference: plain([
      "/api/cmip6/list/geos",
      "/api/cmip6/list/indicators",
      "/api/cmip6/list/cmip6Models",
      "/api/cmip6/list/scenarios",
      "/api/catalog_data",
      "/api/menu/facet",
      "/api/menu/category",
      "/api/menu/catalog_climate_metadata",
      "/api/pyaez/list/modules",
      "/api/viewer/cmip6",
    ]),
    series: plain([
      "/api/cmip6/annual?indicator=tas&geo=NPL",
      "/api/cmip6/annual?indicator=cdd&geo=IND",
      "/api/cmip6/v1/monthly?indicator=pr&geo=BGD&scenario=ssp585",
      "/api/cmip6/v1/monthly?indicator=tasmax&geo=PAK&model=MIROC6&start=1995&end=2014",
    ]),
    "series, new query": () => {
      const { i, geo, start, end } = freshSpan();
      return { path: `/api/cmip6/annual?indicator=${SERIES_INDICATORS[i % SERIES_INDICATORS.length]}&geo=${geo}&start=${start}&end=${end}` };
    },
    geometry: plain([
      "/api/geo/countries",
      "/api/geo/basins",
      "/api/viewer/choropleth?indicator=tas&geotype=country&scenario=ssp585&model=ensemble&start=2041&end=2060",
    ]),
    "region values, new period": () => {
      const { i, start } = freshSpan();
      const first = 2015 + (start % 60);
      return { path: `/api/viewer/choropleth?indicator=${SERIES_INDICATORS[i % 4]}&geotype=${i % 2 ? "country" : "basin"}&scenario=ssp245&model=ensemble&start=${first}&end=${Math.min(2100, first + 19)}` };
    },
  };
}

const MIX_WEIGHTS = {
  // more than the machine can serve: pages, profiles, explorer queries, series, grid images, points and
  // fields, each connection a client of its own (`--clients 100`): what is answered, how soon, and how
  // much is turned away (503) instead
  overload: {
    document: 16,
    profile: 8,
    "document, new query": 16,
    series: 10,
    "series, new query": 10,
    "grid image": 12,
    "grid image, new scale": 4,
    "grid point": 12,
    "grid field": 12,
  },
  browse: { document: 20, asset: 16, reference: 20, series: 24, geometry: 20 },
  heavy: { document: 30, "document, new query": 20, "series, new query": 50 },
  soak: {
    document: 16,
    "document, new query": 8,
    "document, junk parameters": 8,
    "document, 7 KB cookie": 4,
    asset: 12,
    reference: 12,
    series: 14,
    "series, new query": 10,
    geometry: 8,
    "region values, new period": 8,
  },
};

const quantile = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : null);
const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;

/**
 * One GET on a client's keep-alive agent: status and bytes, or the error (a timeout after 30 s). A request
 * sent on a kept-alive socket just as the server closed it for idleness (after Node's 5 s keep-alive
 * timeout, which a paced connection can reach) is sent again once on a new socket, as browsers do;
 * `retried` counts those.
 */
function get(base, agent, { path: p, headers = {} }, retry = true) {
  return new Promise((resolve) => {
    const request = httpRequest(`${base}${p}`, { agent, headers: { "accept-encoding": ENCODING, ...headers } }, (response) => {
      let bytes = 0;
      response.on("data", (chunk) => (bytes += chunk.length));
      response.on("end", () => resolve({ status: response.statusCode, bytes }));
      response.on("error", (error) => resolve({ error: error.message }));
    });
    request.setTimeout(TIMEOUT_MS, () => request.destroy(new Error("timeout")));
    request.on("error", (error) => {
      if (retry && request.reusedSocket && error.code === "ECONNRESET") {
        resolve(get(base, agent, { path: p, headers }, false).then((answer) => ({ ...answer, retried: true })));
      } else resolve({ error: error.message === "timeout" ? "timeout" : error.message });
    });
    request.end();
  });
}

/** `seconds` of load: CONNECTIONS loops, each on its client's agent, taking the mix's classes in turn. */
async function drive(base, kinds, weights, seconds) {
  const sequence = Object.entries(weights).flatMap(([kind, weight]) => Array(weight).fill(kind));
  // interleave, the same order every run, so every connection sees the whole mix
  for (let i = sequence.length - 1; i > 0; i--) {
    const j = (i * 7919) % (i + 1);
    [sequence[i], sequence[j]] = [sequence[j], sequence[i]];
  }
  const agents = Array.from({ length: CLIENTS }, (_, c) => new Agent({ keepAlive: true, localAddress: `127.0.1.${c + 1}` }));
  const byKind = Object.fromEntries(Object.keys(weights).map((kind) => [kind, { ms: [], answeredMs: [], statuses: {}, errors: {}, bytes: 0, retried: 0 }]));
  const deadline = Date.now() + seconds * 1000;
  let next = 0;
  let slot = performance.now();
  const pace = async () => {
    if (!RATE) return;
    const now = performance.now();
    slot = Math.max(slot + 1000 / RATE, now);
    if (slot > now) await new Promise((r) => setTimeout(r, slot - now));
  };
  const connection = async (c) => {
    while (Date.now() < deadline) {
      await pace();
      if (Date.now() >= deadline) break;
      const kind = sequence[next++ % sequence.length];
      const started = performance.now();
      const answer = await get(base, agents[c % CLIENTS], kinds[kind]());
      const record = byKind[kind];
      if (answer.retried) record.retried++;
      if (answer.error) record.errors[answer.error] = (record.errors[answer.error] ?? 0) + 1;
      else {
        record.ms.push(performance.now() - started);
        if (answer.status >= 200 && answer.status < 300) record.answeredMs.push(performance.now() - started);
        record.statuses[answer.status] = (record.statuses[answer.status] ?? 0) + 1;
        record.bytes += answer.bytes;
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, c) => connection(c)));
  for (const agent of agents) agent.destroy();
  return byKind;
}

function summarise(byKind, seconds) {
  const classes = {};
  for (const [kind, { ms, statuses, errors, bytes, retried }] of Object.entries(byKind)) {
    const sorted = [...ms].sort((a, b) => a - b);
    const answered = byKind[kind].answeredMs.sort((a, b) => a - b);
    classes[kind] = {
      requests: ms.length,
      answered: answered.length,
      answeredLatencyMs: { p50: round(quantile(answered, 0.5), 0), p99: round(quantile(answered, 0.99), 0), max: round(answered.at(-1) ?? null, 0) },
      shed: statuses[503] ?? 0,
      perSecond: round(ms.length / seconds, 1),
      latencyMs: { p50: round(quantile(sorted, 0.5), 0), p90: round(quantile(sorted, 0.9), 0), p99: round(quantile(sorted, 0.99), 0), max: round(sorted.at(-1) ?? null, 0) },
      statuses,
      errors,
      retriedOnClosedKeepAlive: retried,
      meanKB: ms.length ? round(bytes / ms.length / 1024, 1) : null,
    };
  }
  const all = Object.values(byKind).flatMap((k) => k.ms).sort((a, b) => a - b);
  const answered = Object.values(byKind).flatMap((k) => k.answeredMs).sort((a, b) => a - b);
  return {
    requests: all.length,
    answered: answered.length,
    answeredPerSecond: round(answered.length / seconds, 1),
    answeredLatencyMs: { p50: round(quantile(answered, 0.5), 0), p90: round(quantile(answered, 0.9), 0), p99: round(quantile(answered, 0.99), 0), max: round(answered.at(-1) ?? null, 0) },
    requestsPerSecond: round(all.length / seconds, 1),
    latencyMs: { p50: round(quantile(all, 0.5), 0), p90: round(quantile(all, 0.9), 0), p99: round(quantile(all, 0.99), 0), max: round(all.at(-1) ?? null, 0) },
    classes,
  };
}

async function runMix(name, weights, dir = root) {
  const port = await freePort();
  const dbDir = mkdtempSync(path.join(os.tmpdir(), "sacap-load-"));
  const probe = path.join(dbDir, "heap.jsonl");
  const server = spawn(process.execPath, ["--require", path.join(root, "bench/heap-probe.cjs"), "build/server/index.js"], {
    cwd: dir,
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
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/healthz`, server, "the server (run npm run build first)");
    const rssAtStart = rssMiB(server.pid);
    // four of the home page's hashed assets (script and style), as a browser's first visit loads them
    const home = await (await fetch(`${base}/`)).text();
    const assets = [...new Set([...home.matchAll(/(?:href|src)="(\/build\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]))].slice(0, 4);
    if (assets.length < 4) throw new Error("the home page names fewer than four assets");
    const kinds = classes(assets, await gridFields(base));
    // every class answers 200 before the run
    for (const kind of Object.keys(weights)) {
      const { path: p, headers } = kinds[kind]();
      const response = await fetch(base + p, { headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${kind}: ${p} answered ${response.status} before the run`);
    }
    const warm = summarise(await drive(base, kinds, weights, WARMUP), WARMUP);
    console.log(`${name}: warm-up ${warm.requests} requests, p99 ${warm.latencyMs.p99} ms`);
    const rssAfterWarmUp = rssMiB(server.pid);

    const memory = [];
    const startedAt = Date.now();
    const sample = () => memory.push({ s: round((Date.now() - startedAt) / 1000, 1), rssMiB: rssMiB(server.pid) });
    sample();
    const sampler = setInterval(sample, SAMPLE_SECONDS * 1000);
    const measured = summarise(await drive(base, kinds, weights, DURATION), DURATION);
    clearInterval(sampler);
    const endedAt = Date.now();
    const health = await (await fetch(`${base}/healthz`)).json().catch(() => null);

    const third = Math.max(1, Math.floor(memory.length / 3));
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
      .map(({ time, heapUsedMiB, rssMiB: rss }) => ({ s: round((time - startedAt) / 1000, 1), heapUsedMiB: round(heapUsedMiB, 1), rssMiB: rss }));
    const heapFirst = heap.filter((h) => h.s * 1000 < span / 3).map((h) => h.heapUsedMiB);
    const heapLast = heap.filter((h) => h.s * 1000 >= (2 * span) / 3).map((h) => h.heapUsedMiB);
    const heapGrowth = heapFirst.length && heapLast.length ? (mean(heapLast) - mean(heapFirst)) / mean(heapFirst) : null;

    const result = {
      weights,
      warmUp: { seconds: WARMUP, requests: warm.requests, p99Ms: warm.latencyMs.p99 },
      ...measured,
      memory: {
        rssAtStartMiB: rssAtStart,
        rssAfterWarmUpMiB: rssAfterWarmUp,
        rss: { firstThirdMeanMiB: round(first, 1), lastThirdMeanMiB: round(last, 1), maxMiB: Math.max(...memory.map((m) => m.rssMiB)), growth: round(growth, 3), samples: memory },
        heapAfterMajorGc: {
          firstThirdMeanMiB: heapFirst.length ? round(mean(heapFirst), 1) : null,
          lastThirdMeanMiB: heapLast.length ? round(mean(heapLast), 1) : null,
          growth: heapGrowth === null ? null : round(heapGrowth, 3),
          samples: heap,
        },
        // the server's own account at the end: its caches' sizes against their bounds
        healthz: health && { memory: health.memory, caches: health.caches },
      },
    };
    console.log(
      `${name}: ${result.requests} requests (${result.requestsPerSecond}/s), p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms; ` +
        `RSS ${result.memory.rss.firstThirdMeanMiB} -> ${result.memory.rss.lastThirdMeanMiB} MiB (${(growth * 100).toFixed(1)}%), ` +
        `live heap ${result.memory.heapAfterMajorGc.firstThirdMeanMiB} -> ${result.memory.heapAfterMajorGc.lastThirdMeanMiB} MiB`,
    );
    for (const [kind, c] of Object.entries(result.classes)) {
      console.log(`  ${kind.padEnd(28)} ${String(c.requests).padStart(6)}  p50 ${c.latencyMs.p50} ms, p99 ${c.latencyMs.p99} ms, max ${c.latencyMs.max} ms  ${JSON.stringify(c.statuses)}${Object.keys(c.errors).length ? ` errors ${JSON.stringify(c.errors)}` : ""}`);
    }
    const problems = [];
    for (const [kind, c] of Object.entries(result.classes)) {
      const failed = Object.values(c.errors).reduce((a, b) => a + b, 0);
      const non2xx = Object.entries(c.statuses).filter(([s]) => !s.startsWith("2")).reduce((a, [, n]) => a + n, 0);
      if (failed) problems.push(`${kind}: ${failed} failed (${JSON.stringify(c.errors)})`);
      if (non2xx) problems.push(`${kind}: ${non2xx} answers other than 2xx`);
    }
    if (growth > GROWTH_LIMIT) problems.push(`RSS grew ${(growth * 100).toFixed(1)}% between the first and the last third`);
    if (heapGrowth !== null && heapGrowth > GROWTH_LIMIT) problems.push(`the live heap grew ${(heapGrowth * 100).toFixed(1)}% between the first and the last third`);
    result.problems = problems;
    return result;
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once("exit", resolve)));
    rmSync(dbDir, { recursive: true, force: true });
  }
}

async function main() {
  for (const name of MIXES) if (!MIX_WEIGHTS[name]) throw new Error(`unknown mix "${name}": ${Object.keys(MIX_WEIGHTS).join(", ")}`);
  const report = {
    date: new Date().toISOString(),
    machine: { ...machine(), benchmarkIndexAtStart: round(await benchmarkIndex(), 0) },
    mallocArenaMax: process.env.MALLOC_ARENA_MAX ?? "2",
    mallocMmapThreshold: process.env.MALLOC_MMAP_THRESHOLD_ ?? "131072",
    ...(BASELINE ? { baseline: baselineNote(BASELINE, "measured") } : {}),
    method:
      `${CONNECTIONS} connections from ${CLIENTS} client addresses${RATE ? `, at most ${RATE} requests/s in all` : ""}, ${DURATION} s measured after ${WARMUP} s of the same load unmeasured, ` +
      `a fresh server per mix, keep-alive, Accept-Encoding ${ENCODING}, request timeout ${TIMEOUT_MS / 1000} s, load generator on the same machine; ` +
      `resident size every ${SAMPLE_SECONDS} s, live heap after each major collection`,
    mixes: {},
  };
  for (const name of MIXES) {
    if (BASELINE) {
      // this build and the baseline's in turn, each on a fresh server
      report.mixes[name] = {};
      for (const [side, dir] of [["current", root], ["baseline", BASELINE]]) {
        report.mixes[name][side] = await runMix(`${name} (${side})`, MIX_WEIGHTS[name], dir);
        report.mixes[name][side].loadAverageAtEnd = loadAverage();
      }
      continue;
    }
    report.mixes[name] = await runMix(name, MIX_WEIGHTS[name]);
    report.mixes[name].loadAverageAtEnd = loadAverage();
  }
  report.machine.loadAverageAtEnd = loadAverage();
  report.machine.benchmarkIndexAtEnd = round(await benchmarkIndex(), 0);
  writeResult(OUT, report);
  const results = Object.entries(report.mixes).flatMap(([name, r]) => (BASELINE ? [[`${name} (current)`, r.current]] : [[name, r]]));
  // an overload is meant to be turned away in part: its 503s are no failure
  const problems = results.flatMap(([name, r]) => r.problems.filter((p) => !(name.startsWith("overload") && / answers other than 2xx$/.test(p))).map((p) => `${name}: ${p}`));
  if (problems.length) {
    console.error(`FAILED: ${problems.join("; ")}`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
