import { describe, expect, it } from "vitest";
import type { SeriesResponse, ScenarioSeries } from "../cmip6/series";
import { seasonSummary } from "./climateCropView";
import { windowStatistic } from "./climateVariabilityView";
import { standardDeviation } from "./compute";
import { detrend, senSlope } from "./trend";
import { levelBlock, levelSeries, levelSpan, onlyModels } from "./levels";
import { analysisQueryString, parseAnalysisSelection } from "./selection";
import { windowQueries } from "./queries";

const GEOS = [{ field_value: "IND" }, { field_value: "NPL" }];
const years = (start: number, end: number) => Array.from({ length: end - start + 1 }, (_, i) => start + i);
const f = (model: string, year: number) => ({ A: 20, B: 22, C: 25 })[model as "A"]! + 0.02 * (year - 1950) + 0.4 * Math.cos(year * (model.charCodeAt(0) - 60));
const annual = (scenario: string, start: number, end: number, models = ["A", "B", "C"]): ScenarioSeries =>
  ({
    scenario,
    years: years(start, end),
    values: Object.fromEntries(models.map((m) => [m, years(start, end).map((y) => f(m, y))])),
    sources: Object.fromEntries(models.map((m) => [m, "sample"])),
    stats: { median: years(start, end).map(() => 0), p10: [], p90: [], mean: [], count: [] },
  }) as unknown as ScenarioSeries;
const row = (model: string, level: 1.5 | 2 | 3, start: number, scenario: "ssp245" | "ssp585" = "ssp245") => ({ model, member: "r1i1p1f1", scenario, grid: "gn", warming_level: level, start_year: start, end_year: start + 19 });
const TABLE = { rows: [row("A", 1.5, 2006), row("B", 1.5, 2021), row("C", 1.5, 2030), row("A", 2, 2031), row("B", 2, 2046), row("A", 3, 2070), row("C", 2, 2060, "ssp585")] };

describe("the analysis window", () => {
  it("offers the warming levels in the URL, keeps the last 20-year window the default and takes 1995-2014 at a level", () => {
    const s = parseAnalysisSelection(new URLSearchParams("geo=NPL&window=gwl:2.0&baseline=1961-1990"), GEOS);
    expect(s.window).toMatchObject({ kind: "gwl", level: 2, label: "+2 °C", code: "gwl:2.0" });
    expect(s.baseline.label).toBe("1995-2014");
    expect(analysisQueryString(s)).toBe("geo=NPL&window=gwl%3A2.0");
    expect(parseAnalysisSelection(new URLSearchParams(analysisQueryString(s)), GEOS)).toEqual(s);
    expect(parseAnalysisSelection(new URLSearchParams("window=gwl:2"), GEOS).window.code).toBe("gwl:2.0");
    const d = parseAnalysisSelection(new URLSearchParams("geo=NPL&window=2031-2050&baseline=1961-1990"), GEOS);
    expect(d.window.code).toBe("2080-2099");
    expect(d.baseline.label).toBe("1961-1990");
    expect(analysisQueryString(d)).toBe("geo=NPL&baseline=1961-1990");
    const w = parseAnalysisSelection(new URLSearchParams("window=2040-2059"), GEOS);
    expect(w.window).toMatchObject({ kind: "years", period: { start: 2040, end: 2059 } });
    expect(analysisQueryString(w)).toBe("geo=IND&window=2040-2059");
  });

  it("asks for every model's window at a level, the historical run joined when a window starts before 2015", () => {
    const s = parseAnalysisSelection(new URLSearchParams("window=gwl:1.5"), GEOS);
    expect(levelSpan(TABLE, "ssp245", 1.5)).toEqual({ start: 2006, end: 2049 });
    const [base, future] = windowQueries(s, ["tas"], TABLE);
    expect(base.query).toMatchObject({ scenario: ["historical"], start: 1995, end: 2014 });
    expect(future.query).toMatchObject({ scenario: ["historical", "ssp245"], start: 2006, end: 2049 });
    const two = windowQueries(parseAnalysisSelection(new URLSearchParams("window=gwl:2.0"), GEOS), ["tas"], TABLE)[1];
    expect(two.query).toMatchObject({ scenario: ["ssp245"], start: 2031, end: 2065 });
    const fixed = windowQueries(parseAnalysisSelection(new URLSearchParams("window=2040-2059"), GEOS), ["tas"], TABLE)[1];
    expect(fixed.query).toMatchObject({ scenario: ["ssp245"], start: 2040, end: 2059 });
  });
});

describe("blocks at a warming level", () => {
  it("join the historical run and the scenario, keep each model to its window and leave out models without one", () => {
    const joined = levelBlock([annual("historical", 1950, 2014), annual("ssp245", 2015, 2100)], { A: { start: 2006, end: 2025 }, B: { start: 2021, end: 2040 } });
    expect(joined.years[0]).toBe(1950);
    expect(joined.years).toHaveLength(151);
    expect(Object.keys(joined.values)).toEqual(["A", "B"]);
    const kept = (m: string) => joined.years.filter((_, i) => joined.values[m][i] !== null);
    expect(kept("A")).toEqual(years(2006, 2025));
    expect(kept("B")).toEqual(years(2021, 2040));
    expect(joined.values.A[joined.years.indexOf(2010)]).toBe(f("A", 2010));
    expect(joined.values.A[joined.years.indexOf(2020)]).toBe(f("A", 2020));
    expect(Object.keys(onlyModels(annual("historical", 1995, 2014), ["B"]).values)).toEqual(["B"]);
  });

  it("count the models in among those every variable has", () => {
    const s = parseAnalysisSelection(new URLSearchParams("window=gwl:2.0"), GEOS);
    const models = ["A", "B", "C"].map((code) => ({ code, variant: "r1i1p1f1", grid: "gn" }));
    const tx = { series: [annual("ssp245", 2015, 2100)], models } as unknown as SeriesResponse;
    const rh = { series: [annual("ssp245", 2015, 2100, ["A", "C"])], models } as unknown as SeriesResponse;
    const at = levelSeries(s, TABLE, [tx, rh]);
    // A and B reach +2 °C; rh has A and C: A is in, of the two models both variables have
    expect(at.count).toMatchObject({ count: 1, of: 2 });
    expect(at.windows?.notReached).toEqual(["C"]);
    expect(at.periodText).toContain("A 2031-2050, B 2046-2065");
  });
});

describe("the crop season summary at a warming level", () => {
  const models = ["A", "B", "C"].map((code) => ({ code, variant: code === "B" ? "r2i1p1f1" : "r1i1p1f1", grid: "gn" }));
  const data = { indicator: { code: "tas", units: "°C" }, series: [annual("historical", 1950, 2014), annual("ssp245", 2015, 2100)], models } as unknown as SeriesResponse;
  const mean = (m: string, start: number, end: number) => years(start, end).reduce((a, y) => a + f(m, y), 0) / (end - start + 1);

  it("takes each model's own window and the baseline of the models that reach the level", () => {
    const s = parseAnalysisSelection(new URLSearchParams("window=gwl:1.5"), GEOS);
    const r = seasonSummary(data, "Kharif (JJAS)", s, TABLE);
    // A 2006-2025 (joins the historical run), B 2021-2040, C 2030-2049
    const futures = [mean("A", 2006, 2025), mean("B", 2021, 2040), mean("C", 2030, 2049)].sort((a, b) => a - b);
    const changes = [mean("A", 2006, 2025) - mean("A", 1995, 2014), mean("B", 2021, 2040) - mean("B", 1995, 2014), mean("C", 2030, 2049) - mean("C", 1995, 2014)].sort((a, b) => a - b);
    expect(r.future).toBeCloseTo(futures[1], 10);
    expect(r.change).toBeCloseTo(changes[1], 10);
    expect(r.count).toBe(3);
    expect(r.of).toBe(3);
    expect(r.level?.otherMember).toEqual([{ model: "B", member: "r2i1p1f1", tableMember: "r1i1p1f1" }]);
    const up = changes.filter((c) => c > 0).length;
    expect(r.agreement).toMatchObject({ count: 3, agree: Math.max(up, 3 - up) });

    const three = seasonSummary(data, "Kharif (JJAS)", parseAnalysisSelection(new URLSearchParams("window=gwl:3.0"), GEOS), TABLE);
    // only A reaches +3 °C: the baseline is A's alone
    expect(three.count).toBe(1);
    expect(three.baseline).toBeCloseTo(mean("A", 1995, 2014), 10);
    expect(three.future).toBeCloseTo(mean("A", 2070, 2089), 10);
    expect(three.level?.notReached).toEqual(["B", "C"]);
  });

  it("keeps the 20-year window the same for every model, with sign agreement", () => {
    const r = seasonSummary(data, "Kharif (JJAS)", parseAnalysisSelection(new URLSearchParams("window=2040-2059"), GEOS), TABLE);
    const futures = ["A", "B", "C"].map((m) => mean(m, 2040, 2059)).sort((a, b) => a - b);
    expect(r.future).toBeCloseTo(futures[1], 10);
    expect(r.level).toBeUndefined();
    expect(r.agreement).toEqual({ sign: 1, agree: 3, count: 3, robust: true });
  });

  it("gives Sen's slope per decade per model over the historical run and the scenario, then the median across models", () => {
    const r = seasonSummary(data, "Kharif (JJAS)", parseAnalysisSelection(new URLSearchParams("window=2040-2059"), GEOS), TABLE);
    const slopes = (start: number, end: number) => ["A", "B", "C"].map((m) => senSlope(years(start, end), years(start, end).map((y) => f(m, y)))! * 10).sort((a, b) => a - b);
    expect(r.trendHistorical?.period).toEqual({ start: 1950, end: 2014 });
    expect(r.trendHistorical?.median).toBeCloseTo(slopes(1950, 2014)[1], 10);
    expect(r.trendScenario?.period).toEqual({ start: 2015, end: 2100 });
    expect(r.trendScenario?.median).toBeCloseTo(slopes(2015, 2100)[1], 10);
    // 0.02 per year under a ±0.4 oscillation: every model rises significantly
    expect(r.trendScenario).toMatchObject({ count: 3, significant: 3, rising: 3, falling: 0 });
  });
});

describe("variability at a warming level", () => {
  it("takes each model's statistic over its own window, historical years joined, and leaves out models without one", () => {
    const data = { series: [annual("historical", 1950, 2014), annual("ssp245", 2015, 2100)] } as unknown as SeriesResponse;
    const sd = (m: string, start: number, end: number) => {
      const xs = years(start, end).map((y) => f(m, y));
      const mu = xs.reduce((a, b) => a + b, 0) / xs.length;
      return Math.sqrt(xs.reduce((a, x) => a + (x - mu) ** 2, 0) / (xs.length - 1));
    };
    const byModel = { A: { start: 2006, end: 2025 }, C: { start: 2030, end: 2049 } };
    // two models: the median is their mean
    expect(windowStatistic(data, "ssp245", { byModel }, standardDeviation)).toBeCloseTo((sd("A", 2006, 2025) + sd("C", 2030, 2049)) / 2, 10);
    expect(windowStatistic(data, "ssp245", { byModel: { B: { start: 2040, end: 2059 } } }, standardDeviation)).toBeCloseTo(sd("B", 2040, 2059), 10);
  });

  it("detrends each model over its own window, the historical years joined, before the statistic", () => {
    const data = { series: [annual("historical", 1950, 2014), annual("ssp245", 2015, 2100)] } as unknown as SeriesResponse;
    // residuals of the least-squares line by the normal equations, written out
    const detrendedSd = (m: string, start: number, end: number) => {
      const xs = years(start, end);
      const ys = xs.map((y) => f(m, y));
      const n = xs.length;
      const sx = xs.reduce((a, b) => a + b, 0);
      const sy = ys.reduce((a, b) => a + b, 0);
      const sxx = xs.reduce((a, x) => a + x * x, 0);
      const sxy = xs.reduce((a, x, i) => a + x * ys[i], 0);
      const b = (n * sxy - sx * sy) / (n * sxx - sx * sx);
      const a = (sy - b * sx) / n;
      const r = xs.map((x, i) => ys[i] - a - b * x);
      return Math.sqrt(r.reduce((acc, e) => acc + e * e, 0) / (n - 1));
    };
    const byModel = { A: { start: 2006, end: 2025 }, C: { start: 2030, end: 2049 } };
    const statistic = (v: (number | null)[], ys: number[]) => standardDeviation(detrend(ys, v));
    expect(windowStatistic(data, "ssp245", { byModel }, statistic)).toBeCloseTo((detrendedSd("A", 2006, 2025) + detrendedSd("C", 2030, 2049)) / 2, 10);
    // the 0.02 per year trend inflates the raw SD
    expect(windowStatistic(data, "ssp245", { start: 2080, end: 2099 }, standardDeviation)!).toBeGreaterThan(windowStatistic(data, "ssp245", { start: 2080, end: 2099 }, statistic)!);
  });
});
