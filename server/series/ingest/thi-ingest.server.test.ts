import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSeeds } from "../../seeds.server";
import { IngestedSeriesStore } from "../ingested-store.server";
import { loadGeoFeatures } from "../../places/outlines.server";
import { ingest, type IngestSummary } from "./ingest.server";
import { computeMasks } from "./masks";
import { writeTestNetcdf } from "./testing/write-netcdf";

/**
 * Livestock heat-stress days from NetCDF files over a Sri Lanka box (0.5 degree): known daily values,
 * a missing day, a 360-day model with tas and hurs only. Expected counts are computed here per cell with
 * the published Fahrenheit form of the index, from the values as the files store them (float32), then
 * averaged with the place's cell weights.
 */

const seeds = loadSeeds();
const LAT = Array.from({ length: 9 }, (_, i) => 5.75 + 0.5 * i); // 5.75 .. 9.75
const LON = Array.from({ length: 6 }, (_, i) => 79.25 + 0.5 * i); // 79.25 .. 81.75
const mask = computeMasks(Float64Array.from(LAT), Float64Array.from(LON), loadGeoFeatures("seeds/geo", seeds)).masks.find((m) => m.code === "LKA")!;
const KELVIN = 273.15;
const FILL = 1e20;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const monthOf = (t: number, lengths: readonly number[]) => {
  let m = 0;
  for (let rest = t; rest >= lengths[m]; m++) rest -= lengths[m];
  return m;
};

/** Daily mean temperature, °C: five steps through the week, 2 °C warmer south of 7.5 N. */
const tasOf = (t: number, row: number) => 21 + 3.3 * (t % 5) + (LAT[row] < 7.5 ? 2 : 0);
const hursOf = (t: number) => (t % 2 === 0 ? 55 : 85);
const tasmaxOf = (t: number, row: number) => tasOf(t, row) + 6;
/** Specific humidity, kg/kg. */
const hussOf = (t: number) => 0.012 + 0.002 * (t % 4);
/** hurs is missing on 10 February (day 40) in the northern rows. */
const hursMissing = (t: number, row: number) => t === 40 && LAT[row] > 8;

const thiF = (tC: number, rh: number) => {
  const f = tC * 1.8 + 32;
  return f - (0.55 - (0.55 * rh) / 100) * (f - 58);
};
const rhAt = (tmax: number, q: number) => {
  const w = q / (1 - q);
  return Math.min(100, (100 * ((101.3 * w) / (0.622 + w))) / (0.6108 * Math.exp((17.27 * tmax) / (tmax + 237.3))));
};
/** A value as the file stores it (float32) and the reader converts it. */
const stored = (kelvin: number) => Math.fround(kelvin) - KELVIN;

/** The place mean of per-cell monthly counts; a cell's month with `missing` days drops out. */
function expectedMonths(days: number, lengths: readonly number[], thiOf: (t: number, row: number) => number, threshold: number, missing = (_t: number, _row: number) => false) {
  const sums = new Array(12).fill(0);
  const weights = new Array(12).fill(0);
  mask.cells.forEach((cell, k) => {
    const row = Math.floor(cell / LON.length);
    const counts = new Array(12).fill(0);
    const gaps = new Array(12).fill(false);
    for (let t = 0; t < days; t++) {
      const m = monthOf(t, lengths);
      if (missing(t, row)) gaps[m] = true;
      else if (thiOf(t, row) >= threshold) counts[m]++;
    }
    for (let m = 0; m < 12; m++) {
      if (gaps[m]) continue;
      sums[m] += counts[m] * mask.weights[k];
      weights[m] += mask.weights[k];
    }
  });
  return sums.map((s, m) => s / weights[m]);
}

let dir: string;
let db: string;
let summary: IngestSummary;
const name = (variable: string, model = "ACCESS-CM2", scenario = "ssp245") => `${variable}_day_${model}_${scenario}_r1i1p1f1_gn_2015.nc`;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "sacap-thi-"));
  db = path.join(dir, "series.db");
  const common = { lat: LAT, lon: LON, time: Array.from({ length: 365 }, (_, t) => t + 0.5), timeUnits: "days since 2015-01-01", calendar: "noleap", fillValue: FILL, chunkDays: 30 };
  await writeTestNetcdf({ ...common, path: path.join(dir, name("tas")), variable: "tas", units: "K", value: (t, r) => KELVIN + tasOf(t, r) });
  await writeTestNetcdf({ ...common, path: path.join(dir, name("hurs")), variable: "hurs", units: "%", value: (t, r) => (hursMissing(t, r) ? FILL : hursOf(t)) });
  await writeTestNetcdf({ ...common, path: path.join(dir, name("tasmax")), variable: "tasmax", units: "K", value: (t, r) => KELVIN + tasmaxOf(t, r) });
  await writeTestNetcdf({ ...common, path: path.join(dir, name("huss")), variable: "huss", units: "1", value: (t) => hussOf(t) });
  // a 360-day model with the daily-mean pair only: 35 °C and 60 % every day
  const d360 = { ...common, calendar: "360_day", time: Array.from({ length: 360 }, (_, t) => t + 0.5) };
  await writeTestNetcdf({ ...d360, path: path.join(dir, name("tas", "UKESM1-0-LL", "ssp585")), variable: "tas", units: "K", value: () => KELVIN + 35 });
  await writeTestNetcdf({ ...d360, path: path.join(dir, name("hurs", "UKESM1-0-LL", "ssp585")), variable: "hurs", units: "%", value: () => 60 });
  summary = await ingest({ paths: [dir], database: db, seeds, geoDir: "seeds/geo", chunkDays: 16 });
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function series(indicator: string, frequency: "monthly" | "annual", model = "ACCESS-CM2", scenario = "ssp245") {
  const store = new IngestedSeriesStore(db);
  try {
    const [found] = await store.getSeries([{ indicator, geo: "LKA", scenario, model, frequency }]);
    return found && { values: Array.from(found.values), source: found.source };
  } finally {
    store.close();
  }
}

describe("livestock heat-stress days at ingest", () => {
  it("ingests the files and covers Sri Lanka", () => {
    expect(summary.failed).toEqual([]);
    expect(summary.ingested).toHaveLength(6);
    expect(mask.coverage).toBeGreaterThan(0.99);
  });

  it("counts days per cell and month under both definitions and averages them over the place", async () => {
    const meanThi = (t: number, row: number) => thiF(stored(KELVIN + tasOf(t, row)), Math.fround(hursOf(t)));
    const maxThi = (t: number, row: number) => {
      const tx = stored(KELVIN + tasmaxOf(t, row));
      return thiF(tx, rhAt(tx, Math.fround(hussOf(t))));
    };
    for (const threshold of [68, 72, 75, 79, 84]) {
      const mean = (await series(`thimean${threshold}`, "monthly"))!;
      const expected = expectedMonths(365, MONTH_DAYS, meanThi, threshold, hursMissing);
      mean.values.forEach((v, m) => expect(v, `thimean${threshold} month ${m + 1}`).toBeCloseTo(expected[m], 9));
      const max = (await series(`thimax${threshold}`, "monthly"))!;
      const expectedMax = expectedMonths(365, MONTH_DAYS, maxThi, threshold);
      max.values.forEach((v, m) => expect(v, `thimax${threshold} month ${m + 1}`).toBeCloseTo(expectedMax[m], 9));
      const annual = (await series(`thimax${threshold}`, "annual"))!;
      expect(annual.values[0]).toBeCloseTo(expectedMax.reduce((a, b) => a + b, 0), 9);
    }
    // the southern cells are warmer: a place value between whole days, and the rows name their files
    const feb = (await series("thimean75", "monthly"))!;
    expect(feb.values[0] % 1).not.toBe(0);
    const sqlite = new BetterSqlite3(db, { readonly: true });
    try {
      const writers = (code: string) => (sqlite.prepare("SELECT written_by FROM series_years WHERE indicator = ? AND geo = 'LKA' AND frequency = 'monthly'").get(code) as { written_by: string }).written_by;
      expect(writers("thimean75").split(" + ").map((w) => w.split("@")[0])).toEqual([name("hurs"), name("tas")]);
      expect(writers("thimax75").split(" + ").map((w) => w.split("@")[0])).toEqual([name("huss"), name("tasmax")]);
    } finally {
      sqlite.close();
    }
  });

  it("leaves the cells with a missing day out of that month only", async () => {
    const mean = (await series("thimean68", "monthly"))!;
    const withGap = expectedMonths(365, MONTH_DAYS, () => 100, 68, hursMissing);
    // every day is counted where the cells have it: February is the mean of the southern cells
    expect(withGap[1]).toBeCloseTo(28, 9);
    const southOnly = expectedMonths(365, MONTH_DAYS, (t, row) => thiF(stored(KELVIN + tasOf(t, row)), Math.fround(hursOf(t))), 68, hursMissing)[1];
    const allCells = expectedMonths(365, MONTH_DAYS, (t, row) => thiF(stored(KELVIN + tasOf(t, row)), Math.fround(hursOf(t))), 68)[1];
    expect(southOnly).not.toBeCloseTo(allCells, 3);
    expect(mean.values[1]).toBeCloseTo(southOnly, 9);
  });

  it("reads a 360-day model with the daily-mean pair only: thirty days a month, no daily-maximum series", async () => {
    const mean = (await series("thimean84", "monthly", "UKESM1-0-LL", "ssp585"))!;
    expect(mean.values).toHaveLength(12);
    mean.values.forEach((v) => expect(v).toBeCloseTo(30, 9));
    expect((await series("thimean84", "annual", "UKESM1-0-LL", "ssp585"))!.values[0]).toBeCloseTo(360, 9);
    expect(await series("thimax84", "monthly", "UKESM1-0-LL", "ssp585")).toBeUndefined();
  });
});
