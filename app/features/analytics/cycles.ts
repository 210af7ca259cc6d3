import { ensembleStats } from "../cmip6/ensemble";
import { signAgreement, type Agreement } from "../cmip6/windows";
import type { ScenarioSeries } from "../cmip6/series";

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
