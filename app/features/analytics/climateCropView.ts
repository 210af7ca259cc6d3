import { agreementCell } from "../cmip6/AgreementMark";
import { bandPoints } from "../cmip6/charts/specs";
import type { ExportHeader } from "../cmip6/explorer/compute";
import type { SeriesResponse } from "../cmip6/series";
import { mergeSources, sourceSummary, type SourceSummary } from "../cmip6/sources";
import { levelWindows, type LevelWindows, type WarmingLevels } from "../cmip6/warmingLevels";
import { modelClimatologies, windowStatistics, type Agreement } from "../cmip6/windows";
import { displayDecimalsOf } from "../cmip6/indicatorRules";
import { chartView, type ChartView } from "./chartView";
import { levelNoteLines, type LevelNoteLines } from "./levelNote";
import { CROP_HEAT_INDEX, CROP_SEASONS } from "./queries";
import { scenarioName, type AnalysisSelection } from "./selection";
import { ensembleTrend, significanceText, TREND_METHOD, type EnsembleTrend } from "./trend";

export const CROP_VARIABLE_NAMES: Record<string, string> = { pr: "Rainfall", tas: "Temperature", [CROP_HEAT_INDEX]: "Warm days (TX90p)" };

export interface SeasonSummary {
  variable: string;
  season: string;
  units: string;
  baseline: number | null;
  future: number | null;
  change: number | null;
  /** Sign agreement of the models' changes (IPCC AR6 simple approach). */
  agreement: Agreement | null;
  /** Models with a future value, and models of the answer. */
  count: number;
  of: number;
  /** At a warming level: each model's window. */
  level?: LevelWindows;
  /** Sen's slopes per decade and Mann-Kendall tests per model and across models, over the historical run and the scenario. */
  trendHistorical: EnsembleTrend | null;
  trendScenario: EnsembleTrend | null;
}

/**
 * Baseline and window climatologies and the change (the portal's one ensemble method: per model first,
 * then the median across models), and decadal trends (Sen's slope and the Mann-Kendall test per model, then
 * across models) over the historical run and over the scenario, of one season's answer. At a
 * warming level (`table` needed) each model's window is its own, the historical run joined, and the
 * baseline is over the same models: those that reach the level.
 */
export function seasonSummary(data: SeriesResponse, season: string, s: AnalysisSelection, table?: Pick<WarmingLevels, "rows">): SeasonSummary {
  const hist = data.series.find((b) => b.scenario === "historical");
  const future = data.series.find((b) => b.scenario === s.scenario);
  const of = new Set(data.series.flatMap((b) => Object.keys(b.values))).size;
  const level = s.window.kind === "gwl" && table ? levelWindows(table, s.scenario, s.window.level, data.models) : undefined;
  const base = hist ? modelClimatologies([hist], s.baseline) : undefined;
  const window = !future
    ? undefined
    : level
      ? windowStatistics(hist ? [hist, future] : [future], { byModel: level.periods }, base)
      : s.window.kind === "years"
        ? windowStatistics([future], s.window.period, base)
        : undefined;
  const baselineChoice = level ? { byModel: Object.fromEntries(Object.keys(level.periods).map((m) => [m, s.baseline])) } : s.baseline;
  const baseline = hist ? windowStatistics([hist], baselineChoice).median : null;
  const trend = (b: typeof hist) => (b && b.years.length ? ensembleTrend(b.years, b.values, { start: b.years[0], end: b.years[b.years.length - 1] }) : null);
  return {
    variable: data.indicator.code,
    season,
    units: data.indicator.units,
    baseline,
    future: window?.median ?? null,
    change: window?.change?.median ?? null,
    agreement: window?.change?.agreement ?? null,
    count: window?.count ?? 0,
    of,
    ...(level ? { level } : {}),
    trendHistorical: trend(hist),
    trendScenario: trend(future),
  };
}

/** A trend cell of the table: the median of the models' slopes per decade, p10 to p90, and the models significant. */
export interface TrendCell {
  median: number | null;
  p10: number | null;
  p90: number | null;
  significance: string;
}

/** One row of the crop table: a variable in a season. */
export interface CropRow {
  /** The indicator's code ("pr"): the page shows the row at its display decimals. */
  code: string;
  /** "Rainfall (mm/day)" */
  variable: string;
  season: string;
  baseline: number | null;
  future: number | null;
  change: number | null;
  agreement: Agreement | null;
  /** Null without a trend. */
  trendHistorical: TrendCell | null;
  trendScenario: TrendCell | null;
}

/** What the climate and crops page shows (decision 026). */
export interface ClimateCropView {
  sample: boolean;
  sources: SourceSummary;
  title: string;
  /** Season rainfall, temperature and warm days. */
  charts: ChartView[];
  rows: CropRow[];
  /** At a warming level: the models in per variable and the level's notes. */
  level: LevelNoteLines;
  csv: { file: string; header: ExportHeader; columns: string[]; rows: (string | number | null)[][] };
}

const trendCell = (t: EnsembleTrend | null): TrendCell | null => (t ? { median: t.median, p10: t.p10, p90: t.p90, significance: significanceText(t) } : null);

/**
 * The crop page's view from its six answers (`cropQueries`: rainfall, temperature and warm days, kharif
 * and rabi): the season charts, the table of climatologies, changes and trends, the warming-level note
 * and the CSV of the table.
 */
export function buildClimateCropView(answers: readonly SeriesResponse[], selection: AnalysisSelection, levels: WarmingLevels, place: string): ClimateCropView {
  const seasonName = (a: SeriesResponse) => CROP_SEASONS.find((c) => c.code === a.season?.code)!.name;
  const summaries = answers.map((a) => seasonSummary(a, seasonName(a), selection, levels));
  const gwl = selection.window.kind === "gwl";
  // the models in per variable (both seasons of a variable have the same models)
  const counts = summaries.flatMap((r) =>
    r.level && r.season === CROP_SEASONS[0].name ? [{ label: CROP_VARIABLE_NAMES[r.variable] ?? r.variable, windows: r.level, count: r.count, of: r.of }] : [],
  );
  const sample = answers.some((a) => a.sample);
  const chart = (code: string, title: string) => {
    const list = answers.filter((a) => a.indicator.code === code);
    const blocks = list.flatMap((a) => a.series.map((b) => ({ ...b, scenario: seasonName(a) as never })));
    const units = list[0].indicator.units;
    return chartView(title, `sacap-${code}-seasons-${selection.geo}`, `${title} in ${place}, kharif and rabi, 1950-2100 (${units}).`, {
      labels: { title: `${title}, ${place}`, axis: list[0].indicator.axisUnit, units, decimals: displayDecimalsOf(code), sample, note: `historical and ${selection.scenario}, ensemble median and p10-p90` },
      band: bandPoints(blocks),
      x: { title: "Year", type: "year" },
      legend: "Season",
    });
  };
  // the years of each row's trend (a rabi season is labelled with the year it ends in: its first is 1951)
  const yearsOf = (t: EnsembleTrend | null) => (t ? `${t.period.start}-${t.period.end}` : null);
  const trendColumns = (label: string) => [
    `trend ${label} years`,
    `trend ${label} per decade (median of models' Sen slopes)`,
    `trend ${label} p10`,
    `trend ${label} p90`,
    `trend ${label} models with a trend`,
    `trend ${label} models significant at 5 %`,
    `trend ${label} significant rising`,
    `trend ${label} significant falling`,
    `trend ${label} ensemble median series Sen slope per decade`,
    `trend ${label} ensemble median series Mann-Kendall p`,
  ];
  // + 0: a value rounding to zero from below is written 0, not -0
  const round = (v: number | null, digits = 4) => (v === null ? null : Number(v.toFixed(digits)) + 0);
  const trendCells = (t: EnsembleTrend | null) =>
    t
      ? [yearsOf(t), round(t.median), round(t.p10), round(t.p90), t.count, t.significant, t.rising, t.falling, round(t.medianSeries.slopePerDecade), t.medianSeries.p === null ? null : Number(t.medianSeries.p.toPrecision(4))]
      : [null, null, null, null, 0, 0, 0, 0, null, null];
  const sources = sourceSummary(mergeSources(answers));
  const levelCounts = counts.map((c) => `${c.label}: ${c.count} of ${c.of} models`).join(", ");
  return {
    sample,
    sources,
    title: `Growing-season climate, ${place}`,
    charts: [chart("pr", "Season rainfall"), chart("tas", "Season temperature"), chart(CROP_HEAT_INDEX, "Season warm days (TX90p)")],
    rows: summaries.map((r) => ({
      code: r.variable,
      variable: `${CROP_VARIABLE_NAMES[r.variable] ?? r.variable} (${r.units})`,
      season: r.season,
      baseline: r.baseline,
      future: r.future,
      change: r.change,
      agreement: r.agreement,
      trendHistorical: trendCell(r.trendHistorical),
      trendScenario: trendCell(r.trendScenario),
    })),
    level: levelNoteLines(counts, scenarioName(selection.scenario)),
    csv: {
      file: `sacap-climate-crop-${selection.geo}`,
      header: {
        indicator: "pr, tas, tx90p (seasonal)",
        units: "mm/day, °C, %",
        geo: selection.geo,
        scenarios: ["historical", selection.scenario],
        models: ["ensemble"],
        period: gwl ? `1950-2100; future window: ${selection.window.label}, each model's own 20-year window (${levelCounts})` : "1950-2100",
        baseline: selection.baseline.label,
        view: "Kharif and rabi season summary",
        sample,
        method: TREND_METHOD,
        sources: sources.text,
      },
      columns: [
        "variable",
        "season",
        "units",
        `mean ${selection.baseline.label}`,
        `mean ${selection.window.label} (${selection.scenario})`,
        "change",
        "models",
        "of models",
        "agreement",
        ...trendColumns("historical"),
        ...trendColumns(selection.scenario),
      ],
      rows: summaries.map((r) => [
        ...[r.variable, r.season, r.units, r.baseline, r.future, r.change, r.count, r.of, agreementCell(r.agreement)].map((v) => (typeof v === "number" ? round(v) : v)),
        ...trendCells(r.trendHistorical),
        ...trendCells(r.trendScenario),
      ]),
    },
  };
}
