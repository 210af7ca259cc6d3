import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gridWindow, SOUTH_ASIA_AXES, type GridQuery } from "../../../app/features/grids/grid";
import { loadSeeds } from "../../seeds.server";
import { daysInMonth, type Calendar, type CalendarDate } from "../../series/ingest/calendar";
import { loadGeoFeatures } from "../../places/outlines.server";
import { ingest, openSeriesDatabase, type IngestSummary } from "../../series/ingest/ingest.server";
import { computeMasks } from "../../series/ingest/masks";
import { datesOf } from "../../series/ingest/testing/dates";
import { writeTestNetcdf } from "../../series/ingest/testing/write-netcdf";
import { IngestedSeriesStore } from "../../series/ingested-store.server";
import { createSeriesService } from "../../series/service.server";
import { cellPeriodMeans, ensembleField, type GridMember } from "../ensemble";
import { openGridNetcdf } from "../files/netcdf";
import { GridFileStore } from "../files/store";
import { buildGridFiles, fieldAxesFor, gridFileName, type BuildGridSummary } from "./build";

/**
 * End to end: small daily NetCDF files of three models (a noleap, a standard and a 360-day calendar; one
 * with an ocean cell and a missing day) ingested, the gridded fields written, then read back through the
 * file store and compared with `ensembleField` over per-model means computed here from the same days by a
 * plain implementation; the per-model field averaged over a place's outline gives the place's own period
 * mean; `ncdump -h` reads the CF attributes.
 */

const seeds = loadSeeds();
const LAT = [26.5, 27.5, 28.5];
const LON = [88.5, 89.5, 90.5, 91.5, 92.5];
const KELVIN = 273.15;
const MODELS = [
  { model: "ACCESS-CM2", variant: "r1i1p1f1", calendar: "noleap" as Calendar, k: 0 },
  { model: "MIROC6", variant: "r1i1p1f1", calendar: "standard" as Calendar, k: 1 },
  { model: "UKESM1-0-LL", variant: "r1i1p1f2", calendar: "360_day" as Calendar, k: 2 },
];
const RUNS = [
  { scenario: "historical", start: 1995, end: 2014 },
  { scenario: "ssp245", start: 2015, end: 2039 },
];
/** UKESM1-0-LL: an ocean cell, and a missing day in 2000 at another cell. */
const OCEAN = { row: 0, column: 4 };
const GAP = { row: 2, column: 1, date: { year: 2000, month: 7, day: 14 } };

const noise = (...k: number[]) => {
  const x = Math.sin(k.reduce((a, b) => a * 131 + b, 7) * 12.9898) * 43758.5453;
  return x - Math.floor(x);
};
const missing = (k: number, d: CalendarDate, r: number, c: number) =>
  k === 2 && ((r === OCEAN.row && c === OCEAN.column) || (r === GAP.row && c === GAP.column && d.year === GAP.date.year && d.month === GAP.date.month && d.day === GAP.date.day));
/** Daily mean temperature, degC: warming with the years, more for the later models, a seasonal cycle and noise. */
const tasOf = (k: number, d: CalendarDate, t: number, r: number, c: number) =>
  missing(k, d, r, c) ? NaN : 15 + k * 0.4 + (0.03 + 0.01 * k) * (d.year - 1995) + r * 0.7 + c * 0.3 - 6 * Math.cos(((d.month - 1) / 12) * 2 * Math.PI) + 2 * noise(t, r, c, k);
/** Rain, mm/day: dry days and wet ones, drier for the first model in later years (models disagree on the sign). */
const prOf = (k: number, d: CalendarDate, t: number, r: number, c: number) => {
  if (missing(k, d, r, c)) return NaN;
  const u = noise(t, r, c, k, 9);
  const trend = k === 0 ? -0.02 : 0.02;
  return u < 0.45 ? 0 : Math.max(0, u * 12 * (1 + trend * (d.year - 1995)));
};

/** Plain per-cell yearly values of one model: the year's mean of all its days, a season's the mean of its months' days. */
function yearValues(k: number, calendar: Calendar, value: typeof tasOf, season: string) {
  const cells = LAT.length * LON.length;
  const months = new Map<number, Float64Array[]>();
  const sums = new Map<number, { sum: Float64Array; n: Uint16Array; days: number }>();
  for (const run of RUNS) {
    const dates = datesOf(calendar, run.start, run.end);
    const monthSum = new Float64Array(cells);
    const monthN = new Uint16Array(cells);
    let monthDays = 0;
    dates.forEach((d, t) => {
      if (!sums.has(d.year)) sums.set(d.year, { sum: new Float64Array(cells), n: new Uint16Array(cells), days: 0 });
      const y = sums.get(d.year)!;
      y.days++;
      monthDays++;
      for (let i = 0; i < cells; i++) {
        const v = value(k, d, t, Math.floor(i / LON.length), i % LON.length);
        if (!Number.isNaN(v)) {
          y.sum[i] += v;
          y.n[i]++;
          monthSum[i] += v;
          monthN[i]++;
        }
      }
      const next = dates[t + 1];
      if (!next || next.month !== d.month) {
        if (!months.has(d.year)) months.set(d.year, []);
        months.get(d.year)![d.month - 1] = Float64Array.from(monthSum, (s, i) => (monthN[i] === monthDays ? s / monthDays : NaN));
        monthSum.fill(0);
        monthN.fill(0);
        monthDays = 0;
      }
    });
  }
  const seasonMonths: Record<string, number[]> = { DJF: [12, 1, 2], MAM: [3, 4, 5], JJA: [6, 7, 8], SON: [9, 10, 11] };
  return (year: number): Float64Array | undefined => {
    const y = sums.get(year);
    if (!y) return undefined;
    if (season === "annual") return Float64Array.from(y.sum, (s, i) => (y.n[i] === y.days ? s / y.days : NaN));
    // a season within its own run (DJF 2015 would need December 2014 of the historical run)
    const out = new Float64Array(cells);
    for (let i = 0; i < cells; i++) {
      let sum = 0;
      let days = 0;
      for (const m of seasonMonths[season]) {
        const from = season === "DJF" && m === 12 ? year - 1 : year;
        const sameRun = RUNS.find((r) => year >= r.start && year <= r.end)!;
        const v = from >= sameRun.start ? months.get(from)?.[m - 1]?.[i] ?? NaN : NaN;
        // the month's days in the model's calendar: a 29-day February of a leap year, 30 days in 360_day
        sum += v * daysInMonth(calendar, from, m);
        days += daysInMonth(calendar, from, m);
      }
      out[i] = sum / days;
    }
    return out;
  };
}

let dir: string;
let gridDir: string;
let database: string;
let summary: IngestSummary;
let grids: BuildGridSummary;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "sacap-grids-"));
  gridDir = path.join(dir, "grids");
  database = path.join(dir, "series.db");
  for (const m of MODELS) {
    for (const run of RUNS) {
      const dates = datesOf(m.calendar, run.start, run.end);
      const common = {
        lat: LAT,
        lon: LON,
        time: dates.map((_, t) => t + 0.5),
        timeUnits: `days since ${run.start}-01-01 00:00:00`,
        calendar: m.calendar,
        fillValue: 1e20,
        chunkDays: 366,
      };
      const name = (variable: string) => `${variable}_day_${m.model}_${run.scenario}_${m.variant}_gn_${run.start}-${run.end}.nc`;
      const fill = (v: number) => (Number.isNaN(v) ? 1e20 : v);
      await writeTestNetcdf({ ...common, path: path.join(dir, name("tas")), variable: "tas", units: "K", value: (t, r, c) => fill(tasOf(m.k, dates[t], t, r, c) + KELVIN) });
      await writeTestNetcdf({ ...common, path: path.join(dir, name("pr")), variable: "pr", units: "kg m-2 s-1", value: (t, r, c) => fill(prOf(m.k, dates[t], t, r, c) / 86400) });
    }
  }
  // every place the grid reaches, even partly (India, Nepal, the basins)
  summary = await ingest({ paths: [dir], database, seeds, geoDir: "seeds/geo", minCoverage: 0 });
  const db = openSeriesDatabase(database);
  try {
    grids = await buildGridFiles({ db, gridDir, seeds, only: summary.gridRuns });
  } finally {
    db.close();
  }
}, 300_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The per-model means of the plain implementation, and their ensemble statistics. */
function expected(indicator: "tas" | "pr", season: string, window: string) {
  const cells = LAT.length * LON.length;
  const choice = gridWindow(window)!;
  const members: GridMember[] = [];
  for (const m of MODELS) {
    const values = yearValues(m.k, m.calendar, indicator === "tas" ? tasOf : prOf, season);
    const period =
      choice.kind === "years"
        ? choice.period
        : (() => {
            const row = seeds.warmingLevels.rows.find((r) => r.model === m.model && r.scenario === "ssp245" && r.warming_level === choice.level);
            return row && { start: row.start_year, end: row.end_year };
          })();
    if (!period) continue;
    members.push({ model: m.model, baseline: cellPeriodMeans(values, { start: 1995, end: 2014 }, cells), future: cellPeriodMeans(values, period, cells) });
  }
  return ensembleField(members, cells);
}

const near = (actual: ArrayLike<number>, wanted: ArrayLike<number>, what: string, tolerance = 1e-4) => {
  expect(actual.length).toBe(wanted.length);
  for (let i = 0; i < wanted.length; i++) {
    if (Number.isNaN(wanted[i])) expect(actual[i], `${what} cell ${i}`).toBeNaN();
    else expect(Math.abs(actual[i] - wanted[i]), `${what} cell ${i}: ${actual[i]} vs ${wanted[i]}`).toBeLessThan(tolerance * Math.max(1, Math.abs(wanted[i])));
  }
};

describe("gridded fields from the ingest", () => {
  it("ingests the files and writes one file per indicator, scenario and season", () => {
    expect(summary.failed).toEqual([]);
    expect(summary.gridRows).toBeGreaterThan(0);
    const files = readdirSync(gridDir).sort();
    for (const season of ["annual", "DJF", "MAM", "JJA", "SON"]) {
      expect(files).toContain(gridFileName("tas", "ssp245", season));
      expect(files).toContain(gridFileName("pr", "ssp245", season));
    }
    // annual-only indices have no seasons; nothing half-written is left
    expect(files).toContain(gridFileName("prcptot", "ssp245", "annual"));
    expect(files).not.toContain(gridFileName("prcptot", "ssp245", "DJF"));
    expect(files.filter((f) => !f.endsWith(".nc"))).toEqual([]);
  });

  it("names the variables an index is computed from when no file gave them: su from tasmax, tr and fd from tasmin", () => {
    // the files are tas and pr: the ingest keeps the cells of su, tr and fd, none with a value
    for (const [indicator, variable] of [["su", "tasmax"], ["tr", "tasmin"], ["fd", "tasmin"]]) {
      const reasons = grids.skipped.filter((s) => s.indicator === indicator).map((s) => s.reason);
      expect(reasons).toContain(`no ${variable} file was ingested (${indicator} is computed from ${variable}), for any model: no file`);
      for (const m of MODELS) expect(reasons).toContain(`${m.model}: no ${variable} file was ingested (${indicator} is computed from ${variable})`);
      expect(reasons.join("\n")).not.toMatch(/1995-2014 mean/);
    }
    // an index whose variable was read has its file
    expect(grids.skipped.filter((s) => s.indicator === "prcptot")).toEqual([]);
  });

  it.each([
    ["tas", "annual", "2020-2039"],
    ["pr", "annual", "2020-2039"],
    ["pr", "DJF", "2020-2039"],
    ["tas", "JJA", "gwl:1.5"],
  ] as const)("the file store gives %s %s %s as ensembleField over the per-model means", async (indicator, season, window) => {
    const store = (await GridFileStore.open(gridDir))!;
    expect(store.axes).toMatchObject({ lat0: 26.5, lon0: 88.5, rows: 3, columns: 5 });
    // the file a process warms up on is one of the folder's
    const first = store.firstFile()!;
    expect(gridFileName(first.indicator, first.scenario, first.season)).toBe(readdirSync(gridDir).sort()[0]);
    const query: GridQuery = { indicator, scenario: "ssp245", season, window };
    const field = (await store.field(query))!;
    expect(field).toBeDefined();
    const want = expected(indicator, season, window);
    near(field.change, want.change, "change");
    near(field.p10, want.p10, "p10");
    near(field.p90, want.p90, "p90");
    near(field.baseline, want.baseline, "baseline");
    near(field.future, want.future, "future");
    near(field.agreement, want.agreement, "agreement", 1e-6);
    expect(Array.from(field.count)).toEqual(Array.from(want.count));
    expect(Array.from(field.agree)).toEqual(Array.from(want.agree));
    expect(Array.from(field.sign)).toEqual(Array.from(want.sign));
    expect(field.models).toEqual(want.models);
    expect(field.sample).toBe(false);
    expect(field.method).toMatch(/IPCC AR6/);
    expect(field.method).toMatch(/CF Conventions/);
    expect(field.indicator.code).toBe(indicator);
    if (window.startsWith("gwl:")) {
      // MIROC6 reaches +1.5 °C in 2037-2056, beyond the data: no change of its own
      expect(field.models).toEqual(["ACCESS-CM2", "UKESM1-0-LL"]);
      expect(field.windows).toEqual({ "ACCESS-CM2": { start: 2019, end: 2038 }, "UKESM1-0-LL": { start: 2014, end: 2033 } });
    }
    // the ocean cell has only two models
    expect(field.count[OCEAN.row * LON.length + OCEAN.column]).toBe(window.startsWith("gwl:") ? 1 : 2);
  });

  it("gives each model's field, averaged over a place's outline, the place's own 1995-2014 mean", async () => {
    const masks = computeMasks(Float64Array.from(LAT), Float64Array.from(LON), loadGeoFeatures("seeds/geo", seeds));
    const series = new IngestedSeriesStore(database);
    const reader = await openGridNetcdf(path.join(gridDir, gridFileName("tas", "ssp245", "annual")));
    try {
      const models = String(reader.variableAttributes("model").codes).split(" ");
      let checked = 0;
      for (const code of ["IND", "BTN", "NPL"]) {
        const mask = masks.masks.find((m) => m.code === code);
        if (!mask || mask.cells.length === 0) continue;
        // a place only partly on the grid, or cells only partly in the place
        expect(mask.coverage < 1 || mask.weights.some((w, k) => w < mask.weights[k === 0 ? 1 : 0] - 1e-9)).toBe(true);
        for (const model of ["ACCESS-CM2", "MIROC6"]) {
          const [found] = await series.getSeries([{ indicator: "tas", geo: code, scenario: "historical", model, frequency: "annual" }]);
          expect(found, `${code} ${model}`).toBeDefined();
          const years = Array.from(found!.values).slice(1995 - found!.startYear, 2015 - found!.startYear);
          expect(years).toHaveLength(20);
          const placeMean = years.reduce((a, b) => a + b, 0) / years.length;
          const k = models.indexOf(model);
          const field = reader.read("model_baseline", [[k, k + 1]]) as Float32Array;
          let sum = 0;
          let weight = 0;
          mask.cells.forEach((cell, j) => {
            sum += field[cell] * mask.weights[j];
            weight += mask.weights[j];
          });
          expect(Math.abs(sum / weight - placeMean) / Math.abs(placeMean), `${code} ${model}`).toBeLessThan(1e-6);
          checked++;
        }
      }
      expect(checked).toBeGreaterThanOrEqual(4);
    } finally {
      reader.close();
      series.close();
    }
  });

  it("gives each model's window mean and change over a place's outline as the place series answer them, before rounding", async () => {
    const masks = computeMasks(Float64Array.from(LAT), Float64Array.from(LON), loadGeoFeatures("seeds/geo", seeds));
    const store = new IngestedSeriesStore(database);
    const service = createSeriesService(seeds, store);
    const reader = await openGridNetcdf(path.join(gridDir, gridFileName("tas", "ssp245", "annual")));
    try {
      const models = String(reader.variableAttributes("model").codes).split(" ");
      const windows = String(reader.variableAttributes("window").codes).split(" ");
      const w = windows.indexOf("2020-2039");
      const outlineMean = (mask: (typeof masks.masks)[number], field: Float32Array, offset: number) => {
        let sum = 0;
        let weight = 0;
        mask.cells.forEach((cell, j) => {
          sum += field[offset + cell] * mask.weights[j];
          weight += mask.weights[j];
        });
        return sum / weight;
      };
      let checked = 0;
      let roundedDiffers = 0;
      for (const code of ["IND", "BTN", "NPL"]) {
        const mask = masks.masks.find((m) => m.code === code);
        if (!mask || mask.cells.length === 0) continue;
        const resolved = service.resolve("annual", { indicator: "tas", geo: code, scenario: ["historical", "ssp245"], model: ["ACCESS-CM2", "MIROC6"], window: "2020-2039" });
        if (!resolved.ok) throw new Error(resolved.message);
        const [full, sent] = [await service.answer(resolved.value, "full"), await service.answer(resolved.value)];
        if ("status" in full || "status" in sent) throw new Error("no answer");
        for (const model of ["ACCESS-CM2", "MIROC6"]) {
          const k = models.indexOf(model);
          const future = outlineMean(mask, reader.read("model_future", [[k, k + 1], [w, w + 1]]) as Float32Array, 0);
          const baseline = outlineMean(mask, reader.read("model_baseline", [[k, k + 1]]) as Float32Array, 0);
          const place = full.windows![0].models[model];
          // the fields are float32: equal to their precision (a mean of yearly values rounded to 0.01 °C is off by ~1e-3)
          expect(Math.abs(place.mean - future) / Math.abs(future), `${code} ${model} window mean: ${place.mean} vs ${future}`).toBeLessThan(1e-6);
          expect(Math.abs(place.change! - (future - baseline)), `${code} ${model} change`).toBeLessThan(1e-5);
          // what is sent is that mean rounded once, to 3 decimals
          expect(sent.windows![0].models[model].mean).toBe(Math.round(place.mean * 1000) / 1000);
          // the mean of the yearly values as sent (rounded to 0.01 °C) is not the same number
          const yearly = sent.series.find((b) => b.scenario === "ssp245")!;
          const years = yearly.years.map((y, i) => [y, yearly.values[model][i]] as const).filter(([y]) => y >= 2020 && y <= 2039);
          if (Math.abs(years.reduce((s, [, v]) => s + v!, 0) / years.length - future) > 1e-4) roundedDiffers++;
          checked++;
        }
      }
      expect(checked).toBeGreaterThanOrEqual(4);
      expect(roundedDiffers).toBeGreaterThan(0);
    } finally {
      reader.close();
      store.close();
    }
  });

  it("writes CF-1.8 attributes that ncdump reads", async (context) => {
    const file = path.join(gridDir, gridFileName("tas", "ssp245", "annual"));
    const reader = await openGridNetcdf(file);
    try {
      expect(reader.attributes).toMatchObject({ Conventions: "CF-1.8", institution: "SACAP", indicator: "tas", scenario: "ssp245", season: "annual", baseline_period: "1995-2014", sample: "false" });
      expect(String(reader.variableAttributes("window").codes)).toBe("2020-2039 2040-2059 2060-2079 2080-2099 gwl:1.5 gwl:2.0 gwl:3.0 gwl:4.0");
      expect(reader.shape("model_future")).toEqual([3, 8, 3, 5]);
      expect(reader.variableAttributes("lat")).toMatchObject({ standard_name: "latitude", units: "degrees_north", axis: "Y" });
    } finally {
      reader.close();
    }
    if (spawnSync("ncdump", ["--version"]).error) {
      context.skip("ncdump is not installed (netcdf-bin): the CF attributes were checked through h5wasm only");
      return;
    }
    const header = execFileSync("ncdump", ["-h", file], { encoding: "utf8" });
    expect(header).toMatch(/Conventions = "CF-1\.8"/);
    expect(header).toMatch(/float change\(window, lat, lon\)/);
    expect(header).toMatch(/model_future\(model, window, lat, lon\)/);
    expect(header).toMatch(/lat:standard_name = "latitude"/);
    expect(header).toMatch(/change:_FillValue = NaNf/);
    expect(header).toMatch(/sacap_version = "[0-9a-f]{16}"/);
    expect(header).toMatch(/crs:grid_mapping_name = "latitude_longitude"/);
    expect(header).toMatch(/change:grid_mapping = "crs"/);
  });

  it("writes the same files again when nothing changed, and leaves no temporary file; the file store sees the new files", async () => {
    const before = (await openGridNetcdf(path.join(gridDir, gridFileName("pr", "ssp245", "annual")))).attributes.sacap_version;
    const store = (await GridFileStore.open(gridDir, undefined, { listingSeconds: 0 }))!;
    const query: GridQuery = { indicator: "pr", scenario: "ssp245", season: "annual", window: "2040-2059" };
    const version = store.version();
    const first = await store.field(query);
    expect(await store.field(query)).toBe(first);
    // a window without years in the data: no model has a mean, every cell is empty
    expect(first!.models).toEqual([]);
    expect(Array.from(first!.change).every(Number.isNaN)).toBe(true);
    expect(await store.field({ ...query, indicator: "txx" })).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const db = openSeriesDatabase(database);
    try {
      await buildGridFiles({ db, gridDir, seeds });
    } finally {
      db.close();
    }
    const reader = await openGridNetcdf(path.join(gridDir, gridFileName("pr", "ssp245", "annual")));
    expect(reader.attributes.sacap_version).toBe(before);
    reader.close();
    expect(store.version()).not.toBe(version);
    const again = await store.field(query);
    expect(again).not.toBe(first);
    expect(again!.version).toBe(before);
    expect(readdirSync(gridDir).some((f) => f.endsWith(".tmp"))).toBe(false);
    expect(existsSync(path.join(gridDir, gridFileName("pr", "historical", "annual")))).toBe(false);
  });
});

describe("fieldAxesFor", () => {
  it("puts NEX-GDDP-CMIP6's 0.25-degree cells (longitudes 0-360) on the South Asia grid, other grids on their own box", () => {
    const lat = Float64Array.from({ length: 600 }, (_, i) => -59.875 + i * 0.25);
    const lon = Float64Array.from({ length: 1440 }, (_, i) => 0.125 + i * 0.25);
    const cell = (la: number, lo: number) => Math.round((la - lat[0]) / 0.25) * lon.length + Math.round((lo - lon[0]) / 0.25);
    expect(fieldAxesFor({ grid: "g", key: "k", lat, lon, indices: Uint32Array.of(cell(27.125, 90.125), cell(10.125, 75.125)) })).toEqual(SOUTH_ASIA_AXES);
    const coarse = { grid: "g", key: "k", lat: Float64Array.from(LAT), lon: Float64Array.from(LON) };
    expect(fieldAxesFor({ ...coarse, indices: Uint32Array.of(6, 8, 13) })).toEqual({ lat0: 27.5, lon0: 89.5, dlat: 1, dlon: 1, rows: 2, columns: 3 });
    expect(fieldAxesFor({ ...coarse, lat: Float64Array.of(1, 2, 4), indices: Uint32Array.of(0) })).toBeUndefined();
  });
});
