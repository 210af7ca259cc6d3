import { describe, expect, it } from "vitest";
import { accumulate, DEFAULT_DROUGHT_REFERENCE, DROUGHT_INDEX_LIMIT, DROUGHT_METHODS, fitGamma, fitLogLogistic, gammaMixtureCdf, type GammaFit, lnGamma, type LogLogisticFit, logLogisticCdf, normalQuantile, regularizedGammaP, sampleLMoments, spei, spi, thomShape } from "./drought";
import { DROUGHT_SCALES } from "./droughtQuery";

// ---------------------------------------------------------------------------------------------------------
// Independent helpers: a seeded generator, samplers, and brute-force versions of the distribution functions

/** Mulberry32: uniform in (0, 1). */
function rng(seed: number) {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) + 0.5) / 4294967296;
  };
  const normal = () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
  /** Gamma(shape, scale) by Marsaglia and Tsang (2000), with the boost for shape < 1. */
  const gamma = (shape: number, scale: number): number => {
    if (shape < 1) return gamma(shape + 1, scale) * uniform() ** (1 / shape);
    const d = shape - 1 / 3;
    const c = 1 / Math.sqrt(9 * d);
    for (;;) {
      const x = normal();
      const v = (1 + c * x) ** 3;
      if (v <= 0) continue;
      const u = uniform();
      if (Math.log(u) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v * scale;
    }
  };
  return { uniform, normal, gamma };
}

/** Standard normal CDF by Simpson integration of the density from 0 (many steps; independent of AS 241). */
function normalCdfByIntegration(z: number): number {
  const steps = 20_000;
  const h = z / steps;
  let sum = 0;
  for (let k = 0; k <= steps; k++) {
    const w = k === 0 || k === steps ? 1 : k % 2 ? 4 : 2;
    sum += w * Math.exp(-0.5 * (k * h) ** 2);
  }
  return 0.5 + (sum * h) / 3 / Math.sqrt(2 * Math.PI);
}

/**
 * ∫ f over [lo, hi] by tanh-sinh (double-exponential) quadrature, which copes with the integrable
 * singularity of the gamma density at 0 for a shape below 1. Nodes are placed by their distance from the
 * nearer end, so none falls on the end itself.
 */
function integrate(f: (t: number) => number, lo: number, hi: number): number {
  const h = 1 / 128;
  const half = (hi - lo) / 2;
  let sum = 0;
  for (let k = -640; k <= 640; k++) {
    const s = k * h;
    const v = (Math.PI / 2) * Math.sinh(s);
    const e = Math.exp(-2 * Math.abs(v));
    const d = (2 * half * e) / (1 + e);
    const w = (half * Math.PI * Math.cosh(s) * 2 * e) / ((1 + e) * (1 + e));
    if (w === 0 || d === 0) continue;
    sum += w * f(v < 0 ? lo + d : hi - d);
  }
  return sum * h;
}

/** Gamma CDF P(a, x): the density integrated to x over its integral to far in the upper tail (Γ(a)). */
function gammaCdfByIntegration(a: number, x: number): number {
  const density = (t: number) => t ** (a - 1) * Math.exp(-t);
  return integrate(density, 0, x) / integrate(density, 0, a + 60 * Math.sqrt(a) + 60);
}

/** Sample L-moments by their definition over all pairs and triples of order statistics (Hosking 1990, eq. 2.2). */
function lMomentsByDefinition(values: number[]) {
  const x = [...values].sort((a, b) => a - b);
  const n = x.length;
  let l2 = 0;
  let l3 = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < i; j++) {
      l2 += x[i] - x[j];
      for (let k = 0; k < j; k++) l3 += x[i] - 2 * x[j] + x[k];
    }
  }
  l2 /= 2 * ((n * (n - 1)) / 2);
  l3 /= 3 * ((n * (n - 1) * (n - 2)) / 6);
  return { l1: x.reduce((s, v) => s + v, 0) / n, l2, t3: l3 / l2 };
}

/** Digamma by recurrence up to x >= 10 and the asymptotic series. */
function digamma(x: number): number {
  let shift = 0;
  while (x < 10) {
    shift -= 1 / x;
    x += 1;
  }
  const x2 = 1 / (x * x);
  return shift + Math.log(x) - 0.5 / x - x2 * (1 / 12 - x2 * (1 / 120 - x2 * (1 / 252 - x2 * (1 / 240 - x2 / 132))));
}

const mean = (v: ArrayLike<number>) => Array.from(v).reduce((s, x) => s + x, 0) / v.length;
const sd = (v: ArrayLike<number>) => {
  const m = mean(v);
  return Math.sqrt(Array.from(v).reduce((s, x) => s + (x - m) ** 2, 0) / (v.length - 1));
};
const finite = (v: ArrayLike<number>) => Array.from(v).filter((x) => !Number.isNaN(x));

/** Monthly series of `years` years, each calendar month gamma-distributed with its own shape and scale. */
function gammaSeries(seed: number, years: number, shapes: number[], scales: number[]): Float64Array {
  const random = rng(seed);
  const out = new Float64Array(years * 12);
  for (let i = 0; i < out.length; i++) out[i] = random.gamma(shapes[i % 12], scales[i % 12]);
  return out;
}

const MONSOON_SHAPES = [0.8, 0.9, 1.1, 1.5, 2.5, 4, 6, 7, 5, 3, 1.2, 0.9];
const MONSOON_SCALES = [15, 15, 20, 25, 30, 50, 55, 50, 45, 40, 20, 15];

// ---------------------------------------------------------------------------------------------------------

describe("special functions against tabulated values", () => {
  it("ln Γ at known points", () => {
    expect(lnGamma(1)).toBeCloseTo(0, 14);
    expect(lnGamma(2)).toBeCloseTo(0, 14);
    expect(lnGamma(5)).toBeCloseTo(Math.log(24), 13);
    expect(lnGamma(0.5)).toBeCloseTo(0.5 * Math.log(Math.PI), 13);
    expect(lnGamma(0.1)).toBeCloseTo(2.252712651734206, 12);
    expect(lnGamma(100)).toBeCloseTo(359.1342053695754, 10);
  });

  it("regularised lower incomplete gamma P(a, x)", () => {
    // closed forms: P(1, x) = 1 - e^-x; P(2, x) = 1 - (1 + x) e^-x; P(1/2, x) = erf(√x)
    expect(regularizedGammaP(2, 3)).toBeCloseTo(0.800851726528544, 12);
    expect(regularizedGammaP(1, 0.5)).toBeCloseTo(1 - Math.exp(-0.5), 14);
    expect(regularizedGammaP(1, 10)).toBeCloseTo(1 - Math.exp(-10), 14);
    expect(regularizedGammaP(0.5, 1)).toBeCloseTo(0.842700792949715, 12); // erf(1)
    expect(regularizedGammaP(0.5, 0.01)).toBeCloseTo(0.112462916018285, 12); // erf(0.1)
    expect(regularizedGammaP(3, 2)).toBeCloseTo(1 - 5 * Math.exp(-2), 13);
    expect(regularizedGammaP(10, 10)).toBeCloseTo(0.542070285528148, 11);
    // chi-square table: P(chi2_10 <= 18.307) = 0.95, P(chi2_4 <= 0.711) = 0.05
    expect(regularizedGammaP(5, 18.307038053275146 / 2)).toBeCloseTo(0.95, 10);
    expect(regularizedGammaP(2, 0.7107230213973239 / 2)).toBeCloseTo(0.05, 10);
    expect(regularizedGammaP(2, 0)).toBe(0);
    expect(regularizedGammaP(50, 1000)).toBe(1);
  });

  it("P(a, x) agrees with numerical integration of the gamma density", () => {
    for (const a of [0.3, 0.8, 1.7, 4.2, 12, 60]) {
      for (const f of [0.1, 0.5, 1, 1.6, 3]) {
        const x = a * f;
        expect(Math.abs(regularizedGammaP(a, x) - gammaCdfByIntegration(a, x)), `P(${a}, ${x})`).toBeLessThan(1e-8);
      }
    }
  });

  it("inverse normal against tabulated quantiles", () => {
    expect(normalQuantile(0.5)).toBe(0);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 13);
    expect(normalQuantile(0.025)).toBeCloseTo(-1.959963984540054, 13);
    expect(normalQuantile(0.9)).toBeCloseTo(1.2815515655446004, 13);
    expect(normalQuantile(0.8413447460685429)).toBeCloseTo(1, 12);
    expect(normalQuantile(0.999)).toBeCloseTo(3.090232306167813, 12);
    expect(normalQuantile(0.001)).toBeCloseTo(-3.090232306167813, 12);
    expect(normalQuantile(1e-10)).toBeCloseTo(-6.361340902404056, 10);
    // far tail: Φ(-z) = φ(z)/z (1 - 1/z² + 3/z⁴ - 15/z⁶ ...) puts 1e-300 at z = 37.0470962993612
    const z = -normalQuantile(1e-300);
    const log10Tail = (-0.5 * z * z - 0.5 * Math.log(2 * Math.PI) - Math.log(z) + Math.log(1 - z ** -2 + 3 * z ** -4 - 15 * z ** -6)) / Math.LN10;
    expect(log10Tail).toBeCloseTo(-300, 9);
    expect(normalQuantile(0)).toBe(-Infinity);
    expect(normalQuantile(1)).toBe(Infinity);
    expect(normalQuantile(1.2)).toBeNaN();
  });

  it("inverse normal inverts the integrated normal CDF", () => {
    for (const z of [-4.5, -3, -2.2, -1, -0.3, 0.1, 0.9, 1.7, 2.6, 3.8]) {
      expect(normalQuantile(normalCdfByIntegration(z))).toBeCloseTo(z, 8);
    }
  });
});

describe("accumulate", () => {
  it("sums over the scale, NaN until the scale is filled", () => {
    const sums = accumulate([1, 2, 3, 4, 5], 3);
    expect(Array.from(sums.subarray(0, 2))).toEqual([NaN, NaN]);
    expect(Array.from(sums.subarray(2))).toEqual([6, 9, 12]);
    expect(Array.from(accumulate([1, 2], 1))).toEqual([1, 2]);
    expect(finite(accumulate(new Float64Array(11).fill(1), 12))).toEqual([]);
  });

  it("a missing month makes every sum that includes it missing", () => {
    const series = Array.from({ length: 24 }, (_, i) => (i === 10 ? NaN : 1));
    const sums = accumulate(series, 6);
    for (let i = 5; i < 24; i++) expect(Number.isNaN(sums[i]), `month ${i}`).toBe(i >= 10 && i <= 15);
  });

  it("refuses a scale that is not 1, 3, 6 or 12", () => {
    expect(DROUGHT_SCALES).toEqual([1, 3, 6, 12]);
    expect(() => accumulate([1, 2, 3], 2 as never)).toThrow(/scale 2/);
  });
});

describe("gamma fit", () => {
  it("Thom's shape against the exact maximum-likelihood shape, ln(alpha) - digamma(alpha) = A", () => {
    // Thom's approximation overestimates the shape, the more so the smaller it is (documented in methods.md)
    const bounds: [number, number][] = [
      [0.3, 0.094],
      [0.5, 0.04],
      [0.7, 0.021],
      [1, 0.0093],
      [2, 0.0017],
      [5, 1.3e-4],
      [50, 1e-6],
    ];
    for (const [shape, bound] of bounds) {
      const error = thomShape(Math.log(shape) - digamma(shape)) / shape - 1;
      expect(error, `shape ${shape}`).toBeGreaterThan(0);
      expect(error, `shape ${shape}`).toBeLessThan(bound);
    }
  });

  it("fits a sample's mean exactly and its shape within sampling error", () => {
    for (const [shape, seed] of [
      [0.7, 1],
      [2, 2],
      [8, 3],
    ] as const) {
      const random = rng(seed);
      const sample = Array.from({ length: 2000 }, () => random.gamma(shape, 10));
      const fit = fitGamma(sample) as GammaFit;
      expect(fit.alpha * fit.beta).toBeCloseTo(mean(sample), 8);
      expect(Math.abs(fit.alpha / shape - 1)).toBeLessThan(0.08);
      expect(fit.q).toBe(0);
    }
  });

  it("counts zeros into q and fits the rest", () => {
    const fit = fitGamma([0, 0, 0, 1, 2, 3, 4, 5, 6, 7]) as GammaFit;
    expect(fit.q).toBeCloseTo(0.3, 15);
    expect(fit.n).toBe(10);
    expect(gammaMixtureCdf(0, fit)).toBeCloseTo(0.3, 15);
    expect(gammaMixtureCdf(4, fit)).toBeCloseTo(0.3 + 0.7 * regularizedGammaP(fit.alpha, 4 / fit.beta), 15);
  });

  it("names why a sample cannot be fitted", () => {
    expect(fitGamma([0, 0, 0])).toBe("all-zero");
    expect(fitGamma([0, 0, 1, 2, 3])).toBe("too-few-non-zero");
    expect(fitGamma([2, 2, 2, 2, 2])).toBe("no-variation");
  });
});

describe("log-logistic fit by unbiased PWMs", () => {
  it("sample L-moments equal their definition over order statistics", () => {
    const random = rng(7);
    const sample = Array.from({ length: 40 }, () => random.gamma(1.5, 20) - 25);
    const fast = sampleLMoments(sample)!;
    const slow = lMomentsByDefinition(sample);
    expect(fast.l1).toBeCloseTo(slow.l1, 10);
    expect(fast.l2).toBeCloseTo(slow.l2, 10);
    expect(fast.t3).toBeCloseTo(slow.t3, 10);
  });

  it("recovers known parameters from a simulated sample", () => {
    // Hosking's quantile function x(F) = xi + alpha (1 - ((1 - F) / F)^kappa) / kappa
    for (const truth of [
      { xi: 10, alpha: 5, kappa: -0.2 },
      { xi: -40, alpha: 12, kappa: 0.15 },
      { xi: 3, alpha: 2, kappa: 0 },
    ]) {
      const random = rng(11);
      const sample = Array.from({ length: 20_000 }, () => {
        const f = random.uniform();
        return truth.kappa === 0
          ? truth.xi - truth.alpha * Math.log((1 - f) / f)
          : truth.xi + (truth.alpha * (1 - ((1 - f) / f) ** truth.kappa)) / truth.kappa;
      });
      const fit = fitLogLogistic(sample) as LogLogisticFit;
      expect(Math.abs(fit.xi - truth.xi)).toBeLessThan(0.03 * truth.alpha);
      expect(Math.abs(fit.alpha / truth.alpha - 1)).toBeLessThan(0.03);
      expect(Math.abs(fit.kappa - truth.kappa)).toBeLessThan(0.02);
    }
  });

  it("matches Vicente-Serrano's form F(x) = [1 + (a / (x - gamma))^beta]^-1 on a negative water balance", () => {
    // origin gamma below zero: a balance mostly negative, as in a dry season
    const a = 60;
    const beta = 4;
    const origin = -120;
    const cdf = (x: number) => (x <= origin ? 0 : 1 / (1 + (a / (x - origin)) ** beta));
    const random = rng(23);
    const sample = Array.from({ length: 20_000 }, () => {
      const f = random.uniform();
      return origin + a * (f / (1 - f)) ** (1 / beta);
    });
    expect(mean(sample)).toBeLessThan(0);
    const fit = fitLogLogistic(sample) as LogLogisticFit;
    expect(fit.kappa).toBeLessThan(0);
    expect(Math.abs(-1 / fit.kappa - beta)).toBeLessThan(0.3);
    expect(Math.abs(fit.xi + fit.alpha / fit.kappa - origin)).toBeLessThan(5);
    for (const x of [-110, -90, -70, -60, -40, 0, 60]) expect(Math.abs(logLogisticCdf(x, fit) - cdf(x)), `F(${x})`).toBeLessThan(0.01);
  });

  it("is 0 below the lower bound and 1 above the upper bound, as the SPEI package's pglo", () => {
    const lower = { xi: 0, alpha: 1, kappa: -0.5, n: 30 };
    expect(logLogisticCdf(-2.5, lower)).toBe(0);
    expect(logLogisticCdf(-1.9, lower)).toBeGreaterThan(0);
    const upper = { xi: 0, alpha: 1, kappa: 0.5, n: 30 };
    expect(logLogisticCdf(2.5, upper)).toBe(1);
    expect(logLogisticCdf(1.9, upper)).toBeLessThan(1);
  });

  it("names a sample that cannot be fitted", () => {
    expect(fitLogLogistic([1, 2])).toBe("too-few-non-zero");
    expect(fitLogLogistic([3, 3, 3, 3])).toBe("no-variation");
  });
});

describe("spi", () => {
  const startYear = 1950;
  const years = 65; // 1950-2014
  const reference = DEFAULT_DROUGHT_REFERENCE;
  const inReference = (i: number) => startYear + Math.floor(i / 12) >= reference.start && startYear + Math.floor(i / 12) <= reference.end;

  it("has mean 0 and SD 1 over the reference for gamma-distributed precipitation", () => {
    const pr = gammaSeries(3, years, MONSOON_SHAPES, MONSOON_SCALES);
    const { values, warnings, fits } = spi(pr, { startYear, scale: 1 });
    expect(warnings).toEqual([]);
    expect(fits.every((f) => f !== undefined)).toBe(true);
    const ref = Array.from(values).filter((_, i) => inReference(i));
    expect(ref.length).toBe(360);
    expect(Math.abs(mean(ref))).toBeLessThan(0.05);
    expect(Math.abs(sd(ref) - 1)).toBeLessThan(0.1);
    for (let m = 0; m < 12; m++) {
      const month = ref.filter((_, k) => k % 12 === m);
      expect(Math.abs(mean(month)), `month ${m + 1}`).toBeLessThan(0.15);
      expect(Math.abs(sd(month) - 1), `month ${m + 1}`).toBeLessThan(0.3);
    }
  });

  it("equals Φ⁻¹ of the fitted gamma CDF, computed here by integration", () => {
    const pr = gammaSeries(5, years, MONSOON_SHAPES, MONSOON_SCALES);
    const { values, fits } = spi(pr, { startYear, scale: 1 });
    for (const i of [3, 100, 437, 500, 770]) {
      const fit = fits[i % 12]!;
      const p = gammaCdfByIntegration(fit.alpha, pr[i] / fit.beta);
      expect(normalCdfByIntegration(values[i])).toBeCloseTo(p, 6);
    }
  });

  it("rises with precipitation within a calendar month and does not depend on the unit", () => {
    const pr = gammaSeries(9, years, MONSOON_SHAPES, MONSOON_SCALES);
    const { values } = spi(pr, { startYear, scale: 3 });
    for (let m = 0; m < 12; m++) {
      const sums = accumulate(pr, 3);
      const pairs = Array.from({ length: years }, (_, y) => [sums[y * 12 + m], values[y * 12 + m]]).filter(([s]) => !Number.isNaN(s));
      pairs.sort((p, q) => p[0] - q[0]);
      for (let k = 1; k < pairs.length; k++) expect(pairs[k][1]).toBeGreaterThanOrEqual(pairs[k - 1][1]);
    }
    const inches = spi(
      pr.map((v) => v / 25.4),
      { startYear, scale: 3 },
    ).values;
    for (let i = 2; i < values.length; i++) expect(inches[i]).toBeCloseTo(values[i], 9);
  });

  it("gives a zero month Φ⁻¹(q), q the reference share of zeros (McKee, WMO-No. 1090, SPEI and climate_indices)", () => {
    const random = rng(13);
    const pr = gammaSeries(17, years, MONSOON_SHAPES, MONSOON_SCALES);
    // January: zero in 9 of the 30 reference years (30 %) and some years outside it
    let zeros = 0;
    for (let y = 0; y < years; y++) {
      const year = startYear + y;
      const inRef = year >= reference.start && year <= reference.end;
      if ((inRef && zeros < 9 && y % 3 === 0) || (!inRef && random.uniform() < 0.3)) {
        pr[y * 12] = 0;
        if (inRef) zeros++;
      }
    }
    expect(zeros).toBe(9);
    const { values, fits } = spi(pr, { startYear, scale: 1 });
    expect(fits[0]!.q).toBeCloseTo(0.3, 15);
    for (let y = 0; y < years; y++) {
      const v = values[y * 12];
      if (pr[y * 12] === 0) expect(v).toBeCloseTo(normalQuantile(0.3), 12);
      else expect(v).toBeGreaterThan(normalQuantile(0.3));
    }
    expect(normalQuantile(0.3)).toBeCloseTo(-0.524400512708041, 12);
  });

  it("bounds a zero in a month that had no zeros in the reference at -3.09", () => {
    const pr = gammaSeries(19, years, MONSOON_SHAPES, MONSOON_SCALES);
    pr[(2010 - startYear) * 12 + 7] = 0; // August 2010 (in the reference: q = 1/30)
    pr[(1960 - startYear) * 12 + 7] = 0; // August 1960 (outside it)
    const { values, fits } = spi(pr, { startYear, scale: 1 });
    expect(fits[7]!.q).toBeCloseTo(1 / 30, 15);
    expect(values[(1960 - startYear) * 12 + 7]).toBeCloseTo(normalQuantile(1 / 30), 12);
    const noZero = spi(pr, { startYear, scale: 1, reference: { start: 1970, end: 2009 } });
    expect(noZero.fits[7]!.q).toBe(0);
    expect(noZero.values[(1960 - startYear) * 12 + 7]).toBe(-DROUGHT_INDEX_LIMIT);
    expect(Math.max(...finite(noZero.values).map(Math.abs))).toBeLessThanOrEqual(DROUGHT_INDEX_LIMIT);
  });

  it("at 3, 6 and 12 months equals the 1-month SPI of the sums", () => {
    const pr = gammaSeries(29, years, MONSOON_SHAPES, MONSOON_SCALES);
    for (const scale of [3, 6, 12] as const) {
      const direct = spi(pr, { startYear, scale }).values;
      const ofSums = spi(accumulate(pr, scale), { startYear, scale: 1 }).values;
      expect(Array.from(direct)).toEqual(Array.from(ofSums));
      expect(finite(direct.subarray(0, scale - 1))).toEqual([]);
      expect(Number.isNaN(direct[scale - 1])).toBe(false);
    }
  });

  it("leaves a missing month out, and a calendar month short of 30 reference years without a value", () => {
    const pr = gammaSeries(31, years, MONSOON_SHAPES, MONSOON_SCALES);
    const missing = (1990 - startYear) * 12 + 4; // May 1990
    pr[missing] = NaN;
    const { values, warnings, fits } = spi(pr, { startYear, scale: 3 });
    // May, June and July 1990 have no 3-month sum: those months keep 29 reference years
    expect(warnings.map((w) => [w.month, w.years, w.reason])).toEqual([
      [5, 29, "short-reference"],
      [6, 29, "short-reference"],
      [7, 29, "short-reference"],
    ]);
    expect(warnings[0].message).toMatch(/May: 29 of the 30 reference years/);
    expect(fits[4]).toBeUndefined();
    for (let i = 0; i < values.length; i++) {
      const m = i % 12;
      expect(Number.isNaN(values[i]), `month ${i}`).toBe(i < 2 || m === 4 || m === 5 || m === 6);
    }
    // with a longer reference the same gap costs nothing
    const longer = spi(pr, { startYear, scale: 3, reference: { start: 1975, end: 2014 } });
    expect(longer.warnings).toEqual([]);
    expect(finite(longer.values).length).toBe(values.length - 2 - 3);
  });

  it("has no value where the series starts inside the reference, and says so per month", () => {
    const pr = gammaSeries(37, 40, MONSOON_SHAPES, MONSOON_SCALES); // 1995-2034
    const { values, warnings } = spi(pr, { startYear: 1995, scale: 1 });
    expect(finite(values)).toEqual([]);
    expect(warnings.length).toBe(12);
    expect(warnings.every((w) => w.years === 20 && w.reason === "short-reference")).toBe(true);
    // a 12-month SPI of a series starting in 1985 lacks January-November 1985: 29 years for those months
    const from1985 = spi(gammaSeries(41, 40, MONSOON_SHAPES, MONSOON_SCALES), { startYear: 1985, scale: 12 });
    expect(from1985.warnings.map((w) => w.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(Number.isNaN(from1985.values[11 + 12 * 5])).toBe(false);
    // a shorter minimum is an option
    const lenient = spi(pr, { startYear: 1995, scale: 1, minYears: 20 });
    expect(lenient.warnings).toEqual([]);
  });

  it("reports a calendar month that is always dry", () => {
    const pr = gammaSeries(43, years, MONSOON_SHAPES, MONSOON_SCALES);
    for (let y = 0; y < years; y++) pr[y * 12 + 11] = 0;
    const { values, warnings } = spi(pr, { startYear, scale: 1 });
    expect(warnings).toMatchObject([{ month: 12, reason: "all-zero" }]);
    expect(warnings[0].message).toMatch(/December: no fit over 1985-2014, every reference value is zero/);
    expect(Number.isNaN(values[11])).toBe(true);
  });
});

describe("spei", () => {
  const startYear = 1950;
  const years = 65;
  const reference = DEFAULT_DROUGHT_REFERENCE;
  const inReference = (i: number) => startYear + Math.floor(i / 12) >= reference.start && startYear + Math.floor(i / 12) <= reference.end;

  /** P - PET: gamma precipitation minus a PET around 150 mm with its own noise; negative in most months. */
  function balanceSeries(seed: number) {
    const random = rng(seed);
    const pr = gammaSeries(seed + 1, years, MONSOON_SHAPES, MONSOON_SCALES);
    return pr.map((p, i) => p - (120 + 40 * Math.sin(((i % 12) * Math.PI) / 6) + 10 * random.normal()));
  }

  it("works on a negative water balance: mean 0, SD 1 over the reference, rising with the balance", () => {
    const balance = balanceSeries(51);
    expect(Array.from(balance).filter((b) => b < 0).length / balance.length).toBeGreaterThan(0.6);
    for (const scale of DROUGHT_SCALES) {
      const { values, warnings, fits } = spei(balance, { startYear, scale });
      expect(warnings).toEqual([]);
      const ref = Array.from(values).filter((_, i) => inReference(i));
      expect(Math.abs(mean(ref)), `scale ${scale}`).toBeLessThan(0.05);
      expect(Math.abs(sd(ref) - 1), `scale ${scale}`).toBeLessThan(0.1);
      // every reference sum lies inside the fitted distribution's support
      expect(ref.every((v) => Math.abs(v) < DROUGHT_INDEX_LIMIT)).toBe(true);
      const sums = accumulate(balance, scale);
      for (let m = 0; m < 12; m++) {
        const pairs = Array.from({ length: years }, (_, y) => [sums[y * 12 + m], values[y * 12 + m]]).filter(([s]) => !Number.isNaN(s));
        pairs.sort((p, q) => p[0] - q[0]);
        for (let k = 1; k < pairs.length; k++) expect(pairs[k][1]).toBeGreaterThanOrEqual(pairs[k - 1][1]);
        expect(fits[m]!.n).toBe(30);
      }
    }
  });

  it("equals Φ⁻¹ of the log-logistic CDF, and 3-month SPEI equals the 1-month SPEI of the sums", () => {
    const balance = balanceSeries(61);
    const { values, fits } = spei(balance, { startYear, scale: 1 });
    for (const i of [7, 200, 431, 701]) {
      const fit = fits[i % 12]!;
      expect(normalCdfByIntegration(values[i])).toBeCloseTo(logLogisticCdf(balance[i], fit), 7);
    }
    const direct = spei(balance, { startYear, scale: 3 }).values;
    const ofSums = spei(accumulate(balance, 3), { startYear, scale: 1 }).values;
    expect(Array.from(direct)).toEqual(Array.from(ofSums));
  });

  it("bounds a balance beyond the fitted distribution at ±3.09", () => {
    const balance = balanceSeries(71);
    const i = (1960 - startYear) * 12 + 3;
    balance[i] = -1e6;
    balance[i + 12] = 1e6;
    const { values } = spei(balance, { startYear, scale: 1 });
    expect(values[i]).toBe(-DROUGHT_INDEX_LIMIT);
    expect(values[i + 12]).toBe(DROUGHT_INDEX_LIMIT);
  });
});

describe("method statements", () => {
  it("name the distribution, fit, reference and minimum years", () => {
    expect(DEFAULT_DROUGHT_REFERENCE).toMatchObject({ start: 1985, end: 2014 });
    expect(DROUGHT_METHODS.spi.method).toMatch(/gamma.*Thom.*q.*30 reference years/s);
    expect(DROUGHT_METHODS.spei.method).toMatch(/log-logistic.*unbiased probability-weighted moments.*30 reference years/s);
    expect(DROUGHT_METHODS.spi.references.join(" ")).toMatch(/WMO-No. 1090/);
    expect(DROUGHT_METHODS.spei.references.join(" ")).toMatch(/Beguería.*2014/);
  });
});
