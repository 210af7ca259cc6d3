// Helpers shared by the benchmark scripts: a free port, the built server as a child process, the machine
// description (with its load, since the figures depend on it) and writing results.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../tests/support/free-port.mjs";

export { freePort };

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const round = (x, d = 2) => (x === undefined || x === null || Number.isNaN(x) ? x : Math.round(x * 10 ** d) / 10 ** d);
export const median = (values) => {
  const s = values.filter((v) => typeof v === "number").sort((a, b) => a - b);
  if (s.length === 0) return undefined;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export function option(name, fallback) {
  const args = process.argv.slice(2);
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(args[i + 1]);
}

/** A text option (`--name value`), or `fallback` when it is not given. */
export function textOption(name, fallback) {
  const args = process.argv.slice(2);
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : args[i + 1];
}

/** `--baseline DIR`: another checkout whose production build is measured in turn with this one's, or undefined. */
export function baselineOption() {
  const dir = textOption("baseline");
  return dir === undefined ? undefined : path.resolve(dir);
}

/** Run `i` of a comparison: this build and the baseline in turn, the order swapped every run (this build alone without one). */
export function turnOrder(i, baseline) {
  if (!baseline) return ["current"];
  return i % 2 === 1 ? ["baseline", "current"] : ["current", "baseline"];
}

/** What the baseline of a comparison was, for a result's method (`verb`: how the two were measured). */
export function baselineNote(dir, verb) {
  const git = (args) => execFileSync("git", args, { encoding: "utf8" }).trim();
  return `the production build of ${git(["-C", dir, "log", "-1", "--format=%h %s"])}, ${verb} in turn with this checkout's (${git(["log", "-1", "--format=%h"])}), the order swapped every run`;
}

/**
 * True when `url` answers 200. On a connection of its own, closed after the answer: a connection left in
 * fetch's pool would be reused by the benchmark's first request seconds later, just as the server's
 * keep-alive timeout closes it ("other side closed").
 */
const answersOk = (url) =>
  new Promise((resolve) => {
    const request = get(url, { agent: false }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode === 200));
    });
    request.on("error", () => resolve(false));
  });

export async function waitFor(url, child, what) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${what} exited`);
    if (await answersOk(url)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not start`);
}

/** The production build (`node build/server/index.js`) on a free loopback port; `dir`: another checkout's. */
export async function startServer(env = {}, dir = root) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(dir, "build/server/index.js")], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_REQUESTS: "false", NODE_ENV: "production", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/healthz`, child, "the server (run npm run build first)");
  } catch (error) {
    child.kill();
    throw error;
  }
  return { base, child, stop: () => stopChild(child) };
}

export function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** One GET over loopback HTTP, timed to its last byte: time, status and bytes. */
export function timedGet(base, path) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    get(`${base}${path}`, (res) => {
      let bytes = 0;
      res.on("data", (chunk) => (bytes += chunk.length));
      res.on("end", () => resolve({ ms: performance.now() - t0, status: res.statusCode, bytes }));
    }).on("error", reject);
  });
}

/** Resident memory of a process in MiB (VmRSS). */
export function rssMiB(pid) {
  try {
    return round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]) / 1024, 1);
  } catch {
    return undefined;
  }
}

export const loadAverage = () => os.loadavg().map((l) => round(l, 2));

/**
 * The page benchmarks' routes by default: one of every kind of page (home, explorer, map viewer, AEZ
 * browser, catalogue, a profile, each analysis, the comparison, the user guide, the API page, a form).
 */
export const PAGE_ROUTES = [
  "/",
  "/cmip6-data",
  "/cmip6-viewer",
  "/pyaez",
  "/catalog/climate",
  "/profiles/nepal",
  "/analytics/climate-crop",
  "/analytics/climate-crop/climate-variability",
  "/analytics/climate-water",
  "/analytics/climate-livestock",
  "/analytics/climate-crop/enso-crops",
  "/care-comp",
  "/user-guide",
  "/api-docs",
  "/contact/form",
];
/** Runs per route of the page benchmarks by default (their figures are medians). */
export const PAGE_RUNS = 5;

/** The routes of a page benchmark: `--routes /,/pyaez`, or `fallback` (`PAGE_ROUTES`). */
export function routesOption(fallback = PAGE_ROUTES) {
  const at = process.argv.indexOf("--routes");
  return at === -1 ? fallback : process.argv[at + 1].split(",");
}

export function machine() {
  return {
    cpu: os.cpus()[0]?.model,
    cpus: os.cpus().length,
    memoryGiB: round(os.totalmem() / 2 ** 30, 1),
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
    loadAverageAtStart: loadAverage(),
    note: "other processes on the machine affect the figures: see the load averages and benchmarkIndex at the start and end",
  };
}

/**
 * The device the page benchmarks emulate by default: a mid-tier phone of Lighthouse's benchmarkIndex 300,
 * between the low-end phone DevTools calibrates its slowdown to (264) and the device Lighthouse's own
 * throttling calibration aims at (its calculator gives 4x to a host of 1,533: a device near 380). The
 * portal's targets are stated for this device (decision 028).
 */
export const DEVICE_INDEX = 300;

/**
 * The device of a page benchmark and the slowdown at the start of its run: this machine's benchmarkIndex,
 * measured at the start (`machineWithIndex`), over the device's. `--device-index N` emulates another
 * device; `--cpu-index N`, the option's earlier form, means "4x on a machine of benchmarkIndex N" and is
 * the same as `--device-index N/4` (`--cpu-index 1200` is the default). Each load then takes its own
 * slowdown from an index measured just before it (`slowdownNow`).
 */
export function cpuSlowdown(info) {
  const cpuIndex = option("cpu-index", undefined);
  const device = cpuIndex !== undefined ? cpuIndex / 4 : option("device-index", DEVICE_INDEX);
  return { rate: rateFor(info.benchmarkIndexAtStart, device), device: { benchmarkIndex: device, hostBenchmarkIndexAtStart: info.benchmarkIndexAtStart } };
}

/** This machine's index over the device's; never below 1 (Chromium cannot speed a CPU up). */
const rateFor = (hostIndex, deviceIndex) => Math.max(1, round(hostIndex / deviceIndex, 1));

/**
 * The CPU slowdown for one load, from this machine's benchmarkIndex measured just before it (one pass of
 * Lighthouse's loops, about a second): the load sees the device's CPU however the host's other work has
 * changed since the run began. On this shared machine the index moved from 620 to 1,550 within one run of
 * twenty minutes (2026-12-05), and one rate for the whole run emulated a device of 300 at its start and of
 * 740 at its end. Each run's record keeps the index and the rate it had (`hostBenchmarkIndex`, `cpuSlowdown`).
 */
export async function slowdownNow(slowdown) {
  const hostBenchmarkIndex = await benchmarkIndexOnce();
  return { rate: rateFor(hostBenchmarkIndex, slowdown.device.benchmarkIndex), hostBenchmarkIndex };
}

/** How far this machine's benchmarkIndex may move across one load for the load to stand for the device. */
export const STEADY_WITHIN = 0.25;
/** Loads tried at most for one measurement while the machine's speed keeps moving across them. */
const STEADY_ATTEMPTS = 4;

/**
 * One measurement at the device's CPU: `load(rate)` run at the slowdown of this moment (`slowdownNow`), and
 * run again (up to four times in all) while this machine's benchmarkIndex measured just after it differs
 * from the one just before by more than 25%: the host's other work started or stopped during the load, so
 * that the load saw another device than the one its rate was set for. The result carries the rate, both
 * indexes, the device the load emulated (their mean over the rate), the attempts, and `steady: false` when
 * no attempt held (kept, and counted in the result file, rather than dropped).
 */
export async function steadyLoad(slowdown, load) {
  let last;
  for (let attempt = 1; attempt <= STEADY_ATTEMPTS; attempt++) {
    const before = await slowdownNow(slowdown);
    const result = await load(before.rate);
    const after = await benchmarkIndexOnce();
    const steady = Math.abs(after - before.hostBenchmarkIndex) <= STEADY_WITHIN * before.hostBenchmarkIndex;
    last = {
      ...result,
      cpuSlowdown: before.rate,
      hostBenchmarkIndex: before.hostBenchmarkIndex,
      hostBenchmarkIndexAfter: after,
      deviceIndex: round((before.hostBenchmarkIndex + after) / 2 / before.rate, 0),
      attempts: attempt,
      steady,
    };
    if (steady) return last;
  }
  return last;
}

/** The runs' steadiness, for a result: how many loads held the host's speed, and how many were tried. */
export const steadiness = (runs) => ({ steady: runs.filter((r) => r.steady).length, of: runs.length, loads: runs.reduce((sum, r) => sum + (r.attempts ?? 1), 0) });

/** What a result file says of the slowdown (`cpuSlowdown`): the device it emulates and how. */
export const slowdownMethod = (slowdown) => ({
  cpuSlowdownAtStart: slowdown.rate,
  device: {
    ...slowdown.device,
    rule: "slowdown = this machine's benchmarkIndex measured just before each load / the device's; a load is run again (at most four times) while the index measured just after it differs by more than 25%; each run records its rate, both indexes, the device it emulated (their mean / the rate) and whether it held (steady)",
  },
});

/** `machine()` with Lighthouse's benchmarkIndex, for the start of a result file. */
export async function machineWithIndex() {
  return { ...machine(), benchmarkIndexAtStart: await benchmarkIndex() };
}

/** The load average and benchmarkIndex at the end of a run, added to `machineWithIndex()`'s record. */
export async function endOfRun(info) {
  info.loadAverageAtEnd = loadAverage();
  info.benchmarkIndexAtEnd = await benchmarkIndex();
  return info;
}

/**
 * The page's renderer main thread in a Chromium trace (the thread named CrRendererMain in the process that
 * painted first content): its process id and its complete events.
 */
export function pageMainThread(events) {
  const main = events.find((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain" && events.some((f) => f.pid === e.pid && f.name === "firstContentfulPaint"));
  const pid = main?.pid ?? events.find((e) => e.name === "firstContentfulPaint")?.pid;
  const tid = main?.tid;
  return { pid, onMain: events.filter((e) => e.pid === pid && (tid === undefined || e.tid === tid) && e.ph === "X") };
}

/** A main-thread task longer than this is a long task; the time above it is blocking time. */
export const LONG_TASK_MS = 50;
/** The trace categories of the page benchmarks' timeline traces. */
export const TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "blink.user_timing", "loading"];

/** The renderer main thread's top-level tasks after FCP, longer than 50 ms, with what ran inside them. */
export function longTasks(events) {
  const { pid, onMain } = pageMainThread(events);
  // the page's first paint, and the start of the navigation of the page's URL before it: the page's
  // process also marks navigations of documents without a URL, some after the first paint, and the events
  // are not in time order (taking the first one found put the first paint before the start in some loads)
  const paint = events.find((e) => e.name === "firstContentfulPaint" && e.pid === pid)?.ts;
  const starts = events.filter((e) => e.name === "navigationStart" && e.pid === pid && e.args?.data?.documentLoaderURL && (paint === undefined || e.ts <= paint)).map((e) => e.ts);
  const navigation = starts.length > 0 ? Math.max(...starts) : Math.min(...onMain.map((e) => e.ts));
  const fcp = paint ?? navigation;
  const tasks = onMain.filter((e) => e.name === "RunTask" && e.dur / 1000 > LONG_TASK_MS && e.ts + e.dur > fcp);
  // every top-level task of the main thread from navigation to the end of the trace: the work itself,
  // which moves less with the machine's speed than the blocking above 50 ms does
  const busyMs = round(onMain.filter((e) => e.name === "RunTask" && e.ts >= navigation).reduce((sum, e) => sum + e.dur, 0) / 1000, 0);
  return {
    fcpMs: round((fcp - navigation) / 1000, 0),
    busyMs,
    tasks: tasks.map((task) => {
      const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur);
      const parts = new Map();
      for (const e of inside) {
        const d = e.args?.data ?? {};
        const file = (d.url ?? "").split("/").pop() || "";
        let key;
        if (e.name === "EvaluateScript" || e.name === "v8.compileModule" || e.name === "v8.evaluateModule") key = `${e.name} ${file}`;
        else if (e.name === "FunctionCall") key = `FunctionCall ${file}:${d.functionName ?? ""}`;
        else if (["Layout", "UpdateLayoutTree", "ParseHTML", "MinorGC", "MajorGC", "Paint", "TimerFire", "FireAnimationFrame", "EventDispatch", "ParseAuthorStyleSheet"].includes(e.name)) key = e.name;
        else continue;
        parts.set(key, (parts.get(key) ?? 0) + e.dur / 1000);
      }
      return {
        startMs: round((task.ts - navigation) / 1000, 0),
        durationMs: round(task.dur / 1000, 0),
        inside: [...parts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([what, ms]) => ({ what, ms: round(ms, 0) })),
      };
    }),
  };
}

/** Blocking time of long tasks (`longTasks(...).tasks`): the sum of each one's time above 50 ms. */
export const blockingMs = (tasks) => round(tasks.reduce((sum, t) => sum + Math.max(0, t.durationMs - LONG_TASK_MS), 0), 0);
/** What a result file says a long task and blocking time are. */
export const LONG_TASK_METHOD = `a main-thread task (RunTask) longer than ${LONG_TASK_MS} ms ending after first contentful paint; blocking = the sum of each one's time above ${LONG_TASK_MS} ms`;
/** The medians of traced loads (`tracedLoad`) of one page, with the runs. */
export const tracedMedians = (runs) => ({
  medianBlockingMs: median(runs.map((r) => r.blockingMs)),
  medianBusyMs: median(runs.map((r) => r.busyMs)),
  medianFcpMs: median(runs.map((r) => r.fcpMs)),
  steadiness: steadiness(runs),
  runs,
});

/** The phone the page benchmarks load pages on (Lighthouse's mobile screen). */
export const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
/** `PHONE` as a result file describes it. */
export const PHONE_METHOD = "412x823, device scale 1.75, mobile, touch";

/**
 * One load of `url` in a new context of `browser` (`contextOptions` over `PHONE`), the CPU slowed to the
 * device of `slowdown` (`cpuSlowdown`; a steady load, `steadyLoad`) and traced until `settleMs` after the
 * load event: its long tasks after first paint (`longTasks`), their blocking time, the load average, and
 * the rate and indexes of `steadyLoad`. `document`, when given, is served as the page's HTML.
 */
export function tracedLoad(browser, url, { slowdown, settleMs, contextOptions = {}, document }) {
  return steadyLoad(slowdown, (rate) => tracedLoadAt(browser, url, rate, { settleMs, contextOptions, document }));
}

async function tracedLoadAt(browser, url, rate, { settleMs, contextOptions, document }) {
  const context = await browser.newContext({ ...PHONE, ...contextOptions });
  const page = await context.newPage();
  if (document !== undefined) await page.route(url, (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: document }));
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  await page.goto(url, { waitUntil: "load" });
  await page.waitForTimeout(settleMs);
  const events = JSON.parse((await browser.stopTracing()).toString());
  await context.close();
  const found = longTasks(events.traceEvents ?? events);
  return { ...found, blockingMs: blockingMs(found.tasks), loadAverage: loadAverage() };
}

/**
 * The result file's name for a page benchmark: `<kind>` for the full set of routes, `-selected` for a chosen
 * set, `-compared` with a baseline; at a device other than the default one (`--device-index`, `--cpu-index`)
 * with `-device<N>` added, so that no run writes over another kind's record. (Results written before the
 * device class was the default carry `-slow` for a slowdown scaled to a device, and none for a plain 4x.)
 */
export function resultName(kind, { baseline, selected, slowdown }) {
  const name = baseline ? `${kind}-compared` : selected ? `${kind}-selected` : kind;
  return slowdown.device.benchmarkIndex === DEVICE_INDEX ? name : `${name}-device${round(slowdown.device.benchmarkIndex, 0)}`;
}

export function writeResult(name, report) {
  const dir = path.join(root, "bench/results");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(report, null, 2) + "\n");
  console.log(`wrote ${path.relative(root, file)}`);
}

/**
 * The machine's CPU speed as Lighthouse measures it (`benchmarkIndex`: its GC-heavy and array-copy loops,
 * the same code Lighthouse runs in the page), run here in Node. Recorded with every
 * figure, since this machine's speed varies by 2x and more between days.
 */
export async function benchmarkIndex() {
  const { pageFunctions } = await import("lighthouse/core/lib/page-functions.js");
  // a first run to compile the loops, then the median of three (about 4 s in all)
  pageFunctions.computeBenchmarkIndex();
  return median([0, 1, 2].map(() => pageFunctions.computeBenchmarkIndex()));
}

/** One pass of the same loops (about a second), for the slowdown of the next load (`slowdownNow`). */
async function benchmarkIndexOnce() {
  const { pageFunctions } = await import("lighthouse/core/lib/page-functions.js");
  return round(pageFunctions.computeBenchmarkIndex(), 0);
}
