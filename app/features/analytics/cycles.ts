import type { BandPoint } from "../cmip6/charts/specs";
import { ensembleStats } from "../cmip6/ensemble";
import { MONTH_NAMES } from "../cmip6/periods";
import { signAgreement, type Agreement } from "../cmip6/windows";
import type { ScenarioSeries } from "../cmip6/series";

/** Month labels of the cycle charts and tables ("Jan" … "Dec"). */
export const MONTHS = MONTH_NAMES.map((m) => m.slice(0, 3));

/** Per model and calendar month, the mean over the years of a monthly block of `f` applied to each step. */
function monthlyMeans(blocks: readonly ScenarioSeries[], f: (values: (number | null)[], month: number) => number | null): Record<string, (number | null)[]> {
  const [first] = blocks;
  const out: Record<string, (number | null)[]> = {};
  for (const model of Object.keys(first.values)) {
    if (!blocks.every((b) => b.values[model])) continue;
    const sums = new Array(12).fill(0);
    const counts = new Array(12).fill(0);
    first.years.forEach((_, i) => {
      const month = first.months?.[i];
      if (!month) return;
      const v = f(blocks.map((b) => b.values[model][i]), month);
      if (v !== null && !Number.isNaN(v)) {
        sums[month - 1] += v;
        counts[month - 1]++;
      }
    });
    out[model] = sums.map((s, m) => (counts[m] ? s / counts[m] : null));
  }
  return out;
}

export interface MonthStats {
  month: number;
  median: number | null;
  p10: number | null;
  p90: number | null;
}

/** Ensemble median and p10-p90 per calendar month of per-model monthly means. */
export function cycleStats(perModel: Record<string, (number | null)[]>): MonthStats[] {
  const stats = ensembleStats(Object.values(perModel), 12);
  return stats.median.map((median, m) => ({ month: m + 1, median, p10: stats.p10[m], p90: stats.p90[m] }));
}

/** Band points of monthly cycles, one series per label (period). */
export const cyclePoints = (label: string, cycle: readonly MonthStats[]): BandPoint[] =>
  cycle.map((c) => ({ scenario: label, x: MONTHS[c.month - 1], median: c.median, p10: c.p10, p90: c.p90 }));

/**
 * Sign agreement of the models' changes between two sets of per-model cycles, each cycle reduced to one
 * number by `reduce` (a month's value, an annual total): the models that have both (IPCC AR6 simple
 * approach, `signAgreement`).
 */
export function cycleChangeAgreement(
  base: Readonly<Record<string, (number | null)[]>>,
  future: Readonly<Record<string, (number | null)[]>>,
  reduce: (cycle: (number | null)[]) => number | null,
): Agreement | null {
  const changes = Object.keys(future)
    .filter((m) => base[m])
    .map((m) => {
      const [b, f] = [reduce(base[m]), reduce(future[m])];
      return b === null || f === null ? null : f - b;
    });
  return signAgreement(changes);
}

/** Mean of one variable per calendar month. */
export function variableCycle(block: ScenarioSeries): MonthStats[] {
  return cycleStats(variableModelCycles(block));
}

/** Each model's mean of one variable per calendar month. */
export const variableModelCycles = (block: ScenarioSeries) => monthlyMeans([block], ([v]) => v);

/**
 * Each model's precipitation minus potential evapotranspiration (mm/day) per calendar month, from its
 * monthly `pr` and `pet` series (the same steps): the months where both have a value.
 */
export function waterBalanceModelCycles(pr: ScenarioSeries, pet: ScenarioSeries): Record<string, (number | null)[]> {
  return monthlyMeans([pr, pet], ([p, e]) => (p === null || e === null ? null : p - e));
}
