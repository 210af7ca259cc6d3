import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  anomalies,
  coefficientOfVariation,
  ensoComposites,
  ensoPhase,
  linearTrend,
  parseOni,
  seasonOni,
} from "./compute";

describe("statistics", () => {
  it("fits a least-squares slope and skips missing values", () => {
    expect(linearTrend([2000, 2001, 2002, 2003], [1, 3, null, 7])).toBeCloseTo(2, 10);
    expect(linearTrend([2000, 2001], [1, 2])).toBeNull();
  });

  it("gives anomalies against the baseline mean", () => {
    expect(anomalies([1990, 1991, 1992], [1, 3, 5], { start: 1990, end: 1991 })).toEqual([-1, 1, 3]);
  });

  it("gives the coefficient of variation in percent", () => {
    expect(coefficientOfVariation([2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo((100 * Math.sqrt(32 / 7)) / 5, 10);
    expect(coefficientOfVariation([0, 0])).toBeNull();
  });
});

describe("ENSO", () => {
  const oni = parseOni(readFileSync("seeds/oni.tsv", "utf8"));

  it("reads the NOAA table from 1950", () => {
    expect(oni[1950][0]).toBe(-1.32);
    expect(Object.keys(oni)).toContain("2024");
  });

  it("classes known seasons: kharif 1997 and 2015 El Nino, 2010 La Nina; rabi 1998 El Nino", () => {
    expect(ensoPhase(seasonOni(oni, "JJAS", 1997)!)).toBe("El Nino");
    expect(ensoPhase(seasonOni(oni, "JJAS", 2015)!)).toBe("El Nino");
    expect(ensoPhase(seasonOni(oni, "JJAS", 2010)!)).toBe("La Nina");
    expect(ensoPhase(seasonOni(oni, "NDJFM", 1998)!)).toBe("El Nino");
    expect(seasonOni(oni, "NDJFM", 1950)).toBeNull();
  });

  it("averages the values of each phase", () => {
    const table = { 2000: [0, 0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0], 2001: [0, 0, 0, 0, 0, 0, -1, -1, -1, 0, 0, 0], 2002: new Array(12).fill(0) };
    const c = ensoComposites(table, "JJAS", [2000, 2001, 2002], [10, 4, 7]);
    expect(c).toEqual([
      { phase: "El Nino", years: [2000], mean: 10, anomaly: 3 },
      { phase: "Neutral", years: [2002], mean: 7, anomaly: 0 },
      { phase: "La Nina", years: [2001], mean: 4, anomaly: -3 },
    ]);
  });
});
