import { describe, expect, it } from "vitest";
import { decodeTimes, parseTimeUnits, type Calendar } from "./calendar";
import { DailyIndexer, type DailyVariable } from "./indices";
import { thiHook, thiProducedCodes } from "./thi-days";

/**
 * Heat-stress days through the daily indexer (the THI hook), against a second, plain implementation written here: the
 * NRC index in its published Fahrenheit form, relative humidity at Tmax from the mixing ratio and
 * Tetens' formula, days counted with a loop over the month.
 */

const thiF = (tC: number, rh: number) => {
  const f = tC * 1.8 + 32;
  return f - (0.55 - (0.55 * rh) / 100) * (f - 58);
};
const rhAtTmax = (tmax: number, hussGkg: number) => {
  const w = hussGkg / 1000 / (1 - hussGkg / 1000);
  const e = (101.3 * w) / (0.622 + w);
  return Math.min(100, (100 * e) / (0.6108 * Math.exp((17.27 * tmax) / (tmax + 237.3))));
};

/** Runs the indexer over one year of `calendar` for some cells, each a place of its own and one place of all. */
function run(calendar: Calendar, year: number, days: number, variables: DailyVariable[], value: (v: DailyVariable, day: number, cell: number) => number, cells: number, weights: number[]) {
  const masks = [
    ...Array.from({ length: cells }, (_, i) => ({ code: `C${i}`, cells: Uint32Array.of(i), weights: Float64Array.of(1), coverage: 1 })),
    { code: "ALL", cells: Uint32Array.from({ length: cells }, (_, i) => i), weights: Float64Array.from(weights), coverage: 1 },
  ];
  const hook = thiHook(calendar, cells, variables);
  const indexer = new DailyIndexer(calendar, masks, cells, variables, undefined, hook ? [hook] : []);
  const dates = decodeTimes(Array.from({ length: days }, (_, d) => d + 0.5), parseTimeUnits(`days since ${year}-01-01`), calendar);
  dates.forEach((date, d) => indexer.day(date, Object.fromEntries(variables.map((v) => [v, Array.from({ length: cells }, (_, i) => value(v, d, i))]))));
  const out = indexer.finish();
  return { out, dates, monthly: (code: string, place: string) => Array.from(out.monthly.get(code)?.get(place)?.get(year) ?? []), annual: (code: string, place: string) => out.annual.get(code)?.get(place)?.get(year) };
}

describe("livestock heat-stress days in the daily indexer", () => {
  it("counts the days at or above each threshold per cell and month, and averages them over places", () => {
    // daily mean temperature cycles through five values; cell 1 is 3 °C warmer; RH 50 % and 80 %
    const tas = (d: number, cell: number) => 20 + 3.1 * (d % 5) + 3 * cell;
    const hurs = (d: number) => (d % 3 === 0 ? 80 : 50);
    const tasmax = (d: number, cell: number) => tas(d, cell) + 7;
    const huss = (d: number) => 8 + (d % 7) * 2;
    const value = (v: DailyVariable, d: number, cell: number) => (v === "tas" ? tas(d, cell) : v === "hurs" ? hurs(d) : v === "tasmax" ? tasmax(d, cell) : huss(d));
    const { monthly, annual, dates } = run("noleap", 2015, 365, ["tas", "hurs", "tasmax", "huss"], value, 2, [1, 3]);
    for (const [definition, thi] of [
      ["mean", (d: number, c: number) => thiF(tas(d, c), hurs(d))],
      ["max", (d: number, c: number) => thiF(tasmax(d, c), rhAtTmax(tasmax(d, c), huss(d)))],
    ] as const) {
      for (const threshold of [68, 72, 75, 79, 84]) {
        const code = `thi${definition}${threshold}`;
        const expected = [0, 1].map((c) => {
          const months = new Array(12).fill(0);
          dates.forEach((date, d) => {
            if (thi(d, c) >= threshold) months[date.month - 1]++;
          });
          return months;
        });
        expect(monthly(code, "C0"), code).toEqual(expected[0]);
        expect(monthly(code, "C1"), code).toEqual(expected[1]);
        monthly(code, "ALL").forEach((v, m) => expect(v).toBeCloseTo((expected[0][m] + 3 * expected[1][m]) / 4, 12));
        // the year adds the months
        expect(annual(code, "C1")).toBe(expected[1].reduce((a, b) => a + b, 0));
      }
    }
    // the warm cell has more days: a check that the thresholds bite
    expect(annual("thimean75", "C1")!).toBeGreaterThan(annual("thimean75", "C0")!);
    expect(annual("thimean75", "C0")!).toBeGreaterThan(0);
    expect(annual("thimean84", "C0")!).toBeLessThan(365);
  });

  it("gives no value to a cell's month with a missing day, and the place the mean of the other cells", () => {
    // every day is hot (THI above 84) except that cell 0 lacks hurs on 10 February
    const value = (v: DailyVariable, d: number, cell: number) => (v === "hurs" ? (cell === 0 && d === 40 ? NaN : 70) : 38);
    const { monthly } = run("noleap", 2015, 365, ["tas", "hurs"], value, 2, [1, 1]);
    expect(monthly("thimean84", "C0")[1]).toBeNaN();
    expect(monthly("thimean84", "C0")[2]).toBe(31);
    expect(monthly("thimean84", "C1")[1]).toBe(28);
    expect(monthly("thimean84", "ALL")[1]).toBe(28);
    // the year of the gappy cell has no value
    expect(monthly("thimax84", "C0")).toEqual([]);
  });

  it("counts thirty-day months in a 360_day calendar and 29 days in a standard leap February", () => {
    const hot = (v: DailyVariable) => (v === "hurs" ? 60 : 35);
    const d360 = run("360_day", 2015, 360, ["tas", "hurs"], hot, 1, [1]);
    expect(d360.monthly("thimean79", "C0")).toEqual(new Array(12).fill(30));
    expect(d360.annual("thimean79", "C0")).toBe(360);
    const leap = run("standard", 2016, 366, ["tas", "hurs"], hot, 1, [1]);
    expect(leap.monthly("thimean79", "C0")[1]).toBe(29);
    expect(leap.annual("thimean79", "C0")).toBe(366);
  });

  it("computes a definition only when the files have both of its variables", () => {
    expect(thiProducedCodes(new Set(["tas", "hurs"]))).toEqual(["thimean68", "thimean72", "thimean75", "thimean79", "thimean84"]);
    expect(thiProducedCodes(new Set(["tas", "huss", "tasmax"]))).toEqual(["thimax68", "thimax72", "thimax75", "thimax79", "thimax84"]);
    expect(thiProducedCodes(new Set(["tas", "tasmax"]))).toEqual([]);
    expect(thiHook("noleap", 4, ["tas", "hurs"])?.codes.monthly).toContain("thimean72");
    expect(thiHook("noleap", 4, ["tas", "hurs"])?.codes.monthly).not.toContain("thimax72");
    expect(thiHook("noleap", 4, ["tas", "tasmax", "pr"])).toBeUndefined();
  });
});
