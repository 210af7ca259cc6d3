import { ensembleStats } from "../cmip6/ensemble";
import type { ScenarioSeries, SeriesResponse } from "../cmip6/series";
import type { PeriodChoice } from "../cmip6/windows";
import { modelWindowValues } from "./windowValues";

/**
 * Drought frequency from monthly SPI or SPEI answers: the share of months with the index at or below a
 * class threshold (McKee et al. 1993: -1 moderately dry or worse, -1.5 severely), per model first, then the
 * median and 10th-90th percentiles across the models (the ensemble method of docs/methods.md).
 */

export interface ShareSummary {
  median: number | null;
  p10: number | null;
  p90: number | null;
  /** Models with a value. */
  count: number;
}

/** Share (%) of the values with a value that are at or below `threshold`; null without values. */
export function shareAtOrBelow(values: readonly (number | null)[], threshold: number): number | null {
  let n = 0;
  let dry = 0;
  for (const v of values) {
    if (v === null || Number.isNaN(v)) continue;
    n++;
    if (v <= threshold) dry++;
  }
  return n === 0 ? null : (100 * dry) / n;
}

/**
 * Each model's share (%) of the window's months at or below `threshold`: historical months from the
 * historical block, later ones from the scenario's. A window per model (a warming level) takes each model's
 * own years and leaves out models without one.
 */
export function modelShares(data: Pick<SeriesResponse, "series">, scenario: string, window: PeriodChoice, threshold: number): Record<string, number | null> {
  const blocks = data.series.filter((b) => b.scenario === "historical" || b.scenario === scenario);
  const out: Record<string, number | null> = {};
  for (const [model, { values }] of Object.entries(modelWindowValues(blocks, window))) out[model] = shareAtOrBelow(values, threshold);
  return out;
}

/** Median and p10-p90 across models of `modelShares`. */
export function windowShares(data: Pick<SeriesResponse, "series">, scenario: string, window: PeriodChoice, threshold: number): ShareSummary {
  const stats = ensembleStats(Object.values(modelShares(data, scenario, window, threshold)).map((v) => [v]), 1);
  return { median: stats.median[0], p10: stats.p10[0], p90: stats.p90[0], count: stats.count[0] };
}

/**
 * Per block and year, each model's share (%) of the year's months at or below `threshold`, with the
 * median and p10-p90 across models: annual blocks for a band chart of a monthly answer.
 */
export function yearlyShareBlocks(data: Pick<SeriesResponse, "series">, threshold: number): ScenarioSeries[] {
  return data.series.map((b) => {
    const years = [...new Set(b.years)];
    const slot = new Map(years.map((y, k) => [y, k]));
    const values: Record<string, (number | null)[]> = {};
    for (const [model, own] of Object.entries(b.values)) {
      const n = new Array<number>(years.length).fill(0);
      const dry = new Array<number>(years.length).fill(0);
      own.forEach((v, i) => {
        if (v === null || Number.isNaN(v)) return;
        const k = slot.get(b.years[i])!;
        n[k]++;
        if (v <= threshold) dry[k]++;
      });
      values[model] = n.map((count, k) => (count === 0 ? null : (100 * dry[k]) / count));
    }
    const stats = ensembleStats(Object.values(values), years.length);
    return { scenario: b.scenario, years, values, stats, sources: b.sources };
  });
}
