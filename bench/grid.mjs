#!/usr/bin/env node
// Benchmark of the gridded fields over HTTP, on the built server. Writes bench/results/grid.json and
// bench/results/grid-store.json. Run `npm run build` first.
//
// 1. The embedded sample store (no GRID_DIR files): the time of a field's painted image when nothing is
//    kept (the field built from the place series and painted), when the field is kept but not its image (the
//    painting alone), and when the image is kept; the images' sizes; the point query. With `--before DIR`
//    (another build's checkout, e.g. a copy of `build/` from an earlier commit beside links to this
//    checkout's other files), its server is measured the same way in the same run, field by field in turn.
// 2. Full-scale files (`bench/grid-files.ts`: the ingest's layout, written with its `writeFieldFile`, the 35
//    catalogue models on the South Asia 0.25° grid, every indicator, scenario and season) in a temporary
//    GRID_DIR: a field's image the first time it is asked for (the window read from its file, then painted),
//    the first request after the server starts, the painting of a kept field, a kept image, the point query,
//    the images' sizes; and the store's size per file, per model and for the whole set.
//
//   node bench/grid.mjs [--warm 40] [--before DIR] [--series-workers N] [--files-dir DIR (reuse or keep the files)]
//                       [--no-files] [--no-sample] [--out NAME (default grid)]
import { mkdtempSync, readdirSync, rmSync, statSync, existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { endOfRun, loadAverage, machineWithIndex, option, root, round, startServer, stopChild, textOption, timedGet as timed, writeResult } from "./lib.mjs";

const WARM = option("warm", 40);
const image = (q, extra = "") => `/api/cmip6/grid/image.png?${q}${extra}`;
const BEFORE = textOption("before");
const FILES_DIR = textOption("files-dir");
const SAMPLE = !process.argv.includes("--no-sample");
/** The series worker threads of the sample runs' servers (SERIES_WORKERS; the server's default when absent). */
const SERIES_WORKERS = textOption("series-workers");
/** The result's name (bench/results/NAME.json). */
const OUT = textOption("out") ?? "grid";
const FILES = !process.argv.includes("--no-files");
/** How long after its start a fresh server gets its first image request (a visitor a moment later). */
const AFTER_START_MS = 2000;

/** Fields of every kind: temperatures, rain by season, counts of days, warming levels. */
const FIELDS = [
  "indicator=tas&scenario=ssp245&season=annual&window=2040-2059",
  "indicator=tasmax&scenario=ssp585&season=JJA&window=2080-2099",
  "indicator=pr&scenario=ssp585&season=DJF&window=2060-2079",
  "indicator=pr&scenario=ssp245&season=annual&window=gwl:2.0",
  "indicator=fd&scenario=ssp245&season=annual&window=2040-2059",
  "indicator=su&scenario=ssp585&season=annual&window=gwl:3.0",
  "indicator=rx1day&scenario=ssp585&season=annual&window=2080-2099",
  "indicator=cdd&scenario=ssp245&season=annual&window=2020-2039",
];
/** Other windows of the same files (fields not read before): more first reads per file. */
const MORE_WINDOWS = ["2020-2039", "2060-2079", "gwl:1.5", "gwl:4.0"];
const STATISTICS = ["change", "p90", "future", "agreement"];
/** A field asked for first on every server, none of the measured ones: what a process does once (the outlines of the default clip rasterised, the sample store's masks) is not a field's cost. */
const WARM_UP = image("indicator=tasmin&scenario=ssp245&season=annual&window=2040-2059", "&statistic=baseline");

function summary(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))];
  return { n: s.length, p50: round(q(0.5)), p95: round(q(0.95)), max: round(s.at(-1)) };
}

const withWindow = (q, window) => q.replace(/window=[^&]+/, `window=${window}`);
const empty = () => ({ coldField: [], coldPaint: [], warm: [], point: [], sizes: [] });
/** Per-field ratios of two runs' first images (the same fields in the same order): their median and range. */
function paired(after, before) {
  const ratios = after.map((ms, i) => ms / before[i]).sort((a, b) => a - b);
  return { median: round(ratios[Math.floor(ratios.length / 2)], 3), min: round(ratios[0], 3), max: round(ratios.at(-1), 3) };
}

/** One field on one server: its first image, the other statistics, the kept image, point queries. */
async function measureField(base, q, into) {
  const first = await timed(base, image(q));
  if (first.status !== 200) throw new Error(`${q}: ${first.status}`);
  into.coldField.push(first.ms);
  into.sizes.push(first.bytes);
  for (const statistic of STATISTICS.slice(1)) {
    const kept = await timed(base, image(q, `&statistic=${statistic}`));
    into.coldPaint.push(kept.ms);
    into.sizes.push(kept.bytes);
  }
  for (let i = 0; i < WARM / FIELDS.length; i++) into.warm.push((await timed(base, image(q))).ms);
  for (let i = 0; i < 5; i++) into.point.push((await timed(base, `/api/cmip6/grid/point?${q}&lat=${20 + i}&lon=${78 + i}`)).ms);
}

const report = (r) => ({
  imageMs: { coldField: summary(r.coldField), coldPaint: summary(r.coldPaint), warm: summary(r.warm) },
  pointMs: summary(r.point),
  imageBytes: { max: Math.max(...r.sizes), median: summary(r.sizes).p50 },
});

const info = await machineWithIndex();
const result = { machine: info };
let storeReport;

if (SAMPLE) {
  // the sample store: this build, and the build before the change when asked, field by field in turn
  const servers = [{ name: "after", dir: root }, ...(BEFORE ? [{ name: "before", dir: path.resolve(BEFORE) }] : [])];
  const runs = [];
  try {
    for (const s of servers) runs.push({ ...s, server: await startServer({ SERIES_DB: "none", GRID_DIR: path.join(os.tmpdir(), "sacap-no-grid-files"), ...(SERIES_WORKERS ? { SERIES_WORKERS } : {}) }, s.dir), results: empty() });
    for (const r of runs) await timed(r.server.base, WARM_UP);
    for (const [i, q] of FIELDS.entries()) {
      // who goes first alternates, so that neither always follows the other's work
      const order = i % 2 === 0 ? runs : [...runs].reverse();
      for (const r of order) await measureField(r.server.base, q, r.results);
    }
  } finally {
    for (const r of runs) await stopChild(r.server.child);
  }
  result.sample = {
    seriesWorkers: SERIES_WORKERS ? Number(SERIES_WORKERS) : "the server's default (the cores less one)",
    note: "milliseconds per request over loopback HTTP, one request at a time; coldFieldMsByField: in the order of FIELDS; afterOverBeforeColdField: per field, this build's first image over the other build's; coldField: a field nothing was kept of (the sample store reads the 23 places' series and fits 35 models' fields, then the image is painted); coldPaint: another statistic of a kept field (painting only); warm: a kept image",
    ...Object.fromEntries(runs.map((r) => [r.name, { build: path.relative(root, r.dir) || ".", ...report(r.results), coldFieldMsByField: r.results.coldField.map((ms) => round(ms)) }])),
    ...(runs.length === 2 ? { afterOverBeforeColdField: paired(runs[0].results.coldField, runs[1].results.coldField) } : {}),
  };
}

if (FILES) {
  // the full-scale files, written with the project's writer (bundled: the script imports the app's and the server's TypeScript)
  const dir = FILES_DIR ? path.resolve(FILES_DIR) : mkdtempSync(path.join(os.tmpdir(), "sacap-grid-bench-"));
  const bundled = path.join(root, "bench/.tmp/grid-files.mjs");
  await build({ entryPoints: [path.join(root, "bench/grid-files.ts")], outfile: bundled, bundle: true, platform: "node", format: "esm", packages: "external", logLevel: "warning" });
  const { writeGridBenchFiles } = await import(pathToFileURL(bundled).href);
  try {
    const have = existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith(".nc")) : [];
    let written = [];
    const t0 = performance.now();
    if (have.length < 96) written = await writeGridBenchFiles(dir, undefined, (line) => console.error(line));
    const writeSeconds = round((performance.now() - t0) / 1000, 1);
    const files = readdirSync(dir).filter((n) => n.endsWith(".nc")).map((name) => ({ name, bytes: statSync(path.join(dir, name)).size }));

    // the first image a visitor gets from a server started a moment before, three times: the server loads the
    // NetCDF library and rasterises the outlines at start, in the background (`warmGridImages`)
    const firstAfterStart = [];
    for (let i = 0; i < 3; i++) {
      const server = await startServer({ SERIES_DB: "none", GRID_DIR: dir });
      try {
        await new Promise((resolve) => setTimeout(resolve, AFTER_START_MS));
        const first = await timed(server.base, image(withWindow(FIELDS[i], MORE_WINDOWS[i])));
        if (first.status !== 200) throw new Error(`first after start: ${first.status}`);
        firstAfterStart.push(first.ms);
      } finally {
        await stopChild(server.child);
      }
    }
    const results = empty();
    const moreWindows = [];
    const server = await startServer({ SERIES_DB: "none", GRID_DIR: dir });
    try {
      await timed(server.base, WARM_UP);
      for (const q of FIELDS) {
        await measureField(server.base, withWindow(q, q.match(/window=([^&]+)/)[1]), results);
        for (const w of MORE_WINDOWS) {
          if (q.includes(`window=${w}`)) continue;
          const first = await timed(server.base, image(withWindow(q, w)));
          if (first.status !== 200) throw new Error(`${withWindow(q, w)}: ${first.status}`);
          moreWindows.push(first.ms);
          results.sizes.push(first.bytes);
        }
      }
    } finally {
      await stopChild(server.child);
    }
    const r = report(results);
    result.files = {
      note: "the server with GRID_DIR at the full-scale files (35 models, South Asia 0.25° grid, 140 x 160 cells); milliseconds per request over loopback HTTP, one at a time. coldField: a field's image the first time the field is asked for (its window read from the file: the ensemble variables' slabs, then painted), the outlines already rasterised; coldFieldAll: those and the first image of 3-4 further windows of each file; firstAfterStart: the first image a server answers 2 s after it started (what it warmed up on at start, in the background: the NetCDF library loaded, the outlines rasterised); coldPaint: another statistic of a kept field; warm: a kept image",
      files: files.length,
      writeSeconds: written.length ? writeSeconds : undefined,
      imageMs: { ...r.imageMs, coldFieldAll: summary([...results.coldField, ...moreWindows]), firstAfterStart: summary(firstAfterStart) },
      pointMs: r.pointMs,
      imageBytes: r.imageBytes,
    };

    // the store's size: per file (a dataset: one indicator, scenario and season), per model, for the set
    const models = 35;
    const total = files.reduce((s, f) => s + f.bytes, 0);
    const perFile = summary(files.map((f) => f.bytes));
    const byIndicator = {};
    for (const f of files) {
      const indicator = f.name.split("_")[0];
      byIndicator[indicator] ??= { files: 0, bytes: 0 };
      byIndicator[indicator].files++;
      byIndicator[indicator].bytes += f.bytes;
    }
    const cells = 140 * 160;
    const MiB = (b) => round(b / 2 ** 20, 2);
    storeReport = {
      note: "sizes of the full-scale field files (bench/grid-files.ts: the ingest's layout written with writeGridNetcdf, deflate level 4, chunks of one 2-D field; values: smooth climatologies with each model's bias, cell noise and a change growing with the window; NaN off the countries' and basins' cells). A file (dataset) is one indicator, scenario and season: 8 windows (four 20-year windows, four warming levels), each model's 1995-2014 mean and window means, and the ensemble statistics per window. Per model: the file's bytes over its 35 models (the ensemble variables included).",
      set: "16 indicators x 2 scenarios (ssp245, ssp585) x seasons (annual, and DJF/MAM/JJA/SON for the 8 monthly indicators): 96 files",
      grid: { rows: 140, columns: 160, cells },
      models,
      files: files.length,
      uncompressedBytesPerFile: (models * 9 + 6 * 8) * cells * 4 + 3 * 8 * cells,
      bytesPerFile: { ...perFile, meanMiB: MiB(total / files.length) },
      bytesPerModelPerFile: { p50: round(perFile.p50 / models), meanKiB: round(total / files.length / models / 1024, 1) },
      total: { bytes: total, MiB: MiB(total), GiB: round(total / 2 ** 30, 3) },
      perModel: { bytes: Math.round(total / models), MiB: MiB(total / models) },
      byIndicator: Object.fromEntries(Object.entries(byIndicator).map(([k, v]) => [k, { files: v.files, MiB: MiB(v.bytes), perFileMiB: MiB(v.bytes / v.files) }])),
    };
  } finally {
    if (!FILES_DIR) rmSync(dir, { recursive: true, force: true });
  }
}

result.machine = await endOfRun(info);
result.loadAverageAtEnd = loadAverage();
console.log(JSON.stringify(result, null, 2));
writeResult(OUT, result);
if (storeReport) writeResult("grid-store", { machine: result.machine, ...storeReport });
