import { describe, expect, it } from "vitest";
import indicators from "../../../seeds/indicators.json";
import { aggregateMonths, aggregationOf, decimalsOf, displayDecimalsOf, roundTo } from "./indicatorRules";
import { windowDecimals } from "./windows";

describe("aggregationOf", () => {
  it("takes block maxima and minima for the ETCCDI block extremes, means otherwise", () => {
    expect(["txx", "tnx", "rx1day", "rx5day"].map(aggregationOf)).toEqual(["max", "max", "max", "max"]);
    expect(["txn", "tnn"].map(aggregationOf)).toEqual(["min", "min"]);
    expect(["tas", "pr", "tx90p", "dtr", "spi"].map(aggregationOf)).toEqual(["mean", "mean", "mean", "mean", "mean"]);
  });

  it("adds the months of livestock heat-stress day counts", () => {
    expect(["thimean72", "thimax84"].map(aggregationOf)).toEqual(["sum", "sum"]);
    expect(["thimean72", "thimax84"].map(decimalsOf)).toEqual([1, 1]);
    expect(aggregateMonths([3, 12.5, 30], [4, 5, 6], "sum")).toBe(45.5);
    expect(aggregateMonths([3, NaN, 30], [4, 5, 6], "sum")).toBeNaN();
  });
});

describe("aggregateMonths", () => {
  it("weights means by the days of each month", () => {
    // February (28 days) at 0, March (31 days) at 59: (0 * 28 + 59 * 31) / 59 = 31
    expect(aggregateMonths([0, 59], [2, 3], "mean")).toBe(31);
    expect(aggregateMonths(new Float64Array(12).fill(4.2), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], "mean")).toBeCloseTo(4.2, 12);
  });

  it("weights means by the run's own days when given: a leap February, a 360-day calendar", () => {
    // December and January 31 days, February 29: (12 * 31 + 1 * 31 + 2 * 29) / 91
    expect(aggregateMonths([12, 1, 2], [12, 1, 2], "mean", [31, 31, 29])).toBeCloseTo(461 / 91, 12);
    expect(aggregateMonths([12, 1, 2], [12, 1, 2], "mean", [30, 30, 30])).toBeCloseTo(5, 12);
    expect(aggregateMonths([12, 1, 2], [12, 1, 2], "mean")).toBeCloseTo(5.1, 12);
  });

  it("takes extremes and refuses gaps", () => {
    expect(aggregateMonths([3, 9, 1], [12, 1, 2], "max")).toBe(9);
    expect(aggregateMonths([3, 9, 1], [12, 1, 2], "min")).toBe(1);
    expect(aggregateMonths([3, NaN, 1], [12, 1, 2], "mean")).toBeNaN();
    expect(aggregateMonths([], [], "max")).toBeNaN();
  });
});

describe("decimalsOf and roundTo", () => {
  it("gives values a precision that suits the indicator", () => {
    expect(["pr", "tas", "fd", "tx90p", "spi", "hurs"].map(decimalsOf)).toEqual([3, 2, 1, 1, 2, 1]);
    expect(roundTo(2.345, 2)).toBe(2.35);
    expect(roundTo(-2.5, 0)).toBe(-3);
    expect(roundTo(0.1 + 0.2, 3)).toBe(0.3);
  });
});

describe("displayDecimalsOf", () => {
  it("shows temperatures to 0.1 °C, rates of precipitation to 0.1 mm/day, amounts to 1 mm, days to 0.1 day, indices to 0.01", () => {
    expect(["tas", "tasmax", "tasmin", "txx", "tnn", "dtr"].map(displayDecimalsOf)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(["pr", "pet", "sdii"].map(displayDecimalsOf)).toEqual([1, 1, 1]);
    expect(["rx1day", "rx5day", "r95ptot", "r99ptot", "prcptot"].map(displayDecimalsOf)).toEqual([0, 0, 0, 0, 0]);
    expect(["fd", "su", "gsl", "cdd", "r20mm", "thimean72", "thimax84"].map(displayDecimalsOf)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    expect(["spi", "spei"].map(displayDecimalsOf)).toEqual([2, 2]);
    expect(["tx90p", "hurs"].map(displayDecimalsOf)).toEqual([1, 1]);
  });

  it("gives every seeded indicator the decimals of its units, never more than its answers carry", () => {
    const byUnits: Record<string, number> = { "°C": 1, "mm/day": 1, mm: 0, days: 1, "%": 1, unitless: 2, "g/kg": 1, "W/m²": 1, "m/s": 1 };
    for (const indicator of indicators as { field_value: string; field_var_unit: string }[]) {
      const code = indicator.field_value;
      expect(displayDecimalsOf(code), `${code} (${indicator.field_var_unit})`).toBe(byUnits[indicator.field_var_unit]);
      // a page shows no digit the answers have not: not the values', nor their period statistics'
      expect(displayDecimalsOf(code), code).toBeLessThanOrEqual(decimalsOf(code));
      expect(displayDecimalsOf(code), code).toBeLessThan(windowDecimals(decimalsOf(code)));
    }
  });

  it("falls back to the answers' decimals for a code it does not know", () => {
    expect(displayDecimalsOf("newindex")).toBe(decimalsOf("newindex"));
  });
});
