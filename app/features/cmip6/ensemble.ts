/**
 * Ensemble statistics across climate models, per time step. Shared by the series API and by screens that
 * recompute them for a subset of models.
 */

/** Statistics of the models' values at each time step; null where no model has a value. */
export interface EnsembleStats {
  median: (number | null)[];
  p10: (number | null)[];
  p90: (number | null)[];
  mean: (number | null)[];
  /** Models with a value at that step. */
  count: number[];
}

/**
 * The p-quantile (0 <= p <= 1) of the first `n` values of an ascending array, linearly interpolated between
 * the closest ranks (Hyndman and Fan type 7, the default of R and NumPy).
 */
export function quantileSorted(sorted: ArrayLike<number>, p: number, n = sorted.length): number {
  if (n === 0) return NaN;
  const h = (n - 1) * Math.min(1, Math.max(0, p));
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, n - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

const isValue = (v: number | null | undefined): v is number => v !== null && v !== undefined && !Number.isNaN(v);

/**
 * Median, 10th and 90th percentiles, mean and count of the members at each step. Members are per-model
 * series of equal length (a shorter one counts as missing at the steps it lacks); null, undefined and NaN
 * are missing values. Percentiles are linearly interpolated (`quantileSorted`).
 */
export function ensembleStats(members: readonly ArrayLike<number | null>[], length?: number): EnsembleStats {
  const steps = length ?? members.reduce((max, m) => Math.max(max, m.length), 0);
  const stats: EnsembleStats = {
    median: new Array(steps),
    p10: new Array(steps),
    p90: new Array(steps),
    mean: new Array(steps),
    count: new Array(steps),
  };
  const column = new Float64Array(members.length);
  for (let t = 0; t < steps; t++) {
    let n = 0;
    let sum = 0;
    for (const member of members) {
      const v = t < member.length ? member[t] : null;
      if (isValue(v)) {
        column[n++] = v;
        sum += v;
      }
    }
    stats.count[t] = n;
    if (n === 0) {
      stats.median[t] = stats.p10[t] = stats.p90[t] = stats.mean[t] = null;
      continue;
    }
    const sorted = column.subarray(0, n).sort();
    stats.median[t] = quantileSorted(sorted, 0.5);
    stats.p10[t] = quantileSorted(sorted, 0.1);
    stats.p90[t] = quantileSorted(sorted, 0.9);
    stats.mean[t] = sum / n;
  }
  return stats;
}
