#!/usr/bin/env node
// First load on a slow link: Lighthouse 12 (mobile, simulated slow 4G: 150 ms RTT, 1.6 Mbps, the CPU of a
// mid-tier phone of benchmarkIndex 300: a slowdown of this machine's benchmarkIndex, measured before each
// run, over 300, bench/lib.mjs slowdownNow) with Debian's Chromium against the production build, five runs
// per route of every kind of page (bench/lib.mjs PAGE_ROUTES), medians, with Lighthouse's benchmarkIndex and the load average at the start
// and end and the load average with every run (figures from different machines compare through them); beside
// it the physical bound of each route (the time its HTML and render-blocking CSS need at that RTT and
// bandwidth) and LCP as a ratio of it. Writes bench/results/lighthouse.json (with --routes,
// lighthouse-selected.json). Run `npm run build` first.
//
//   node bench/lighthouse.mjs [--runs 5] [--routes /,/profiles/nepal] [--baseline ../other-checkout] [--device-index 300]
//
// Lantern simulates the slowed CPU from a trace taken at full speed: the TBT the device would see, on any day
// here. With --device-index N another device (--cpu-index M, the earlier form: 4x on a machine of index M,
// the same as --device-index M/4); the results go to lighthouse-deviceN.json (-compared-deviceN, ...).
//
// With --baseline, the production build of another checkout (built there with `npm run build`) is served
// beside this one and the two are measured in turn, run by run (the order swapped every run), so that both
// see the same load on a shared machine; the baseline's runs and medians are written beside each route's.
import { get } from "node:http";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { baselineNote, baselineOption, cpuSlowdown, endOfRun, loadAverage, machineWithIndex, median, option, PAGE_RUNS, resultName, round, routesOption, slowdownMethod, startServer, steadiness, steadyLoad, turnOrder, writeResult } from "./lib.mjs";

const RUNS = option("runs", PAGE_RUNS);
const routesArg = process.argv.indexOf("--routes");
const ROUTES = routesOption();
const BASELINE = baselineOption();
const CHROME_PATH = "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

// Lighthouse's mobile defaults, spelled out: simulated slow 4G (Lantern).
const RTT_MS = 150;
const THROUGHPUT_KBPS = 1638.4; // 1.6 Mbps, in Lighthouse's units (1 kbps = 1024 bit/s)
const config = {
  extends: "lighthouse:default",
  settings: {
    onlyCategories: ["performance"],
    formFactor: "mobile",
    screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
    throttlingMethod: "simulate",
    throttling: {
      rttMs: RTT_MS,
      throughputKbps: THROUGHPUT_KBPS,
      // cpuSlowdownMultiplier: set before each run from this machine's benchmarkIndex then (bench/lib.mjs slowdownNow)
      // used only by devtools throttling; Lighthouse's values for the same profile
      requestLatencyMs: RTT_MS * 3.75,
      downloadThroughputKbps: THROUGHPUT_KBPS * 0.9,
      uploadThroughputKbps: 750 * 0.9,
    },
    maxWaitForLoad: 45_000,
    // every run a first visit: Lighthouse clears the cache but keeps local storage, where a page notes
    // that the web font's faces were fetched (app/lib/webfont.ts)
    clearStorageTypes: ["file_systems", "shader_cache", "service_workers", "cache_storage", "local_storage"],
  },
};

/** The targets at the device (decision 028): TBT, score, LCP over the route's bound, CLS; and LCP itself. */
const TARGETS = { lcpMs: 2000, tbtMs: 200, cls: 0.02, score: 90, boundRatio: 1.5 };
const BITS_PER_SECOND = THROUGHPUT_KBPS * 1024;

/** The median of each metric over runs. */
const medianOf = (runs) =>
  Object.fromEntries(["fcpMs", "lcpMs", "tbtMs", "cls", "speedIndexMs", "interactiveMs", "transferBytes", "score"].map((k) => [k, median(runs.map((r) => r[k]))]));

/** Bytes of a response as sent (compressed), with the given Accept-Encoding. */
function sentBytes(url, encoding) {
  return new Promise((resolve, reject) => {
    get(url, { headers: { "accept-encoding": encoding } }, (res) => {
      let bytes = 0;
      res.on("data", (chunk) => (bytes += chunk.length));
      res.on("end", () => resolve({ bytes, encoding: res.headers["content-encoding"] ?? "identity" }));
    }).on("error", reject);
  });
}

/** Render-blocking stylesheets of a page: the `<link rel="stylesheet">` in its server HTML. */
async function blockingStylesheets(base, route) {
  const html = await (await fetch(base + route)).text();
  const head = html.slice(0, html.indexOf("</head>"));
  return [...head.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => new URL(m[1], base).href);
}

/**
 * The physical bound: a new connection (1 RTT), the document request (1 RTT) and its bytes at the link's
 * bandwidth; then the stylesheets on the open connection (1 RTT) and their bytes. No DNS, no TLS (a
 * loopback origin), no server time, no TCP slow start: a floor no real load can beat.
 */
function physicalBound(htmlBytes, cssBytes) {
  const rtt = RTT_MS / 1000;
  const transfer = (bytes) => (bytes * 8) / BITS_PER_SECOND;
  const seconds = rtt + rtt + transfer(htmlBytes) + (cssBytes > 0 ? rtt + transfer(cssBytes) : 0);
  return {
    formula: "RTT (connect) + RTT (request) + HTML bytes / bandwidth + RTT (CSS request) + CSS bytes / bandwidth",
    rttMs: RTT_MS,
    bitsPerSecond: BITS_PER_SECOND,
    htmlBytes,
    cssBytes,
    ms: round(seconds * 1000, 0),
  };
}

/** One Lighthouse run of a page at the device's CPU (`steadyLoad`), with the figures this benchmark keeps. */
const measure = (url) => steadyLoad(SLOWDOWN, (rate) => measureAt(url, rate));

async function measureAt(url, rate) {
  config.settings.throttling.cpuSlowdownMultiplier = rate;
  // a trace that failed to record (NO_NAVSTART and the like, more frequent on a busy machine) is run again
  let lhr;
  for (let attempt = 1; ; attempt++) {
    lhr = (await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error" }, config)).lhr;
    if (!lhr.runtimeError) break;
    if (attempt === 3) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    console.log(`${url}: ${lhr.runtimeError.code}, running again`);
  }
  const audit = (id) => lhr.audits[id]?.numericValue;
  const requests = lhr.audits["network-requests"]?.details?.items ?? [];
  return {
    fcpMs: round(audit("first-contentful-paint"), 0),
    lcpMs: round(audit("largest-contentful-paint"), 0),
    tbtMs: round(audit("total-blocking-time"), 0),
    cls: round(audit("cumulative-layout-shift"), 3),
    speedIndexMs: round(audit("speed-index"), 0),
    interactiveMs: round(audit("interactive"), 0),
    transferBytes: audit("total-byte-weight"),
    score: round((lhr.categories.performance.score ?? 0) * 100, 0),
    requests: requests.length,
    documentTransferBytes: requests.find((r) => r.resourceType === "Document")?.transferSize,
    warnings: lhr.runWarnings,
    // the main thread's long tasks as Lighthouse attributes them (simulated durations at the slowed CPU)
    longTasks: (lhr.audits["long-tasks"]?.details?.items ?? []).slice(0, 12).map((t) => ({ url: t.url, startMs: round(t.startTime, 0), durationMs: round(t.duration, 0) })),
    bootup: (lhr.audits["bootup-time"]?.details?.items ?? []).slice(0, 6).map((b) => ({ url: b.url, totalMs: round(b.total, 0), scriptingMs: round(b.scripting, 0), parseMs: round(b.scriptParseCompile, 0) })),
    // what moved, when the page moved (Lighthouse's own attribution)
    layoutShifts: (lhr.audits["layout-shifts"]?.details?.items ?? []).slice(0, 5).map((item) => ({ element: item.node?.selector ?? item.node?.snippet, score: round(item.score, 4) })),
    mainThread: Object.fromEntries((lhr.audits["mainthread-work-breakdown"]?.details?.items ?? []).map((m) => [m.group, round(m.duration, 0)])),
    loadAverage: loadAverage(),
  };
}

const server = await startServer();
const baseline = BASELINE ? await startServer({}, BASELINE) : undefined;
const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
const started = new Date().toISOString();
const info = await machineWithIndex();
const SLOWDOWN = cpuSlowdown(info);
const routes = {};
try {
  for (const route of ROUTES) {
    const url = server.base + route;
    // one request first: the server keeps computed answers (series, profiles) per data version, and a
    // visitor after the first finds them ready
    await fetch(url).then((r) => r.arrayBuffer());
    const runs = [];
    const baselineRuns = [];
    if (baseline) await fetch(baseline.base + route).then((r) => r.arrayBuffer());
    for (let i = 0; i < RUNS; i++) {
      for (const which of turnOrder(i, baseline)) {
        const run = await measure((which === "baseline" ? baseline.base : server.base) + route);
        (which === "baseline" ? baselineRuns : runs).push(run);
        console.log(
          `${route.padEnd(18)} run ${i + 1}${baseline ? ` ${which.padEnd(8)}` : ""}: FCP ${run.fcpMs} ms, LCP ${run.lcpMs} ms, TBT ${run.tbtMs} ms, CLS ${run.cls}, ` +
            `${Math.round(run.transferBytes / 1024)} KB, score ${run.score} (${run.cpuSlowdown}x at index ${run.hostBenchmarkIndex} -> ${run.hostBenchmarkIndexAfter}${run.steady ? "" : ", unsteady"}, attempt ${run.attempts}, load ${run.loadAverage[0]})`,
        );
      }
    }
    const medians = medianOf(runs);

    // critical bytes as a browser that accepts brotli receives them
    const html = await sentBytes(url, "gzip, deflate, br");
    const sheets = await blockingStylesheets(server.base, route);
    const css = await Promise.all(sheets.map((href) => sentBytes(href, "gzip, deflate, br")));
    const bound = physicalBound(html.bytes, css.reduce((sum, c) => sum + c.bytes, 0));
    bound.htmlEncoding = html.encoding;
    bound.stylesheets = sheets.map((href, i) => ({ href: new URL(href).pathname, bytes: css[i].bytes, encoding: css[i].encoding }));
    const ratio = round(medians.lcpMs / bound.ms, 2);
    routes[route] = {
      median: medians,
      steadiness: steadiness(runs),
      physicalBound: bound,
      lcpOverBound: ratio,
      meets: {
        lcp: medians.lcpMs <= TARGETS.lcpMs,
        tbt: medians.tbtMs <= TARGETS.tbtMs,
        cls: medians.cls <= TARGETS.cls,
        score: medians.score >= TARGETS.score,
        boundRatio: ratio <= TARGETS.boundRatio,
      },
      runs,
      ...(baseline ? { baseline: { median: medianOf(baselineRuns), steadiness: steadiness(baselineRuns), runs: baselineRuns } } : {}),
    };
    if (baseline) console.log(`${route.padEnd(18)} median TBT ${medians.tbtMs} ms (baseline ${routes[route].baseline.median.tbtMs}), score ${medians.score} (baseline ${routes[route].baseline.median.score})`);
    console.log(`${route.padEnd(18)} median LCP ${medians.lcpMs} ms, bound ${bound.ms} ms (${ratio}x), score ${medians.score}`);
  }
} finally {
  await chrome.kill();
  await server.stop();
  await baseline?.stop();
}

await endOfRun(info);
writeResult(resultName("lighthouse", { baseline: BASELINE, selected: routesArg !== -1, slowdown: SLOWDOWN }), {
  date: started,
  machine: info,
  method: {
    tool: `Lighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, performance category, Debian Chromium (${CHROME_PATH}) via chrome-launcher: ${CHROME_FLAGS.join(" ")}`,
    throttling: { ...config.settings.throttling, cpuSlowdownMultiplier: "the device's, set before each run (runs[].cpuSlowdown)" },
    ...slowdownMethod(SLOWDOWN),
    throttlingMethod: "simulate (Lantern): loads at full speed on loopback, then simulates the slow link and the slower CPU from the observed trace",
    formFactor: "mobile (412x823, Moto G Power user agent)",
    runs: RUNS,
    aggregate: "median of each metric over the runs",
    server: "node build/server/index.js (production build) on 127.0.0.1, a free port",
    ...(BASELINE
      ? {
          baseline: baselineNote(BASELINE, "measured"),
        }
      : {}),
    physicalBound:
      "HTML and render-blocking CSS bytes as sent with Accept-Encoding: gzip, deflate, br; time = 1 RTT connect + 1 RTT request + HTML transfer + 1 RTT + CSS transfer at 1638.4 kbps (x1024 bit/s, Lighthouse's unit); fonts excluded",
  },
  targets: TARGETS,
  routes,
});
