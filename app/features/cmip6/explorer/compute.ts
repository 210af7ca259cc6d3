import { toCsvText } from "~/lib/csv";
import { ensembleStats, type EnsembleStats } from "../ensemble";
import { BASELINE_PERIOD, MONTH_NAMES, type NamedPeriod, type YearRange } from "../periods";
import type { ScenarioSeries, SeriesResponse } from "../series";
import {
  gwlChoice,
  levelCountText,
  levelMethodNote,
  levelWindows,
  WARMING_LEVELS,
  yearsChoice,
  type LevelWindows,
  type ModelMember,
  type WarmingLevel,
  type WarmingLevels,
  type WindowChoice,
} from "../warmingLevels";
import {
  leftOutList,
  modelClimatologies,
  modelsBySource,
  ONE_SOURCE_RULE,
  windowDecimals,
  windowStatistics,
  type Agreement,
  type ModelClimatology,
  type WindowStatistics,
} from "../windows";

/** Pure computations of the explorer: baselines, changes, window statistics, table rows and exports. */

const mean = (xs: readonly (number | null)[]): number | null => {
  let sum = 0;
  let n = 0;
  for (const x of xs) {
    if (x !== null && !Number.isNaN(x)) {
      sum += x;
      n++;
    }
  }
  return n === 0 ? null : sum / n;
};

export const round = (v: number | null, decimals: number) => (v === null ? null : Number(v.toFixed(decimals)));

/**
 * Each model's baseline climatology for each scenario (`modelClimatologies`). Historical years come from
 * the historical run; years after it (a climatology such as 1991-2020) from the scenario itself.
 */
export function baselineMeans(baseline: SeriesResponse, range: YearRange): Record<string, Record<string, ModelClimatology>> {
  const historical = baseline.series.find((b) => b.scenario === "historical");
  const out: Record<string, Record<string, ModelClimatology>> = {};
  for (const scenario of ["historical", "ssp245", "ssp585"]) {
    const own = scenario === "historical" ? undefined : baseline.series.find((b) => b.scenario === scenario);
    out[scenario] = modelClimatologies([historical, own].filter((b): b is ScenarioSeries => b !== undefined), range);
  }
  return out;
}

/**
 * A scenario block as changes from each model's own baseline climatology, with fresh ensemble statistics:
 * the statistics are taken of the unrounded changes, then the changes are rounded to `decimals` and the
 * statistics to one more (as the series API rounds values and statistics).
 */
export function changeFromBaseline(block: ScenarioSeries, baseline: Record<string, ModelClimatology>, decimals: number): ScenarioSeries {
  const changes: Record<string, (number | null)[]> = {};
  for (const [model, series] of Object.entries(block.values)) {
    const base = baseline[model]?.mean ?? null;
    changes[model] = series.map((v) => (v === null || base === null ? null : v - base));
  }
  const stats = ensembleStats(Object.values(changes), block.years.length);
  const r = (xs: (number | null)[], places: number) => xs.map((v) => round(v, places));
  return {
    ...block,
    values: Object.fromEntries(Object.entries(changes).map(([model, xs]) => [model, r(xs, decimals)])),
    stats: { median: r(stats.median, decimals + 1), p10: r(stats.p10, decimals + 1), p90: r(stats.p90, decimals + 1), mean: r(stats.mean, decimals + 1), count: stats.count },
  };
}

export interface WindowRow {
  scenario: string;
  /** A fixed 20-year window or a global warming level. */
  kind: WindowChoice["kind"];
  /** "2040-2059" or "gwl:2.0". */
  code: string;
  /** "2040-2059" or "+2 °C". */
  window: string;
  /** Models with a complete climatology in the window. */
  count: number;
  /** Models asked for (the answer's models). */
  of: number;
  median: number | null;
  p10: number | null;
  p90: number | null;
  /** Median, p10 and p90 of the models' changes from their baseline climatologies, when a baseline is known. */
  change: number | null;
  changeP10: number | null;
  changeP90: number | null;
  /** Sign agreement of the models' changes (AR6 simple approach). */
  agreement: Agreement | null;
  /** The period the changes are taken from. */
  baseline?: string;
  /** Why the window has no value ("incomplete: 1 of 20 years"). */
  incomplete?: string;
  /** A warming level's count ("+2 °C: 32 of 35 models under SSP2-4.5") and method note (`levelMethodNote`). */
  level?: { text: string; note: string };
  /** The models counted, by the source of their values (both ends of a change from the same one). */
  ingestedModels: string[];
  sampleModels: string[];
  /** Models left out by the one-source rule, with the reason ("NorESM2-MM (baseline not ingested)"); empty if none. */
  leftOut: string;
}

function windowRow(scenario: string, choice: WindowChoice, stats: WindowStatistics, of: number, decimals: number, baseline?: string): WindowRow {
  const bySource = modelsBySource(stats);
  return {
    scenario,
    kind: choice.kind,
    code: choice.code,
    window: choice.label,
    count: stats.count,
    of,
    median: round(stats.median, decimals),
    p10: round(stats.p10, decimals),
    p90: round(stats.p90, decimals),
    change: round(stats.change?.median ?? null, decimals),
    changeP10: round(stats.change?.p10 ?? null, decimals),
    changeP90: round(stats.change?.p90 ?? null, decimals),
    agreement: stats.change?.agreement ?? null,
    ...(stats.change && baseline ? { baseline } : {}),
    ...(stats.incomplete ? { incomplete: stats.incomplete } : {}),
    ingestedModels: bySource.ingested,
    sampleModels: bySource.sample,
    leftOut: leftOutList(stats.excluded),
  };
}

/**
 * Ensemble statistics of 20-year windows by the portal's one method (`windowStatistics`): each model's
 * climatology over the window, then the median and the 10th-90th percentiles across models. Windows the
 * answer's period does not reach are left out.
 */
export function windowTable(
  response: SeriesResponse,
  windows: readonly NamedPeriod[],
  baseline?: Record<string, Record<string, ModelClimatology>>,
  baselineLabel?: string,
): WindowRow[] {
  const rows: WindowRow[] = [];
  const decimals = windowDecimals(response.indicator.decimals);
  const of = response.models.length;
  for (const block of response.series) {
    for (const window of windows) {
      if (!block.years.includes(window.start) || !block.years.includes(window.end)) continue;
      const stats = windowStatistics([block], window, baseline?.[block.scenario]);
      rows.push(windowRow(block.scenario, yearsChoice(window), stats, of || stats.count, decimals, baselineLabel));
    }
  }
  return rows;
}

/**
 * Rows of the warming levels for one scenario: each model's climatology over its own 20-year window
 * (`levelWindows`), from the historical block joined to the scenario block (a window may start before
 * 2015), changes against each model's 1995-2014 climatology from the same historical block. Null when the
 * answer lacks the scenario or the historical years the windows and the baseline need.
 */
export function levelRows(
  response: SeriesResponse,
  table: Pick<WarmingLevels, "rows">,
  scenario: string,
  scenarioName: string,
  levels: readonly WarmingLevel[] = WARMING_LEVELS,
): WindowRow[] | null {
  const historical = response.series.find((b) => b.scenario === "historical");
  const future = response.series.find((b) => b.scenario === scenario);
  if (!historical || !future) return null;
  const models: ModelMember[] = response.models.map((m) => ({ code: m.code, variant: m.variant }));
  const all = levels.map((level) => levelWindows(table, scenario, level, models));
  const needed = levelYearsNeeded(all);
  const first = Math.min(historical.years[0], future.years[0]);
  const last = Math.max(historical.years[historical.years.length - 1], future.years[future.years.length - 1]);
  if (first > needed.start || last < needed.end) return null;
  const decimals = windowDecimals(response.indicator.decimals);
  const baseline = modelClimatologies([historical], BASELINE_PERIOD);
  return all.map((windows) => {
    const stats = windowStatistics([historical, future], { byModel: windows.periods }, baseline);
    const row = windowRow(scenario, gwlChoice(windows.level), stats, models.length, decimals, BASELINE_PERIOD.label);
    return { ...row, level: { text: levelCountText(windows, scenarioName, stats.count, models.length), note: levelMethodNote(windows) } };
  });
}

/** The years warming-level windows and their 1995-2014 baseline span. */
export function levelYearsNeeded(all: readonly LevelWindows[]): YearRange {
  const periods = all.flatMap((w) => Object.values(w.periods));
  return {
    start: Math.min(BASELINE_PERIOD.start, ...periods.map((p) => p.start)),
    end: Math.max(BASELINE_PERIOD.end, ...periods.map((p) => p.end)),
  };
}

/** Columns of the window table's downloads. */
export const WINDOW_EXPORT_COLUMNS = [
  "scenario",
  "window code",
  "window label",
  "models",
  "of",
  "median",
  "p10",
  "p90",
  "change median",
  "change p10",
  "change p90",
  "agree",
  "count",
  "robust",
  "ingested models",
  "sample models",
  "left out",
];

export function windowExportRows(rows: readonly WindowRow[]): (string | number | null)[][] {
  return rows.map((r) => [
    r.scenario,
    r.code,
    r.window,
    r.count,
    r.of,
    r.median,
    r.p10,
    r.p90,
    r.change,
    r.changeP10,
    r.changeP90,
    r.agreement?.agree ?? null,
    r.agreement?.count ?? null,
    r.agreement ? String(r.agreement.robust) : null,
    r.ingestedModels.join(" "),
    r.sampleModels.join(" "),
    r.leftOut || null,
  ]);
}

/** The window method in one sentence, for captions and download headers. */
export const WINDOW_METHOD =
  "each model's mean over the window (with at least 90 % of its years), then the median and p10-p90 across models; a change is each model's window mean minus its own baseline mean, then the median and p10-p90 of those changes. A warming-level row takes each model's own 20-year window in which its global mean warming first exceeds the level above 1850-1900; its changes are against 1995-2014. " +
  ONE_SOURCE_RULE;


/** One row of the dense table: a scenario's year (and month), the ensemble statistics and every model. */
export interface SeriesRow {
  key: string;
  scenario: string;
  year: number;
  month?: number;
  median: number | null;
  p10: number | null;
  p90: number | null;
  models: Record<string, number | null>;
}

export function seriesRows(blocks: readonly ScenarioSeries[]): SeriesRow[] {
  return blocks.flatMap((block) =>
    block.years.map((year, i) => {
      const models: Record<string, number | null> = {};
      for (const [model, values] of Object.entries(block.values)) models[model] = values[i];
      const month = block.months?.[i];
      return {
        key: `${block.scenario}-${year}${month ? `-${month}` : ""}`,
        scenario: block.scenario,
        year,
        ...(month ? { month } : {}),
        median: block.stats.median[i],
        p10: block.stats.p10[i],
        p90: block.stats.p90[i],
        models,
      };
    }),
  );
}

/** Median, p10 and p90 of each calendar month across the years of a monthly block (mean per model first). */
export function annualCycle(block: ScenarioSeries): { month: number; name: string; stats: EnsembleStats }[] {
  const out = [];
  for (let month = 1; month <= 12; month++) {
    const steps = block.years.map((_, i) => i).filter((i) => block.months?.[i] === month);
    const perModel = Object.values(block.values).map((values) => [mean(steps.map((i) => values[i]))]);
    out.push({ month, name: MONTH_NAMES[month - 1], stats: ensembleStats(perModel, 1) });
  }
  return out;
}

/** What an export describes, written as its header block. */
export interface ExportHeader {
  indicator: string;
  units: string;
  geo: string;
  scenarios: string[];
  models: string[];
  period: string;
  baseline?: string;
  view: string;
  /** Whether any value (or any baseline behind a value) is generated sample data. */
  sample: boolean;
  /** Where the values come from: sample, ingested (which files) or mixed, in one sentence. */
  sources?: string;
  /** How period statistics are taken (window tables). */
  windowMethod?: string;
  /** The analysis's method with its references (trends, detrending). */
  method?: string;
  /** The rule of the agreement column. */
  agreement?: string;
  /** Where the warming-level windows come from: the table's source, version and licence (`tableProvenance`). */
  warmingLevels?: string;
  /** The named model subset (`subsetText`). */
  subset?: string;
}

/** Header lines ("# name: value"), then the table with a header row. */
export function toCsvWithHeader(header: ExportHeader, columns: string[], rows: readonly (string | number | null)[][]): string {
  const comments = [
    `indicator: ${header.indicator}`,
    `units: ${header.units}`,
    `geo: ${header.geo}`,
    `scenarios: ${header.scenarios.join(" ")}`,
    `models: ${header.models.join(" ")}`,
    `period: ${header.period}`,
    ...(header.baseline ? [`baseline: ${header.baseline}`] : []),
    `view: ${header.view}`,
    `sample data: ${header.sample}`,
    ...(header.sources ? [`sources: ${header.sources}`] : []),
    ...(header.subset ? [`model subset: ${header.subset}`] : []),
    ...(header.windowMethod ? [`window method: ${header.windowMethod}`] : []),
    ...(header.method ? [`method: ${header.method}`] : []),
    ...(header.agreement ? [`agreement: ${header.agreement}`] : []),
    ...(header.warmingLevels ? [`warming levels: ${header.warmingLevels}`] : []),
  ];
  return toCsvText(columns, rows, comments);
}

export function toJsonWithHeader(header: ExportHeader, columns: string[], rows: readonly (string | number | null)[][]): string {
  return JSON.stringify({ ...header, columns, rows }, null, 1);
}

/** The columns and rows of the dense table as exported: statistics, then the models shown. */
export function seriesTable(rows: readonly SeriesRow[], models: readonly string[]) {
  const monthly = rows.some((r) => r.month !== undefined);
  const columns = ["scenario", "year", ...(monthly ? ["month"] : []), "median", "p10", "p90", ...models];
  const body = rows.map((r) => [r.scenario, r.year, ...(monthly ? [r.month ?? null] : []), r.median, r.p10, r.p90, ...models.map((m) => r.models[m] ?? null)]);
  return { columns, rows: body };
}
