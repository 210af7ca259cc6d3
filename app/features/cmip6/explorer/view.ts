import type { TopLevelSpec } from "vega-lite";
import type { InitialTableModel } from "~/components/data-table/DataTable";
import { applyTableState } from "~/components/data-table/model";
import { parseTableState } from "~/components/data-table/state";
import type { ColumnDef } from "~/components/data-table/types";
import { formatNumber } from "~/lib/format";
import { displayDecimalsOf } from "../indicatorRules";
import { namedAsPlace, placeKindText } from "../../places/places";
import { annualCycleSpec, changeSpec, levelSpans, timeSeriesSpec, windowSpans, type BandPoint, type ChartLabels, type SpanMark } from "../charts/specs";
import { MONTH_NAMES, PROJECTION_WINDOWS, type NamedPeriod } from "../periods";
import { roundedAnswer, type ScenarioSeries, type SeriesResponse } from "../series";
import type { SeriesQuery } from "../seriesQuery";
import { mergeSources, sourceSummary, type SourceSummary } from "../sources";
import { subsetText } from "../subsets";
import { levelLabel, levelWindows, tableProvenance, type WarmingLevels } from "../warmingLevels";
import { AGREEMENT_RULE, windowDecimals } from "../windows";
import { annualCycle, baselineMeans, changeFromBaseline, levelRows, seriesRows, WINDOW_METHOD, windowTable, type ExportHeader, type SeriesRow, type WindowRow } from "./compute";
import { levelScenarios, selectionQueryString, VIEW_LABELS, type ExplorerSelection } from "./selection";
import type { SpreadPageView } from "../spread/spread";

/**
 * What the explorer shows for a selection (decision 026): the heading, the chart's specification at the
 * resolution drawn, the 20-year window and warming-level rows, and the dense table's page of rows, with the
 * download headers and where the numbers come from. The server primes it and `/api/views/cmip6-data`
 * answers it; the series it is computed from load only for what asks for every value (the dense table's
 * sorting and filtering in the browser, the series downloads).
 */

/** The views `/api/views/cmip6-data` answers: the chart views' results, or the model-selection view's points. */
export const VIEW_CHOICES = ["series", "change", "cycle", "spread"] as const;

/** Prefix of the dense table's URL parameters. */
export const DENSE_TABLE_PREFIX = "t.";

/**
 * Rows of the dense table's page when the URL names no size: the page's document carries its first page
 * (decision 026: at most 200 KB), and the rest is a page link away, or loads with every value on first use.
 */
export const DENSE_TABLE_PAGE_SIZE = 25;

/**
 * The dense table's columns: statistics, then every model (hidden when there are many). Values are shown
 * at `decimals` (the indicator's display decimals); copies and downloads take `value`, at full precision.
 */
export function denseColumns(models: readonly string[], units: string, monthly: boolean, decimals: number): ColumnDef<SeriesRow>[] {
  const number = (value: (r: SeriesRow) => number | null) => ({ value, render: (r: SeriesRow) => formatNumber(value(r), decimals), numeric: true });
  return [
    { id: "scenario", header: "Scenario", value: (r) => r.scenario, facet: true, width: 110 },
    { id: "year", header: "Year", value: (r) => r.year, numeric: true, width: 70 },
    ...(monthly ? [{ id: "month", header: "Month", value: (r: SeriesRow) => r.month, numeric: true, width: 70 }] : []),
    { id: "median", header: `Median (${units})`, ...number((r) => r.median) },
    { id: "p10", header: "p10", ...number((r) => r.p10) },
    { id: "p90", header: "p90", ...number((r) => r.p90) },
    ...models.map((m) => ({ id: `m-${m}`, header: m, ...number((r: SeriesRow) => r.models[m]), hiddenByDefault: models.length > 8 })),
  ];
}

/** A scenario block as the chart draws it: the ensemble statistics, and each model's values when drawn. */
export type ChartBlock = Pick<ScenarioSeries, "scenario" | "years"> & { stats: Pick<ScenarioSeries["stats"], "median" | "p10" | "p90">; values: ScenarioSeries["values"] };

const chartBlocks = (blocks: readonly ScenarioSeries[], members: boolean): ChartBlock[] =>
  blocks.map((b) => ({ scenario: b.scenario, years: b.years, stats: { median: b.stats.median, p10: b.stats.p10, p90: b.stats.p90 }, values: members ? b.values : {} }));

/**
 * What the chart draws, at the resolution drawn, in the compact form of the series (arrays by year): the
 * specification is built from it where it is drawn (`explorerChartSpec`), on the server and in the browser.
 */
export type ExplorerChart = { label: string; labels: ChartLabels } & (
  | { kind: "series" | "change"; blocks: ChartBlock[]; members: boolean; spans: SpanMark[] }
  | { kind: "cycle"; band: BandPoint[] }
);

const MONTH_ORDER = MONTH_NAMES.map((m) => m.slice(0, 3));

/** The Vega-Lite specification of a view's chart. */
export function explorerChartSpec(chart: ExplorerChart): TopLevelSpec {
  if (chart.kind === "cycle") return annualCycleSpec(chart.band, MONTH_ORDER, chart.labels);
  const blocks = chart.blocks as unknown as ScenarioSeries[];
  return chart.kind === "change" ? changeSpec(blocks, chart.labels, chart.members, chart.spans) : timeSeriesSpec(blocks, chart.labels, chart.members, chart.spans);
}

/** The series answers a view is computed from. */
export interface ExplorerAnswers {
  data: SeriesResponse;
  baseline?: SeriesResponse;
  /** The monthly answer of the annual cycle. */
  cycle?: SeriesResponse;
  /** The answer the warming-level rows come from (the page's own when it holds the years), or its failure. */
  levels: { data?: SeriesResponse; failed: boolean };
}

/** The blocks the chart and the dense table show: the series, their changes from the baseline, or the monthly answer. */
export function shownBlocks(selection: ExplorerSelection, answers: Pick<ExplorerAnswers, "data" | "baseline" | "cycle">): readonly ScenarioSeries[] {
  const { data, baseline, cycle } = answers;
  if (selection.view === "change" && baseline) {
    const means = baselineMeans(baseline, selection.baseline);
    return data.series.map((b) => changeFromBaseline(b, means[b.scenario] ?? {}, data.indicator.decimals));
  }
  if (selection.view === "cycle" && cycle) return cycle.series;
  return data.series;
}

export interface ExplorerResults {
  indicator: Pick<SeriesResponse["indicator"], "code" | "name" | "units" | "decimals" | "chartTitle">;
  geo: SeriesResponse["geo"];
  /** `subsetText` of the page's named subset. */
  subset?: string;
  origin: SourceSummary;
  /** Whether any number (or any baseline behind one) is generated sample data. */
  sample: boolean;
  chart: ExplorerChart & { summary: string };
  /** File names of downloads, without extension. */
  fileName: string;
  /** The header of the series downloads. */
  header: ExportHeader;
  scenarioNames: Record<string, string>;
  windows: {
    rows: ViewWindowRow[];
    /** The lists of models the rows count, each once (`ViewWindowRow`). */
    modelLists: string[][];
    /** The rows' rounding (`windowDecimals`); the table shows them at the indicator's display decimals. */
    decimals: number;
    baseline: string;
    header: ExportHeader;
    /** Why warming-level rows are missing. */
    levelStatus?: string;
  };
  /** The dense table: `decimals` is the values' rounding; the table shows them at the indicator's display decimals. */
  table: { models: string[]; monthly: boolean; units: string; decimals: number; initial: InitialTableModel<SeriesRow> };
  /** The series queries the view was computed from: what loads when every value is asked for. */
  series: SeriesQueries;
}

/**
 * A window row as a view carries it: the models it counts, by source, as indexes into the view's
 * `modelLists` (the same list of every model would otherwise repeat in each row).
 */
export type ViewWindowRow = Omit<WindowRow, "ingestedModels" | "sampleModels"> & { ingestedModels: number; sampleModels: number };

/** Window rows with each distinct list of models kept once. */
export function packWindowRows(rows: readonly WindowRow[]): { rows: ViewWindowRow[]; modelLists: string[][] } {
  const modelLists: string[][] = [];
  const indexes = new Map<string, number>();
  const indexOf = (models: string[]) => {
    const key = JSON.stringify(models);
    let index = indexes.get(key);
    if (index === undefined) {
      index = modelLists.push(models) - 1;
      indexes.set(key, index);
    }
    return index;
  };
  return {
    rows: rows.map(({ ingestedModels, sampleModels, ...row }) => ({ ...row, ingestedModels: indexOf(ingestedModels), sampleModels: indexOf(sampleModels) })),
    modelLists,
  };
}

/** The window rows of a view with their lists of models (what the window table's downloads write). */
export function windowRowsOf({ rows, modelLists }: Pick<ExplorerResults["windows"], "rows" | "modelLists">): WindowRow[] {
  return rows.map((row) => ({ ...row, ingestedModels: modelLists[row.ingestedModels] ?? [], sampleModels: modelLists[row.sampleModels] ?? [] }));
}

/** The series behind a view: the annual answer, its baseline years, and the monthly answer of the annual cycle. */
export interface SeriesQueries {
  annual: SeriesQuery;
  baseline: SeriesQuery;
  monthly?: SeriesQuery;
}

export interface ExplorerPageView {
  /** The selection's canonical query string. */
  query: string;
  /** The results, or null when the series service has none for the selection (or for the model-selection view). */
  results: ExplorerResults | null;
  /** The model-selection view's points, when the series service has both series. */
  spread?: SpreadPageView;
}

/** The dense table's parameters of a page URL (`t.page`, `t.sort`, …), in their order. */
export const tableParams = (params: URLSearchParams) => new URLSearchParams([...params].filter(([key]) => key.startsWith(DENSE_TABLE_PREFIX)));

/** The argument of a view: the selection's query string, then the dense table's parameters. */
export function explorerViewArg(selection: ExplorerSelection, params: URLSearchParams): string {
  const table = tableParams(params).toString();
  return [selectionQueryString(selection), table].filter(Boolean).join("&");
}

/**
 * The view of a selection, from its series answers, the warming-level table and the dense table's URL state.
 * The answers may be at full precision: the window rows and the annual cycle are computed from them as they
 * are, while the yearly values the chart and the dense table show are those the series API sends
 * (`roundedAnswer`), as the browser computes them when it loads every row.
 */
export function buildExplorerView(
  selection: ExplorerSelection,
  answers: ExplorerAnswers,
  options: { cycleWindow: NamedPeriod; table: WarmingLevels; params: URLSearchParams; series: SeriesQueries },
): ExplorerResults {
  const { data, baseline, cycle, levels } = answers;
  const sent = { data: roundedAnswer(data), baseline: baseline && roundedAnswer(baseline), cycle: cycle && roundedAnswer(cycle) };
  const { table } = options;
  const { indicator, geo } = data;
  const cycleLabel = options.cycleWindow.label;
  const scenarioNames: Record<string, string> = {};
  for (const s of [...(levels.data?.scenarios ?? []), ...data.scenarios]) scenarioNames[s.code] = s.name;
  const scenarioName = (code: string) => data.scenarios.find((s) => s.code === code)?.name ?? code;
  const withLevels = levelScenarios(selection);
  const modelCodes = data.models.map((m) => m.code);
  const subset = selection.subset ? subsetText(selection.subset) : undefined;

  // marks on the year axis: the 20-year windows, and a chosen warming level's span under each scenario
  let spans: SpanMark[] = windowSpans(PROJECTION_WINDOWS);
  const choice = selection.window;
  if (choice?.kind === "gwl") {
    const models = data.models.map((m) => ({ code: m.code, variant: m.variant }));
    const byScenario = data.series
      .filter((b) => withLevels.includes(b.scenario as (typeof withLevels)[number]))
      .map((b) => ({ scenario: b.scenario, name: scenarioName(b.scenario), periods: levelWindows(table, b.scenario, choice.level, models).periods }));
    spans = [...spans, ...levelSpans(levelLabel(choice.level), byScenario)];
  }
  const periodText = `${data.period.start}-${data.period.end}`;
  const modelText = subset ?? (data.ensemble ? `ensemble of ${data.models.length} models` : `${data.models.length} models`);
  const place = namedAsPlace(geo);
  // a change or window value joins the answer and its baseline: both count for where the numbers come from
  const origin = sourceSummary(mergeSources(baseline ? [data, baseline] : [data]));
  const sample = origin.kind !== "ingested";
  const labels = (title: string, axis: string, note: string): ChartLabels => ({
    title: `${title}, ${place}`,
    axis,
    units: indicator.units,
    sample,
    partlySample: origin.kind === "mixed",
    note,
    decimals: displayDecimalsOf(indicator.code),
  });

  // what the chart and the dense table show
  const blocks = shownBlocks(selection, sent);
  let chart: ExplorerChart;
  if (selection.view === "change" && baseline) {
    chart = {
      label: "Change from the baseline",
      kind: "change",
      labels: labels(`Change in ${indicator.chartTitle.toLowerCase()}`, `Change (${indicator.units})`, `from ${selection.baseline.label}, ${modelText}, median and p10-p90`),
      blocks: chartBlocks(blocks, selection.members),
      members: selection.members,
      spans,
    };
  } else if (selection.view === "cycle" && cycle) {
    const band: BandPoint[] = cycle.series.flatMap((b) =>
      annualCycle(b).map((c) => ({ scenario: b.scenario, x: c.name.slice(0, 3), median: c.stats.median[0], p10: c.stats.p10[0], p90: c.stats.p90[0] })),
    );
    chart = {
      label: "Annual cycle",
      kind: "cycle",
      labels: labels(`Annual cycle of ${cycle.indicator.name.toLowerCase()}`, cycle.indicator.axisUnit, `${cycleLabel}, ${modelText}, median and p10-p90 of model means`),
      band,
    };
  } else {
    chart = {
      label: "Time series",
      kind: "series",
      labels: labels(indicator.chartTitle, indicator.axisUnit, `${periodText}, ${modelText}, median and p10-p90`),
      blocks: chartBlocks(sent.data.series, selection.members),
      members: selection.members,
      spans,
    };
  }
  const last = sent.data.series[sent.data.series.length - 1];
  const lastMedian = last?.stats.median[last.years.length - 1];
  const summary = `${chart.label} of ${indicator.chartTitle.toLowerCase()} in ${place}, ${periodText}, ${data.series
    .map((b) => scenarioName(b.scenario))
    .join(", ")}; ${modelText}.${last && lastMedian != null ? ` Ensemble median in ${last.years[last.years.length - 1]} (${last.scenario}): ${formatNumber(lastMedian, displayDecimalsOf(indicator.code))} ${indicator.units}.` : ""}${sample ? ` ${origin.kind === "mixed" ? "Partly sample data" : "Sample data"}.` : " Ingested data."}`;

  const header: ExportHeader = {
    indicator: `${indicator.code} (${indicator.name})`,
    units: indicator.units,
    // a disputed area's download says it is one, and who administers and claims it
    geo: geo.type === "Disputed" ? `${geo.code} (${geo.name}; ${placeKindText(geo)})` : `${geo.code} (${geo.name})`,
    scenarios: blocks.map((b) => b.scenario),
    models: modelCodes,
    period: selection.view === "cycle" ? cycleLabel : periodText,
    ...(selection.view === "change" ? { baseline: selection.baseline.label } : {}),
    view: VIEW_LABELS[selection.view],
    sample,
    sources: origin.text,
    ...(subset ? { subset } : {}),
  };

  // the 20-year windows and warming levels
  const baseMeans = baseline ? baselineMeans(baseline, selection.baseline) : undefined;
  const years = windowTable(data, PROJECTION_WINDOWS, baseMeans, selection.baseline.label).filter((r) => r.scenario !== "historical");
  const windowScenarios = [...new Set([...years.map((r) => r.scenario), ...withLevels])];
  const windows = windowScenarios.map((scenario) => {
    const name = levels.data?.scenarios.find((s) => s.code === scenario)?.name ?? scenarioName(scenario);
    const atLevels = levels.data && withLevels.includes(scenario as (typeof withLevels)[number]) ? levelRows(levels.data, table, scenario, name) : null;
    return { scenario, rows: [...years.filter((r) => r.scenario === scenario), ...(atLevels ?? [])], levels: atLevels !== null };
  });
  const missingLevels = windows.filter((w) => withLevels.includes(w.scenario as (typeof withLevels)[number]) && !w.levels).map((w) => w.scenario);
  const windowHeader: ExportHeader = {
    ...header,
    scenarios: windows.map((w) => w.scenario),
    period: "20-year windows and warming levels",
    baseline: withLevels.length > 0 ? `${selection.baseline.label} (warming-level rows: 1995-2014)` : selection.baseline.label,
    view: "20-year windows and warming levels",
    windowMethod: WINDOW_METHOD,
    agreement: AGREEMENT_RULE,
    warmingLevels: tableProvenance(table),
  };
  const levelStatus =
    missingLevels.length === 0
      ? undefined
      : levels.failed || levels.data
        ? `No warming-level rows for ${missingLevels.map(scenarioName).join(" and ")}: they need the historical run joined to the scenario over the years of the models' windows (from ${Math.min(...table.rows.map((r) => r.start_year))}), which the series service did not give.`
        : "Warming-level rows: loading the historical run joined to the scenarios…";

  // the dense table's page for the URL's table state
  const rows = seriesRows(blocks);
  const monthly = rows.some((r) => r.month !== undefined);
  const columns = denseColumns(modelCodes, indicator.units, monthly, displayDecimalsOf(indicator.code));
  const state = parseTableState(options.params, columns, DENSE_TABLE_PREFIX, DENSE_TABLE_PAGE_SIZE);
  const { rows: _all, ...model } = applyTableState(rows, columns, state);
  // the page's rows carry the models whose columns are shown, no more
  const shown = modelCodes.filter((m) => !state.hidden.includes(`m-${m}`));
  const initial = { ...model, pageRows: model.pageRows.map((r) => ({ ...r, models: Object.fromEntries(shown.map((m) => [m, r.models[m] ?? null])) })) };

  return {
    indicator: { code: indicator.code, name: indicator.name, units: indicator.units, decimals: indicator.decimals, chartTitle: indicator.chartTitle },
    geo,
    ...(subset ? { subset } : {}),
    origin,
    sample,
    chart: { ...chart, summary },
    fileName: `sacap-${indicator.code}-${geo.code}-${selection.view}`,
    header,
    scenarioNames,
    windows: { ...packWindowRows(windows.flatMap((w) => w.rows)), decimals: windowDecimals(indicator.decimals), baseline: selection.baseline.label, header: windowHeader, ...(levelStatus ? { levelStatus } : {}) },
    table: { models: modelCodes, monthly, units: indicator.units, decimals: indicator.decimals, initial },
    series: options.series,
  };
}
