import { describe, expect, it } from "vitest";
import type { ScenarioSeries, SeriesResponse } from "../series";
import { gwlChoice, yearsChoice, type WarmingLevelRow } from "../warmingLevels";
import { buildSpreadView, spreadPoints, spreadQueries } from "./spread";

const years = (start: number, end: number) => Array.from({ length: end - start + 1 }, (_, i) => start + i);
const stats = (n: number) => ({ median: new Array(n).fill(null), p10: new Array(n).fill(null), p90: new Array(n).fill(null), mean: new Array(n).fill(null), count: new Array(n).fill(0) });
const block = (scenario: ScenarioSeries["scenario"], start: number, end: number, value: (model: string, year: number) => number | null, models: string[]): ScenarioSeries => ({
  scenario,
  years: years(start, end),
  values: Object.fromEntries(models.map((m) => [m, years(start, end).map((y) => value(m, y))])),
  stats: stats(end - start + 1),
  sources: {},
});
const MODELS = ["A", "B", "C"];
const answer = (indicator: string, value: (model: string, year: number) => number | null): SeriesResponse =>
  ({
    indicator: { code: indicator, name: indicator, category: "1000", units: "", axisUnit: "", chartTitle: "", aggregation: "mean", decimals: 2 },
    geo: { code: "NPL", name: "Nepal", type: "Country" },
    frequency: "annual",
    month: null,
    season: null,
    period: { start: 1990, end: 2100 },
    scenarios: [],
    models: MODELS.map((code) => ({ code, variant: "r1i1p1f1", grid: "gn" })),
    ensemble: true,
    series: [block("historical", 1990, 2014, value, MODELS), block("ssp585", 2015, 2100, value, MODELS)],
    provenance: {},
    sample: true,
  }) as SeriesResponse;

// temperature: 20 °C until 2014, then A +1, B +2, C +3 °C; precipitation: 4 mm/day, then A -10 %, B +5 %, C (missing in 2041-2060)
const warm: Record<string, number> = { A: 1, B: 2, C: 3 };
const wet: Record<string, number> = { A: 0.9, B: 1.05, C: 1.2 };
const temperature = answer("tas", (m, y) => (y < 2015 ? 20 : 20 + warm[m]));
const precipitation = answer("pr", (m, y) => (m === "C" && y > 2040 && y < 2061 ? null : y < 2015 ? 4 : 4 * wet[m]));
const row = (model: string, start: number): WarmingLevelRow => ({ model, member: "r1i1p1f1", scenario: "ssp585", grid: "gn", warming_level: 2, start_year: start, end_year: start + 19 });
// A reaches +2 °C across the runs (2005-2024: half historical), B later; C does not
const table = { rows: [row("A", 2005), row("B", 2030), { ...row("C", 2010), warming_level: 1.5 as const }] };

describe("spreadPoints", () => {
  it("gives each model's temperature change in °C and precipitation change in % from its own 1995-2014 mean", () => {
    const spread = spreadPoints(temperature, precipitation, { place: "NPL", scenario: "ssp585", window: yearsChoice({ start: 2020, end: 2039, label: "2020-2039" }) }, table);
    expect(spread.points.map((p) => p.model)).toEqual(["A", "B", "C"]);
    expect(spread.points[0].temperature).toBeCloseTo(1, 9);
    expect(spread.points[0].precipitation).toBeCloseTo(-10, 9);
    expect(spread.points[1].precipitation).toBeCloseTo(5, 9);
    expect(spread.points[2].temperature).toBeCloseTo(3, 9);
  });

  it("uses each model's own window at a warming level and leaves out the models without one or without data", () => {
    const spread = spreadPoints(temperature, precipitation, { place: "NPL", scenario: "ssp585", window: gwlChoice(2) }, table);
    // A's window is 2005-2024: 10 years at 20 °C and 10 at 21 °C
    expect(spread.points.map((p) => p.model)).toEqual(["A", "B"]);
    expect(spread.points[0].temperature).toBeCloseTo(0.5, 9);
    expect(spread.points[0].precipitation).toBeCloseTo(-5, 9);
    expect(spread.levels?.notReached).toEqual(["C"]);
    expect(spread.missing).toEqual(["C"]);
    const late = spreadPoints(temperature, precipitation, { place: "NPL", scenario: "ssp585", window: yearsChoice({ start: 2041, end: 2060, label: "2041-2060" }) }, table);
    expect(late.missing).toEqual(["C"]);
  });
});

describe("buildSpreadView", () => {
  it("is what the view shows: the points as spreadPoints gives them, the place, the model count and the sources", () => {
    const request = { place: "NPL", scenario: "ssp585", window: gwlChoice(2) };
    const view = buildSpreadView(temperature, precipitation, request, table);
    expect(view.spread).toEqual(spreadPoints(temperature, precipitation, request, table));
    expect(view).toMatchObject({ place: "Nepal", modelCount: 3 });
    expect(view.origin.kind).toBe("sample");
    // no series in it: a few hundred bytes for three models
    expect(JSON.stringify(view)).not.toContain('"values"');
    expect(JSON.stringify(view).length).toBeLessThan(2000);
  });
});

describe("spreadQueries", () => {
  it("asks the whole ensemble's temperature and precipitation, from the earliest window or 1995, by season on the monthly path", () => {
    const q = spreadQueries({ place: "NPL", season: "JJAS", scenario: "ssp585", window: gwlChoice(2) }, table);
    expect(q.frequency).toBe("monthly");
    expect(q.temperature).toEqual({ indicator: "tas", geo: "NPL", scenario: ["historical", "ssp585"], start: 1995, end: 2049, season: "JJAS" });
    expect(q.precipitation.indicator).toBe("pr");
    const annual = spreadQueries({ place: "NPL", scenario: "ssp585", window: yearsChoice({ start: 2080, end: 2099, label: "2080-2099" }) }, table);
    expect(annual.frequency).toBe("annual");
    expect(annual.temperature).toEqual({ indicator: "tas", geo: "NPL", scenario: ["historical", "ssp585"], start: 1995, end: 2099 });
  });
});
