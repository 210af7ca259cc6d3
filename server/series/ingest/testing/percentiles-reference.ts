import { MIN_BASE_FRACTION, quantileType8, WINDOW_DAYS, type CellBase, type Compare } from "../percentiles";

/**
 * The straightforward implementation of the per-calendar-day thresholds and the in-base bootstrap, kept
 * beside the production one (`../percentiles`) for the equality tests and the side-by-side benchmark
 * (`bench/percentiles.ts`): each calendar day's window is gathered and sorted afresh, and each replaced-year
 * order statistic is read by walking the sorted window with year j's values weighted 0 and year k's 2.
 * Same inputs and outputs as `dayThresholds` and `inBaseRates`.
 */

const FUZZ = 4 * Number.EPSILON;

/** The window's values (sorted) and their base years, per threshold day. */
class Windows {
  readonly values: Float64Array;
  readonly years: Int32Array;
  n = 0;
  constructor(private readonly base: CellBase) {
    this.values = new Float64Array(WINDOW_DAYS * base.years);
    this.years = new Int32Array(WINDOW_DAYS * base.years);
  }
  /** Fills the window of threshold day `day`, sorted ascending. */
  load(day: number): void {
    const { years, dpy, days } = this.base;
    const half = Math.floor(WINDOW_DAYS / 2);
    const pairs: [number, number][] = [];
    for (let y = 0; y < years; y++) {
      for (let d = day - half; d <= day + half; d++) {
        const v = days[y * dpy + ((d + dpy) % dpy)];
        if (v === v) pairs.push([v, y]);
      }
    }
    pairs.sort((a, b) => a[0] - b[0]);
    this.n = pairs.length;
    for (let i = 0; i < pairs.length; i++) {
      this.values[i] = pairs[i][0];
      this.years[i] = pairs[i][1];
    }
  }
}

/** Out-of-base thresholds: `[q][day]` (NaN where the window has < 10 % of its days). */
export function referenceDayThresholds(base: CellBase, quantiles: readonly number[]): Float64Array[] {
  const out = quantiles.map(() => new Float64Array(base.dpy));
  const w = new Windows(base);
  const slab = WINDOW_DAYS * base.years;
  for (let day = 0; day < base.dpy; day++) {
    w.load(day);
    quantiles.forEach((q, k) => {
      out[k][day] = w.n / slab < MIN_BASE_FRACTION ? NaN : quantileType8(w.n, q, (i) => w.values[i]);
    });
  }
  return out;
}

/** In-base exceedance rates (Zhang et al. 2005), as `inBaseRates`. */
export function referenceInBaseRates(base: CellBase, quantiles: readonly number[], compare: readonly Compare[]): { days: Float64Array; feb29: Float64Array }[] {
  const { years, dpy } = base;
  const out = quantiles.map(() => ({ days: new Float64Array(years * dpy), feb29: new Float64Array(years).fill(NaN) }));
  const w = new Windows(base);
  const slab = WINDOW_DAYS * years;
  const perYear = new Int32Array(years);
  const hits = new Float64Array(quantiles.length);
  const hits29 = new Float64Array(quantiles.length);
  const pair = new Float64Array(2);
  for (let day = 0; day < dpy; day++) {
    w.load(day);
    const { values, years: of, n } = w;
    perYear.fill(0);
    for (let i = 0; i < n; i++) perYear[of[i]]++;
    for (let j = 0; j < years; j++) {
      const x = base.days[j * dpy + day];
      const x29 = day === 58 ? base.feb29[j] : NaN;
      hits.fill(0);
      hits29.fill(0);
      for (let k = 0; k < years; k++) {
        if (k === j) continue;
        const size = n - perYear[j] + perYear[k];
        if (size / slab < MIN_BASE_FRACTION) continue;
        for (let m = 0; m < quantiles.length; m++) {
          // quantile type 8 of the sample without year j and with year k twice (as quantileType8)
          let t: number;
          if (size === 1) t = replacedOrder(values, of, n, j, k, size, 0, pair);
          else {
            const nppm = 1 / 3 + quantiles[m] * (size + 1 / 3) - 1;
            const lo = Math.floor(nppm + FUZZ);
            const h = Math.abs(nppm - lo) <= FUZZ ? 0 : nppm - lo;
            const left = Math.max(0, Math.min(lo, size - 1));
            const right = Math.max(0, Math.min(lo + 1, size - 1));
            replacedOrder(values, of, n, j, k, size, left, pair);
            t = h === 0 ? pair[0] : (1 - h) * pair[0] + h * (right === left ? pair[0] : pair[1]);
          }
          const above = compare[m] === ">";
          if (above ? x > t : x < t) hits[m]++;
          if (above ? x29 > t : x29 < t) hits29[m]++;
        }
      }
      for (let m = 0; m < quantiles.length; m++) {
        out[m].days[j * dpy + day] = x === x ? hits[m] / (years - 1) : NaN;
        if (day === 58) out[m].feb29[j] = x29 === x29 ? hits29[m] / (years - 1) : NaN;
      }
    }
  }
  return out;
}

/**
 * The order statistics `index` and `index + 1` (into `pair`; NaN beyond the sample) of the sorted window
 * `values` (years `of`) with year `j` left out and year `k` counted twice, `size` values in all, read from
 * the nearer end. Returns `pair[0]`.
 */
function replacedOrder(values: Float64Array, of: Int32Array, n: number, j: number, k: number, size: number, index: number, pair: Float64Array): number {
  pair[0] = pair[1] = NaN;
  let seen = 0;
  if (index < size / 2) {
    for (let i = 0; i < n; i++) {
      const weight = of[i] === j ? 0 : of[i] === k ? 2 : 1;
      const next = seen + weight; // values[i] holds positions seen .. next - 1
      if (seen <= index && index < next) pair[0] = values[i];
      if (seen <= index + 1 && index + 1 < next) {
        pair[1] = values[i];
        return pair[0];
      }
      seen = next;
    }
    return pair[0];
  }
  // from the top: position p is size - 1 - p from the top
  const top0 = size - 1 - index;
  const top1 = top0 - 1;
  for (let i = n - 1; i >= 0; i--) {
    const weight = of[i] === j ? 0 : of[i] === k ? 2 : 1;
    const next = seen + weight;
    if (seen <= top1 && top1 < next) pair[1] = values[i];
    if (seen <= top0 && top0 < next) {
      pair[0] = values[i];
      return pair[0];
    }
    seen = next;
  }
  return pair[0];
}
