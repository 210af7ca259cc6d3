import { describe, expect, it } from "vitest";
import type { ScenarioSeries } from "./series";
import { modelWindowValues } from "../analytics/windowValues";
import { modelClimatologies, windowStatistics, WINDOW_COMPLETENESS, yearsNeeded } from "./windows";

/** An annual block; `values[model]` per year from `start`; sources all `src` unless given. */
function block(scenario: string, start: number, end: number, values: Record<string, (year: number) => number | null>, source = "sample"): ScenarioSeries {
  const years = Array.from({ length: end - start + 1 }, (_, i) => start + i);
  const out: Record<string, (number | null)[]> = {};
  for (const [model, f] of Object.entries(values)) out[model] = years.map(f);
  const stats = { median: years.map(() => null), p10: years.map(() => null), p90: years.map(() => null), mean: years.map(() => null), count: years.map(() => 0) };
  return { scenario, years, values: out, stats, sources: Object.fromEntries(Object.keys(values).map((m) => [m, source])) } as ScenarioSeries;
}

const W = { start: 2040, end: 2059 };

describe("windowStatistics: per-model climatology, then statistics across models", () => {
  it("needs 90 % of the window's years from a model", () => {
    expect(WINDOW_COMPLETENESS).toBe(0.9);
    expect(yearsNeeded(20)).toBe(18);
    expect(yearsNeeded(30)).toBe(27);
    const b = block("ssp245", 2015, 2100, {
      A: () => 1,
      B: (y) => (y === 2045 || y === 2046 ? null : 3), // 18 of 20: complete
      C: (y) => (y < 2043 ? null : 100), // 17 of 20: left out
    });
    const s = windowStatistics([b], W);
    expect(s.count).toBe(2);
    expect(s.median).toBeCloseTo(2);
    expect(s.p10).toBeCloseTo(1.2);
    expect(s.p90).toBeCloseTo(2.8);
    expect(s.incomplete).toBeUndefined();
  });

  it("gives no value for 1 of 20 years, and says so", () => {
    const b = block("ssp245", 2015, 2100, { A: (y) => (y === 2050 ? 5 : null) });
    const s = windowStatistics([b], W);
    expect(s.median).toBeNull();
    expect(s.count).toBe(0);
    expect(s.incomplete).toBe("incomplete: 1 of 20 years");
  });

  it("takes the change per model before the statistics (not the difference of two medians)", () => {
    const b = block("ssp585", 2015, 2100, { A: () => 1, B: () => 10, C: () => 5 }, "ssp-file");
    const base = block("historical", 1950, 2014, { A: () => 0, B: () => 2, C: () => 5 }, "hist-file");
    const baseline = modelClimatologies([base], { start: 1995, end: 2014 });
    const s = windowStatistics([b], W, baseline);
    expect(s.median).toBe(5);
    // changes 1, 8, 0: median 1, whereas median(window) - median(baseline) would be 5 - 2 = 3
    expect(s.change?.median).toBe(1);
    expect(s.sources.sort()).toEqual(["hist-file", "ssp-file"]);
  });

  it("joins the historical run and a scenario for a period across 2014/2015, counting each year once", () => {
    const hist = block("historical", 1950, 2014, { A: () => 1 }, "h");
    const ssp = block("ssp245", 2015, 2100, { A: () => 4 }, "s");
    const c = modelClimatologies([hist, ssp], { start: 1991, end: 2020 });
    // 24 historical years of 1 and 6 scenario years of 4
    expect(c.A.mean).toBeCloseTo((24 * 1 + 6 * 4) / 30);
    expect(c.A.years).toBe(30);
    expect(c.A.sources).toEqual(["h", "s"]);
  });

  it("counts a year of monthly steps only when every month has a value", () => {
    const years: number[] = [];
    const months: number[] = [];
    for (let y = 2040; y <= 2059; y++) for (let m = 1; m <= 12; m++) (years.push(y), months.push(m));
    const values = years.map((y, i) => (y >= 2057 && months[i] === 7 ? null : months[i]));
    const monthly = { scenario: "ssp245", years, months, values: { A: values }, stats: {}, sources: { A: "x" } } as unknown as ScenarioSeries;
    const c = modelClimatologies([monthly], W);
    expect(c.A.years).toBe(17);
    expect(c.A.mean).toBeNull();
  });

  it("agrees with a direct computation on random inputs", () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const models = Object.fromEntries(Array.from({ length: 9 }, (_, k) => [`M${k}`, () => (rand() < 0.05 ? null : rand() * 10)]));
    const b = block("ssp245", 2015, 2100, models);
    const s = windowStatistics([b], W);
    // direct: per model mean over its non-null years in the window if at least 18, then type-7 quantiles
    const means: number[] = [];
    for (const values of Object.values(b.values)) {
      const inWindow = values.slice(W.start - 2015, W.end - 2015 + 1).filter((v): v is number => v !== null);
      if (inWindow.length >= 18) means.push(inWindow.reduce((a, x) => a + x, 0) / inWindow.length);
    }
    means.sort((a, b) => a - b);
    const q = (p: number) => {
      const h = (means.length - 1) * p;
      return means[Math.floor(h)] + (h - Math.floor(h)) * (means[Math.ceil(h)] - means[Math.floor(h)]);
    };
    expect(s.count).toBe(means.length);
    expect(s.median).toBeCloseTo(q(0.5), 10);
    expect(s.p10).toBeCloseTo(q(0.1), 10);
    expect(s.p90).toBeCloseTo(q(0.9), 10);
  });
});

describe("modelWindowValues: each model's steps in its window", () => {
  it("takes each year once in block order, gives nulls where a block lacks the model, and leaves out models without a window", () => {
    const hist = block("historical", 2010, 2014, { A: (y) => y, B: (y) => -y });
    const future = block("ssp245", 2014, 2016, { A: (y) => 10 * y });
    const got = modelWindowValues([hist, future], { start: 2013, end: 2015 });
    expect(got.A).toEqual({ years: [2013, 2014, 2015], values: [2013, 2014, 20150] });
    expect(got.B).toEqual({ years: [2013, 2014, 2015], values: [-2013, -2014, null] });
    expect(Object.keys(modelWindowValues([hist, future], { byModel: { B: { start: 2010, end: 2011 } } }))).toEqual(["B"]);
    expect(Object.keys(modelWindowValues([hist, future], { start: 2010, end: 2016 }, ["A"]))).toEqual(["A"]);
  });

  it("keeps every month of a monthly block", () => {
    const monthly = { ...block("historical", 2000, 2000, {}), years: [2000, 2000, 2000], months: [1, 2, 3], values: { A: [1, 2, 3] } } as ScenarioSeries;
    expect(modelWindowValues([monthly], { start: 2000, end: 2000 }).A).toEqual({ years: [2000, 2000, 2000], values: [1, 2, 3] });
  });
});

describe("the one-source rule: a model's ends come from one source", () => {
  // A, B, C: sample at both ends; D: its future ingested, its baseline generated (a real future minus a
  // generated baseline would be a change of 9.5 that no model run has)
  const future = block("ssp245", 2015, 2100, { A: () => 1, B: () => 2, C: () => 3 });
  future.values.D = future.years.map(() => 10);
  future.sources.D = "ingested:D:ssp245";
  const hist = block("historical", 1950, 2014, { A: () => 0, B: () => 0, C: () => 0, D: () => 0.5 });
  const baseline = modelClimatologies([hist], { start: 1995, end: 2014 });

  it("leaves a model whose future is ingested and whose baseline is not out of every number, with the reason", () => {
    const s = windowStatistics([future], W, baseline);
    expect(s.excluded).toEqual({ D: { reason: "baseline not ingested", sources: ["ingested:D:ssp245"], baselineSources: ["sample"] } });
    expect(s.count).toBe(3);
    expect(Object.keys(s.models).sort()).toEqual(["A", "B", "C"]);
    // the statistics of A, B and C alone, computed by hand: means 1, 2, 3; changes 1, 2, 3
    expect(s.median).toBe(2);
    expect(s.change?.median).toBe(2);
    expect(s.change?.count).toBe(3);
    expect(s.change?.agreement).toEqual({ sign: 1, agree: 3, count: 3, robust: true });
    expect(s.sources).toEqual(["sample"]);
    expect(s.models.A.baselineSources).toEqual(["sample"]);
  });

  it("says which end is not ingested, and keeps models ingested at both ends", () => {
    const hist2 = block("historical", 1950, 2014, { A: () => 0 }, "ingested:A:historical");
    const fut2 = block("ssp245", 2015, 2100, { A: () => 4, B: () => 1 }, "ingested:A:ssp245");
    fut2.sources.B = "sample";
    hist2.values.B = hist2.years.map(() => 0);
    hist2.sources.B = "ingested:B:historical";
    const s = windowStatistics([fut2], W, modelClimatologies([hist2], { start: 1995, end: 2014 }));
    expect(s.excluded.B.reason).toBe("window not ingested");
    expect(s.models.A).toMatchObject({ mean: 4, change: 4, sources: ["ingested:A:ssp245"], baselineSources: ["ingested:A:historical"] });
    expect(s.count).toBe(1);
  });

  it("gives no climatology for a period that joins an ingested run and a generated one", () => {
    const h = block("historical", 1950, 2014, { A: () => 1 }, "sample");
    const f = block("ssp245", 2015, 2100, { A: () => 4 }, "ingested:A:ssp245");
    const c = modelClimatologies([h, f], { start: 2005, end: 2024 });
    expect(c.A.mean).toBeNull();
    expect(c.A.excluded).toBe("window joins ingested and sample runs");
    const s = windowStatistics([h, f], { start: 2005, end: 2024 });
    expect(s.count).toBe(0);
    expect(s.excluded.A.reason).toBe("window joins ingested and sample runs");
  });
});
