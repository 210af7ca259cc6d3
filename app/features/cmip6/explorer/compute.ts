import { toCsvText } from "~/lib/csv";
import { ensembleStats, type EnsembleStats } from "../ensemble";
import { MONTH_NAMES, type NamedPeriod, type YearRange } from "../periods";
import type { ScenarioSeries, SeriesResponse } from "../series";
import { modelClimatologies, windowDecimals, windowStatistics, type ModelClimatology } from "../windows";

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

/** A scenario block as changes from each model's own baseline climatology, with fresh ensemble statistics. */
export function changeFromBaseline(block: ScenarioSeries, baseline: Record<string, ModelClimatology>, decimals: number): ScenarioSeries {
  const values: Record<string, (number | null)[]> = {};
  for (const [model, series] of Object.entries(block.values)) {
    const base = baseline[model]?.mean ?? null;
    values[model] = series.map((v) => (v === null || base === null ? null : round(v - base, decimals)));
  }
  const stats = ensembleStats(Object.values(values), block.years.length);
  const r = (xs: (number | null)[]) => xs.map((v) => round(v, decimals + 1));
  return {
    ...block,
    values,
    stats: { median: r(stats.median), p10: r(stats.p10), p90: r(stats.p90), mean: r(stats.mean), count: stats.count },
  };
}

export interface WindowRow {
  scenario: string;
  window: string;
  /** Models with a complete climatology in the window. */
  count: number;
  median: number | null;
  p10: number | null;
  p90: number | null;
  /** Median of the models' changes from their baseline climatologies, when a baseline is known. */
  change: number | null;
  /** Why the window has no value ("incomplete: 1 of 20 years"). */
  incomplete?: string;
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
): WindowRow[] {
  const rows: WindowRow[] = [];
  const decimals = windowDecimals(response.indicator.decimals);
  for (const block of response.series) {
    for (const window of windows) {
      if (!block.years.includes(window.start) || !block.years.includes(window.end)) continue;
      const stats = windowStatistics([block], window, baseline?.[block.scenario]);
      rows.push({
        scenario: block.scenario,
        window: window.label,
        count: stats.count,
        median: round(stats.median, decimals),
        p10: round(stats.p10, decimals),
        p90: round(stats.p90, decimals),
        change: round(stats.change?.median ?? null, decimals),
        ...(stats.incomplete ? { incomplete: stats.incomplete } : {}),
      });
    }
  }
  return rows;
}

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
