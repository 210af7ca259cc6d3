import { describe, expect, it } from "vitest";
import type { SeriesResponse } from "~/features/cmip6/series";
import { lineFromSeries, windowMeans } from "./compare";

const block = (scenario: string, years: number[], median: (number | null)[]) => ({
  scenario,
  years,
  values: {},
  sources: {},
  stats: { median, p10: median.map((v) => (v === null ? null : v - 1)), p90: median.map((v) => (v === null ? null : v + 1)), mean: median, count: years.map(() => 35) },
});

describe("comparison lines", () => {
  const response = { series: [block("historical", [2013, 2014], [10, 12]), block("ssp585", [2015, 2016], [13, null])] } as unknown as SeriesResponse;

  it("join the scenario blocks in order", () => {
    const line = lineFromSeries(response, "Nepal");
    expect(line.years).toEqual([2013, 2014, 2015, 2016]);
    expect(line.median).toEqual([10, 12, 13, null]);
    expect(line.p90).toEqual([11, 13, 14, null]);
  });

  it("give window values by the one ensemble method, sharing the historical baseline between scenarios", () => {
    const years = (start: number, end: number) => Array.from({ length: end - start + 1 }, (_, i) => start + i);
    const run = (scenario: string, start: number, end: number, values: Record<string, number>) => ({
      scenario,
      years: years(start, end),
      values: Object.fromEntries(Object.entries(values).map(([m, v]) => [m, years(start, end).map(() => v)])),
      sources: Object.fromEntries(Object.keys(values).map((m) => [m, "sample"])),
      stats: {},
    });
    const historical = { series: [run("historical", 1950, 2014, { A: 0, B: 2, C: 5 })] } as unknown as SeriesResponse;
    const ssp = { series: [run("ssp585", 2015, 2100, { A: 1, B: 10, C: 5 })] } as unknown as SeriesResponse;
    const means = windowMeans([historical, ssp], ["Historical", "SSP5-8.5"], true);
    expect(means.windowLabels).toEqual(["2020-2039", "2040-2059", "2060-2079", "2080-2099"]);
    const [hist, future] = means.windows;
    expect(hist.baseline).toBe(2);
    expect(hist.values).toEqual([null, null, null, null]);
    expect(hist.incomplete[0]).toBeNull();
    expect(future.baseline).toBe(2);
    expect(future.values[0]).toBe(5);
    // the median of the models' changes (1, 8, 0), not 5 - 2
    expect(future.changes[0]).toBe(1);
  });
});
