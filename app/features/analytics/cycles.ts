import { ensembleStats } from "../cmip6/ensemble";
import type { ScenarioSeries } from "../cmip6/series";
import { extraterrestrialRadiation, hargreavesPet, MID_MONTH_DAY, temperatureHumidityIndex } from "./compute";

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
function cycleStats(perModel: Record<string, (number | null)[]>): MonthStats[] {
  const stats = ensembleStats(Object.values(perModel), 12);
  return stats.median.map((median, m) => ({ month: m + 1, median, p10: stats.p10[m], p90: stats.p90[m] }));
}

/** Mean temperature-humidity index per calendar month from monthly maximum temperature and humidity. */
export function thiCycle(tasmax: ScenarioSeries, hurs: ScenarioSeries): MonthStats[] {
  return cycleStats(
    monthlyMeans([tasmax, hurs], ([t, rh]) => (t === null || rh === null ? null : temperatureHumidityIndex(t, rh))),
  );
}

/** Mean of one variable per calendar month. */
export function variableCycle(block: ScenarioSeries): MonthStats[] {
  return cycleStats(monthlyMeans([block], ([v]) => v));
}

/** Hargreaves potential evapotranspiration (mm/day) per calendar month from monthly tas, tasmax and tasmin. */
export function petCycle(tas: ScenarioSeries, tasmax: ScenarioSeries, tasmin: ScenarioSeries, latitude: number): MonthStats[] {
  const ra = MID_MONTH_DAY.map((day) => extraterrestrialRadiation(latitude, day));
  return cycleStats(
    monthlyMeans([tas, tasmax, tasmin], ([t, tx, tn], month) => (t === null || tx === null || tn === null ? null : hargreavesPet(t, tx, tn, ra[month - 1]))),
  );
}

/** Precipitation minus PET per calendar month, per model, then across models. */
export function waterBalanceCycle(pr: ScenarioSeries, tas: ScenarioSeries, tasmax: ScenarioSeries, tasmin: ScenarioSeries, latitude: number): MonthStats[] {
  const ra = MID_MONTH_DAY.map((day) => extraterrestrialRadiation(latitude, day));
  return cycleStats(
    monthlyMeans([pr, tas, tasmax, tasmin], ([p, t, tx, tn], month) =>
      p === null || t === null || tx === null || tn === null ? null : p - hargreavesPet(t, tx, tn, ra[month - 1]),
    ),
  );
}
