import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spi } from "../../app/features/cmip6/drought";
import { DroughtIndexStore } from "./drought-store";
import { calendarOfRun, encodeValues, IngestedSeriesStore, SERIES_SCHEMA, sourceId } from "./ingested-store.server";

/**
 * A small ingested database written directly (no NetCDF): the calendar of each model run's files travels
 * with the series the store answers, and into the monthly totals of SPI.
 */
const dir = mkdtempSync(path.join(tmpdir(), "sacap-ingested-calendar-"));
const file = path.join(dir, "series.sqlite");
const YEARS = 65; // 1950-2014
/** Precipitation, mm/day: a wet February, a seasonal cycle and year-to-year variation. */
const rate = (year: number, month: number) => {
  const wobble = Math.sin((year * 12 + month) * 12.9898) * 43758.5453;
  return Math.max(0, 3 + 2.5 * Math.sin((month - 4) * (Math.PI / 6)) + 2 * (wobble - Math.floor(wobble) - 0.5)) + (month === 2 ? 5 : 0);
};

beforeAll(() => {
  const db = new BetterSqlite3(file);
  db.exec(SERIES_SCHEMA);
  const insertFile = db.prepare(
    "INSERT INTO ingested_files (sha256, name, path, bytes, variable, model, scenario, variant, grid, years, calendar, units, source_id, ingested_at) VALUES (?, ?, ?, 1, 'pr', ?, ?, 'r1i1p1f1', 'gn', '1950-2014', ?, 'kg m-2 s-1', ?, '2024-05-01T00:00:00Z')",
  );
  const insertRow = db.prepare("INSERT INTO series_years (indicator, geo, scenario, model, frequency, year, source_id, vals) VALUES ('pr', 'IND', ?, ?, 'monthly', ?, ?, ?)");
  const runs = [
    { model: "STD-MODEL", scenario: "historical", calendar: "standard" },
    { model: "DAY360-MODEL", scenario: "historical", calendar: "360_day" },
    { model: "NOLEAP-MODEL", scenario: "historical", calendar: "noleap" },
  ];
  db.transaction(() => {
    for (const [k, run] of runs.entries()) {
      const id = sourceId(run.model, run.scenario);
      insertFile.run(`sha-${k}`, `pr_${run.model}.nc`, `/data/pr_${run.model}.nc`, run.model, run.scenario, run.calendar, id);
      for (let y = 0; y < YEARS; y++) {
        insertRow.run(run.scenario, run.model, 1950 + y, id, encodeValues(Float64Array.from({ length: 12 }, (_, m) => rate(1950 + y, m + 1))));
      }
    }
  })();
  db.close();
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const key = (model: string, indicator = "pr") => ({ indicator, geo: "IND", scenario: "historical", model, frequency: "monthly" as const });

describe("calendars of ingested series", () => {
  it("each series carries the calendar of its run's files", async () => {
    const store = new IngestedSeriesStore(file);
    try {
      const [standard, day360, noleap] = await store.getSeries([key("STD-MODEL"), key("DAY360-MODEL"), key("NOLEAP-MODEL")]);
      expect(standard?.calendar).toBe("standard");
      expect(day360?.calendar).toBe("360_day");
      expect(noleap?.calendar).toBe("noleap");
    } finally {
      store.close();
    }
  });

  it("a run's calendar is the one its files share (aliases read as CF names), else the one most have", () => {
    expect(calendarOfRun(["gregorian", "standard"])).toBe("standard");
    expect(calendarOfRun(["365_day"])).toBe("noleap");
    expect(calendarOfRun(["360_day", "360_day", "standard"])).toBe("360_day");
    expect(calendarOfRun(["no-such-calendar"])).toBeUndefined();
  });

  it("SPI of a standard-calendar run: totals over 29-day leap Februaries, 30-day months of a 360_day run", async () => {
    const ingested = new IngestedSeriesStore(file);
    try {
      const store = new DroughtIndexStore(ingested);
      const [standard, day360] = await store.getSeries([{ ...key("STD-MODEL", "spi"), scale: 3 }, { ...key("DAY360-MODEL", "spi"), scale: 3 }]);
      // the totals written out: the standard calendar's leap years 1952 ... 2012 (every fourth, 2000 included)
      const standardTotals = Float64Array.from({ length: YEARS * 12 }, (_, i) => {
        const year = 1950 + Math.floor(i / 12);
        return rate(year, (i % 12) + 1) * [31, year % 4 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][i % 12];
      });
      const day360Totals = Float64Array.from({ length: YEARS * 12 }, (_, i) => rate(1950 + Math.floor(i / 12), (i % 12) + 1) * 30);
      const march1996 = (1996 - 1950) * 12 + 2;
      expect(standard?.calendar).toBe("standard");
      expect(standard!.values[march1996]).toBeCloseTo(spi(standardTotals, { startYear: 1950, scale: 3 }).values[march1996], 10);
      expect(day360!.values[march1996]).toBeCloseTo(spi(day360Totals, { startYear: 1950, scale: 3 }).values[march1996], 10);
    } finally {
      ingested.close();
    }
  });
});
