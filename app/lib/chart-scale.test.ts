import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { linearScale, MAX_TICKS, niceTicks, paddedExtent, stepDecimals, tickLabels } from "./chart-scale";

describe("chart scales", () => {
  it("maps a domain linearly onto a range, inverted for screen y", () => {
    const y = linearScale([0, 10], [100, 0]);
    expect(y(0)).toBe(100);
    expect(y(10)).toBe(0);
    expect(y(2.5)).toBe(75);
  });

  it("chooses round ticks", () => {
    expect(niceTicks(1950, 2100, 6)).toEqual([1950, 2000, 2050, 2100]);
    expect(niceTicks(1950, 2100, 10)).toEqual([1960, 1980, 2000, 2020, 2040, 2060, 2080, 2100]);
    expect(niceTicks(-0.3, 4.2, 5)).toEqual([0, 1, 2, 3, 4]);
    expect(niceTicks(3, 3)).toEqual([3]);
  });

  it("has at most MAX_TICKS ticks for any domain and count, within the domain", () => {
    // a domain below float resolution: adding the step does not move the tick
    expect(niceTicks(1e16, 1e16 + 4).length).toBeLessThanOrEqual(MAX_TICKS);
    expect(niceTicks(0, 5e-324)).toEqual([0, 5e-324]);
    expect(niceTicks(-1e308, 1e308)).toEqual([-1e308, 1e308]);
    fc.assert(
      fc.property(fc.double(), fc.double(), fc.oneof(fc.integer({ min: -5, max: 1e7 }), fc.double()), (a, b, count) => {
        const ticks = niceTicks(Math.min(a, b), Math.max(a, b), count);
        expect(ticks.length).toBeLessThanOrEqual(MAX_TICKS);
        for (const t of ticks) expect(Number.isFinite(t)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it("pads the extent and ignores missing values", () => {
    expect(paddedExtent([1, null, 3, Number.NaN], 0.5)).toEqual([0, 4]);
    expect(paddedExtent([null, undefined])).toBeNull();
  });

  it("writes ticks with the decimals their step needs, the same for every tick", () => {
    expect(tickLabels(niceTicks(0.55, 1.52, 5))).toEqual(["0.6", "0.8", "1.0", "1.2", "1.4"]);
    expect(tickLabels(niceTicks(12.3, 22.9, 10))).toEqual(["14", "16", "18", "20", "22"]);
    expect(tickLabels([0, 0.25, 0.5])).toEqual(["0.00", "0.25", "0.50"]);
    expect(tickLabels([-0.5, 0, 0.5])).toEqual(["-0.5", "0.0", "0.5"]);
    expect(tickLabels([1950, 2000, 2050])).toEqual(["1950", "2000", "2050"]);
    expect(tickLabels([3])).toEqual(["3"]);
    expect(stepDecimals(0.2)).toBe(1);
  });

  it("never writes a tick with more decimals than its step needs, for any domain", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.double({ min: 1e-4, max: 1e6, noNaN: true }), fc.integer({ min: 2, max: 12 }), (min, span, count) => {
        const ticks = niceTicks(min, min + span, count);
        if (ticks.length < 2) return;
        const labels = tickLabels(ticks);
        const decimals = stepDecimals(ticks[1] - ticks[0]);
        for (const [i, label] of labels.entries()) {
          expect(label.split(".")[1]?.length ?? 0).toBe(decimals);
          expect(Number(label)).toBeCloseTo(ticks[i], decimals);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
