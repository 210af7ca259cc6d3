import { describe, expect, it } from "vitest";
import { fieldRange, gridColorScale, gridLegend, gridRamp, niceStep, parseGridScale, scaleLevel, scalePalette, stepDecimals } from "./scale";

describe("the colour scale of a gridded field", () => {
  it("centres a change on zero, symmetric to the larger of |p2| and |p98|, rounded out to a class step", () => {
    const s = gridColorScale("tas", "change", { p2: 0.4, p98: 2.3 });
    expect(s).toMatchObject({ kind: "diverging", ramp: "temperatureChange", fitted: true, min: -2.5, max: 2.5, step: 0.5 });
    expect(s.breaks).toEqual([-2.5, -2, -1.5, -1, -0.5, 0, 0.5, 1, 1.5, 2, 2.5]);
    // a drying field: the negative end is the larger
    const p = gridColorScale("pr", "p10", { p2: -31, p98: 4 });
    expect(p).toMatchObject({ kind: "diverging", ramp: "precipitationChange", min: -40, max: 40, step: 10 });
    expect(p.breaks).toContain(0);
  });

  it("fits values from the 2nd to the 98th percentile, on readable breaks", () => {
    const values = Float32Array.from({ length: 101 }, (_, i) => i);
    values[0] = -500; // an outlier the percentiles leave out
    values[100] = NaN;
    const range = fieldRange(values);
    expect(range.min).toBe(-500);
    expect(range.max).toBe(99);
    expect(range.p2).toBeCloseTo(1.98, 6);
    expect(range.p98).toBeCloseTo(97.02, 6);
    const s = gridColorScale("tasmax", "baseline", range);
    expect(s).toMatchObject({ kind: "sequential", ramp: "warm", min: 0, max: 100, step: 20, decimals: 0 });
    expect(s.breaks).toEqual([0, 20, 40, 60, 80, 100]);
    expect(fieldRange([NaN, null])).toEqual({ min: null, max: null, p2: null, p98: null });
  });

  it("keeps agreement from 0 to 1 whatever the field, with the 0.8 threshold a break", () => {
    const s = gridColorScale("pr", "agreement", { p2: 0.55, p98: 0.7 });
    expect(s).toMatchObject({ kind: "fixed", min: 0, max: 1, ramp: "agreement" });
    expect(s.breaks).toContain(0.8);
  });

  it("uses the range of scale=min,max instead of the fitted one", () => {
    const s = gridColorScale("tas", "change", { p2: 0.4, p98: 2.3 }, { min: -1, max: 3 });
    expect(s).toMatchObject({ min: -1, max: 3, fitted: false, kind: "diverging" });
    expect(s.breaks[0]).toBeGreaterThanOrEqual(-1);
    expect(s.breaks[s.breaks.length - 1]).toBeLessThanOrEqual(3);
  });

  it("reads scale=min,max and names scale when it is not two increasing numbers", () => {
    expect(parseGridScale(null)).toEqual({ ok: true });
    expect(parseGridScale("-2,2.5")).toEqual({ ok: true, scale: { min: -2, max: 2.5 } });
    for (const bad of ["2,1", "1", "a,b", "1,2,3", ",2", "1,1", "1,Infinity"]) {
      const parsed = parseGridScale(bad);
      expect(parsed.ok, bad).toBe(false);
      if (!parsed.ok) expect(parsed.problem.details).toMatchObject({ field: "scale", value: bad });
    }
  });

  it("colours dry spells brown and frost days blue where they increase", () => {
    expect(gridRamp("cdd", "change")).toBe("dryChange");
    expect(gridRamp("fd", "change")).toBe("coldChange");
    const dry = scalePalette({ ramp: "dryChange" }, 10);
    const [r, g, b] = dry[9];
    expect(r).toBeGreaterThan(b); // the top of a dry-spell change is brown
    const cold = scalePalette({ ramp: "coldChange" }, 10);
    expect(cold[9][2]).toBeGreaterThan(cold[9][0]); // the top of a frost-day change is blue
    expect(gridRamp("rx5day", "future")).toBe("precipitation");
  });

  it("puts a value on its level, clamped at the ends, and no level without a value", () => {
    const s = { min: -2, max: 2 };
    expect(scaleLevel(s, -5, 8)).toBe(0);
    expect(scaleLevel(s, 5, 8)).toBe(7);
    expect(scaleLevel(s, 0.01, 8)).toBe(4);
    expect(scaleLevel(s, -0.01, 8)).toBe(3);
    expect(scaleLevel(s, NaN, 8)).toBe(-1);
  });

  it("steps are 1, 2, 2.5 or 5 times a power of ten, and legend labels keep their decimals", () => {
    expect(niceStep(7, 6)).toBe(1);
    expect(niceStep(9, 6)).toBe(2);
    expect(niceStep(0.9, 6)).toBe(0.2);
    expect(niceStep(1.4, 6)).toBe(0.25);
    expect(stepDecimals(0.25)).toBe(2);
    expect(stepDecimals(50)).toBe(0);
    const legend = gridLegend("Change", "°C", gridColorScale("tas", "change", { p2: 0.4, p98: 2.3 }));
    expect(legend.labels[0]).toBe("-2.5");
    expect(legend.labels).toContain("0.0");
    expect(legend.labels[legend.labels.length - 1]).toBe("+2.5");
  });
});
