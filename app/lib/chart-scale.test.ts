import { describe, expect, it } from "vitest";
import { linearScale, niceTicks, paddedExtent } from "./chart-scale";

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

  it("pads the extent and ignores missing values", () => {
    expect(paddedExtent([1, null, 3, Number.NaN], 0.5)).toEqual([0, 4]);
    expect(paddedExtent([null, undefined])).toBeNull();
  });
});
