#!/usr/bin/env node
// Benchmark of `npm run ingest`: one year of daily 0.25-degree data over the South Asia box (60-100 E,
// 0-40 N: 160 x 160 cells) for tas, tasmax, tasmin and pr, written as NetCDF4 files with h5wasm (chunked
// one day per chunk and deflated, like NEX-GDDP-CMIP6; bench/netcdf-gen.mjs), then ingested by the built command in a child
// process whose time and peak resident memory are recorded. Writes bench/results/ingest.json (with --pet:
// ingest-pet.json).
// Run `npm run build` (or `node scripts/build-server.mjs`) first.
//
//   node bench/ingest.mjs [--chunk-days 32] [--keep] [--pet] [--grids] [--places] [--daily]
//
// --keep leaves the generated files in bench/.tmp/ingest (for profiling the command on them).
// --pet also writes hurs, rsds and sfcWind, so that potential evapotranspiration is FAO-56 Penman-Monteith,
// and ingests the seven files twice more: with the shipped seeds (pet computed) and with seeds that lack
// the pet indicator (no PET), into fresh databases; the difference is the cost of PM per model-year.
// --grids ingests the four files into fresh databases alternately with and without the grid cells' values
// (`--no-grids`), three times each; the difference of the best CPU times is what the gridded fields cost per
// model-year (ingest-grids.json).
// --places ingests the four files into fresh databases alternately with the shipped places (8 countries,
// 16 basins and 148 states and provinces) and with the 24 places alone (seeds whose geos.json stops at the
// 24), three times each, and then the next year's four files into the same database: the first ingest
// pays for the places' masks over the grid (computed once, kept in the database), the second is the work
// of one model-year alone. The best CPU times compared are what the states and provinces cost per
// model-year, and what their masks cost once (ingest-places.json, with benchmarkIndex and load).
// --daily ingests the four files into fresh databases alternately without and with the daily store
// (DAILY_DIR, a fresh folder each time), three times each (each pair in the other order): the difference of the best CPU times is what
// keeping the days costs per model-year; the store's bytes per cell-year are counted after each run with it
// (ingest-daily.json, with benchmarkIndex, the CPU clock and the load at each run).
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CHUNKING, DAYS, GRID, writeDaily } from "./netcdf-gen.mjs";
import { endOfRun, machineWithIndex } from "./lib.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const chunkArg = args.indexOf("--chunk-days");
const CHUNK_DAYS = chunkArg === -1 ? 32 : Number(args[chunkArg + 1]);

const KEEP = args.includes("--keep");
const PET = args.includes("--pet");
const GRIDS = args.includes("--grids");
const PLACES = args.includes("--places");
const DAILY = args.includes("--daily");
const dir = KEEP ? path.join(root, "bench/.tmp/ingest") : mkdtempSync(path.join(os.tmpdir(), "sacap-bench-ingest-"));
if (KEEP) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
}

// the files: bench/netcdf-gen.mjs (ACCESS-CM2, ssp245, 2015)
const write = (variable) => writeDaily(dir, { variable, year: 2015 });
const started = performance.now();
const files = [write("tas"), write("tasmax"), write("tasmin"), write("pr"), ...(PET ? [write("hurs"), write("rsds"), write("sfcWind")] : [])];
const generateSeconds = (performance.now() - started) / 1000;
console.error(`generated ${files.length} files (${(files.reduce((s, f) => s + f.bytes, 0) / 1e6).toFixed(1)} MB) in ${generateSeconds.toFixed(1)} s`);

function run(label, chunkDays = CHUNK_DAYS, database = path.join(dir, "series.db"), env = process.env, extra = [], folder = dir) {
  const t0 = performance.now();
  const child = spawnSync(process.execPath, [path.join(root, "build/server/ingest.js"), folder, "--to", `file:${database}`, "--json", "--chunk-days", String(chunkDays), ...extra], {
    cwd: root,
    env,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const wall = (performance.now() - t0) / 1000;
  if (child.status !== 0) throw new Error(`${label}: ingest exited ${child.status}\n${child.stderr}`);
  const summary = JSON.parse(child.stdout);
  console.error(`${label}: ${wall.toFixed(1)} s wall, ${summary.seconds.toFixed(1)} s ingest, peak RSS ${summary.peakRssMb} MB, ${summary.rows} rows`);
  return { wallSeconds: Math.round(wall * 100) / 100, ingestSeconds: Math.round(summary.seconds * 100) / 100, cpuSeconds: summary.cpuSeconds, peakRssMb: summary.peakRssMb, rows: summary.rows, cellDays: summary.cellDays, ingested: summary.ingested.length, skipped: summary.skipped.length, failed: summary.failed.length };
}

/** The CPU's clock, MHz: Node's figure, else (0 in some virtual machines) the kernel's. */
function cpuMHz() {
  const speed = os.cpus()[0]?.speed;
  if (speed) return speed;
  const mhz = /^cpu MHz\s*:\s*([\d.]+)/m.exec(readFileSync("/proc/cpuinfo", "utf8"))?.[1];
  return mhz ? Number(mhz) : undefined;
}

/** A daily store's size: bytes per cell-year of each variable's chunks (years written x cells kept), and the whole folder. */
function storeBytes(store) {
  const size = (p) => (statSync(p).isDirectory() ? readdirSync(p).reduce((s, e) => s + size(path.join(p, e)), 0) : statSync(p).size);
  const [key] = readdirSync(path.join(store, "cells")).filter((e) => !e.startsWith("."));
  const cells = JSON.parse(readFileSync(path.join(store, "cells", key, "cell", ".zarray"), "utf8")).shape[0];
  const out = { cells, totalBytes: size(store), perCellYear: {} };
  for (const model of readdirSync(store).filter((e) => !e.startsWith(".") && e !== "cells" && e !== "off-grid")) {
    for (const runName of readdirSync(path.join(store, model)).filter((e) => !e.startsWith("."))) {
      for (const variable of ["tasmax", "tasmin", "tas", "pr"]) {
        const folder = path.join(store, model, runName, variable);
        if (!existsSync(folder)) continue;
        const chunks = readdirSync(folder).filter((e) => /^\d+\.0\.\d+$/.test(e));
        const years = new Set(chunks.map((c) => c.split(".")[0])).size;
        const bytes = chunks.reduce((s, c) => s + statSync(path.join(folder, c)).size, 0);
        out.perCellYear[variable] = Math.round(bytes / (cells * years));
      }
    }
  }
  out.perCellYear.all = Object.values(out.perCellYear).reduce((a, b) => a + b, 0);
  return out;
}

try {
  const first = run("first ingest");
  const again = run("second run (all skipped by checksum)");
  // memory follows the slab of days read at a time
  const slabs = [8, 128].map((days) => {
    const database = path.join(dir, `series-${days}.db`);
    const r = run(`--chunk-days ${days}`, days, database);
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${database}${suffix}`, { force: true });
    return { chunkDays: days, ingestSeconds: r.ingestSeconds, peakRssMb: r.peakRssMb };
  });
  // the cost of PET: the same files with the shipped seeds and with seeds without the pet indicator
  let pet;
  if (PET) {
    const seeds = mkdtempSync(path.join(os.tmpdir(), "sacap-bench-seeds-"));
    try {
      cpSync(path.join(root, "seeds"), seeds, { recursive: true });
      const indicators = JSON.parse(readFileSync(path.join(seeds, "indicators.json"), "utf8"));
      const petIds = new Set(indicators.filter((i) => i.field_value === "pet").map((i) => i.tid));
      writeFileSync(path.join(seeds, "indicators.json"), JSON.stringify(indicators.filter((i) => i.field_value !== "pet")));
      const catalog = JSON.parse(readFileSync(path.join(seeds, "catalog-data.json"), "utf8"));
      writeFileSync(path.join(seeds, "catalog-data.json"), JSON.stringify(catalog.filter((e) => !petIds.has(e.cmip6_id))));
      const once = (label, env) => {
        const database = path.join(dir, "series-pet.db");
        const loadavg = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
        const r = run(label, CHUNK_DAYS, database, env);
        for (const suffix of ["", "-wal", "-shm"]) rmSync(`${database}${suffix}`, { force: true });
        return { ...r, loadavg };
      };
      // alternated, twice each, as the shared machine's load varies
      const runs = [];
      for (let k = 0; k < 2; k++) {
        runs.push({ pet: false, ...once("7 files, no pet", { ...process.env, SEEDS_DIR: seeds }) });
        runs.push({ pet: true, ...once("7 files, pet by Penman-Monteith", process.env) });
      }
      const best = (withPet) => Math.min(...runs.filter((r) => r.pet === withPet).map((r) => r.ingestSeconds));
      pet = { runs, addedSeconds: Math.round((best(true) - best(false)) * 100) / 100 };
    } finally {
      rmSync(seeds, { recursive: true, force: true });
    }
  }
  // the cost of the grid cells' values: the same files with and without them
  let grids;
  if (GRIDS) {
    const once = (label, withGrids) => {
      const database = path.join(dir, "series-grids.db");
      const loadavg = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
      const r = run(label, CHUNK_DAYS, database, { ...process.env, GRID_DIR: path.join(dir, "grids") }, withGrids ? [] : ["--no-grids"]);
      const bytes = statSync(database).size;
      for (const suffix of ["", "-wal", "-shm"]) rmSync(`${database}${suffix}`, { force: true });
      return { grids: withGrids, ...r, databaseMegabytes: Math.round(bytes / 1e5) / 10, loadavg };
    };
    const runs = [];
    for (let k = 0; k < 3; k++) {
      runs.push(once("4 files, --no-grids", false));
      runs.push(once("4 files, grid cells kept", true));
    }
    // the process's CPU time: the machine is shared, its wall time follows the other jobs' load
    const best = (withGrids, key) => Math.min(...runs.filter((r) => r.grids === withGrids).map((r) => r[key]));
    const added = (key) => ({ seconds: Math.round((best(true, key) - best(false, key)) * 100) / 100, percent: Math.round(((best(true, key) - best(false, key)) / best(false, key)) * 1000) / 10 });
    grids = { runs, addedCpu: added("cpuSeconds"), addedWall: added("ingestSeconds") };
  }
  // the cost of the states and provinces: the same files with 172 places and with 24
  let places;
  if (PLACES) {
    const seeds = mkdtempSync(path.join(os.tmpdir(), "sacap-bench-seeds-"));
    try {
      cpSync(path.join(root, "seeds"), seeds, { recursive: true });
      const geos = JSON.parse(readFileSync(path.join(seeds, "geos.json"), "utf8"));
      writeFileSync(path.join(seeds, "geos.json"), JSON.stringify(geos.filter((g) => g.field_geotype !== "State")));
      // the next model-year (2016) in a folder of its own, ingested into the database the first made
      const next = mkdtempSync(path.join(os.tmpdir(), "sacap-bench-next-"));
      for (const variable of ["tas", "tasmax", "tasmin", "pr"]) writeDaily(next, { variable, year: 2016 });
      const info = await machineWithIndex();
      const loadavg = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
      const once = (label, env, count) => {
        const database = path.join(dir, "series-places.db");
        const atFirst = loadavg();
        const first = run(`${label}, 2015 (masks computed)`, CHUNK_DAYS, database, env, ["--no-grids"]);
        const atNext = loadavg();
        const nextYear = run(`${label}, 2016 (masks kept)`, CHUNK_DAYS, database, env, ["--no-grids"], next);
        for (const suffix of ["", "-wal", "-shm"]) rmSync(`${database}${suffix}`, { force: true });
        return { places: count, first: { ...first, loadavg: atFirst }, nextYear: { ...nextYear, loadavg: atNext } };
      };
      const runs = [];
      try {
        for (let k = 0; k < 3; k++) {
          runs.push(once("4 files, 24 places", { ...process.env, SEEDS_DIR: seeds }, 24));
          runs.push(once("4 files, 172 places", process.env, geos.length));
        }
      } finally {
        rmSync(next, { recursive: true, force: true });
      }
      const best = (count, which, key) => Math.min(...runs.filter((r) => r.places === count).map((r) => r[which][key]));
      const ratio = (which, key) => Math.round((best(geos.length, which, key) / best(24, which, key)) * 100) / 100;
      // what the masks cost once: the first ingest's CPU over the next year's, each count's best
      const masks = (count) => Math.round((best(count, "first", "cpuSeconds") - best(count, "nextYear", "cpuSeconds")) * 100) / 100;
      places = {
        machine: await endOfRun(info),
        runs,
        perModelYear: { cpuRatio: ratio("nextYear", "cpuSeconds"), wallRatio: ratio("nextYear", "ingestSeconds") },
        firstIngest: { cpuRatio: ratio("first", "cpuSeconds"), wallRatio: ratio("first", "ingestSeconds") },
        masksCpuSeconds: { 24: masks(24), [geos.length]: masks(geos.length) },
      };
    } finally {
      rmSync(seeds, { recursive: true, force: true });
    }
  }
  // the cost of the daily store: the same files with and without it
  let daily;
  if (DAILY) {
    const info = await machineWithIndex();
    const once = (label, withDaily) => {
      const database = path.join(dir, "series-daily.db");
      const store = path.join(dir, "daily");
      rmSync(store, { recursive: true, force: true });
      const loadavg = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
      const env = { ...process.env, GRID_DIR: path.join(dir, "grids"), ...(withDaily ? { DAILY_DIR: store } : {}) };
      if (!withDaily) delete env.DAILY_DIR;
      const r = run(label, CHUNK_DAYS, database, env);
      for (const suffix of ["", "-wal", "-shm"]) rmSync(`${database}${suffix}`, { force: true });
      const bytes = withDaily ? storeBytes(store) : undefined;
      rmSync(store, { recursive: true, force: true });
      return { daily: withDaily, ...r, loadavg, ...(bytes ? { store: bytes } : {}) };
    };
    const runs = [];
    // alternated, each pair in the other order, as the shared machine's load varies
    for (let k = 0; k < 3; k++) {
      const pair = [() => once("4 files, no daily store", false), () => once("4 files, daily store kept", true)];
      for (const go of k % 2 ? pair.reverse() : pair) runs.push(go());
    }
    const best = (withDaily, key) => Math.min(...runs.filter((r) => r.daily === withDaily).map((r) => r[key]));
    const added = (key) => ({ seconds: Math.round((best(true, key) - best(false, key)) * 100) / 100, percent: Math.round(((best(true, key) - best(false, key)) / best(false, key)) * 1000) / 10 });
    daily = { machine: { ...(await endOfRun(info)), cpuMHz: cpuMHz() }, runs, addedCpu: added("cpuSeconds"), addedWall: added("ingestSeconds"), store: runs.find((r) => r.store).store };
  }
  const result = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version, platform: `${os.platform()} ${os.release()}` },
    input: {
      grid: GRID,
      days: DAYS,
      calendar: "noleap",
      variables: files.map((f) => f.name.split("_")[0]),
      chunking: CHUNKING,
      files: files.map((f) => ({ name: f.name, megabytes: Math.round(f.bytes / 1e5) / 10 })),
    },
    chunkDays: CHUNK_DAYS,
    first,
    resumed: again,
    slabs,
    ...(pet ? { pet } : {}),
    ...(grids ? { grids } : {}),
    ...(places ? { places } : {}),
    ...(daily ? { daily } : {}),
  };
  mkdirSync(path.join(root, "bench/results"), { recursive: true });
  writeFileSync(path.join(root, `bench/results/ingest${PET ? "-pet" : GRIDS ? "-grids" : PLACES ? "-places" : DAILY ? "-daily" : ""}.json`), `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
} finally {
  if (KEEP) for (const suffix of ["", "-wal", "-shm"]) rmSync(path.join(dir, `series.db${suffix}`), { force: true });
  else rmSync(dir, { recursive: true, force: true });
}
