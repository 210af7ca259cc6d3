// The daily store on its own (run with `npx vite-node --config vitest.config.ts bench/daily-store.ts [years] [repetitions]`,
// default 40 years, 5 repetitions): the land cells of the South Asia 0.25-degree grid (the cells of the
// shipped places the grid covers whole, as the ingest reads them) written year by year for tasmax, tasmin,
// tas and pr as the ingest writes them (a set per year: staged day by day, then committed), with generated
// values (seasonal cycle, latitude gradient, noise, wet and dry days); then a block of 400 cells (20 x 20
// around Delhi) over every year read back, from a freshly opened store each repetition, all four variables
// and tasmax alone, and one cell over every year. Records the CPU time of writing a model-year, the bytes
// per cell-year, the chunk files a block reads and the read times (medians), with the CPU clock and the load
// average (results/daily-store.json).
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { readFileSync } from "node:fs";
import { SOUTH_ASIA_AXES } from "../app/features/grids/grid";
import { loadSeeds } from "../server/seeds.server";
import { loadGeoFeatures, shippedGeoDir } from "../server/places/outlines.server";
import { computeMasks } from "../server/series/ingest/masks";
import { datesOf } from "../server/series/ingest/testing/dates";
import { CELL_BLOCK, DAILY_VARIABLES, dayOfYear } from "../server/ondemand/daily-layout";
import { openDailyStore } from "../server/ondemand/daily-store";
import { DailyStoreWriter } from "../server/ondemand/daily-writer";
import { loadAverage, machine, median, round, writeResult } from "./lib.mjs";

const years = Number(process.argv[2] ?? 40);
const repetitions = Number(process.argv[3] ?? 5);
const start = machine();

/** The CPU's clock, MHz: Node's figure, else (0 in some virtual machines) the kernel's. */
function cpuMHz(): number | undefined {
  const speed = os.cpus()[0]?.speed;
  if (speed) return speed;
  const mhz = /^cpu MHz\s*:\s*([\d.]+)/m.exec(readFileSync("/proc/cpuinfo", "utf8"))?.[1];
  return mhz ? Number(mhz) : undefined;
}
const cpuSeconds = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1e6;
};

// the land cells as the ingest finds them on this grid
const axes = SOUTH_ASIA_AXES;
const lat = Float64Array.from({ length: axes.rows }, (_, r) => axes.lat0 + r * axes.dlat);
const lon = Float64Array.from({ length: axes.columns }, (_, c) => axes.lon0 + c * axes.dlon);
const seeds = loadSeeds();
const masks = computeMasks(lat, lon, loadGeoFeatures(shippedGeoDir(), seeds));
const active = Uint32Array.from(new Set(masks.masks.filter((m) => m.coverage >= 0.99).flatMap((m) => [...m.cells]))).sort();
console.error(`${active.length} land cells`);

const dir = mkdtempSync(path.join(os.tmpdir(), "sacap-bench-daily-"));
try {
  const first = 2020 - years + 1;
  let s = 42;
  const rnd = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  const cellLat = Float64Array.from(active, (c) => lat[Math.floor(c / axes.columns)]);
  const values = Object.fromEntries(DAILY_VARIABLES.map((v) => [v, new Float64Array(active.length)]));
  const writes: { year: number; cpuSeconds: number; loadavg: number[] }[] = [];
  for (let year = first; year <= 2020; year++) {
    const writer = new DailyStoreWriter(dir);
    const loadavg = loadAverage();
    const before = process.cpuUsage();
    const staging = await writer.stage({ model: "ACCESS-CM2", run: "ssp245", member: "r1i1p1f1", calendar: "noleap", lat, lon, active, variables: DAILY_VARIABLES });
    let generate = 0;
    for (const date of datesOf("noleap", year, year)) {
      const g = process.cpuUsage();
      const season = Math.sin((2 * Math.PI * (dayOfYear("noleap", date) - 105)) / 365);
      for (let i = 0; i < active.length; i++) {
        const t = 30 - 0.6 * (cellLat[i] - 10) + 8 * season + 3 * (rnd() - 0.5);
        values.tas[i] = t;
        values.tasmax[i] = t + 6 + rnd();
        values.tasmin[i] = t - 7 + rnd();
        values.pr[i] = rnd() < (season > 0.3 ? 0.7 : 0.15) ? -Math.log(1 - rnd()) * 8 : 0;
      }
      generate += cpuSeconds(g);
      staging.day(date, values);
    }
    staging.finish();
    await staging.commit(Object.fromEntries(DAILY_VARIABLES.map((v) => [v, [`${v}_${year}.nc@0`]])));
    // the store's work alone: the generated values' cost taken out
    writes.push({ year, cpuSeconds: round(cpuSeconds(before) - generate, 3), loadavg });
  }
  // bytes per cell-year
  const sizes: Record<string, number> = {};
  for (const variable of DAILY_VARIABLES) {
    const folder = path.join(dir, "ACCESS-CM2", "ssp245", variable);
    const bytes = readdirSync(folder).filter((e) => /^\d+\.0\.\d+$/.test(e)).reduce((sum, e) => sum + statSync(path.join(folder, e)).size, 0);
    sizes[variable] = round(bytes / (active.length * years), 0);
  }
  sizes.all = DAILY_VARIABLES.reduce((sum, v) => sum + sizes[v], 0);

  // a block of 400 cells around Delhi (28.6 N, 77.2 E)
  const row = Math.round((28.6 - axes.lat0) / axes.dlat);
  const column = Math.round((77.2 - axes.lon0) / axes.dlon);
  const region: number[] = [];
  for (let r = row - 10; r < row + 10; r++) for (let c = column - 10; c < column + 10; c++) region.push(r * axes.columns + c);
  const probe = await openDailyStore(dir);
  const list = await probe.cellList(probe.runAttributes("ACCESS-CM2", "ssp245")!.cells);
  const position = new Map(Array.from(list, (cell, i) => [cell, i]));
  const held = region.filter((c) => position.has(c));
  const blocks = new Set(held.map((c) => Math.floor(position.get(c)! / CELL_BLOCK))).size;
  const span = { start: first, end: 2020 };
  const timed = async (variables: readonly (typeof DAILY_VARIABLES)[number][], cells: number[]) => {
    const ms: number[] = [];
    const loads: number[][] = [];
    for (let k = 0; k < repetitions; k++) {
      loads.push(loadAverage());
      const store = await openDailyStore(dir);
      const t0 = performance.now();
      const block = await store.readBlock({ model: "ACCESS-CM2", run: "ssp245", variables, cells, years: span });
      ms.push(performance.now() - t0);
      if (block.values[variables[0]]!.every((v) => Number.isNaN(v))) throw new Error("nothing read");
    }
    return { medianMs: round(median(ms)!, 1), ms: ms.map((x) => round(x, 1)), loadavg: loads };
  };
  const result = {
    date: new Date().toISOString(),
    machine: { ...start, cpuMHz: cpuMHz(), loadAverageAtEnd: loadAverage() },
    store: { cells: active.length, years, calendar: "noleap", cellBlock: CELL_BLOCK, bytesPerCellYear: sizes },
    write: { cpuSecondsPerModelYear: round(median(writes.map((w) => w.cpuSeconds))!, 3), perYear: writes },
    read: {
      region: { cells: held.length, blocksOfCells: blocks, chunkFilesPerVariable: blocks * years },
      allFourVariables: await timed(DAILY_VARIABLES, held),
      tasmaxOnly: await timed(["tasmax"], held),
      oneCellAllFour: await timed(DAILY_VARIABLES, [held[0]]),
    },
  };
  result.machine.loadAverageAtEnd = loadAverage();
  writeResult("daily-store", result);
  console.log(JSON.stringify(result, null, 2));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
