import { describe, expect, it } from "vitest";
import { standardDeviation } from "./compute";
import { detrend, ensembleTrend, erfc, mannKendall, MK_MIN_N, normalCdf, senSlope, seriesTrend, significanceText } from "./trend";

/** A small deterministic pseudo-random generator (LCG) and Gaussian noise by Box-Muller. */
function noise(seed: number) {
  let state = seed >>> 0;
  const uniform = () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) + 0.5) / 2 ** 32;
  return () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
}

/** Brute force: S by comparing every pair of the values, nulls dropped first. */
const bruteS = (ys: (number | null)[]) => {
  const v = ys.filter((y): y is number => y !== null);
  let s = 0;
  for (let i = 0; i < v.length; i++) for (let j = i + 1; j < v.length; j++) s += v[j] > v[i] ? 1 : v[j] < v[i] ? -1 : 0;
  return s;
};

/** All distinct orderings of a multiset: the exact null distribution of S by enumeration. */
function* orderings(values: number[]): Generator<number[]> {
  if (values.length <= 1) return yield [...values];
  const seen = new Set<number>();
  for (let i = 0; i < values.length; i++) {
    if (seen.has(values[i])) continue;
    seen.add(values[i]);
    const rest = [...values.slice(0, i), ...values.slice(i + 1)];
    for (const tail of orderings(rest)) yield [values[i], ...tail];
  }
}

/** Exact variance of S under no trend: every ordering of the values equally likely (multinomial weights via distinct orderings). */
const exactVariance = (values: number[]) => {
  let n = 0;
  let sum2 = 0;
  for (const o of orderings(values)) {
    const s = bruteS(o);
    sum2 += s * s;
    n++;
  }
  // E[S] = 0 by symmetry; distinct orderings of a multiset are equally likely
  return sum2 / n;
};

describe("the normal distribution", () => {
  it("has erfc accurate against reference values (Python math.erfc)", () => {
    const reference: [number, number][] = [
      [0.1, 0.8875370839817152],
      [0.5, 0.4795001221869535],
      [1, 0.15729920705028513],
      [1.5, 0.033894853524689274],
      [2, 0.004677734981047265],
      [2.5, 0.000406952017444959],
      [2.9, 4.109787809945886e-5],
      [3, 2.2090496998585438e-5],
      [3.1, 1.1648657367199589e-5],
      [4, 1.541725790028002e-8],
      [5, 1.5374597944280351e-12],
      [6, 2.1519736712498916e-17],
    ];
    for (const [x, e] of reference) {
      expect(Math.abs(erfc(x) - e) / e).toBeLessThan(1e-13);
      expect(erfc(-x)).toBeCloseTo(2 - e, 14);
    }
    expect(erfc(0)).toBe(1);
  });

  it("gives the known quantiles: z = 1.96 is two-sided 5 %, 2.576 is 1 %, 1.645 one-sided 5 %", () => {
    expect(normalCdf(1.959963984540054)).toBeCloseTo(0.975, 14);
    expect(normalCdf(2.5758293035489)).toBeCloseTo(0.995, 14);
    expect(normalCdf(1.6448536269514722)).toBeCloseTo(0.95, 14);
    expect(normalCdf(0)).toBe(0.5);
    expect(2 * (1 - normalCdf(1.96))).toBeCloseTo(0.05, 3);
  });
});

describe("Sen's slope", () => {
  it("is the median of the pairwise slopes", () => {
    // pairs: (1,2) 1, (1,3) 2, (2,3) 3 → median 2
    expect(senSlope([1, 2, 3], [0, 1, 4])).toBe(2);
    // four points, six slopes, the median of an even count is the mean of the middle two
    const xs = [0, 1, 2, 3];
    const ys = [0, 2, 1, 5];
    const slopes: number[] = [];
    for (let i = 0; i < 4; i++) for (let j = i + 1; j < 4; j++) slopes.push((ys[j] - ys[i]) / (xs[j] - xs[i]));
    slopes.sort((a, b) => a - b);
    expect(senSlope(xs, ys)).toBeCloseTo((slopes[2] + slopes[3]) / 2, 12);
  });

  it("resists an outlier and skips missing years", () => {
    expect(senSlope([0, 1, 2, 3, 4, 5, 6], [0, 1, 2, 100, 4, 5, 6])).toBe(1);
    expect(senSlope([2000, 2001, 2002, 2003, 2004], [1, null, 3, null, 5])).toBe(1);
    expect(senSlope([1], [1])).toBeNull();
  });
});

describe("the Mann-Kendall test", () => {
  it("counts S and gives the variance without ties, n(n-1)(2n+5)/18, matching the exact null distribution", () => {
    const ys = [3, 1, 4, 1.5, 5, 9, 2, 6];
    const t = mannKendall(ys)!;
    expect(t.s).toBe(bruteS(ys));
    expect(t.variance).toBeCloseTo((8 * 7 * 21) / 18, 12);
    // enumerate all 40,320 orderings of eight distinct values
    expect(t.variance).toBeCloseTo(exactVariance([1, 2, 3, 4, 5, 6, 7, 8]), 9);
  });

  it("corrects the variance for ties, by hand and against the exact null distribution", () => {
    // groups of equal values: 2 (three times), 5 (twice), the rest single
    const ys = [2, 5, 2, 7, 5, 2, 9, 1];
    const t = mannKendall(ys)!;
    const byHand = (8 * 7 * 21 - 3 * 2 * 11 - 2 * 1 * 9) / 18; // (1176 - 66 - 18) / 18
    expect(byHand).toBeCloseTo(1092 / 18, 12);
    expect(t.variance).toBeCloseTo(byHand, 12);
    expect(t.variance).toBeCloseTo(exactVariance([...ys]), 9);
    expect(t.s).toBe(bruteS(ys));
    const z = t.s > 0 ? (t.s - 1) / Math.sqrt(byHand) : t.s < 0 ? (t.s + 1) / Math.sqrt(byHand) : 0;
    expect(t.z).toBeCloseTo(z, 12);
  });

  it("gives the two-sided p from Z with the continuity correction", () => {
    // a strictly rising series of 10: S = 45, Var = 10·9·25/18 = 125, Z = 44/√125
    const t = mannKendall([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])!;
    expect(t.s).toBe(45);
    expect(t.variance).toBe(125);
    expect(t.z).toBeCloseTo(44 / Math.sqrt(125), 12);
    expect(t.p).toBeCloseTo(2 * (1 - normalCdf(44 / Math.sqrt(125))), 12);
    expect(t.p).toBeLessThan(0.001);
    const down = mannKendall([10, 9, 8, 7, 6, 5, 4, 3, 2, 1])!;
    expect(down.z).toBeCloseTo(-t.z, 12);
    expect(down.p).toBeCloseTo(t.p, 12);
  });

  it("skips missing years", () => {
    const ys = [1, null, 3, 2, null, 5, 4, 6, 8, 7, null];
    const t = mannKendall(ys)!;
    expect(t.n).toBe(8);
    expect(t.s).toBe(bruteS(ys));
    expect(t.s).toBe(mannKendall([1, 3, 2, 5, 4, 6, 8, 7])!.s);
  });

  it("finds no trend in a constant series and no test below the minimum of years", () => {
    expect(mannKendall([4, 4, 4, 4, 4, 4, 4, 4, 4])).toEqual({ s: 0, variance: 0, z: 0, p: 1, n: 9 });
    expect(mannKendall([1, 2, 3, 4, 5, 6, 7])).toBeNull();
    expect(mannKendall([1, 2, 3, 4, 5, 6, 7, null, null])).toBeNull();
    expect(MK_MIN_N).toBe(8);
    expect(seriesTrend([1, 2, 3], [1, 2, 3])).toEqual({ slopePerDecade: null, p: null, sign: 0, significant: false });
  });

  it("finds a known slope under noise and rejects none where there is none", () => {
    const years = Array.from({ length: 60 }, (_, i) => 1960 + i);
    const rand = noise(7);
    const up = years.map((y) => 0.03 * (y - 1960) + 0.2 * rand());
    const t = seriesTrend(years, up);
    expect(t.slopePerDecade).toBeCloseTo(0.3, 1);
    expect(t.significant).toBe(true);
    expect(t.sign).toBe(1);
    // pure noise: over many series about 5 % are significant at 5 %
    let rejected = 0;
    const runs = 400;
    for (let k = 0; k < runs; k++) {
      const r = noise(1000 + k);
      if (mannKendall(years.map(() => r()))!.p < 0.05) rejected++;
    }
    expect(rejected / runs).toBeGreaterThan(0.02);
    expect(rejected / runs).toBeLessThan(0.09);
  });
});

describe("detrending", () => {
  it("removes the least-squares line and keeps the mean", () => {
    const xs = [2000, 2001, 2002, 2003, 2004];
    const ys = [1, 2.5, 2.9, 4.2, 5.1];
    const d = detrend(xs, ys) as number[];
    const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
    expect(mean(d)).toBeCloseTo(mean(ys), 12);
    // residuals are uncorrelated with x
    expect(d.reduce((a, r, i) => a + r * (xs[i] - 2002), 0)).toBeCloseTo(0, 12);
    // a straight line plus a pattern orthogonal to it leaves the pattern
    const pattern = [1, -1, 0, -1, 1];
    const line = detrend(xs, xs.map((x, i) => 10 + 0.5 * (x - 2000) + pattern[i])) as number[];
    line.forEach((v, i) => expect(v).toBeCloseTo(11 + pattern[i], 12));
  });

  it("keeps missing years missing, and needs three values", () => {
    const d = detrend([1, 2, 3, 4], [1, null, 3, 4]);
    expect(d[1]).toBeNull();
    expect(detrend([1, 2], [1, 2])).toEqual([null, null]);
  });

  it("takes the forced trend out of the standard deviation", () => {
    const xs = Array.from({ length: 20 }, (_, i) => 2080 + i);
    const rand = noise(3);
    const e = xs.map(() => 0.35 * rand());
    const warming = xs.map((x, i) => 0.06 * (x - 2080) + e[i]);
    expect(standardDeviation(warming)!).toBeGreaterThan(standardDeviation(detrend(xs, warming))! + 0.05);
    expect(standardDeviation(detrend(xs, warming))).toBeCloseTo(standardDeviation(detrend(xs, e))!, 12);
  });
});

describe("the trend of an ensemble", () => {
  const years = Array.from({ length: 40 }, (_, i) => 2015 + i);
  const model = (slope: number, seed: number) => {
    const r = noise(seed);
    return years.map((y) => 10 + slope * (y - 2015) + 0.05 * r());
  };
  const values = { A: model(0.02, 1), B: model(0.03, 2), C: model(0.04, 3), D: model(0, 4), E: years.map((_, i) => (i < 35 ? null : 1)) };

  it("takes each model's Sen slope per decade, then the median and p10-p90 across models, and counts the significant ones", () => {
    const t = ensembleTrend(years, values, { start: 2015, end: 2054 });
    // E has five values: no trend
    expect(t.count).toBe(4);
    expect(t.models.E.slopePerDecade).toBeNull();
    const slopes = ["A", "B", "C", "D"].map((m) => senSlope(years, values[m as "A"])! * 10).sort((a, b) => a - b);
    expect(t.median).toBeCloseTo((slopes[1] + slopes[2]) / 2, 12);
    // type 7: p10 at rank 0.3, p90 at rank 2.7
    expect(t.p10).toBeCloseTo(slopes[0] + 0.3 * (slopes[1] - slopes[0]), 12);
    expect(t.p90).toBeCloseTo(slopes[2] + 0.7 * (slopes[3] - slopes[2]), 12);
    expect(t.models.A.slopePerDecade).toBeCloseTo(0.2, 1);
    expect([t.models.A.significant, t.models.B.significant, t.models.C.significant]).toEqual([true, true, true]);
    expect(t.significant).toBe(t.rising + t.falling);
    expect(t.rising).toBeGreaterThanOrEqual(3);
    expect(t.medianSeries.significant).toBe(true);
    expect(t.medianSeries.slopePerDecade).toBeGreaterThan(0.1);
  });

  it("keeps to the period", () => {
    const t = ensembleTrend(years, values, { start: 2015, end: 2020 });
    expect(t.count).toBe(0);
    expect(t.median).toBeNull();
    expect(t.medianSeries.p).toBeNull();
  });

  it("says how many models are significant and in which direction", () => {
    expect(significanceText({ significant: 24, rising: 24, falling: 0, count: 35 })).toBe("24 of 35 models significant at 5 %, all rising");
    expect(significanceText({ significant: 3, rising: 0, falling: 3, count: 35 })).toBe("3 of 35 models significant at 5 %, all falling");
    expect(significanceText({ significant: 5, rising: 4, falling: 1, count: 35 })).toBe("5 of 35 models significant at 5 %, 4 rising, 1 falling");
    expect(significanceText({ significant: 0, rising: 0, falling: 0, count: 35 })).toBe("0 of 35 models significant at 5 %");
    expect(significanceText({ significant: 1, rising: 1, falling: 0, count: 35 })).toBe("1 of 35 models significant at 5 %, rising");
  });
});
