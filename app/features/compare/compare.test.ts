import { describe, expect, it } from "vitest";
import type { SeriesResponse } from "~/features/cmip6/series";
import { levelNotes, lineFromSeries, rowLevelCount, windowMeans } from "./compare";
import { windowMeansCsv } from "./table";

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

describe("window means at global warming levels", () => {
  const years = (start: number, end: number) => Array.from({ length: end - start + 1 }, (_, i) => start + i);
  // a model's value in a year: its own level, a trend and a wobble, so every window gives another mean
  const LEVEL: Record<string, number> = { A: 10, B: 12, C: 9, D: 11, E: 13 };
  // E warms like the others until 2050, then cools fast
  const f = (model: string, year: number) => LEVEL[model] + 0.03 * (year - 1950) - (model === "E" && year > 2050 ? 0.2 * (year - 2050) : 0) + 0.3 * Math.sin(year * (1 + LEVEL[model] / 10));
  const MODELS = Object.keys(LEVEL);
  const run = (scenario: string, start: number, end: number) => ({
    scenario,
    years: years(start, end),
    values: Object.fromEntries(MODELS.map((m) => [m, years(start, end).map((y) => f(m, y))])),
    sources: Object.fromEntries(MODELS.map((m) => [m, "sample"])),
    stats: {},
  });
  const models = MODELS.map((code) => ({ code, variant: code === "C" ? "r4i1p1f1" : "r1i1p1f1", grid: "gn" }));
  const answer = (scenarios: string[]) =>
    ({ series: scenarios.map((s) => (s === "historical" ? run(s, 1950, 2014) : run(s, 2015, 2100))), models }) as unknown as SeriesResponse;
  const row = (model: string, level: 1.5 | 2 | 3 | 4, start: number) => ({ model, member: "r1i1p1f1", scenario: "ssp245" as const, grid: "gn", warming_level: level, start_year: start, end_year: start + 19 });
  // A reaches +1.5 °C before 2015 (its window joins the historical run); D is not in the table; only B and E reach +3 °C
  const table = {
    rows: [row("A", 1.5, 2004), row("B", 1.5, 2020), row("C", 1.5, 2030), row("E", 1.5, 2010), row("A", 2, 2030), row("B", 2, 2041), row("C", 2, 2055), row("E", 2, 2033), row("B", 3, 2070), row("E", 3, 2066)],
  };

  // the same statistics computed here directly: per-model means over the model's own years, type-7 median
  const meanOver = (model: string, start: number, end: number) => years(start, end).reduce((s, y) => s + f(model, y), 0) / (end - start + 1);
  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    const h = (s.length - 1) / 2;
    return s[Math.floor(h)] + (h - Math.floor(h)) * (s[Math.ceil(h)] - s[Math.floor(h)]);
  };
  const direct = (level: number) => {
    const rows = table.rows.filter((r) => r.warming_level === level);
    const means = rows.map((r) => meanOver(r.model, r.start_year, r.end_year));
    const changes = rows.map((r, i) => means[i] - meanOver(r.model, 1995, 2014));
    const up = changes.filter((c) => c > 0).length;
    const down = changes.filter((c) => c < 0).length;
    return { value: median(means), change: median(changes), count: rows.length, agree: Math.max(up, down), robust: Math.max(up, down) / changes.length >= 0.8 };
  };

  it("take each model's own window, the historical run joined, and leave out models that do not reach a level", () => {
    const means = windowMeans([answer(["historical", "ssp245"])], ["Nepal"], false, { mode: "gwl", table });
    expect(means.mode).toBe("gwl");
    expect(means.windowLabels).toEqual(["+1.5 °C", "+2 °C", "+3 °C", "+4 °C"]);
    const [nepal] = means.windows;
    expect(nepal.of).toBe(5);
    expect(nepal.baseline).toBeCloseTo(median(MODELS.map((m) => meanOver(m, 1995, 2014))), 10);
    for (const [j, level] of [1.5, 2, 3].entries()) {
      const d = direct(level);
      expect(nepal.values[j]).toBeCloseTo(d.value, 10);
      expect(nepal.changes[j]).toBeCloseTo(d.change, 10);
      expect(nepal.counts[j]).toBe(d.count);
      expect(nepal.agreements[j]).toMatchObject({ agree: d.agree, count: d.count, robust: d.robust });
    }
    // all four models warm at +1.5 °C (robust); at +3 °C B warms and E has cooled: a tie, no sign, not robust
    expect(nepal.agreements[0]).toEqual({ sign: 1, agree: 4, count: 4, robust: true });
    expect(nepal.agreements[2]).toEqual({ sign: 0, agree: 1, count: 2, robust: false });
    expect(nepal.counts[2]).toBe(2);
    expect(nepal.values[3]).toBeNull();
    expect(nepal.incomplete[3]).toBe("not reached by any model");
    expect(rowLevelCount(nepal, 2)).toBe("+3 °C: 2 of 5 models under SSP2-4.5");
    const notes = levelNotes(means);
    expect(means.notes).toEqual(notes);
    expect(notes.map((n) => n.title)).toEqual(["SSP2-4.5, +1.5 °C", "SSP2-4.5, +2 °C", "SSP2-4.5, +3 °C", "SSP2-4.5, +4 °C"]);
    expect(notes[2].text).toContain("Not reached by 2100: A and C.");
    expect(notes[0].text).toContain("Not in the warming-level table: D.");
    expect(notes[0].text).toContain("C (r1i1p1f1; NEX-GDDP-CMIP6 r4i1p1f1)");
  });

  it("differ from the fixed window that merely spans the same years (a window before 2015 needs the historical run)", () => {
    // without the historical block, A (2004-2023) and E (2010-2029) have too few years of their windows: both would drop out
    const scenarioOnly = windowMeans([answer(["ssp245"])], ["Nepal"], false, { mode: "gwl", table });
    expect(scenarioOnly.windows[0].counts[0]).toBe(2);
    const joined = windowMeans([answer(["historical", "ssp245"])], ["Nepal"], false, { mode: "gwl", table });
    expect(joined.windows[0].counts[0]).toBe(4);
  });

  it("share the historical run between scenarios, and give the historical row no levels", () => {
    const hist = answer(["historical"]);
    const ssp = answer(["ssp245"]);
    const means = windowMeans([hist, ssp], ["Historical", "SSP2-4.5"], true, { mode: "gwl", table });
    expect(means.windows[0].values).toEqual([null, null, null, null]);
    expect(means.windows[0].incomplete[0]).toBe("no warming levels for the historical run");
    expect(means.windows[1].values[0]).toBeCloseTo(direct(1.5).value, 10);
    expect(means.windows[1].changes[1]).toBeCloseTo(direct(2).change, 10);
  });

  it("mark agreement for the 20-year windows too, and carry it into the CSV", () => {
    const means = windowMeans([answer(["historical", "ssp245"])], ["Nepal"], false);
    expect(means.mode).toBe("years");
    const changes = MODELS.map((m) => meanOver(m, 2080, 2099) - meanOver(m, 1995, 2014));
    const agree = Math.max(changes.filter((c) => c > 0).length, changes.filter((c) => c < 0).length);
    expect(means.windows[0].agreements[3]).toMatchObject({ agree, count: 5 });
    const gwl = windowMeans([answer(["historical", "ssp245"])], ["Nepal"], false, { mode: "gwl", table });
    const csv = windowMeansCsv(gwl, { indicator: "tas", units: "°C", rowHeader: "Place", geo: "NPL", scenarios: ["historical", "ssp245"], sample: true, sources: "Sample data" }, 2);
    expect(csv.columns).toEqual(["place", "scenario", "warming level (°C above 1850-1900)", "mean 1995-2014", "ensemble median", "change from 1995-2014", "models", "of models", "models agreeing on the sign", "models with a change", "agreement", "ingested models", "sample models", "left out"]);
    expect(csv.rows).toHaveLength(4);
    expect(csv.rows[2]).toEqual(["Nepal", "ssp245", 3, Number(gwl.windows[0].baseline!.toFixed(2)), Number(direct(3).value.toFixed(2)), Number(direct(3).change.toFixed(2)), 2, 5, direct(3).agree, 2, direct(3).robust ? "robust" : "not robust", "", gwl.windows[0].sources[2].sample.join(" "), null]);
    expect(gwl.windows[0].sources[2].sample).toHaveLength(2);
    expect(csv.rows[3].slice(-4, -3)).toEqual(["not reached by any model"]);
    expect(csv.comments.some((c) => c.startsWith("warming level SSP2-4.5, +3 °C: ") && c.includes("Not reached by 2100: A and C."))).toBe(true);
    expect(csv.comments).toContain("sample data: true");
  });
});
