import type { ScenarioSeries } from "../cmip6/series";
import type { PeriodChoice } from "../cmip6/windows";

/**
 * Each model's values over its period of `choice` (its own window at a warming level; a model without one
 * is left out), step by step in block order with the year of each step; a step an earlier block already gave
 * (the same year, and month in a monthly block) is not taken again, and a block without the model gives
 * nulls. `models` defaults to every model of the blocks. For statistics other than the mean climatology
 * (variability, shares of months), which are then taken per model before the statistics across models.
 */
export function modelWindowValues(
  blocks: readonly ScenarioSeries[],
  choice: PeriodChoice,
  models: readonly string[] = [...new Set(blocks.flatMap((b) => Object.keys(b.values)))],
): Record<string, { years: number[]; values: (number | null)[] }> {
  const out: Record<string, { years: number[]; values: (number | null)[] }> = {};
  for (const model of models) {
    // the fixed period, or the model's own window (as `windowStatistics` reads a choice)
    const period = "byModel" in choice ? choice.byModel[model] : choice;
    if (!period) continue;
    const taken = new Set<number>();
    const years: number[] = [];
    const values: (number | null)[] = [];
    for (const b of blocks) {
      b.years.forEach((y, i) => {
        const step = b.months ? y * 12 + b.months[i] : y;
        if (y < period.start || y > period.end || taken.has(step)) return;
        taken.add(step);
        years.push(y);
        values.push(b.values[model]?.[i] ?? null);
      });
    }
    out[model] = { years, values };
  }
  return out;
}
