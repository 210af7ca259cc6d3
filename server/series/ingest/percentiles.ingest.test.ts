import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSeeds } from "../../seeds.server";
import { daysInMonth, daysInYear } from "./calendar";
import { ingest, type IngestSummary } from "./ingest.server";
import { writeTestNetcdf } from "./testing/write-netcdf";
import { random } from "./testing/random";

/**
 * The percentile indices end to end on synthetic NetCDF files: a 5-year base (1961-1965, the test option
 * of the 30-year base) of daily maximum temperature, the same in every cell so each place's value is a
 * cell's; the base years' TX90p against a brute-force bootstrap written here; a scenario year ingested in
 * the same run, before the base (pending, read again) and in a later run all give the same rows.
 */

const seeds = loadSeeds();
const LAT = Array.from({ length: 36 }, (_, i) => 4.5 + i);
const LON = Array.from({ length: 40 }, (_, i) => 60.5 + i);
const BASE = { start: 1961, end: 1965 };
const KELVIN = 273.15;

/** tasmax in °C per year (standard calendar): 20-30 °C, the scenario year's first 10 days at 45 °C. */
const series = new Map<number, number[]>();
for (const year of [1961, 1962, 1963, 1964, 1965, 2015]) {
  const rnd = random(year);
  series.set(year, Array.from({ length: daysInYear("standard", year) }, (_, t) => (year === 2015 && t < 10 ? 45 : 20 + 10 * rnd())));
}
/** As the ingest sees it: float32 kelvin, converted, kept as float32 in the base store. */
const asRead = (c: number) => Math.fround(Math.fround(KELVIN + c) - KELVIN);

function quantile8(xs: number[], p: number) {
  const x = [...xs].sort((a, b) => a - b);
  const n = x.length;
  const nppm = p * n + (p + 1) / 3;
  const j = Math.floor(nppm);
  const h = nppm - j;
  const at = (k: number) => x[Math.min(Math.max(k, 1), n) - 1];
  return (1 - h) * at(j) + h * at(j + 1);
}
/** Base years without 29 February, as 365-day arrays. */
const baseYears = () => [1961, 1962, 1963, 1964, 1965].map((y) => {
  const s = series.get(y)!.map(asRead);
  return s.length === 366 ? [...s.slice(0, 59), ...s.slice(60)] : s;
});
const threshold = (years: number[][], d: number, q: number) => quantile8(years.flatMap((y) => [-2, -1, 0, 1, 2].map((k) => y[(d + k + 365) % 365])), q);
/** The threshold day of day t of a year. */
const tday = (year: number, t: number) => (daysInYear("standard", year) === 366 ? (t === 59 ? 58 : t > 59 ? t - 1 : t) : t);

let dir: string;
const file = (year: number) => path.join(dir, "files", `tasmax_day_ACCESS-CM2_${year < 2015 ? "historical" : "ssp245"}_r1i1p1f1_gn_${year}.nc`);
const run = (database: string, years: number[]) =>
  ingest({ paths: years.map(file), database: path.join(dir, database), seeds, percentileBase: BASE, geoDir: "seeds/geo" });

function rows(database: string, indicator: string, frequency: string) {
  const db = new BetterSqlite3(path.join(dir, database), { readonly: true });
  const out = db.prepare("SELECT geo, scenario, year, vals, written_by FROM series_years WHERE indicator = ? AND frequency = ? ORDER BY geo, scenario, year").all(indicator, frequency) as { geo: string; scenario: string; year: number; vals: Buffer; written_by: string }[];
  db.close();
  return out.map((r) => ({ ...r, vals: [...new Float64Array(new Uint8Array(r.vals).buffer)] }));
}

let oneRun: IngestSummary;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "sacap-pctl-"));
  mkdirSync(path.join(dir, "files"));
  for (const [year, values] of series) {
    await writeTestNetcdf({
      path: file(year), variable: "tasmax", units: "K", lat: LAT, lon: LON, calendar: "standard", fillValue: 1e20,
      time: values.map((_, t) => t + 0.5), timeUnits: `days since ${year}-01-01 00:00:00`, value: (t) => KELVIN + values[t],
    });
  }
  oneRun = await run("one.db", [1961, 1962, 1963, 1964, 1965, 2015]);
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("percentile indices at ingest", () => {
  it("completes the base in one run and writes the base years' TX90p with the bootstrap", () => {
    expect(oneRun.failed).toEqual([]);
    expect(oneRun.percentiles.some((n) => n.includes("tasmax base 1961-1965 complete"))).toBe(true);
    const years = baseYears();
    const monthly = rows("one.db", "tx90p", "monthly").filter((r) => r.year === 1964);
    expect(monthly.length).toBeGreaterThan(0);
    // brute force: year 1964 (index 3) replaced by each other base year
    const j = 3;
    const values = series.get(1964)!.map(asRead);
    const rate = (t: number) => {
      let hits = 0;
      for (let k = 0; k < 5; k++) {
        if (k === j) continue;
        const replaced = years.map((y, i) => (i === j ? years[k] : y));
        if (values[t] > threshold(replaced, tday(1964, t), 0.9)) hits++;
      }
      return hits / 4;
    };
    let t = 0;
    for (let m = 1; m <= 12; m++) {
      const len = daysInMonth("standard", 1964, m);
      let sum = 0;
      for (let k = 0; k < len; k++) sum += rate(t + k);
      t += len;
      for (const row of monthly) expect(row.vals[m - 1]).toBeCloseTo((100 * sum) / len, 9);
    }
    expect(monthly[0].written_by).toMatch(/^tasmax_day_ACCESS-CM2_historical_r1i1p1f1_gn_1964\.nc@/);
  });

  it("uses the base thresholds out of the base: TX90p, and WSDI counts the scenario's 10 hot days", () => {
    const years = baseYears();
    const jan = rows("one.db", "tx90p", "monthly").filter((r) => r.scenario === "ssp245" && r.year === 2015);
    const x = series.get(2015)!.map(asRead);
    const hot = x.slice(0, 31).filter((v, d) => v > Math.fround(threshold(years, d, 0.9))).length;
    expect(jan.length).toBeGreaterThan(0);
    for (const row of jan) expect(row.vals[0]).toBeCloseTo((100 * hot) / 31, 9);
    const wsdi = rows("one.db", "wsdi", "annual").filter((r) => r.scenario === "ssp245");
    expect(wsdi.length).toBeGreaterThan(0);
    let spell = 0;
    let run = 0;
    for (const [t, v] of [...x, -Infinity].entries()) {
      if (v > Math.fround(threshold(years, Math.min(t, 364), 0.9))) run++;
      else {
        if (run >= 6) spell += run;
        run = 0;
      }
    }
    expect(spell).toBeGreaterThanOrEqual(10);
    for (const row of wsdi) expect(row.vals[0]).toBeCloseTo(spell, 9);
  });

  it("reuses stored thresholds: a scenario ingested in a later run gives the same rows", async () => {
    await run("later.db", [1961, 1962, 1963, 1964, 1965]);
    const second = await run("later.db", [2015]);
    expect(second.percentiles.some((n) => n.includes("no TX90P"))).toBe(false);
    for (const [code, frequency] of [["tx90p", "monthly"], ["tx10p", "annual"], ["wsdi", "annual"]]) {
      expect(rows("later.db", code, frequency)).toEqual(rows("one.db", code, frequency));
    }
    // the base days are dropped once the thresholds exist
    const db = new BetterSqlite3(path.join(dir, "later.db"), { readonly: true });
    expect((db.prepare("SELECT count(*) AS n FROM percentile_base_days").get() as { n: number }).n).toBe(0);
    expect((db.prepare("SELECT count(*) AS n FROM percentile_thresholds").get() as { n: number }).n).toBe(1);
    db.close();
  });

  it("a scenario read before its base is pending, and read again once the base is in", async () => {
    const first = await run("early.db", [2015]);
    expect(first.percentiles.some((n) => n.includes("no TX90P, TX10P, WSDI yet"))).toBe(true);
    expect(rows("early.db", "tx90p", "monthly")).toEqual([]);
    await run("early.db", [1961, 1962, 1963, 1964, 1965]);
    const third = await run("early.db", [1961, 1962, 1963, 1964, 1965, 2015]);
    expect(third.ingested).toEqual([path.basename(file(2015))]);
    expect(rows("early.db", "tx90p", "monthly")).toEqual(rows("one.db", "tx90p", "monthly"));
    expect(rows("early.db", "wsdi", "annual")).toEqual(rows("one.db", "wsdi", "annual"));
  });

  it("in one run, a scenario listed before the base is read again at the end", async () => {
    // ssp245 before historical: the file order puts "historical" first, so give the scenario alone first in a shuffled set
    const summary = await ingest({ paths: [file(2015), ...[1961, 1962, 1963, 1964, 1965].map(file)], database: path.join(dir, "order.db"), seeds, percentileBase: BASE, geoDir: "seeds/geo" });
    expect(summary.failed).toEqual([]);
    expect(rows("order.db", "tx90p", "monthly")).toEqual(rows("one.db", "tx90p", "monthly"));
  });
});
