import { describe, expect, it } from "vitest";
import { BASELINE_PERIOD } from "../periods";
import type { ScenarioSeries, SeriesResponse } from "../series";
import { seriesRows, windowTable } from "./compute";
import type { ExplorerSelection } from "./selection";
import { buildExplorerView, DENSE_TABLE_PAGE_SIZE, explorerChartSpec, explorerViewArg, packWindowRows, shownBlocks, windowRowsOf } from "./view";

const years = Array.from({ length: 106 }, (_, i) => 1995 + i);
const block = (scenario: ScenarioSeries["scenario"], offset: number): ScenarioSeries => ({
  scenario,
  years,
  values: { A: years.map((y) => offset + (y - 1995) * 0.03), B: years.map((y) => offset + 0.5 + (y - 1995) * 0.02) },
  stats: {
    median: years.map((y) => offset + 0.25 + (y - 1995) * 0.025),
    p10: years.map((y) => offset + (y - 1995) * 0.02),
    p90: years.map((y) => offset + 0.5 + (y - 1995) * 0.03),
    mean: years.map((y) => offset + 0.25 + (y - 1995) * 0.025),
    count: years.map(() => 2),
  },
  sources: { A: "sample", B: "sample" },
});
const data = {
  indicator: { code: "tas", name: "Mean temperature", category: "1000", units: "°C", axisUnit: "Temperature (°C)", chartTitle: "Mean temperature", aggregation: "mean", decimals: 2 },
  geo: { code: "NPL", name: "Nepal", type: "Country" },
  frequency: "annual",
  month: null,
  season: null,
  period: { start: 1995, end: 2100 },
  scenarios: [{ code: "ssp245", name: "SSP2-4.5" }],
  models: [
    { code: "A", variant: "r1i1p1f1" },
    { code: "B", variant: "r1i1p1f1" },
  ],
  ensemble: true,
  series: [block("ssp245", 14)],
  provenance: {},
  sample: true,
} as unknown as SeriesResponse;
const selection = (extra: Partial<ExplorerSelection> = {}): ExplorerSelection => ({ query: { indicator: "tas", geo: "NPL", scenario: ["ssp245"] }, baseline: BASELINE_PERIOD, view: "series", members: false, ...extra });
const options = (params = "") => ({
  cycleWindow: { label: "2080-2099", start: 2080, end: 2099 },
  table: { rows: [] } as never,
  params: new URLSearchParams(params),
  series: { annual: { indicator: "tas", geo: "NPL" }, baseline: { indicator: "tas", geo: "NPL", start: 1995, end: 2014 } },
});

describe("buildExplorerView", () => {
  it("draws what the page drew from the series: the same specification as from the answer itself", () => {
    const view = buildExplorerView(selection(), { data, levels: { data, failed: false } }, options());
    const spec = JSON.stringify(explorerChartSpec(view.chart));
    expect(spec).toContain('"median":14.25');
    expect(view.chart.kind).toBe("series");
    expect(view.sample).toBe(true);
    // no model's own values unless they are drawn
    expect(JSON.stringify(view.chart)).not.toContain('"A"');
    const members = buildExplorerView(selection({ members: true }), { data, levels: { data, failed: false } }, options());
    expect(JSON.stringify(explorerChartSpec(members.chart))).toContain('"model":"A"');
  });

  it("holds the dense table's page for the URL's table state, with the shown models only", () => {
    const view = buildExplorerView(selection(), { data, levels: { data, failed: false } }, options("t.page=2&t.size=50"));
    const all = seriesRows(shownBlocks(selection(), { data }));
    expect(view.table.initial).toMatchObject({ page: 2, total: all.length });
    expect(view.table.initial.pageRows.map((r) => r.key)).toEqual(all.slice(50, 100).map((r) => r.key));
    // without a size in the URL, the page's own: 25 rows
    const first = buildExplorerView(selection(), { data, levels: { data, failed: false } }, options());
    expect(first.table.initial.pageRows.map((r) => r.key)).toEqual(all.slice(0, DENSE_TABLE_PAGE_SIZE).map((r) => r.key));
    expect(first.table.initial.pageCount).toBe(Math.ceil(all.length / 25));
    // two models: their columns are shown
    expect(view.table.initial.pageRows[0].models).toEqual(all[50].models);
  });

  it("computes the window rows and the download header the page shows", () => {
    const view = buildExplorerView(selection(), { data, levels: { data, failed: false } }, options());
    expect(view.windows.rows.map((r) => r.code)).toEqual(["2020-2039", "2040-2059", "2060-2079", "2080-2099"]);
    expect(view.header).toMatchObject({ indicator: "tas (Mean temperature)", geo: "NPL (Nepal)", sample: true, view: "Time series" });
  });

  it("keeps each list of models the window rows count once, and gives the rows back whole for the downloads", () => {
    const view = buildExplorerView(selection(), { data, levels: { data, failed: false } }, options());
    // four rows, each counting both sample models and no ingested one: two lists
    expect(view.windows.modelLists).toEqual([[], ["A", "B"]]);
    expect(view.windows.rows.map((r) => [r.ingestedModels, r.sampleModels])).toEqual([[0, 1], [0, 1], [0, 1], [0, 1]]);
    const rows = windowTable(data, [{ label: "2020-2039", start: 2020, end: 2039 }]);
    expect(windowRowsOf(packWindowRows(rows))).toEqual(rows);
    expect(windowRowsOf(view.windows).map((r) => r.sampleModels)).toEqual([["A", "B"], ["A", "B"], ["A", "B"], ["A", "B"]]);
  });
});

describe("explorerViewArg", () => {
  it("is the selection's query string, then the dense table's parameters", () => {
    expect(explorerViewArg(selection(), new URLSearchParams("geo=NPL&t.page=3&other=1"))).toBe("indicator=tas&geo=NPL&scenario=ssp245&t.page=3");
  });
});
