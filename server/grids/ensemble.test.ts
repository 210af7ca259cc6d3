import { describe, expect, it } from "vitest";
import { BASELINE_PERIOD } from "../../app/features/cmip6/periods";
import type { ScenarioSeries } from "../../app/features/cmip6/series";
import { modelClimatologies, windowStatistics } from "../../app/features/cmip6/windows";
import { cellPeriodMeans, ensembleField } from "./ensemble";

/** A deterministic generator of test values. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

/**
 * The second implementation: each cell's years as the place series' annual blocks, through the screens'
 * own `modelClimatologies` and `windowStatistics`.
 */
function cellBlock(models: Record<string, Map<number, Float32Array>>, cell: number, years: number[]): ScenarioSeries {
  const values: Record<string, (number | null)[]> = {};
  const sources: Record<string, string> = {};
  for (const [model, byYear] of Object.entries(models)) {
    values[model] = years.map((y) => {
      const v = byYear.get(y)?.[cell];
      return v === undefined || Number.isNaN(v) ? null : v;
    });
    sources[model] = "sample";
  }
  return { scenario: "ssp245", years, values, sources, stats: { median: [], p10: [], p90: [], mean: [], count: [] } };
}

describe("grid cells follow the place series' rules", () => {
  const cells = 30;
  const years = Array.from({ length: 2100 - 1995 + 1 }, (_, i) => 1995 + i);
  const next = random(7);
  const models: Record<string, Map<number, Float32Array>> = {};
  for (let k = 0; k < 9; k++) {
    const byYear = new Map<number, Float32Array>();
    const trend = next() * 2 - 0.7;
    for (const year of years) {
      // missing years (some cells lose more than 10 %), an ocean cell (never a value), ties at zero
      if (k === 3 && year >= 2045 && year < 2049) continue;
      const field = new Float32Array(cells);
      for (let i = 0; i < cells; i++) {
        if (i === 0) field[i] = NaN;
        else if (i === 1) field[i] = 5;
        else if (i === 2 && k % 2 === 0 && year % 7 < 3) field[i] = NaN;
        else field[i] = 10 + i + trend * (year - 2000) * 0.02 * (i % 3 - 1) + next();
      }
      byYear.set(year, field);
    }
    models[`M${k}`] = byYear;
  }
  const window = { start: 2040, end: 2059 };

  it("period means and ensemble statistics equal the series' per cell", () => {
    const members = Object.entries(models).map(([model, byYear]) => ({
      model,
      baseline: cellPeriodMeans((y) => byYear.get(y), BASELINE_PERIOD, cells),
      future: cellPeriodMeans((y) => byYear.get(y), window, cells),
    }));
    const field = ensembleField(members, cells);
    for (let i = 0; i < cells; i++) {
      const block = cellBlock(models, i, years);
      const baseline = modelClimatologies([block], BASELINE_PERIOD);
      const stats = windowStatistics([block], window, baseline);
      for (const member of members) {
        const own = modelClimatologies([block], window)[member.model].mean;
        if (own === null) expect(member.future[i]).toBeNaN();
        else expect(member.future[i]).toBeCloseTo(own, 4);
      }
      const near = (a: number, b: number | null | undefined) => (b === null || b === undefined ? expect(a).toBeNaN() : expect(a).toBeCloseTo(b, 4));
      near(field.future[i], stats.median);
      near(field.change[i], stats.change?.median);
      near(field.p10[i], stats.change?.p10);
      near(field.p90[i], stats.change?.p90);
      const agreement = stats.change?.agreement;
      expect(field.count[i]).toBe(agreement?.count ?? 0);
      if (agreement) {
        expect(field.sign[i]).toBe(agreement.sign);
        expect(field.agree[i]).toBe(agreement.agree);
        expect(field.agreement[i]).toBeCloseTo(agreement.agree / agreement.count, 6);
      } else expect(field.agreement[i]).toBeNaN();
    }
    // the ocean cell has nothing, the constant cell no change of either sign
    expect(field.count[0]).toBe(0);
    expect(field.sign[1]).toBe(0);
    expect(field.change[1]).toBe(0);
  });

  it("a cell with fewer than 90 % of the window's years has no mean", () => {
    const m3 = models.M3;
    const means = cellPeriodMeans((y) => m3.get(y), window, cells);
    // 4 of 20 years missing: 16 < 18
    expect(Number.isNaN(means[5])).toBe(true);
    const two = cellPeriodMeans((y) => (y === 2045 || y === 2046 ? undefined : m3.get(y) ?? models.M0.get(y)), window, cells);
    expect(Number.isNaN(two[5])).toBe(false);
  });
});
