import { describe, expect, it } from "vitest";
import type { SeriesResponse } from "~/features/cmip6/series";
import { lineFromSeries, periodMean } from "./compare";

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

  it("average the median over a period, skipping missing years", () => {
    const line = lineFromSeries(response, "Nepal");
    expect(periodMean(line, { start: 2013, end: 2016 })).toBeCloseTo(35 / 3);
    expect(periodMean(line, { start: 2090, end: 2099 })).toBeNull();
  });
});
