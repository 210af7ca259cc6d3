import { ensembleStats } from "./ensemble";
import type { YearRange } from "./periods";
import type { ScenarioSeries } from "./series";

/**
 * The portal's one ensemble method for a period (a 20-year window, a baseline, a map's period): each
 * model's climatology first (its mean over the period), then the median and the 10th and 90th percentiles
 * of those climatologies across the models (the method of the World Bank Climate Change Knowledge Portal
 * and of the IPCC AR6 Atlas). A change is taken per model (its window climatology minus its own baseline
 * climatology) before the statistics across models. The explorer, the map, the comparison, the analyses,
 * the catalogue's data pages, their downloads and the API all call `windowStatistics`.
 */

/**
 * Share of a period's years a model needs for its climatology. With fewer, the model has no value for the
 * period; with no model complete, the period has none ("incomplete: 1 of 20 years"). The WMO guidance on
 * climatological normals asks for most of the period's data; 90 % is the stricter, simpler rule we apply.
 */
export const WINDOW_COMPLETENESS = 0.9;

/** One model's climatology over a period. */
export interface ModelClimatology {
  /** Mean of its values over the period; null when it has fewer than the needed years. */
  mean: number | null;
  /** Years of the period with a value (a year of monthly steps counts when all its steps have one). */
  years: number;
  /** Source id of each block the values come from (a period may join the historical run and a scenario). */
  sources: string[];
}

/** The ensemble statistics of one period. */
export interface WindowStatistics {
  period: YearRange;
  median: number | null;
  p10: number | null;
  p90: number | null;
  /** Models with a complete climatology (the ensemble size of this value). */
  count: number;
  /** Years in the period, and the most years any model has there. */
  years: number;
  yearsWithData: number;
  /** Why there is no value when some years have data, for the screens ("incomplete: 1 of 20 years"). */
  incomplete?: string;
  /** Change from the baseline: statistics of the per-model changes, when a baseline was given. */
  change?: { median: number | null; p10: number | null; p90: number | null; count: number };
  /** Source ids of the model runs the value comes from (and of their baselines). */
  sources: string[];
}

/** Decimals of a period statistic: one more than the indicator's values, on every screen and download. */
export const windowDecimals = (valueDecimals: number) => valueDecimals + 1;

/** Years a period of `years` years needs for a climatology. */
export const yearsNeeded = (years: number) => Math.ceil(years * WINDOW_COMPLETENESS - 1e-9);

/**
 * Each model's climatology over a period from blocks in time order (a period such as 1991-2020 joins the
 * historical run and a scenario: each year is taken from the first block that has it).
 */
export function modelClimatologies(blocks: readonly ScenarioSeries[], period: YearRange): Record<string, ModelClimatology> {
  const length = period.end - period.start + 1;
  const models = new Set(blocks.flatMap((b) => Object.keys(b.values)));
  const out: Record<string, ModelClimatology> = {};
  for (const model of models) {
    let sum = 0;
    let n = 0;
    let years = 0;
    const sources: string[] = [];
    for (let year = period.start; year <= period.end; year++) {
      const block = blocks.find((b) => b.values[model] && b.years.includes(year));
      if (!block) continue;
      const values = block.values[model];
      let steps = 0;
      let complete = true;
      let yearSum = 0;
      for (let i = block.years.indexOf(year); i < block.years.length && block.years[i] === year; i++) {
        steps++;
        const v = values[i];
        if (v === null || v === undefined || Number.isNaN(v)) complete = false;
        else yearSum += v;
      }
      if (!complete || steps === 0) continue;
      sum += yearSum;
      n += steps;
      years++;
      const source = block.sources[model];
      if (source && !sources.includes(source)) sources.push(source);
    }
    out[model] = { mean: years >= yearsNeeded(length) && n > 0 ? sum / n : null, years, sources };
  }
  return out;
}

const pick = (stats: ReturnType<typeof ensembleStats>) => ({ median: stats.median[0], p10: stats.p10[0], p90: stats.p90[0], count: stats.count[0] });

/**
 * The ensemble statistics of a period: per-model climatologies, then p10, median and p90 across models;
 * with `baseline` (each model's baseline climatology), also the statistics of the per-model changes.
 */
export function windowStatistics(
  blocks: readonly ScenarioSeries[],
  period: YearRange,
  baseline?: Readonly<Record<string, ModelClimatology>>,
): WindowStatistics {
  const perModel = modelClimatologies(blocks, period);
  const entries = Object.entries(perModel);
  const complete = entries.filter(([, c]) => c.mean !== null);
  const stats = pick(ensembleStats(complete.map(([, c]) => [c.mean]), 1));
  const years = period.end - period.start + 1;
  const yearsWithData = entries.reduce((max, [, c]) => Math.max(max, c.years), 0);
  const sources = new Set(complete.flatMap(([, c]) => c.sources));
  let change: WindowStatistics["change"];
  if (baseline) {
    const changes = complete.map(([model, c]) => {
      const base = baseline[model]?.mean;
      if (base === null || base === undefined) return null;
      for (const source of baseline[model].sources) sources.add(source);
      return c.mean! - base;
    });
    change = pick(ensembleStats(changes.map((c) => [c]), 1));
  }
  return {
    period,
    median: stats.median,
    p10: stats.p10,
    p90: stats.p90,
    count: complete.length,
    years,
    yearsWithData,
    ...(complete.length === 0 && yearsWithData > 0 ? { incomplete: `incomplete: ${yearsWithData} of ${years} years` } : {}),
    ...(change ? { change } : {}),
    sources: [...sources],
  };
}
