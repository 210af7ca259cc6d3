import { toCsvText } from "~/lib/csv";
import { ensembleStats, type EnsembleStats } from "../ensemble";
import { MONTH_NAMES, type NamedPeriod, type YearRange } from "../periods";
import type { ScenarioSeries, SeriesResponse } from "../series";

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

/** Per model, its values in the years of `range` (every step of those years). */
function valuesIn(block: ScenarioSeries, range: YearRange): Record<string, (number | null)[]> {
  const out: Record<string, (number | null)[]> = {};
  const steps = block.years.map((y, i) => (y >= range.start && y <= range.end ? i : -1)).filter((i) => i >= 0);
  for (const [model, values] of Object.entries(block.values)) out[model] = steps.map((i) => values[i]);
  return out;
}

/**
 * Each model's mean over the baseline years for each scenario. Historical years come from the historical
 * run; years after it (a climatology such as 1991-2020) from the scenario itself.
 */
export function baselineMeans(baseline: SeriesResponse, range: YearRange): Record<string, Record<string, number | null>> {
  const historical = baseline.series.find((b) => b.scenario === "historical");
  const out: Record<string, Record<string, number | null>> = {};
  const scenarios = ["historical", "ssp245", "ssp585"];
  for (const scenario of scenarios) {
    const own = baseline.series.find((b) => b.scenario === scenario);
    const models = new Set([...Object.keys(historical?.values ?? {}), ...Object.keys(own?.values ?? {})]);
    const perModel: Record<string, number | null> = {};
    for (const model of models) {
      const fromHistorical = historical ? valuesIn(historical, range)[model] ?? [] : [];
      const fromOwn = own && scenario !== "historical" ? valuesIn(own, range)[model] ?? [] : [];
      perModel[model] = mean([...fromHistorical, ...fromOwn]);
    }
    out[scenario] = perModel;
  }
  return out;
}

/** A scenario block as changes from each model's own baseline mean, with fresh ensemble statistics. */
export function changeFromBaseline(block: ScenarioSeries, baseline: Record<string, number | null>, decimals: number): ScenarioSeries {
  const values: Record<string, (number | null)[]> = {};
  for (const [model, series] of Object.entries(block.values)) {
    const base = baseline[model];
    values[model] = series.map((v) => (v === null || base === null || base === undefined ? null : round(v - base, decimals)));
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
  /** Models with a value in the window. */
  count: number;
  median: number | null;
  p10: number | null;
  p90: number | null;
  /** Median of the models' changes from their baseline means, when a baseline is known. */
  change: number | null;
}

/**
 * Ensemble statistics of 20-year means: each model's mean over the window, then the median and the
 * 10th-90th percentiles across models. Windows the answer does not cover completely are left out.
 */
export function windowTable(
  response: SeriesResponse,
  windows: readonly NamedPeriod[],
  baseline?: Record<string, Record<string, number | null>>,
): WindowRow[] {
  const rows: WindowRow[] = [];
  const decimals = response.indicator.decimals + 1;
  for (const block of response.series) {
    for (const window of windows) {
      if (!block.years.includes(window.start) || !block.years.includes(window.end)) continue;
      const perModel = Object.entries(valuesIn(block, window)).map(([model, values]) => [model, mean(values)] as const);
      const means = perModel.map(([, m]) => m);
      const stats = ensembleStats(means.map((m) => [m]), 1);
      let change: number | null = null;
      const base = baseline?.[block.scenario];
      if (base) {
        const changes = perModel.map(([model, m]) => (m === null || base[model] == null ? null : m - base[model]!));
        change = ensembleStats(changes.map((c) => [c]), 1).median[0];
      }
      rows.push({
        scenario: block.scenario,
        window: window.label,
        count: means.filter((m) => m !== null).length,
        median: round(stats.median[0], decimals),
        p10: round(stats.p10[0], decimals),
        p90: round(stats.p90[0], decimals),
        change: round(change, decimals),
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
  sample: boolean;
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
