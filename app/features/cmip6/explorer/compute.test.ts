import { describe, expect, it } from "vitest";
import type { ScenarioSeries, SeriesResponse } from "../series";
import {
  annualCycle,
  baselineMeans,
  changeFromBaseline,
  seriesRows,
  seriesTable,
  toCsvWithHeader,
  toJsonWithHeader,
  levelRows,
  WINDOW_EXPORT_COLUMNS,
  windowExportRows,
  windowTable,
} from "./compute";
import { sourceSummary } from "../sources";
import type { WarmingLevelRow } from "../warmingLevels";

const stats = (n: number) => ({ median: new Array(n).fill(0), p10: new Array(n).fill(0), p90: new Array(n).fill(0), mean: new Array(n).fill(0), count: new Array(n).fill(2) });

const block = (scenario: ScenarioSeries["scenario"], start: number, values: Record<string, (number | null)[]>): ScenarioSeries => {
  const n = Object.values(values)[0].length;
  return { scenario, years: Array.from({ length: n }, (_, i) => start + i), values, stats: stats(n), sources: {} };
};

const response = (series: ScenarioSeries[]): SeriesResponse =>
  ({
    indicator: { code: "tas", name: "Mean temperature", category: "1000", units: "°C", axisUnit: "Temperature (°C)", chartTitle: "T", aggregation: "mean", decimals: 1 },
    geo: { code: "NPL", name: "Nepal", type: "Country" },
    frequency: "annual",
    month: null,
    season: null,
    period: { start: series[0].years[0], end: series[0].years.at(-1)! },
    scenarios: [],
    models: [],
    ensemble: false,
    series,
    provenance: {},
    sample: true,
  }) as SeriesResponse;

const clim = (mean: number) => ({ mean, years: 20, sources: [] });

describe("baselineMeans", () => {
  it("averages each model over the baseline, adding the scenario's own years after the historical run, 90 % of the years needed", () => {
    const base = response([
      block("historical", 2013, { A: [1, 3], B: [2, null] }),
      block("ssp245", 2015, { A: [5, 7], B: [4, 4] }),
    ]);
    const means = baselineMeans(base, { start: 2013, end: 2016 });
    // the historical run alone has 2 of the 4 years
    expect(means.historical.A).toEqual({ mean: null, years: 2, sources: [] });
    expect(means.ssp245.A.mean).toBe(4);
    // B lacks 2014: 3 of 4 years is less than 90 %
    expect(means.ssp245.B).toEqual({ mean: null, years: 3, sources: [] });
  });
});

describe("changeFromBaseline", () => {
  it("subtracts each model's own baseline and recomputes the ensemble statistics", () => {
    const changed = changeFromBaseline(block("ssp245", 2050, { A: [3, 4], B: [5, null] }), { A: clim(1), B: clim(2) }, 1);
    expect(changed.values).toEqual({ A: [2, 3], B: [3, null] });
    expect(changed.stats.median).toEqual([2.5, 3]);
    expect(changed.stats.count).toEqual([2, 1]);
  });

  it("takes the statistics of the unrounded changes, then rounds the changes and the statistics once", () => {
    // changes 0.04 and 0.14 round to 0.0 and 0.1 (one decimal): their median is 0.09, not 0.05
    const changed = changeFromBaseline(block("ssp245", 2050, { A: [1.04], B: [1.14] }), { A: clim(1), B: clim(1) }, 1);
    expect(changed.values).toEqual({ A: [0], B: [0.1] });
    expect(changed.stats.median).toEqual([0.09]);
  });
});

describe("windowTable", () => {
  it("takes each model's window mean, then median and p10-p90 across models, and the median change", () => {
    const years = Array.from({ length: 20 }, () => 0);
    const data = response([
      block("ssp585", 2020, { A: years.map(() => 1), B: years.map(() => 2), C: years.map(() => 3) }),
    ]);
    const rows = windowTable(data, [{ start: 2020, end: 2039, label: "2020-2039" }, { start: 2040, end: 2059, label: "2040-2059" }], {
      ssp585: { A: clim(0), B: clim(0), C: clim(1) },
    });
    expect(rows).toEqual([
      {
        scenario: "ssp585",
        kind: "years",
        code: "2020-2039",
        window: "2020-2039",
        count: 3,
        of: 3,
        median: 2,
        p10: 1.2,
        p90: 2.8,
        change: 2,
        changeP10: 1.2,
        changeP90: 2,
        agreement: { sign: 1, agree: 3, count: 3, robust: true },
        ingestedModels: [],
        sampleModels: ["A", "B", "C"],
        leftOut: "",
      },
    ]);
  });

  it("gives no window value from 1 of 20 years, and says why", () => {
    const data = response([block("ssp585", 2020, { A: Array.from({ length: 20 }, (_, i) => (i === 3 ? 5 : null)) })]);
    const [row] = windowTable(data, [{ start: 2020, end: 2039, label: "2020-2039" }]);
    expect(row.median).toBeNull();
    expect(row.count).toBe(0);
    expect(row.incomplete).toBe("incomplete: 1 of 20 years");
  });
});

describe("tables and exports", () => {
  const rows = seriesRows([block("ssp245", 2020, { A: [1.5, 2], B: [null, 3] })]);

  it("has one row per scenario and year with every model", () => {
    expect(rows.map((r) => r.key)).toEqual(["ssp245-2020", "ssp245-2021"]);
    expect(rows[1].models).toEqual({ A: 2, B: 3 });
  });

  it("writes CSV with a header block naming what is exported", () => {
    const t = seriesTable(rows, ["A", "B"]);
    const csv = toCsvWithHeader(
      { indicator: "tas (Mean temperature)", units: "°C", geo: "NPL (Nepal)", scenarios: ["ssp245"], models: ["A", "B"], period: "2020-2021", view: "Time series", sample: true },
      t.columns,
      t.rows,
    );
    expect(csv.split("\r\n")).toEqual([
      "# indicator: tas (Mean temperature)",
      "# units: °C",
      "# geo: NPL (Nepal)",
      "# scenarios: ssp245",
      "# models: A B",
      "# period: 2020-2021",
      "# view: Time series",
      "# sample data: true",
      '"scenario","year","median","p10","p90","A","B"',
      '"ssp245",2020,0,0,0,1.5,',
      '"ssp245",2021,0,0,0,2,3',
      "",
    ]);
    const json = JSON.parse(toJsonWithHeader({ indicator: "tas", units: "°C", geo: "NPL", scenarios: [], models: [], period: "", view: "", sample: true }, t.columns, t.rows));
    expect(json.sample).toBe(true);
    expect(json.rows[0]).toEqual(["ssp245", 2020, 0, 0, 0, 1.5, null]);
  });

  it("neutralises a formula in an ingested file's name on the sources line", () => {
    const file = 'tas_day_A_ssp245.nc,"=HYPERLINK(""http://e.example"",""open"")"\n@SUM(1)';
    const summary = sourceSummary({
      series: [{ scenario: "ssp245", sources: { A: "f1" } }],
      provenance: { f1: { source: file, method: "ingested", version: "1", sample: false } },
    });
    const t = seriesTable(rows, ["A", "B"]);
    const csv = toCsvWithHeader({ indicator: "tas", units: "°C", geo: "NPL", scenarios: ["ssp245"], models: ["A"], period: "2020-2021", view: "Time series", sample: false, sources: summary.text }, t.columns, t.rows);
    const line = csv.split("\r\n").find((l) => l.startsWith("# sources:"));
    expect(line).toBe(`# sources: Ingested data: tas_day_A_ssp245.nc,"'=HYPERLINK(""http://e.example"",""open"")" '@SUM(1).`);
  });
});

describe("annualCycle", () => {
  it("gives the median of the models' monthly means for each calendar month", () => {
    const years = [2020, 2020, 2021, 2021];
    const months = [1, 2, 1, 2];
    const b: ScenarioSeries = { scenario: "ssp245", years, months, values: { A: [1, 5, 3, 7], B: [2, 6, 4, 8] }, stats: stats(4), sources: {} };
    const cycle = annualCycle(b);
    expect(cycle).toHaveLength(12);
    expect(cycle[0].stats.median[0]).toBe(2.5);
    expect(cycle[1].stats.median[0]).toBe(6.5);
    expect(cycle[2].stats.median[0]).toBeNull();
  });
});

describe("warming-level rows", () => {
  // three models with a linear trend each, historical 1980-2014 and SSP2-4.5 2015-2100
  const slope: Record<string, number> = { A: 0.05, B: 0.02, C: -0.01, D: 0.03 };
  const value = (model: string, year: number) => 10 + slope[model] * (year - 1980) + (model === "B" ? 1 : 0);
  const years = (start: number, end: number) => Array.from({ length: end - start + 1 }, (_, i) => start + i);
  const run = (scenario: ScenarioSeries["scenario"], start: number, end: number) =>
    block(scenario, start, Object.fromEntries(Object.keys(slope).map((m) => [m, years(start, end).map((y) => value(m, y))])));
  const answer = {
    ...response([run("historical", 1980, 2014), run("ssp245", 2015, 2100)]),
    models: ["A", "B", "C", "D"].map((code) => ({ code, variant: "r1i1p1f1", grid: "gn" as const })),
  } as SeriesResponse;
  const row = (model: string, level: WarmingLevelRow["warming_level"], start: number, member = "r1i1p1f1"): WarmingLevelRow => ({
    model,
    member,
    scenario: "ssp245",
    grid: "gn",
    warming_level: level,
    start_year: start,
    end_year: start + 19,
  });
  // A reaches +2 °C in 2005-2024 (across the historical and scenario runs), B in 2030-2049 (other member),
  // C reaches +1.5 °C only; D is not in the table
  const table = { rows: [row("A", 1.5, 1998), row("A", 2, 2005), row("B", 1.5, 2010, "r2i1p1f1"), row("B", 2, 2030, "r2i1p1f1"), row("C", 1.5, 2020)] };
  const byHand = (model: string, start: number, end: number) => {
    let sum = 0;
    for (let y = start; y <= end; y++) sum += value(model, y);
    return sum / (end - start + 1);
  };

  it("takes each model's mean over its own window across both runs, then the statistics across the models that reach the level", () => {
    const rows = levelRows(answer, table, "ssp245", "SSP2-4.5", [1.5, 2])!;
    expect(rows.map((r) => r.code)).toEqual(["gwl:1.5", "gwl:2.0"]);
    const two = rows[1];
    const a = byHand("A", 2005, 2024);
    const b = byHand("B", 2030, 2049);
    expect(two.count).toBe(2);
    expect(two.of).toBe(4);
    expect(two.window).toBe("+2 °C");
    // two models: the median is their mean, p10 and p90 interpolate between them
    expect(two.median).toBeCloseTo((a + b) / 2, 2);
    expect(two.p10).toBeCloseTo(Math.min(a, b) + 0.1 * Math.abs(a - b), 2);
    const da = a - byHand("A", 1995, 2014);
    const db = b - byHand("B", 1995, 2014);
    expect(two.change).toBeCloseTo((da + db) / 2, 2);
    expect(two.baseline).toBe("1995-2014");
    expect(two.agreement).toEqual({ sign: 1, agree: 2, count: 2, robust: true });
    expect(two.level!.text).toBe("+2 °C: 2 of 4 models under SSP2-4.5");
    expect(two.level!.note).toContain("Not reached by 2100: C.");
    expect(two.level!.note).toContain("Not in the warming-level table: D.");
    expect(two.level!.note).toContain("B (r2i1p1f1; NEX-GDDP-CMIP6 r1i1p1f1)");
  });

  it("says when models disagree on the sign, and exports the agreement columns", () => {
    const [one] = levelRows(answer, table, "ssp245", "SSP2-4.5", [1.5])!;
    // C falls, A and B rise: 2 of 3 agree, less than 80 %
    expect(one.count).toBe(3);
    expect(one.agreement).toEqual({ sign: 1, agree: 2, count: 3, robust: false });
    const [exported] = windowExportRows([one]);
    expect(WINDOW_EXPORT_COLUMNS).toEqual(["scenario", "window code", "window label", "models", "of", "median", "p10", "p90", "change median", "change p10", "change p90", "agree", "count", "robust", "ingested models", "sample models", "left out"]);
    expect(exported.slice(0, 5)).toEqual(["ssp245", "gwl:1.5", "+1.5 °C", 3, 4]);
    expect(exported.slice(11)).toEqual([2, 3, "false", "", "A B C", null]);
    expect(exported[5]).toBe(one.median);
  });

  it("gives no rows (rather than wrong ones) without the historical years the windows need", () => {
    const late = { ...answer, series: [run("historical", 2000, 2014), run("ssp245", 2015, 2100)] } as SeriesResponse;
    expect(levelRows(late, table, "ssp245", "SSP2-4.5")).toBeNull();
    const noHistorical = { ...answer, series: [run("ssp245", 2015, 2100)] } as SeriesResponse;
    expect(levelRows(noHistorical, table, "ssp245", "SSP2-4.5")).toBeNull();
  });

  it("writes the window method, agreement rule, level source and subset into the header", () => {
    const csv = toCsvWithHeader(
      {
        indicator: "tas",
        units: "°C",
        geo: "NPL",
        scenarios: ["ssp245"],
        models: ["A"],
        period: "",
        view: "",
        sample: true,
        subset: "warm-dry subset: 1 model (A)",
        windowMethod: "per model first",
        agreement: "80 %",
        warmingLevels: "Hauser et al.",
      },
      ["a"],
      [[1]],
    );
    expect(csv).toContain("# model subset: warm-dry subset: 1 model (A)\r\n# window method: per model first\r\n# agreement: 80 %\r\n# warming levels: Hauser et al.\r\n");
  });
});
