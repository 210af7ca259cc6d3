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
  windowTable,
} from "./compute";

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
    expect(rows).toEqual([{ scenario: "ssp585", window: "2020-2039", count: 3, median: 2, p10: 1.2, p90: 2.8, change: 2 }]);
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
