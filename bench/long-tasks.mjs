#!/usr/bin/env node
// What blocks the main thread after first paint: loads each route in Debian's Chromium with the CPU slowed to
// a mid-tier phone's (benchmarkIndex 300: the slowdown is this machine's benchmarkIndex, measured before each
// load, over 300, bench/lib.mjs slowdownNow; no network throttling: loopback), records a DevTools timeline trace, and
// lists every main-thread task longer than 50 ms after first contentful paint with what ran inside it
// (script evaluation by file, function calls by file and name, style and layout, parsing, garbage
// collection). Their sum above 50 ms each is the blocking time Lighthouse's TBT counts (measured here
// rather than simulated). Five runs per route of every kind of page (bench/lib.mjs PAGE_ROUTES), medians,
// with benchmarkIndex and the load average at the start and end, and the main thread's busy time (the sum of its
// tasks, long or not, from navigation to the end of the trace). Writes bench/results/long-tasks.json
// (with --routes, long-tasks-selected.json). Run `npm run build` first.
//
//   node bench/long-tasks.mjs [--runs 5] [--routes /,/cmip6-data] [--baseline ../other-checkout] [--device-index 300]
//
// With --device-index N, another device (--cpu-index M, the earlier form: 4x on a machine of index M, the
// same as --device-index M/4); its results are written beside the default device's with `-deviceN` added to
// the name (long-tasks-device200.json).
//
// With --baseline, the production build of another checkout (built there with `npm run build`) is served
// beside this one and the two are traced in turn, run by run (the order swapped every run), so that both see
// the same load on a shared machine; writes long-tasks-compared.json with the baseline's runs and median
// beside each route's.
import { chromium } from "@playwright/test";
import { baselineNote, baselineOption, cpuSlowdown, endOfRun, LONG_TASK_METHOD, machineWithIndex, option, PAGE_RUNS, PHONE_METHOD, resultName, routesOption, slowdownMethod, startServer, tracedLoad, tracedMedians, turnOrder, writeResult } from "./lib.mjs";

const RUNS = option("runs", PAGE_RUNS);
const routesArg = process.argv.indexOf("--routes");
const ROUTES = routesOption();
const BASELINE = baselineOption();
const SETTLE_MS = 4000;

const server = await startServer();
const baseline = BASELINE ? await startServer({}, BASELINE) : undefined;
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium" });
const started = new Date().toISOString();
const info = await machineWithIndex();
const SLOWDOWN = cpuSlowdown(info);
const routes = {};

/** One traced load of `url`: its long tasks after first paint and their blocking time. */
const trace = (url) => tracedLoad(browser, url, { slowdown: SLOWDOWN, settleMs: SETTLE_MS });

try {
  for (const route of ROUTES) {
    await fetch(server.base + route).then((r) => r.arrayBuffer());
    if (baseline) await fetch(baseline.base + route).then((r) => r.arrayBuffer());
    const runs = [];
    const baselineRuns = [];
    for (let i = 0; i < RUNS; i++) {
      for (const which of turnOrder(i, baseline)) {
        const run = await trace((which === "baseline" ? baseline.base : server.base) + route);
        (which === "baseline" ? baselineRuns : runs).push(run);
        console.log(`${route.padEnd(18)} run ${i + 1}${baseline ? ` ${which.padEnd(8)}` : ""}: FCP ${run.fcpMs} ms, ${run.tasks.length} long tasks after it, blocking ${run.blockingMs} ms, main thread busy ${run.busyMs} ms (${run.cpuSlowdown}x at index ${run.hostBenchmarkIndex} -> ${run.hostBenchmarkIndexAfter}${run.steady ? "" : ", unsteady"}, attempt ${run.attempts}, load ${run.loadAverage[0]})`);
        for (const t of run.tasks) console.log(`    ${String(t.startMs).padStart(6)} ms  ${String(t.durationMs).padStart(5)} ms  ${t.inside.map((p) => `${p.what} ${p.ms}`).join("; ")}`);
      }
    }
    routes[route] = { ...tracedMedians(runs), ...(baseline ? { baseline: tracedMedians(baselineRuns) } : {}) };
    if (baseline) console.log(`${route.padEnd(18)} median blocking ${routes[route].medianBlockingMs} ms (baseline ${routes[route].baseline.medianBlockingMs} ms), busy ${routes[route].medianBusyMs} ms (baseline ${routes[route].baseline.medianBusyMs} ms)`);
  }
} finally {
  await browser.close();
  await server.stop();
  await baseline?.stop();
}
await endOfRun(info);
writeResult(resultName("long-tasks", { baseline: BASELINE, selected: routesArg !== -1, slowdown: SLOWDOWN }), {
  date: started,
  machine: info,
  method: {
    tool: "Playwright's Chromium driver with Debian's Chromium, DevTools timeline trace",
    ...slowdownMethod(SLOWDOWN),
    viewport: PHONE_METHOD,
    network: "none (loopback)",
    longTask: LONG_TASK_METHOD,
    settle: `the trace runs until ${SETTLE_MS} ms after the load event`,
    busy: "the sum of the main thread's top-level tasks from navigation to the end of the trace",
    runs: RUNS,
    aggregate: "median over the runs",
    ...(BASELINE
      ? {
          baseline: baselineNote(BASELINE, "traced"),
        }
      : {}),
  },
  routes,
});
