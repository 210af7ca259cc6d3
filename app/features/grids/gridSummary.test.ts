import { describe, expect, it } from "vitest";
import { fittedScale, gridRamp, valueRange } from "./gridSummary";

describe("the legend of a gridded field", () => {
  it("gives the values' range with the 2nd and 98th percentiles, ignoring cells without a value", () => {
    const values = new Float32Array(101).map((_, i) => i);
    values[3] = NaN;
    const range = valueRange(values);
    expect(range.min).toBe(0);
    expect(range.max).toBe(100);
    // 100 values left (3 has none): ranks 1.98 and 97.02 between neighbours
    expect(range.p2).toBeCloseTo(1.98, 6);
    expect(range.p98).toBeCloseTo(98.02, 6);
    expect(valueRange(new Float32Array([NaN, NaN]))).toEqual({ min: null, max: null, p2: null, p98: null });
  });

  it("fits a change symmetric about zero, a value from p2 to p98, agreement from 0 to 1", () => {
    const range = { min: -3, max: 5, p2: -1.23, p98: 2.46 };
    expect(fittedScale("change", range)).toEqual({ min: -2.5, max: 2.5 });
    expect(fittedScale("p10", range)).toEqual({ min: -2.5, max: 2.5 });
    expect(fittedScale("baseline", range)).toEqual({ min: -1.23, max: 2.46 });
    expect(fittedScale("agreement", { min: null, max: null, p2: null, p98: null })).toEqual({ min: 0, max: 1 });
    expect(fittedScale("future", { min: null, max: null, p2: null, p98: null })).toBeUndefined();
    // a flat field still has a scale
    expect(fittedScale("future", { min: 4, max: 4, p2: 4, p98: 4 })).toEqual({ min: 3, max: 5 });
  });

  it("colours precipitation changes brown to green and temperatures blue to red", () => {
    expect(gridRamp("pr", "mm/day", "change")).toBe("precipitationChange");
    expect(gridRamp("tas", "°C", "change")).toBe("temperature");
    expect(gridRamp("pr", "mm/day", "baseline")).toBe("precipitation");
  });
});
