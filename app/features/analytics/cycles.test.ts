import { describe, expect, it } from "vitest";
import type { ScenarioSeries } from "../cmip6/series";
import { cycleChangeAgreement, cycleStats, variableCycle, variableModelCycles, waterBalanceModelCycles } from "./cycles";

const monthly = (values: Record<string, number[]>): ScenarioSeries => {
  const n = 24;
  const years = Array.from({ length: n }, (_, i) => 2000 + Math.floor(i / 12));
  const months = Array.from({ length: n }, (_, i) => (i % 12) + 1);
  const full = Object.fromEntries(Object.entries(values).map(([m, v]) => [m, Array.from({ length: n }, (_, i) => v[i % v.length])]));
  const empty = new Array(n).fill(null);
  return { scenario: "historical", years, months, values: full, stats: { median: empty, p10: empty, p90: empty, mean: empty, count: new Array(n).fill(0) }, sources: {} };
};

describe("monthly cycles", () => {
  it("averages each model over the years, then takes the median across models", () => {
    const c = variableCycle(monthly({ A: [1, 2], B: [3, 4], C: [5, 6] }));
    expect(c).toHaveLength(12);
    expect(c[0]).toEqual({ month: 1, median: 3, p10: 1.4, p90: 4.6 });
    expect(c[1].median).toBe(4);
  });

  it("takes the water balance per model and step as P - PET, then the cycle; a step missing either is left out", () => {
    const pr = monthly({ A: [10, 2], B: [4] });
    const pet = monthly({ A: [3, 5], B: [6] });
    pet.values.B[0] = null;
    const balance = waterBalanceModelCycles(pr, pet);
    expect(balance.A[0]).toBe(7);
    expect(balance.A[1]).toBe(-3);
    // B's January of the first year has no PET: its January is the second year's alone
    expect(balance.B[0]).toBe(-2);
    expect(cycleStats(balance)[0].median).toBe(2.5);
  });
});

describe("agreement of the models' changes in a cycle", () => {
  it("takes each model's own change of the reduced cycle, then the AR6 simple approach", () => {
    const base = variableModelCycles(monthly({ A: [1, 1], B: [2, 2], C: [3, 3], D: [4, 4], E: [5, 5] }));
    // January: A, B, C, D rise and E falls (4 of 5, robust); February: A, B rise, C, D fall, E unchanged (no sign)
    const future = variableModelCycles(monthly({ A: [2, 3], B: [3, 4], C: [4, 1], D: [5, 2], E: [4, 5] }));
    expect(cycleChangeAgreement(base, future, (c) => c[0])).toEqual({ sign: 1, agree: 4, count: 5, robust: true });
    expect(cycleChangeAgreement(base, future, (c) => c[1])).toEqual({ sign: 0, agree: 2, count: 5, robust: false });
    // a model missing from the baseline is not counted
    const { A: _a, ...withoutA } = base;
    expect(cycleChangeAgreement(withoutA, future, (c) => c[0])).toEqual({ sign: 1, agree: 3, count: 4, robust: false });
  });
});
