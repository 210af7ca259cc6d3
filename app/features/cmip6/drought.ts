/**
 * Standardised drought indices from monthly series: SPI (McKee et al. 1993; WMO-No. 1090, 2012) and SPEI
 * (Vicente-Serrano et al. 2010; Beguería et al. 2014) at 1, 3, 6 and 12-month scales, fitted per calendar
 * month over a 30-year reference period. Pure functions, no I/O: the series service and the ingest use them
 * alike. The methods and their references are in `docs/methods.md` ("SPI and SPEI").
 *
 * A monthly series here starts in January of `startYear`: index i is month i % 12 of year
 * startYear + floor(i / 12). Missing months are NaN.
 */

import type { YearRange } from "./periods";
import { DROUGHT_SCALES, isDroughtScale, type DroughtScale } from "./droughtQuery";

/** Reference period the distributions are fitted over by default (the last 30 historical years of CMIP6). */
export const DEFAULT_DROUGHT_REFERENCE: Readonly<YearRange & { label: string }> = { start: 1985, end: 2014, label: "1985-2014" };

/** Fewest reference years with a value a calendar month needs for a fit (WMO-No. 1090: at least 30). */
export const DROUGHT_MIN_REFERENCE_YEARS = 30;

/**
 * Indices are bounded at ±3.09 (the normal quantile of 0.001 and 0.999), as climate_indices bounds them: a
 * value the fitted distribution puts at probability 0 or 1 (a zero month in a calendar month that had no
 * zeros in the reference, or a water balance beyond the log-logistic's bound) reads as the bound, not ±∞.
 */
export const DROUGHT_INDEX_LIMIT = 3.09;


/** The index's classes (McKee et al. 1993): moderately dry or worse at -1, severely at -1.5. */
export const DROUGHT_CLASSES = { moderate: -1, severe: -1.5 } as const;

/**
 * How monthly mean rates (mm/day) become the monthly totals the indices sum: the calendar rule, as the method
 * statements give it.
 */
export const MONTHLY_TOTALS_RULE =
  "monthly totals are the monthly mean rate (mm/day) times the true days of each month in the model run's own CF " +
  "calendar (standard/gregorian, proleptic_gregorian, julian: 29 days in a leap February; noleap/365_day: 28; " +
  "all_leap/366_day: 29; 360_day: 30-day months); sample series use the generator's 365-day (noleap) calendar";

/** Method statements for screens and downloads. */
export const DROUGHT_METHODS = {
  spi: {
    name: "Standardized Precipitation Index (SPI)",
    cite: "McKee et al. 1993; WMO-No. 1090",
    distribution: "gamma with a probability of zero (per calendar month)",
    fitting: "maximum likelihood with Thom's (1958) approximation of the shape",
    method:
      `Precipitation summed over the scale (1, 3, 6 or 12 months; ${MONTHLY_TOTALS_RULE}); per calendar month a gamma ` +
      "distribution fitted to the " +
      "non-zero sums of the reference period by maximum likelihood with Thom's (1958) approximation of the shape, mixed " +
      "with the share q of zero sums: H(x) = q + (1 - q) G(x); SPI = inverse standard normal of H(x), bounded at ±3.09. " +
      "A calendar month with fewer than 30 reference years has no value.",
    references: [
      "McKee, T.B., Doesken, N.J. and Kleist, J. (1993): The relationship of drought frequency and duration to time scales. 8th Conference on Applied Climatology, AMS, 179-184.",
      "WMO (2012): Standardized Precipitation Index User Guide (M. Svoboda, M. Hayes and D. Wood). WMO-No. 1090.",
      "Thom, H.C.S. (1958): A note on the gamma distribution. Monthly Weather Review 86, 117-122.",
    ],
  },
  spei: {
    name: "Standardized Precipitation-Evapotranspiration Index (SPEI)",
    cite: "Vicente-Serrano et al. 2010; Beguería et al. 2014",
    distribution: "three-parameter log-logistic (per calendar month)",
    fitting: "unbiased probability-weighted moments (L-moments)",
    method:
      "Climatic water balance (precipitation minus potential evapotranspiration) summed over the scale (1, 3, 6 or 12 " +
      `months; ${MONTHLY_TOTALS_RULE}); per calendar month a three-parameter log-logistic distribution fitted to the ` +
      "reference period's sums by " +
      "unbiased probability-weighted moments (L-moments); SPEI = inverse standard normal of its distribution function, " +
      "bounded at ±3.09. A calendar month with fewer than 30 reference years has no value.",
    references: [
      "Vicente-Serrano, S.M., Beguería, S. and López-Moreno, J.I. (2010): A multiscalar drought index sensitive to global warming: the Standardized Precipitation Evapotranspiration Index. Journal of Climate 23, 1696-1718.",
      "Beguería, S., Vicente-Serrano, S.M., Reig, F. and Latorre, B. (2014): Standardized precipitation evapotranspiration index (SPEI) revisited: parameter fitting, evapotranspiration models, tools, datasets and drought monitoring. International Journal of Climatology 34, 3001-3023.",
      "Hosking, J.R.M. (1990): L-moments: analysis and estimation of distributions using linear combinations of order statistics. Journal of the Royal Statistical Society B 52, 105-124.",
    ],
  },
} as const;

// ---------------------------------------------------------------------------------------------------------
// Accumulation

/**
 * Running sums over `scale` months: value i is the sum of months i - scale + 1 ... i. NaN for the first
 * scale - 1 months and for every sum that includes a missing (NaN) month.
 */
export function accumulate(monthly: ArrayLike<number>, scale: DroughtScale): Float64Array {
  if (!isDroughtScale(scale)) throw new RangeError(`Unknown accumulation scale ${String(scale)}: one of ${DROUGHT_SCALES.join(", ")}`);
  const n = monthly.length;
  const out = new Float64Array(n).fill(NaN);
  for (let i = scale - 1; i < n; i++) {
    // summed afresh each time: a running total would carry a NaN or rounding drift along the series
    let sum = 0;
    for (let k = i - scale + 1; k <= i; k++) sum += monthly[k];
    out[i] = sum;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Special functions

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
  -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0 (Lanczos approximation, g = 7, n = 9; relative error about 1e-15). */
export function lnGamma(x: number): number {
  if (!(x > 0)) return NaN;
  if (x < 0.5) {
    // reflection: Γ(x) Γ(1 - x) = π / sin(πx)
    return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  }
  const z = x - 1;
  let sum = LANCZOS[0];
  for (let k = 1; k < LANCZOS.length; k++) sum += LANCZOS[k] / (z + k);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

const GAMMA_EPS = 1e-15;
const GAMMA_MAX_ITERATIONS = 100_000;
const TINY = 1e-300;

/**
 * Regularised lower incomplete gamma function P(a, x) = γ(a, x) / Γ(a): its power series below x = a + 1,
 * one minus the continued fraction of Q(a, x) (modified Lentz) above (the scheme of Numerical Recipes'
 * gammp).
 */
export function regularizedGammaP(a: number, x: number): number {
  if (!(a > 0) || Number.isNaN(x)) return NaN;
  if (x <= 0) return 0;
  if (x === Infinity) return 1;
  const logPrefix = a * Math.log(x) - x - lnGamma(a);
  if (x < a + 1) {
    // Σ x^n / (a (a+1) ... (a+n))
    let ap = a;
    let term = 1 / a;
    let sum = term;
    for (let n = 0; n < GAMMA_MAX_ITERATIONS; n++) {
      ap += 1;
      term *= x / ap;
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * GAMMA_EPS) break;
    }
    return Math.min(1, sum * Math.exp(logPrefix));
  }
  // Q(a, x) = e^-x x^a / Γ(a) · 1 / (x + 1 - a - 1(1-a) / (x + 3 - a - 2(2-a) / (x + 5 - a - ...)))
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < GAMMA_MAX_ITERATIONS; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < GAMMA_EPS) break;
  }
  return Math.max(0, 1 - Math.exp(logPrefix) * h);
}

const horner = (coefficients: readonly number[], x: number) => {
  let value = 0;
  for (let k = coefficients.length - 1; k >= 0; k--) value = value * x + coefficients[k];
  return value;
};

// Wichura (1988), algorithm AS 241 (PPND16): coefficients in increasing powers
const AS241_A = [
  3.387132872796366608, 133.14166789178437745, 1971.5909503065514427, 13731.693765509461125, 45921.953931549871457,
  67265.770927008700853, 33430.575583588128105, 2509.0809287301226727,
];
const AS241_B = [
  1, 42.313330701600911252, 687.1870074920579083, 5394.1960214247511077, 21213.794301586595867, 39307.89580009271061,
  28729.085735721942674, 5226.495278852854561,
];
const AS241_C = [
  1.42343711074968357734, 4.6303378461565452959, 5.7694972214606914055, 3.64784832476320460504, 1.27045825245236838258,
  0.24178072517745061177, 0.0227238449892691845833, 7.7454501427834140764e-4,
];
const AS241_D = [
  1, 2.05319162663775882187, 1.6763848301838038494, 0.68976733498510000455, 0.14810397642748007459, 0.0151986665636164571966,
  5.475938084995344946e-4, 1.05075007164441684324e-9,
];
const AS241_E = [
  6.6579046435011037772, 5.4637849111641143699, 1.7848265399172913358, 0.29656057182850489123, 0.026532189526576123093,
  0.0012426609473880784386, 2.71155556874348757815e-5, 2.01033439929228813265e-7,
];
const AS241_F = [
  1, 0.59983220655588793769, 0.13692988092273580531, 0.0148753612908506148525, 7.868691311456132591e-4,
  1.8463183175100546818e-5, 1.4215117583164458887e-7, 2.04426310338993978564e-15,
];

/** Standard normal quantile Φ⁻¹(p) (Wichura 1988, AS 241; relative error about 1e-16). ±∞ at 0 and 1. */
export function normalQuantile(p: number): number {
  if (Number.isNaN(p) || p < 0 || p > 1) return NaN;
  if (p === 0) return -Infinity;
  if (p === 1) return Infinity;
  const q = p - 0.5;
  if (Math.abs(q) <= 0.425) {
    const r = 0.180625 - q * q;
    return (q * horner(AS241_A, r)) / horner(AS241_B, r);
  }
  let r = Math.sqrt(-Math.log(q < 0 ? p : 1 - p));
  let value: number;
  if (r <= 5) {
    r -= 1.6;
    value = horner(AS241_C, r) / horner(AS241_D, r);
  } else {
    r -= 5;
    value = horner(AS241_E, r) / horner(AS241_F, r);
  }
  return q < 0 ? -value : value;
}

/** Φ⁻¹(p) bounded at ±DROUGHT_INDEX_LIMIT. */
function boundedIndex(p: number): number {
  const z = normalQuantile(p);
  if (Number.isNaN(z)) return NaN;
  return Math.max(-DROUGHT_INDEX_LIMIT, Math.min(DROUGHT_INDEX_LIMIT, z));
}

// ---------------------------------------------------------------------------------------------------------
// Gamma distribution with a probability of zero (SPI)

export interface GammaFit {
  /** Shape. */
  alpha: number;
  /** Scale, in the unit of the sums. */
  beta: number;
  /** Share of zero sums in the reference sample. */
  q: number;
  /** Reference values the fit used, zeros included. */
  n: number;
}

export type FitFailure = "all-zero" | "too-few-non-zero" | "no-variation" | "invalid-l-moments";

/** Fewest non-zero values a gamma fit takes (as the SPEI package). */
const MIN_NON_ZERO = 4;

/**
 * Gamma fit of a sample by maximum likelihood with Thom's (1958) approximation of the shape, as McKee et al.
 * (1993) and WMO-No. 1090 prescribe: A = ln(mean) - mean(ln x) over the non-zero values,
 * alpha = (1 + sqrt(1 + 4A/3)) / 4A, beta = mean / alpha; q = share of zeros (values of 0 or less) in the
 * whole sample. NaN values are left out.
 */
export function fitGamma(sample: ArrayLike<number>): GammaFit | FitFailure {
  let n = 0;
  let zeros = 0;
  let sum = 0;
  let logSum = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < sample.length; i++) {
    const x = sample[i];
    if (Number.isNaN(x)) continue;
    n++;
    if (x <= 0) {
      zeros++;
      continue;
    }
    sum += x;
    logSum += Math.log(x);
    if (x < min) min = x;
    if (x > max) max = x;
  }
  const positive = n - zeros;
  if (n > 0 && positive === 0) return "all-zero";
  if (positive < MIN_NON_ZERO) return "too-few-non-zero";
  if (max - min <= 1e-12 * max) return "no-variation";
  const mean = sum / positive;
  const a = Math.log(mean) - logSum / positive;
  if (!(a > 0)) return "no-variation";
  const alpha = thomShape(a);
  return { alpha, beta: mean / alpha, q: zeros / n, n };
}

/** Thom's (1958) approximation of the gamma shape from A = ln(mean) - mean(ln x). */
export function thomShape(a: number): number {
  return (1 + Math.sqrt(1 + (4 * a) / 3)) / (4 * a);
}

/** H(x) = q + (1 - q) G(x; alpha, beta), the probability of a sum of x or less. */
export function gammaMixtureCdf(x: number, fit: GammaFit): number {
  if (Number.isNaN(x)) return NaN;
  if (x <= 0) return fit.q;
  return fit.q + (1 - fit.q) * regularizedGammaP(fit.alpha, x / fit.beta);
}

// ---------------------------------------------------------------------------------------------------------
// Log-logistic distribution by L-moments (SPEI)

/** The values that are not NaN. */
function present(sample: ArrayLike<number>): Float64Array {
  const out: number[] = [];
  for (let i = 0; i < sample.length; i++) if (!Number.isNaN(sample[i])) out.push(sample[i]);
  return Float64Array.from(out);
}

export interface LMoments {
  l1: number;
  l2: number;
  /** L-skewness l3 / l2. */
  t3: number;
}

/**
 * Sample L-moments from the unbiased probability-weighted moments b0, b1, b2 (Landwehr et al. 1979; Hosking
 * 1990): b_r = n⁻¹ Σ_i [(i-1)...(i-r)] / [(n-1)...(n-r)] x_(i) over the ascending order statistics;
 * l1 = b0, l2 = 2b1 - b0, l3 = 6b2 - 6b1 + b0. NaN values are left out; undefined with fewer than 3 values.
 */
export function sampleLMoments(sample: ArrayLike<number>): LMoments | undefined {
  const x = present(sample).sort();
  const n = x.length;
  if (n < 3) return undefined;
  let b0 = 0;
  let b1 = 0;
  let b2 = 0;
  for (let i = 0; i < n; i++) {
    // i is zero-based: (i-1) of the one-based formula is i here
    b0 += x[i];
    b1 += (i / (n - 1)) * x[i];
    b2 += ((i * (i - 1)) / ((n - 1) * (n - 2))) * x[i];
  }
  b0 /= n;
  b1 /= n;
  b2 /= n;
  const l2 = 2 * b1 - b0;
  return { l1: b0, l2, t3: (6 * b2 - 6 * b1 + b0) / l2 };
}

/**
 * Three-parameter log-logistic in Hosking's generalised-logistic form (location xi, scale alpha, shape
 * kappa), as the SPEI package fits it: F(x) = 1 / (1 + exp(-y)), y = -ln(1 - kappa (x - xi) / alpha) / kappa.
 * For kappa < 0 this is Vicente-Serrano et al.'s F(x) = [1 + (a / (x - gamma))^beta]⁻¹ with beta = -1/kappa,
 * a = -alpha/kappa, gamma = xi + alpha/kappa (the origin, which can be negative: a water balance below zero
 * fits as well as one above).
 */
export interface LogLogisticFit {
  xi: number;
  alpha: number;
  kappa: number;
  /** Reference values the fit used. */
  n: number;
}

/** Below this |kappa| the distribution is the logistic (kappa = 0), as in Hosking's pelglo. */
const KAPPA_ZERO = 1e-6;

/** L-moment fit: kappa = -t3, alpha = l2 sin(kappa π) / (kappa π), xi = l1 - alpha (1/kappa - π / sin(kappa π)). */
export function fitLogLogistic(sample: ArrayLike<number>): LogLogisticFit | FitFailure {
  const moments = sampleLMoments(sample);
  if (!moments) return "too-few-non-zero";
  const { l1, l2, t3 } = moments;
  if (!(l2 > 0)) return "no-variation";
  if (!(Math.abs(t3) < 1)) return "invalid-l-moments";
  const n = present(sample).length;
  const kappa = -t3;
  if (Math.abs(kappa) <= KAPPA_ZERO) return { xi: l1, alpha: l2, kappa: 0, n };
  const kpi = kappa * Math.PI;
  const alpha = (l2 * Math.sin(kpi)) / kpi;
  return { xi: l1 - alpha * (1 / kappa - Math.PI / Math.sin(kpi)), alpha, kappa, n };
}

/**
 * Distribution function of the fit. Beyond the distribution's bound (below it for kappa < 0, above it for
 * kappa > 0) it is 0 or 1, as the SPEI package's pglo sets it.
 */
export function logLogisticCdf(x: number, fit: LogLogisticFit): number {
  if (Number.isNaN(x)) return NaN;
  let y = (x - fit.xi) / fit.alpha;
  if (fit.kappa !== 0) {
    const arg = 1 - fit.kappa * y;
    if (arg <= 1e-15) return fit.kappa < 0 ? 0 : 1;
    y = -Math.log(arg) / fit.kappa;
  }
  return 1 / (1 + Math.exp(-y));
}

// ---------------------------------------------------------------------------------------------------------
// The indices

export interface DroughtOptions {
  /** Year of the series' first month (a January). */
  startYear: number;
  scale: DroughtScale;
  /** Years the distributions are fitted over; DEFAULT_DROUGHT_REFERENCE when left out. */
  reference?: YearRange;
  /** Fewest reference years with a value per calendar month; DROUGHT_MIN_REFERENCE_YEARS when left out. */
  minYears?: number;
}

export interface DroughtWarning {
  /** Calendar month, 1-12. */
  month: number;
  /** Reference years with a value for that calendar month. */
  years: number;
  /** "mixed-sources": the run's inputs are ingested and sample data at once (the one-source rule), so no fit. */
  reason: "short-reference" | "mixed-sources" | FitFailure;
  message: string;
}

export interface DroughtResult<Fit extends object> {
  /** The index, aligned with the input; NaN before the scale is filled, for missing months and unfitted months. */
  values: Float64Array;
  /** The fit of each calendar month (index 0 = January); undefined where there is none. */
  fits: (Fit | undefined)[];
  /** One entry per calendar month without a fit. */
  warnings: DroughtWarning[];
}

const MONTH_LABELS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

const FAILURE_TEXT: Record<FitFailure, string> = {
  "all-zero": "every reference value is zero",
  "too-few-non-zero": "fewer than 4 non-zero reference values",
  "no-variation": "the reference values do not vary",
  "invalid-l-moments": "the reference values' L-skewness is outside (-1, 1)",
};

function standardise<Fit extends object>(
  series: ArrayLike<number>,
  options: DroughtOptions,
  fit: (sample: Float64Array) => Fit | FitFailure,
  probability: (x: number, fit: Fit) => number,
): DroughtResult<Fit> {
  const { startYear, scale } = options;
  const reference = options.reference ?? DEFAULT_DROUGHT_REFERENCE;
  const minYears = options.minYears ?? DROUGHT_MIN_REFERENCE_YEARS;
  if (!Number.isInteger(startYear)) throw new RangeError(`startYear must be a whole year, not ${startYear}`);
  if (!(reference.start <= reference.end)) throw new RangeError(`Reference period ${reference.start}-${reference.end} ends before it starts`);
  const sums = accumulate(series, scale);
  const values = new Float64Array(sums.length).fill(NaN);
  const fits: (Fit | undefined)[] = [];
  const warnings: DroughtWarning[] = [];
  const span = `${reference.start}-${reference.end}`;
  for (let m = 0; m < 12; m++) {
    const sample: number[] = [];
    for (let year = reference.start; year <= reference.end; year++) {
      const i = (year - startYear) * 12 + m;
      if (i >= 0 && i < sums.length && !Number.isNaN(sums[i])) sample.push(sums[i]);
    }
    if (sample.length < minYears) {
      fits.push(undefined);
      warnings.push({
        month: m + 1,
        years: sample.length,
        reason: "short-reference",
        message: `${MONTH_LABELS[m]}: ${sample.length} of the ${minYears} reference years needed have a ${scale}-month value in ${span}; no index for this month`,
      });
      continue;
    }
    const fitted = fit(Float64Array.from(sample));
    if (typeof fitted === "string") {
      fits.push(undefined);
      warnings.push({ month: m + 1, years: sample.length, reason: fitted, message: `${MONTH_LABELS[m]}: no fit over ${span}, ${FAILURE_TEXT[fitted]}; no index for this month` });
      continue;
    }
    fits.push(fitted);
    for (let i = m; i < sums.length; i += 12) {
      if (!Number.isNaN(sums[i])) values[i] = boundedIndex(probability(sums[i], fitted));
    }
  }
  return { values, fits, warnings };
}

/**
 * SPI of monthly precipitation totals (mm per month; a series of monthly means in mm/day should be turned
 * into totals first, so that a 3-month sum weighs each day alike).
 */
export function spi(monthly: ArrayLike<number>, options: DroughtOptions): DroughtResult<GammaFit> {
  return standardise(monthly, options, fitGamma, gammaMixtureCdf);
}

/** SPEI of monthly climatic water balance, precipitation minus potential evapotranspiration (mm per month). */
export function spei(waterBalance: ArrayLike<number>, options: DroughtOptions): DroughtResult<LogLogisticFit> {
  return standardise(waterBalance, options, fitLogLogistic, logLogisticCdf);
}
