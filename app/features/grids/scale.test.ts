import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { gradientStops } from "~/lib/legend";
import { GRID_INDICATORS, GRID_SCALE_LIMIT, GRID_STATISTICS } from "./grid";
import { stepDecimals } from "~/lib/chart-scale";
import { fieldRange, gridColorScale, gridLegend, gridRamp, MAX_BREAKS, niceStep, parseGridScale, scaleLevel, scalePalette } from "./scale";

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

  it("paints agreement one colour per legend class, so 0.79 (not robust) and 0.80 (robust) never share a colour", () => {
    const s = gridColorScale("tas", "agreement", { p2: 0.3, p98: 0.95 });
    expect(s.levels).toBe(5);
    const palette = scalePalette(s);
    const colour = (share: number) => palette[scaleLevel(s, share)].join(",");
    // the robust class begins at 0.8 exactly: 28 of 35 models, stored as float32 too
    for (const robust of [0.8, 28 / 35, Math.fround(0.8), 0.9, 1]) expect(scaleLevel(s, robust), String(robust)).toBe(4);
    for (const not of [0.79, 27 / 35, Math.fround(0.79999995), 0.6]) expect(scaleLevel(s, not), String(not)).toBe(3);
    expect(colour(0.79)).not.toBe(colour(0.8));
    // each break is an edge: 0.19 and 0.2, 0.59 and 0.6 differ too
    for (const edge of [0.2, 0.4, 0.6, 0.8]) expect(scaleLevel(s, edge - 0.01)).toBe(scaleLevel(s, edge) - 1);
    // the legend shows those five colours in hard steps, labelled at 0, 0.2, ..., 1
    const legend = gridLegend("Agreement", "share of models", s);
    expect(legend.labels).toEqual(["0.0", "0.2", "0.4", "0.6", "0.8", "1.0"]);
    const stops = gradientStops(legend.style);
    const at80 = stops.filter((stop) => stop.offset === 0.8).map((stop) => stop.color);
    expect(at80).toEqual([`#${palette[3].map((c) => c.toString(16).padStart(2, "0")).join("")}`, `#${palette[4].map((c) => c.toString(16).padStart(2, "0")).join("")}`]);
    // a scale=min,max whose ends are breaks keeps the classes, 0.8 an edge
    const zoomed = gridColorScale("tas", "agreement", { p2: null, p98: null }, { min: 0.5, max: 1 });
    expect(zoomed.breaks).toContain(0.8);
    expect(zoomed.levels).toBe(zoomed.breaks.length - 1);
    expect(scaleLevel(zoomed, 0.79)).toBe(scaleLevel(zoomed, 0.8) - 1);
    // a change keeps its 32 smooth levels
    expect(gridColorScale("tas", "change", { p2: 0.4, p98: 2.3 }).levels).toBe(32);
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
    for (const bad of ["2,1", "1", "a,b", "1,2,3", ",2", "1,1", "1,Infinity", "3,3.0000000000000004", "-1e308,1e308", "0,1e-320", "1e12,2e12"]) {
      const parsed = parseGridScale(bad);
      expect(parsed.ok, bad).toBe(false);
      if (!parsed.ok) expect(parsed.problem.details).toMatchObject({ field: "scale", value: bad });
    }
  });

  it("colours dry spells brown and frost days blue where they increase", () => {
    expect(gridRamp("cdd", "change")).toBe("dryChange");
    expect(gridRamp("fd", "change")).toBe("coldChange");
    const dry = scalePalette({ ramp: "dryChange", levels: 10 });
    const [r, g, b] = dry[9];
    expect(r).toBeGreaterThan(b); // the top of a dry-spell change is brown
    const cold = scalePalette({ ramp: "coldChange", levels: 10 });
    expect(cold[9][2]).toBeGreaterThan(cold[9][0]); // the top of a frost-day change is blue
    expect(gridRamp("rx5day", "future")).toBe("precipitation");
  });

  it("puts a value on its level, clamped at the ends, and no level without a value", () => {
    const s = { min: -2, max: 2, levels: 8 };
    expect(scaleLevel(s, -5)).toBe(0);
    expect(scaleLevel(s, 5)).toBe(7);
    expect(scaleLevel(s, 0.01)).toBe(4);
    expect(scaleLevel(s, -0.01)).toBe(3);
    expect(scaleLevel(s, NaN)).toBe(-1);
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

/** The double `steps` representable numbers above `x` (a finite double): a pair closer than any decimal text. */
function nextUp(x: number, steps: number): number {
  const bits = new BigInt64Array(new Float64Array([x === 0 ? 0 : x]).buffer);
  bits[0] += BigInt(x >= 0 ? steps : -steps);
  return new Float64Array(bits.buffer)[0];
}

/** Any double: huge, subnormal, infinite, NaN, and -0 (fast-check's `double` with its extremes). */
const anyDouble = fc.double();
const finiteDouble = fc.double({ noNaN: true, noDefaultInfinity: true });
/** Two doubles the way a hostile `scale=min,max` pairs them: anything, or two that are equal to within a few units of the last place. */
const anyPair = fc.oneof(
  fc.tuple(anyDouble, anyDouble),
  fc.tuple(finiteDouble, fc.integer({ min: 0, max: 4 })).map(([x, n]) => [x, nextUp(x, n)] as [number, number]),
  fc.tuple(fc.constantFrom(-Number.MAX_VALUE, -1e308, -Number.MIN_VALUE, 0, Number.MIN_VALUE, 1e-320, 1e308, Number.MAX_VALUE, 2 ** 53 + 2, 3), anyDouble),
);
const indicator = fc.constantFrom(...GRID_INDICATORS);
const statistic = fc.constantFrom(...GRID_STATISTICS);

describe("the colour scale's work is bounded whatever it is given", () => {
  it("a crafted scale= (a span below float resolution, or infinite) is refused and its scale still has few breaks", () => {
    for (const [min, max] of [
      [3, 3.0000000000000004],
      [-1e308, 1e308],
      [0, 5e-324],
    ]) {
      expect(parseGridScale(`${min},${max}`).ok).toBe(false);
      // a caller that did not check it (the legend's own edits) still gets an answer, with few breaks
      const s = gridColorScale("tas", "change", { p2: null, p98: null }, { min, max });
      expect(s.breaks.length).toBeLessThanOrEqual(MAX_BREAKS);
    }
  });

  it("niceStep is a positive finite step for any span and class count, and stepDecimals 0 to 10 for any step", () => {
    fc.assert(
      fc.property(anyDouble, fc.oneof(fc.integer({ min: 1, max: 20 }), anyDouble), (span, classes) => {
        const step = niceStep(span, classes);
        expect(step).toBeGreaterThan(0);
        expect(Number.isFinite(step)).toBe(true);
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(anyDouble, (step) => {
        const d = stepDecimals(step);
        expect(Number.isInteger(d) && d >= 0 && d <= 10).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("gridColorScale has at most MAX_BREAKS breaks for any range or override, fitted or not", () => {
    fc.assert(
      fc.property(indicator, statistic, anyPair, fc.boolean(), (code, stat, [a, b], override) => {
        const s = override ? gridColorScale(code, stat, { p2: null, p98: null }, { min: a, max: b }) : gridColorScale(code, stat, { p2: a, p98: b });
        expect(s.breaks.length).toBeLessThanOrEqual(MAX_BREAKS);
        for (const b of s.breaks) expect(Number.isFinite(b)).toBe(true);
        expect(s.step).toBeGreaterThan(0);
        expect(s.decimals).toBeLessThanOrEqual(10);
      }),
      { numRuns: 3000 },
    );
  });

  it("parseGridScale refuses naming scale, or accepts a scale with a handful of increasing breaks inside it", () => {
    fc.assert(
      fc.property(fc.oneof(anyPair.map(([a, b]) => `${a},${b}`), fc.string()), (text) => {
        const parsed = parseGridScale(text);
        if (!parsed.ok) {
          expect(parsed.problem).toMatchObject({ status: 400, details: { field: "scale", value: text } });
          return;
        }
        const { min, max } = parsed.scale!;
        expect(Math.abs(min) <= GRID_SCALE_LIMIT && Math.abs(max) <= GRID_SCALE_LIMIT && min < max).toBe(true);
        const s = gridColorScale("tas", "baseline", { p2: null, p98: null }, parsed.scale);
        expect(s.breaks.length).toBeGreaterThanOrEqual(2);
        expect(s.breaks.length).toBeLessThanOrEqual(20);
        const slack = (max - min) * 1e-6;
        s.breaks.forEach((b, i) => {
          expect(b).toBeGreaterThanOrEqual(min - slack);
          expect(b).toBeLessThanOrEqual(max + slack);
          if (i > 0) expect(b).toBeGreaterThan(s.breaks[i - 1]);
        });
      }),
      { numRuns: 3000 },
    );
  });

  it("accepts every scale within the bounds: spans down to a billionth of the ends, ends up to 1e12", () => {
    fc.assert(
      fc.property(fc.double({ min: -GRID_SCALE_LIMIT / 2, max: GRID_SCALE_LIMIT / 2, noNaN: true }), fc.double({ min: 2e-9, max: 1e3, noNaN: true }), (min, relative) => {
        const max = min + relative * Math.max(1, Math.abs(min));
        fc.pre(Math.abs(max) <= GRID_SCALE_LIMIT);
        expect(parseGridScale(`${min},${max}`)).toEqual({ ok: true, scale: { min: min + 0, max } });
      }),
      { numRuns: 1000 },
    );
  });
});
