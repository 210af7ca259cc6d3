import { ensembleStats } from "../cmip6/ensemble";
import { linearTrend } from "./compute";

/**
 * Trends by Sen's slope with the Mann-Kendall test, and linear detrending for variability. Pure; missing
 * values (null, undefined, NaN) are skipped.
 *
 * - Sen's slope: the median of the slopes between every pair of values (Sen 1968).
 * - Mann-Kendall: S = Σ sign(y_j − y_i) over i < j in time order (Mann 1945; Kendall 1975), its variance
 *   with the correction for ties, Var S = [n(n−1)(2n+5) − Σ t(t−1)(2t+5)] / 18 over the groups of t equal
 *   values (Kendall 1975; Hirsch et al. 1982), Z = (S − 1)/√Var for S > 0, (S + 1)/√Var for S < 0 and 0
 *   for S = 0 (continuity correction), and the two-sided p from the normal distribution.
 * - Rule: fewer than `MK_MIN_N` values (after skipping missing ones) give no test and no trend.
 */

type Num = number | null | undefined;
const isNum = (v: Num): v is number => v !== null && v !== undefined && !Number.isNaN(v);

/** Fewest values for the Mann-Kendall test: below about 8 the normal approximation of S does not hold. */
export const MK_MIN_N = 8;

/** Two-sided level at which a trend counts as significant. */
export const SIGNIFICANCE_LEVEL = 0.05;

/** The references as the screens and downloads cite them. */
export const TREND_REFERENCES = "Sen (1968); Mann (1945); Kendall (1975); Hirsch et al. (1982)";

/**
 * The complementary error function, accurate to about 1e-15 relative: for |x| < 1.5 by erf's series
 * erf(x) = 2/√π · e^(−x²) · Σ 2ⁿ x^(2n+1) / (1·3·…·(2n+1)) (all terms positive, no cancellation), beyond by
 * the continued fraction erfc(x) = e^(−x²)/√π · 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + …)))).
 */
export function erfc(x: number): number {
  if (Number.isNaN(x)) return NaN;
  if (x < 0) return 2 - erfc(-x);
  if (x < 1.5) {
    let term = x;
    let sum = x;
    for (let n = 1; n < 200; n++) {
      term *= (2 * x * x) / (2 * n + 1);
      sum += term;
      if (term < sum * 1e-17) break;
    }
    return 1 - ((2 / Math.sqrt(Math.PI)) * Math.exp(-x * x) * sum);
  }
  if (x > 27) return 0;
  let k = x;
  for (let n = 200; n >= 1; n--) k = x + n / 2 / k;
  return Math.exp(-x * x) / (Math.sqrt(Math.PI) * k);
}

/** The standard normal distribution function Φ(z). */
export const normalCdf = (z: number) => 0.5 * erfc(-z / Math.SQRT2);

/**
 * Sen's slope: the median of (y_j − y_i)/(x_j − x_i) over the pairs of values with x_i ≠ x_j; null with fewer
 * than two. The slopes go into one typed array and are sorted natively: a page's trends are tens of models
 * times several series of about 150 years, some ten thousand pairs each.
 */
export function senSlope(xs: readonly number[], ys: readonly Num[]): number | null {
  const px: number[] = [];
  const py: number[] = [];
  xs.forEach((x, i) => {
    const y = ys[i];
    if (isNum(y) && isNum(x)) px.push(x), py.push(y);
  });
  const n = px.length;
  const slopes = new Float64Array((n * (n - 1)) / 2);
  let count = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const dx = px[j] - px[i];
      if (dx !== 0) slopes[count++] = (py[j] - py[i]) / dx;
    }
  }
  if (count === 0) return null;
  const sorted = slopes.subarray(0, count).sort();
  const mid = count >> 1;
  // + 0 turns a median of −0 into 0
  return (count % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2) + 0;
}

export interface MannKendall {
  /** Kendall's S. */
  s: number;
  /** Variance of S under no trend, corrected for ties. */
  variance: number;
  /** Standardised S with the continuity correction. */
  z: number;
  /** Two-sided p from the normal approximation (1 when the variance is zero: a constant series). */
  p: number;
  /** Values the test used. */
  n: number;
}

/** The Mann-Kendall test of values in time order (missing values skipped); null with fewer than `MK_MIN_N`. */
export function mannKendall(ys: readonly Num[]): MannKendall | null {
  const v = ys.filter(isNum);
  const n = v.length;
  if (n < MK_MIN_N) return null;
  let s = 0;
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) s += Math.sign(v[j] - v[i]);
  const counts = new Map<number, number>();
  for (const x of v) counts.set(x, (counts.get(x) ?? 0) + 1);
  let ties = 0;
  for (const t of counts.values()) ties += t * (t - 1) * (2 * t + 5);
  const variance = (n * (n - 1) * (2 * n + 5) - ties) / 18;
  if (variance <= 0) return { s, variance: 0, z: 0, p: 1, n };
  const z = s > 0 ? (s - 1) / Math.sqrt(variance) : s < 0 ? (s + 1) / Math.sqrt(variance) : 0;
  return { s, variance, z, p: Math.min(1, erfc(Math.abs(z) / Math.SQRT2)), n };
}

/**
 * Values with their least-squares line over `xs` removed and their mean added back, so the spread is the
 * year-to-year variability around the trend and the mean (for a coefficient of variation) is unchanged.
 * Missing values stay missing; with fewer than three values every value is missing (no line to fit).
 */
export function detrend(xs: readonly number[], ys: readonly Num[]): (number | null)[] {
  const slope = linearTrend(xs, ys);
  if (slope === null) return ys.map(() => null);
  let sx = 0;
  let sy = 0;
  let n = 0;
  xs.forEach((x, i) => {
    const y = ys[i];
    if (isNum(y)) (sx += x), (sy += y), n++;
  });
  const mx = sx / n;
  const my = sy / n;
  return ys.map((y, i) => (isNum(y) ? y - (my + slope * (xs[i] - mx)) + my : null));
}

/** One series' trend: Sen's slope per decade and the Mann-Kendall test; null fields below `MK_MIN_N` values. */
export interface SeriesTrend {
  slopePerDecade: number | null;
  p: number | null;
  /** +1 rising, −1 falling, 0 none (the sign of S). */
  sign: 1 | -1 | 0;
  significant: boolean;
}

export function seriesTrend(xs: readonly number[], ys: readonly Num[]): SeriesTrend {
  const test = mannKendall(ys);
  const slope = test ? senSlope(xs, ys) : null;
  const sign = !test || test.s === 0 ? 0 : test.s > 0 ? 1 : -1;
  return { slopePerDecade: slope === null ? null : slope * 10, p: test?.p ?? null, sign, significant: test !== null && test.p < SIGNIFICANCE_LEVEL };
}

/** The trends of an ensemble over a period: per model, then across models (the portal's ensemble statistics). */
export interface EnsembleTrend {
  period: { start: number; end: number };
  models: Record<string, SeriesTrend>;
  /** Median and 10th-90th percentiles of the models' Sen slopes, per decade. */
  median: number | null;
  p10: number | null;
  p90: number | null;
  /** Models with a trend (at least `MK_MIN_N` values in the period). */
  count: number;
  /** Sen's slope per decade and Mann-Kendall p of the ensemble median series. */
  medianSeries: SeriesTrend;
  /** Models whose trend is significant at 5 %, and how many of them rise and fall. */
  significant: number;
  rising: number;
  falling: number;
}

/**
 * Per model, Sen's slope and the Mann-Kendall test over the years of `period` (each model's values in
 * `values`, one per year of `years`); the median and p10-p90 of the slopes across models; the trend of the
 * median series; the models significant at 5 % by direction.
 */
export function ensembleTrend(years: readonly number[], values: Readonly<Record<string, readonly Num[]>>, period: { start: number; end: number }): EnsembleTrend {
  const index = years.map((y, i) => [y, i] as const).filter(([y]) => y >= period.start && y <= period.end);
  const xs = index.map(([y]) => y);
  const series = Object.fromEntries(Object.entries(values).map(([m, v]) => [m, index.map(([, i]) => (isNum(v[i]) ? v[i]! : null))]));
  const models: Record<string, SeriesTrend> = {};
  for (const [m, v] of Object.entries(series)) models[m] = seriesTrend(xs, v);
  const withTrend = Object.values(models).filter((t) => t.slopePerDecade !== null);
  const stats = ensembleStats(
    withTrend.map((t) => [t.slopePerDecade]),
    1,
  );
  const median = ensembleStats(Object.values(series), xs.length).median;
  const significant = withTrend.filter((t) => t.significant);
  return {
    period: { ...period },
    models,
    median: stats.median[0],
    p10: stats.p10[0],
    p90: stats.p90[0],
    count: withTrend.length,
    medianSeries: seriesTrend(xs, median),
    significant: significant.length,
    rising: significant.filter((t) => t.sign > 0).length,
    falling: significant.filter((t) => t.sign < 0).length,
  };
}

/** "24 of 35 models significant at 5 %, all rising" (or "20 rising, 4 falling"). */
export function significanceText(t: Pick<EnsembleTrend, "significant" | "rising" | "falling" | "count">): string {
  const share = `${t.significant} of ${t.count} models significant at 5 %`;
  if (t.significant === 0) return share;
  const direction = t.falling === 0 ? "all rising" : t.rising === 0 ? "all falling" : `${t.rising} rising, ${t.falling} falling`;
  return `${share}, ${t.significant === 1 ? direction.replace("all ", "") : direction}`;
}

/** The rule as method notes and download headers state it. */
export const TREND_METHOD = `Trends are Sen's slope (the median of the slopes between all pairs of years) per decade, per model, with the two-sided Mann-Kendall test at 5 % (variance of S corrected for tied values, continuity correction, normal approximation; a model needs at least ${MK_MIN_N} years with values); the value shown is the median of the models' slopes with the 10th-90th percentiles across models, and the share of models whose trend is significant. The Sen slope and p of the ensemble median series are in the download. References: ${TREND_REFERENCES}.`;

export const DETRENDED_METHOD =
  "Detrended variability: in each model's series, a least-squares straight line over each 20-year window (at a warming level, over the model's own window) is removed and the mean added back before the standard deviation (sample, n − 1) and the coefficient of variation are taken; then the median across models. Raw values keep the trend, so under strong warming they include the forced change as variability.";
