import { describe, expect, it } from "vitest";
import { ensembleStats, quantileSorted } from "./ensemble";

describe("quantileSorted", () => {
  it("interpolates linearly between ranks (type 7)", () => {
    const xs = [1, 2, 3, 4];
    expect(quantileSorted(xs, 0)).toBe(1);
    expect(quantileSorted(xs, 1)).toBe(4);
    expect(quantileSorted(xs, 0.5)).toBe(2.5);
    // h = 3 * 0.1 = 0.3: 1 + 0.3 * (2 - 1)
    expect(quantileSorted(xs, 0.1)).toBeCloseTo(1.3, 12);
    expect(quantileSorted(xs, 0.9)).toBeCloseTo(3.7, 12);
  });

  it("matches NumPy's default on 35 values", () => {
    const xs = Array.from({ length: 35 }, (_, i) => i * i);
    // numpy.percentile(np.arange(35)**2, [10, 50, 90]) -> [11.8, 289.0, 936.6]; ranks h = 3.4, 17, 30.6
    expect(quantileSorted(xs, 0.1)).toBeCloseTo(11.8, 10);
    expect(quantileSorted(xs, 0.5)).toBe(289);
    expect(quantileSorted(xs, 0.9)).toBeCloseTo(936.6, 10);
  });

  it("handles one value and none", () => {
    expect(quantileSorted([7], 0.9)).toBe(7);
    expect(quantileSorted([], 0.5)).toBeNaN();
  });
});

describe("ensembleStats", () => {
  it("computes median, p10, p90, mean and count per step", () => {
    const stats = ensembleStats([
      [1, 10],
      [2, 20],
      [3, 30],
      [4, 40],
      [5, 50],
    ]);
    expect(stats.median).toEqual([3, 30]);
    expect(stats.p10[0]).toBeCloseTo(1.4, 12);
    expect(stats.p90[1]).toBeCloseTo(46, 12);
    expect(stats.mean).toEqual([3, 30]);
    expect(stats.count).toEqual([5, 5]);
  });

  it("does not depend on the order of the models", () => {
    const a = ensembleStats([[5], [1], [4], [2], [3]]);
    const b = ensembleStats([[1], [2], [3], [4], [5]]);
    expect(a).toEqual(b);
  });

  it("skips missing values and reports null where no model has one", () => {
    const stats = ensembleStats([
      [1, null, NaN],
      [3, null, NaN],
      [5],
    ]);
    expect(stats.count).toEqual([3, 0, 0]);
    expect(stats.median).toEqual([3, null, null]);
    expect(stats.p10).toEqual([1.4, null, null]);
    expect(stats.mean).toEqual([3, null, null]);
  });

  it("keeps p10 <= median <= p90 and takes an explicit length", () => {
    const members = Array.from({ length: 35 }, (_, m) => Array.from({ length: 20 }, (_, t) => Math.sin(m * 7.1 + t)));
    const stats = ensembleStats(members, 20);
    for (let t = 0; t < 20; t++) {
      expect(stats.p10[t]!).toBeLessThanOrEqual(stats.median[t]!);
      expect(stats.median[t]!).toBeLessThanOrEqual(stats.p90[t]!);
      expect(stats.count[t]).toBe(35);
    }
    expect(ensembleStats([], 3)).toEqual({ median: [null, null, null], p10: [null, null, null], p90: [null, null, null], mean: [null, null, null], count: [0, 0, 0] });
  });
});
