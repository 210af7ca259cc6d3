import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extraterrestrialRadiation, hargreavesPet, referenceEt0, solarDayOfYear } from "../../../app/features/analytics/fao56";
import { loadElevationOption } from "../../cli/options";
import { loadSeeds } from "../../seeds.server";
import { IngestedSeriesStore, methodOfRun, SERIES_SCHEMA } from "../ingested-store.server";
import { createSeriesService } from "../service.server";
import { readElevationGrid } from "./elevation";
import { loadGeoFeatures } from "../../places/outlines.server";
import { ingest, type IngestSummary } from "./ingest.server";
import { computeMasks } from "./masks";
import { DailyPet } from "./pet";
import { writeTestField, writeTestNetcdf } from "./testing/write-netcdf";

/**
 * PET at ingest: daily files on a 1° grid over Sri Lanka with known values. A 360-day model with all six
 * variables gets FAO-56 Penman-Monteith with the elevation file's heights, a model without hurs (365 days)
 * Hargreaves-Samani; the place means are checked against the formulas applied by hand to each cell and day.
 */

const seeds = loadSeeds();
const LAT = [5.5, 6.5, 7.5, 8.5, 9.5, 10.5];
const LON = [79.5, 80.5, 81.5, 82.5];
const KELVIN = 273.15;
const masks = computeMasks(Float64Array.from(LAT), Float64Array.from(LON), loadGeoFeatures("seeds/geo", seeds));
const lka = masks.masks.find((m) => m.code === "LKA")!;
const f32 = Math.fround;

/** The fields, in the files' units, per day t (from 0), row and column; the year has `length` days. */
const fields = (length: number) => ({
  tasmax: (t: number, r: number) => KELVIN + 30 + 0.1 * r + 2 * Math.sin((2 * Math.PI * t) / length),
  tasmin: (t: number, r: number, c: number) => KELVIN + 21 + 0.1 * r - 0.2 * c + 2 * Math.sin((2 * Math.PI * t) / length),
  tas: (t: number, r: number) => KELVIN + 26 + 0.1 * r + 2 * Math.sin((2 * Math.PI * t) / length),
  hurs: (t: number, r: number) => 60 + 10 * Math.cos((2 * Math.PI * t) / length) + r,
  rsds: (t: number, _r: number, c: number) => 200 + 50 * Math.sin((2 * Math.PI * t) / length) + 5 * c,
  sfcWind: (t: number, r: number) => 2 + 0.1 * r + 0.5 * ((t % 7) / 7),
});
/** Elevation file: 0.5° grid offset from the data grid, so each cell centre has one nearest point (200 r + 20 c m). */
const OROG_LAT = Array.from({ length: 12 }, (_, i) => 5.4 + 0.5 * i);
const OROG_LON = Array.from({ length: 8 }, (_, j) => 79.4 + 0.5 * j);
const elevationOf = (r: number, c: number) => 200 * r + 20 * c;
/** The cell and day (360-day March 6: t = 65) whose humidity is missing. */
const GAP = { t: 65, r: 2, c: 1 };

let dir: string;
let db: string;
let summary: IngestSummary;

const name = (variable: string, model: string, variant: string) => `${variable}_day_${model}_ssp585_${variant}_gn_2015.nc`;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "sacap-pet-"));
  db = path.join(dir, "series.db");
  const units: Record<string, string> = { tas: "K", tasmax: "K", tasmin: "K", hurs: "%", rsds: "W m-2", sfcWind: "m s-1" };
  // UKESM1-0-LL: 360-day calendar, all six variables, one missing humidity value
  const f360 = fields(360);
  for (const [variable, value] of Object.entries(f360)) {
    await writeTestNetcdf({
      path: path.join(dir, name(variable, "UKESM1-0-LL", "r1i1p1f2")), variable, units: units[variable], lat: LAT, lon: LON,
      time: Array.from({ length: 360 }, (_, t) => t + 0.5), timeUnits: "days since 2015-01-01", calendar: "360_day", fillValue: 1e20,
      value: (t, r, c) => (variable === "hurs" && t === GAP.t && r === GAP.r && c === GAP.c ? 1e20 : value(t, r, c)),
    });
  }
  // BCC-CSM2-MR has no hurs in the archive: Hargreaves-Samani
  const f365 = fields(365);
  for (const variable of ["tas", "tasmax", "tasmin", "rsds", "sfcWind"] as const) {
    await writeTestNetcdf({
      path: path.join(dir, name(variable, "BCC-CSM2-MR", "r1i1p1f1")), variable, units: units[variable], lat: LAT, lon: LON,
      time: Array.from({ length: 365 }, (_, t) => t + 0.5), timeUnits: "days since 2015-01-01", calendar: "noleap", value: f365[variable],
    });
  }
  const orog = path.join(dir, "orog_fx.nc");
  await writeTestField({ path: orog, variable: "orog", units: "m", lat: OROG_LAT, lon: OROG_LON, value: (i, j) => 100 * i + 10 * j });
  summary = await ingest({ paths: [dir], database: db, seeds, geoDir: "seeds/geo", elevation: await readElevationGrid(orog) });
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Place mean of a cell value, with the ingest's area weights; cells where it is NaN are left out. */
function placeMean(cellValue: (r: number, c: number) => number): number {
  let sum = 0;
  let weight = 0;
  lka.cells.forEach((cell, k) => {
    const v = cellValue(Math.floor(cell / LON.length), cell % LON.length);
    if (Number.isNaN(v)) return;
    sum += v * lka.weights[k];
    weight += lka.weights[k];
  });
  return sum / weight;
}

/** Monthly mean of a cell's daily PET over days [from, to), NaN when a day is missing. */
function monthMean(from: number, to: number, daily: (t: number) => number): number {
  let sum = 0;
  for (let t = from; t < to; t++) sum += daily(t);
  return sum / (to - from);
}

describe("PET at ingest", () => {
  it("ingests both sets", () => {
    expect(summary.failed).toEqual([]);
    expect(summary.ingested).toHaveLength(11);
  });

  it("is FAO-56 Penman-Monteith per cell and day for a model-year with all six variables (360 days, elevation file)", async () => {
    const store = new IngestedSeriesStore(db);
    const [found] = await store.getSeries([{ indicator: "pet", geo: "LKA", scenario: "ssp585", model: "UKESM1-0-LL", frequency: "monthly" }]);
    store.close();
    expect(found!.method).toMatch(/^FAO-56 Penman-Monteith .*elevation from orog in orog_fx\.nc/);
    const f = fields(360);
    const daily = (r: number, c: number) => (t: number) =>
      t === GAP.t && r === GAP.r && c === GAP.c
        ? NaN
        : referenceEt0({
            tmax: f32(f.tasmax(t, r)) - KELVIN, tmin: f32(f.tasmin(t, r, c)) - KELVIN, hurs: f32(f.hurs(t, r)), rsds: f32(f.rsds(t, r, c)),
            wind: f32(f.sfcWind(t, r)), latitude: LAT[r], dayOfYear: solarDayOfYear(t + 1, 360), elevation: elevationOf(r, c),
          });
    for (const month of [1, 3, 7, 12]) {
      const expected = placeMean((r, c) => monthMean((month - 1) * 30, month * 30, daily(r, c)));
      expect(found!.values[month - 1], `month ${month}`).toBeCloseTo(expected, 9);
    }
    // the cell with a missing day has no March value: March is the mean of the other cells
    const withGapCell = placeMean((r, c) => monthMean(60, 90, (t) => (t === GAP.t && r === GAP.r && c === GAP.c ? referenceEt0({
      tmax: f32(f.tasmax(t, r)) - KELVIN, tmin: f32(f.tasmin(t, r, c)) - KELVIN, hurs: 60, rsds: f32(f.rsds(t, r, c)),
      wind: f32(f.sfcWind(t, r)), latitude: LAT[r], dayOfYear: solarDayOfYear(t + 1, 360), elevation: elevationOf(r, c),
    }) : daily(r, c)(t))));
    expect(Math.abs(found!.values[2] - withGapCell)).toBeGreaterThan(1e-6);
  });

  it("falls back to Hargreaves-Samani from tas, tasmax and tasmin for a model-year without hurs, and says so", async () => {
    const store = new IngestedSeriesStore(db);
    const [monthly, annual] = await store.getSeries([
      { indicator: "pet", geo: "LKA", scenario: "ssp585", model: "BCC-CSM2-MR", frequency: "monthly" },
      { indicator: "pet", geo: "LKA", scenario: "ssp585", model: "BCC-CSM2-MR", frequency: "annual" },
    ]);
    store.close();
    expect(monthly!.method).toBe("Hargreaves-Samani (FAO-56 eq. 52) from daily tas, tasmax and tasmin per grid cell (no hurs)");
    const f = fields(365);
    const lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    const starts = lengths.map((_, m) => lengths.slice(0, m).reduce((a, b) => a + b, 0));
    const daily = (r: number, c: number) => (t: number) =>
      hargreavesPet(f32(f.tas(t, r)) - KELVIN, f32(f.tasmax(t, r)) - KELVIN, f32(f.tasmin(t, r, c)) - KELVIN, extraterrestrialRadiation(LAT[r], t + 1));
    const months = starts.map((s, m) => placeMean((r, c) => monthMean(s, s + lengths[m], daily(r, c))));
    months.forEach((v, m) => expect(monthly!.values[m], `month ${m + 1}`).toBeCloseTo(v, 9));
    expect(annual!.values[0]).toBeCloseTo(months.reduce((s, v, m) => s + v * lengths[m], 0) / 365, 9);
  });

  it("serves pet with the method per model run", async () => {
    const store = new IngestedSeriesStore(db);
    const service = createSeriesService(seeds, store);
    const parsed = service.parse("monthly", new URLSearchParams("indicator=pet&geo=LKA&scenario=ssp585&model=UKESM1-0-LL,BCC-CSM2-MR&start=2015&end=2015"));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed));
    const resolved = service.resolve("monthly", parsed.query);
    if (!resolved.ok) throw new Error(resolved.message);
    const answer = await service.answer(resolved.value);
    store.close();
    if ("status" in answer) throw new Error(answer.message);
    expect(answer.indicator).toMatchObject({ code: "pet", units: "mm/day", aggregation: "mean", decimals: 2 });
    const block = answer.series[0];
    expect(block.methods!["UKESM1-0-LL"]).toMatch(/^FAO-56 Penman-Monteith/);
    expect(block.methods!["BCC-CSM2-MR"]).toMatch(/^Hargreaves-Samani .*\(no hurs\)$/);
  });

  it("without an elevation file takes sea-level pressure and says so", () => {
    const pet = DailyPet.of("noleap", ["tas", "tasmax", "tasmin", "hurs", "rsds", "sfcWind"], [27.5])!;
    expect(pet.describe(undefined)).toMatch(/elevation not given: sea-level pressure \(101\.3 kPa\)$/);
    const day = pet.day({ year: 2015, month: 7, day: 6 }, { tasmax: [30], tasmin: [20], hurs: [70], rsds: [250], sfcWind: [3] })[0];
    expect(day).toBeCloseTo(referenceEt0({ tmax: 30, tmin: 20, hurs: 70, rsds: 250, wind: 3, latitude: 27.5, dayOfYear: 187, elevation: 0 }), 12);
    expect(DailyPet.of("noleap", ["tasmax", "tasmin", "hurs"], [27.5])).toBeUndefined();
  });
});

describe("--elevation", () => {
  it("refuses a missing file, a file without elevation or in other units, naming the option and the file", async () => {
    await expect(loadElevationOption(path.join(dir, "nope.nc"))).rejects.toThrow(/^--elevation .*nope\.nc: no such file/);
    const text = path.join(dir, "orog.txt");
    writeFileSync(text, "not netcdf");
    await expect(loadElevationOption(text)).rejects.toThrow(/^--elevation .*orog\.txt: not a NetCDF4\/HDF5 file \(no HDF5 signature\)/);
    const feet = path.join(dir, "orog_ft.nc");
    await writeTestField({ path: feet, variable: "orog", units: "ft", lat: OROG_LAT, lon: OROG_LON, value: () => 10 });
    await expect(loadElevationOption(feet)).rejects.toThrow(/"orog" has units "ft", expected metres/);
    const other = path.join(dir, "other.nc");
    await writeTestField({ path: other, variable: "sst", units: "m", lat: OROG_LAT, lon: OROG_LON, value: () => 10 });
    await expect(loadElevationOption(other)).rejects.toThrow(/no elevation variable .*the file has .*sst/);
    expect(await loadElevationOption(undefined)).toBeUndefined();
  });

  it("samples the nearest grid point, 0..360 longitudes too, and nothing outside the grid", async () => {
    const file = path.join(dir, "dem360.nc");
    await writeTestField({ path: file, variable: "elevation", units: "m", lat: [10, 11, 12], lon: [0, 90, 180, 270], value: (r, c) => 1000 * r + c });
    const grid = await readElevationGrid(file);
    expect(grid.at(11.4, 89)).toBe(1001);
    expect(grid.at(10, -90)).toBe(3);
    expect(grid.at(12.4, 181)).toBe(2002);
    expect(grid.at(20, 90)).toBeNaN();
  });
});

describe("stored methods", () => {
  it("joins a run's years by method", () => {
    expect(methodOfRun([{ year: 2015, method: "A" }, { year: 2016, method: "A" }])).toBe("A");
    expect(methodOfRun([{ year: 2015, method: "A" }, { year: 2016, method: "B" }, { year: 2017, method: "B" }])).toBe("A (2015); B (2016-2017)");
    expect(methodOfRun([{ year: 2015, method: null }])).toBeUndefined();
  });

  it("reads a database from before rows had a method", async () => {
    const old = path.join(dir, "old.db");
    const raw = new BetterSqlite3(old);
    raw.exec(SERIES_SCHEMA.replace(/\n\s*-- how the row was computed[^\n]*\n\s*method TEXT,/, ""));
    expect((raw.prepare("PRAGMA table_info(series_years)").all() as { name: string }[]).map((c) => c.name)).not.toContain("method");
    raw.prepare("INSERT INTO ingested_files VALUES ('abc', 'tas_day_MIROC6_ssp585_r1i1p1f1_gn_2015.nc', '/x', 1, 'tas', 'MIROC6', 'ssp585', 'r1i1p1f1', 'gn', '2015', 'standard', 'K', 'ingested:MIROC6:ssp585', '2026-01-01')").run();
    raw.prepare("INSERT INTO series_years VALUES ('tas', 'LKA', 'ssp585', 'MIROC6', 'annual', 2015, 'ingested:MIROC6:ssp585', ?, NULL, NULL)").run(Buffer.from(Float64Array.of(27).buffer));
    raw.close();
    const store = new IngestedSeriesStore(old);
    const [found] = await store.getSeries([{ indicator: "tas", geo: "LKA", scenario: "ssp585", model: "MIROC6", frequency: "annual" }]);
    store.close();
    expect(found!.values[0]).toBe(27);
    expect(found!.method).toBeUndefined();
  });
});
