import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { modelMember } from "../../app/features/cmip6/warmingLevels";
import { SOUTH_ASIA_AXES } from "../../app/features/grids/grid";
import { getSeeds } from "../seeds.server";
import type { Calendar } from "../series/ingest/calendar";
import { datesOf } from "../series/ingest/testing/dates";
import { dayOfYear, type DailyStoreVariable } from "./daily-layout";
import { openDailyStore } from "./daily-store";
import { OnDemandJobs } from "./jobs.server";
import { RegionResolver } from "./regions.server";
import type { RequestCatalog } from "./request";
import { createDailySource } from "./source";
import { DailyStoreSource } from "./store-source";
import { plainIndex } from "./testing/plain-indices";
import { gridIndex, writeDailyRun } from "./testing/write-daily";

/**
 * Jobs over the daily store: days the ingest's writer kept (historical and scenario runs of two models in
 * two calendars, with a missing day) answered by a job give the index computed the plain way from the same
 * days, season by season, and the baseline, window and change of each model and of the ensemble; the answer
 * says its data are not sample data and names the store; the store's version moves when a year is written.
 */

const seeds = getSeeds();
const catalog: RequestCatalog = {
  scenarios: ["ssp245", "ssp585"],
  models: seeds.cmip6Models.map(modelMember),
  places: new Set(["NPL"]),
  warmingLevels: seeds.warmingLevels,
  grid: SOUTH_ASIA_AXES,
  years: { start: 2015, end: 2100 },
};

// a few cells of the grid around 27.6 N, 85.4 E (row 90, column 101)
const BOX = { rows: [89, 92] as [number, number], columns: [100, 103] as [number, number] };
const CELL = gridIndex(90, 101);
const NEPAL = { code: "NPL", geometry: { type: "Polygon" as const, coordinates: [[[80, 26], [88, 26], [88, 30.5], [80, 30.5], [80, 26]]] } };
const MODELS: [string, Calendar][] = [
  ["ACCESS-CM2", "standard"],
  ["MIROC6", "noleap"],
];

/** A temperature of each model, year, day and cell: an annual cycle, a trend, a model offset; one missing day in January 2000. */
function tasmax(model: string, year: number, day: number, cell: number): number {
  if (year === 2000 && day === 10 && cell === CELL) return Number.NaN;
  const m = model === "MIROC6" ? 1.3 : 0;
  return 27 + 8 * Math.sin(((day - 100) / 365) * 2 * Math.PI) + 0.04 * (year - 1995) + m + (cell % 7) * 0.21 + ((day * 7 + year) % 11) * 0.3;
}
/** What the store gives back: hundredths of a degree, as float32. */
const stored = (v: number) => (Number.isNaN(v) ? v : Math.fround(Math.round(v / 0.01) * 0.01));

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "sacap-store-source-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function writeRuns(years: { historical: [number, number]; ssp245: [number, number] }) {
  for (const [model, calendar] of MODELS) {
    for (const run of ["historical", "ssp245"] as const) {
      await writeDailyRun(dir, { model, run, calendar, ...BOX, years: years[run], variables: ["tasmax"], value: (_v: DailyStoreVariable, y, d, c) => tasmax(model, y, d, c) });
    }
  }
}

describe("jobs over the daily store", () => {
  it("answer a question with the index of the stored days, season by season, and the model and ensemble statistics", async () => {
    // the baseline and a window of 2015-2019 (a December-February season reads 2014 to 2019: across the join of the runs)
    await writeRuns({ historical: [1994, 2014], ssp245: [2015, 2019] });
    const source = await createDailySource(seeds, dir);
    expect(source).toBeInstanceOf(DailyStoreSource);
    expect(source.sample).toBe(false);
    expect(source.text).toMatch(/NEX-GDDP-CMIP6.*daily store/);
    const regions = new RegionResolver(SOUTH_ASIA_AXES, [NEPAL], ["NPL"], new Map([["NPL", "Nepal"]]));
    const jobs = new OnDemandJobs({ catalog, regions, source, warmingLevels: seeds.warmingLevels });

    const months = [12, 1, 2];
    const submitted = await jobs.submit("days-above", { cell: "27.625,85.375", models: MODELS.map(([m]) => m), threshold: 22, months, window: "2015-2019" }, "a");
    if (submitted.kind !== "job") throw new Error(submitted.kind);
    const done = await jobs.settled(submitted.job.id);
    expect(done).toMatchObject({ status: "successful", sample: false });
    const result = JSON.parse((await jobs.result(done!))!.json).result;
    expect(result.sample).toBe(false);
    expect(result.source).toBe(source.text);
    expect(result.provenance.dataVersion).toBe(source.version);
    expect(result.provenance.dataVersion).toMatch(/^daily-store-/);
    // the baseline's and the window's spans overlap (1994-2014, 2014-2019): one block of both runs
    expect(result.provenance.sources).toEqual(["daily:ACCESS-CM2:historical+ssp245", "daily:MIROC6:historical+ssp245"]);

    // the index the plain way, from the same days as the store keeps them
    const years = Array.from({ length: 2019 - 1995 + 1 }, (_, i) => 1995 + i);
    const changes: number[] = [];
    for (const [model, calendar] of MODELS) {
      const dates = datesOf(calendar, 1994, 2019);
      const values = dates.map((d) => stored(tasmax(model, d.year, dayOfYear(calendar, d), CELL)));
      const plain = years.map((year) =>
        plainIndex(dates, values, (d) => (d.year === year - 1 && d.month === 12) || (d.year === year && d.month <= 2), { index: "days-above", threshold: 22 }),
      );
      const answer = result.models.find((m: { model: string }) => m.model === model);
      const series = result.years.map((year: number, i: number) => [year, answer.series[i]]).filter(([year]: number[]) => year >= 1995 && year <= 2019);
      expect(series.map(([year]: number[]) => year)).toEqual(years);
      expect(series.map(([, v]: (number | null)[]) => v)).toEqual(plain.map((v) => (Number.isNaN(v) ? null : v)));
      // 2000's season has the missing day: no value; the baseline keeps 19 of 20 years
      expect(plain[years.indexOf(2000)]).toBeNaN();
      const mean = (ys: number[]) => {
        const vs = ys.map((y) => plain[years.indexOf(y)]).filter((v) => !Number.isNaN(v));
        return vs.reduce((a, b) => a + b, 0) / vs.length;
      };
      const baseline = mean(years.filter((y) => y <= 2014));
      const window = mean(years.filter((y) => y >= 2015));
      expect(answer.baselineYears).toBe(19);
      expect(answer.windowYears).toBe(5);
      expect(answer.baseline).toBeCloseTo(baseline, 3);
      expect(answer.windowMean).toBeCloseTo(window, 3);
      expect(answer.change).toBeCloseTo(window - baseline, 3);
      changes.push(window - baseline);
    }
    // two models: the median is their mean
    expect(result.change.median).toBeCloseTo((changes[0] + changes[1]) / 2, 3);
    expect(result.change.count).toBe(2);
    expect(result.withoutVariable).toEqual([]);
  });

  it("lists a model the store does not hold without a value, and changes its version when a year is written", async () => {
    await writeRuns({ historical: [1995, 2014], ssp245: [2041, 2042] });
    const source = new DailyStoreSource(await openDailyStore(dir), { versionSeconds: 0 });
    const before = source.version;
    expect(source.version).toBe(before);
    const regions = new RegionResolver(SOUTH_ASIA_AXES, [NEPAL], ["NPL"], new Map([["NPL", "Nepal"]]));
    const jobs = new OnDemandJobs({ catalog, regions, source, warmingLevels: seeds.warmingLevels });
    const submitted = await jobs.submit("season-max", { cell: "27.625,85.375", models: ["ACCESS-CM2", "CanESM5"], window: "2041-2042" }, "a");
    if (submitted.kind !== "job") throw new Error(submitted.kind);
    const result = JSON.parse((await jobs.result((await jobs.settled(submitted.job.id))!))!.json).result;
    expect(result.models.map((m: { model: string }) => m.model)).toEqual(["ACCESS-CM2"]);
    expect(result.withoutVariable).toEqual(["CanESM5"]);

    await writeDailyRun(dir, { model: "ACCESS-CM2", run: "ssp245", calendar: "standard", ...BOX, years: [2043, 2043], variables: ["tasmax"], value: (_v, y, d, c) => tasmax("ACCESS-CM2", y, d, c) });
    expect(source.version).not.toBe(before);
    // the same question over the new data is another key: computed again
    const again = await jobs.submit("season-max", { cell: "27.625,85.375", models: ["ACCESS-CM2", "CanESM5"], window: "2041-2042" }, "a");
    expect(again).toMatchObject({ kind: "job", job: { cached: false } });
  });
});
