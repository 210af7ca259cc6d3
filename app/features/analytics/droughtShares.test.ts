import { describe, expect, it } from "vitest";
import type { ScenarioSeries } from "../cmip6/series";
import { modelShares, shareAtOrBelow, windowShares, yearlyShareBlocks } from "./droughtShares";

/** A monthly block of `years` with each model's values from a function of (year, month). */
function block(scenario: ScenarioSeries["scenario"], start: number, end: number, models: Record<string, (y: number, m: number) => number | null>): ScenarioSeries {
  const years: number[] = [];
  const months: number[] = [];
  for (let y = start; y <= end; y++) for (let m = 1; m <= 12; m++) years.push(y), months.push(m);
  const values = Object.fromEntries(Object.entries(models).map(([model, f]) => [model, years.map((y, i) => f(y, months[i]))]));
  const empty = years.map(() => null);
  return { scenario, years, months, values, stats: { median: empty, p10: empty, p90: empty, mean: empty, count: years.map(() => 0) }, sources: {} };
}

describe("drought shares", () => {
  it("counts months at or below the threshold among those with a value", () => {
    expect(shareAtOrBelow([-2, -1, 0, null, 1], -1)).toBe(50);
    expect(shareAtOrBelow([null, NaN], -1)).toBeNull();
  });

  it("takes each model's months of the window across the historical and scenario blocks, then the median and p10-p90", () => {
    // model A: every March to May at -1.2 (3 of 12 months moderate, none severe); model B: every month -2 in 2014-2015
    const data = {
      series: [
        block("historical", 2005, 2014, { A: (_y, m) => (m >= 3 && m <= 5 ? -1.2 : 0.3), B: (y) => (y === 2014 ? -2 : 0), C: () => null }),
        block("ssp245", 2015, 2024, { A: (_y, m) => (m >= 3 && m <= 5 ? -1.2 : 0.3), B: (y) => (y === 2015 ? -2 : 0), C: () => null }),
        block("ssp585", 2015, 2024, { A: () => -3, B: () => -3, C: () => -3 }),
      ],
    };
    const window = { start: 2010, end: 2019 };
    expect(modelShares(data, "ssp245", window, -1)).toEqual({ A: 25, B: 20, C: null });
    expect(modelShares(data, "ssp245", window, -1.5)).toEqual({ A: 0, B: 20, C: null });
    const summary = windowShares(data, "ssp245", window, -1);
    expect(summary.count).toBe(2);
    expect(summary.median).toBeCloseTo(22.5, 10);
    // a window per model leaves out the models without one
    expect(modelShares(data, "ssp245", { byModel: { B: { start: 2014, end: 2014 } } }, -1)).toEqual({ B: 100 });
  });

  it("makes yearly blocks of the share of each year's months", () => {
    const [b] = yearlyShareBlocks({ series: [block("historical", 2000, 2001, { A: (y, m) => (y === 2000 && m <= 6 ? -1 : 1), B: (_y, m) => (m === 1 ? null : -2) })] }, -1);
    expect(b.years).toEqual([2000, 2001]);
    expect(b.values).toEqual({ A: [50, 0], B: [100, 100] });
    expect(b.stats.median[0]).toBeCloseTo(75, 10);
  });
});
