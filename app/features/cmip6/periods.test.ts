import { describe, expect, it } from "vitest";
import {
  BASELINE_PERIOD,
  CLIMATOLOGY_PERIODS,
  CMIP6_EXPERIMENT_PERIODS,
  DAYS_IN_MONTH,
  DECADAL_RAINFALL_PERIODS,
  intersectRanges,
  monthsInPreviousYear,
  OBSERVED_SERIES_PERIOD,
  parseYearRange,
  PROJECTION_WINDOWS,
  SEASONS,
  SEASON_CODES,
} from "./periods";

describe("periods of spec section 9", () => {
  it("has the series, climatologies, projection windows and decadal layers as written in the spec", () => {
    expect(OBSERVED_SERIES_PERIOD.label).toBe("1901-2021");
    expect(CLIMATOLOGY_PERIODS.map((p) => p.label)).toEqual(["1901-1930", "1931-1960", "1961-1990", "1991-2020"]);
    expect(PROJECTION_WINDOWS.map((p) => p.label)).toEqual(["2020-2039", "2040-2059", "2060-2079", "2080-2099"]);
    expect(DECADAL_RAINFALL_PERIODS.map((p) => p.label)).toEqual(["1980-89", "1990-99", "2000-09", "2010-19", "2020-23"]);
    expect(DECADAL_RAINFALL_PERIODS.at(-1)).toMatchObject({ start: 2020, end: 2023 });
    expect(BASELINE_PERIOD).toMatchObject({ start: 1995, end: 2014 });
  });

  it("keeps windows 20 or 30 years long and the baseline inside the historical experiment", () => {
    for (const p of CLIMATOLOGY_PERIODS) expect(p.end - p.start + 1).toBe(30);
    for (const p of PROJECTION_WINDOWS) expect(p.end - p.start + 1).toBe(20);
    const historical = CMIP6_EXPERIMENT_PERIODS.historical;
    expect(BASELINE_PERIOD.start >= historical.start && BASELINE_PERIOD.end <= historical.end).toBe(true);
    for (const p of PROJECTION_WINDOWS) expect(p.start).toBeGreaterThanOrEqual(CMIP6_EXPERIMENT_PERIODS.ssp585.start);
  });
});

describe("seasons", () => {
  it("has a 365-day calendar", () => {
    expect(DAYS_IN_MONTH.reduce((a, b) => a + b, 0)).toBe(365);
  });

  it("counts the months a season takes from the year before", () => {
    expect(SEASON_CODES.map((code) => monthsInPreviousYear(SEASONS[code]))).toEqual([1, 0, 0, 0, 0, 2]);
    expect(SEASONS.JJAS.months).toEqual([6, 7, 8, 9]);
    expect(SEASONS.NDJFM.months).toEqual([11, 12, 1, 2, 3]);
  });
});

describe("year ranges", () => {
  it("parses and intersects", () => {
    expect(parseYearRange("1950-2014")).toEqual({ start: 1950, end: 2014 });
    expect(parseYearRange("2014-1950")).toBeUndefined();
    expect(parseYearRange("1950")).toBeUndefined();
    expect(intersectRanges({ start: 1950, end: 2014 }, { start: 2000, end: 2100 })).toEqual({ start: 2000, end: 2014 });
    expect(intersectRanges({ start: 1950, end: 2014 }, { start: 2015, end: 2100 })).toBeUndefined();
  });
});
