import { describe, expect, it } from "vitest";
import { extraterrestrialRadiation, hargreavesPet, MID_MONTH_DAY } from "../../app/features/analytics/compute";
import { spei, spi } from "../../app/features/cmip6/drought";
import { DEFAULT_PET_METHOD, HARGREAVES_SAMANI, droughtSeries, hargreavesWaterBalance, joinRuns, monthlyTotals, petWaterBalance } from "./drought";
import type { StoredSeries } from "./store";

const source: StoredSeries["source"] = { id: "test", source: "test", method: "area mean", version: "1", sample: false };
const stored = (startYear: number, values: Float64Array): StoredSeries => ({ startYear, values, source });

/** A smooth seasonal cycle with year-to-year noise from a fixed sequence. */
function seasonal(years: number, base: number, amplitude: number, noise: number, phase = 0): Float64Array {
  const out = new Float64Array(years * 12);
  for (let i = 0; i < out.length; i++) {
    const wobble = Math.sin(i * 12.9898 + phase) * 43758.5453;
    out[i] = base + amplitude * Math.sin(((i % 12) - 3) * (Math.PI / 6)) + noise * (wobble - Math.floor(wobble) - 0.5);
  }
  return out;
}

describe("drought series of stored monthly series", () => {
  const years = 65; // 1950-2014
  const pr = seasonal(years, 4, 3.5, 5).map((v) => Math.max(0, v)); // mm/day
  const tas = seasonal(years, 24, 6, 2, 1);
  const tasmax = tas.map((t, i) => t + 5 + ((i * 7) % 5) * 0.3);
  const tasmin = tas.map((t, i) => t - 5 - ((i * 3) % 4) * 0.3);

  it("turns mm/day into monthly totals and builds P - PET with Hargreaves-Samani", () => {
    expect(Array.from(monthlyTotals([1, 1, 2]))).toEqual([31, 28, 62]);
    const balance = hargreavesWaterBalance(pr, tas, tasmax, tasmin, 23.5);
    const i = 12 * 40 + 6; // July 1990
    const pet = hargreavesPet(tas[i], tasmax[i], tasmin[i], extraterrestrialRadiation(23.5, MID_MONTH_DAY[6]));
    expect(balance[i]).toBeCloseTo((pr[i] - pet) * 31, 10);
  });

  it("SPI is the SPI of the monthly totals", () => {
    const result = droughtSeries("spi", { pr: stored(1950, pr) }, { scale: 3 });
    const direct = spi(monthlyTotals(pr), { startYear: 1950, scale: 3 });
    expect(Array.from(result.values)).toEqual(Array.from(direct.values));
    expect(result.warnings).toEqual([]);
    expect(result.reference).toMatchObject({ start: 1985, end: 2014 });
    expect(result.method).toMatch(/gamma/);
  });

  it("SPEI uses the years all four variables have, and names its evapotranspiration", () => {
    const result = droughtSeries(
      "spei",
      { pr: stored(1950, pr), tas: stored(1951, tas.subarray(12)), tasmax: stored(1950, tasmax), tasmin: stored(1950, tasmin) },
      { scale: 6, latitude: 23.5 },
    );
    expect(result.startYear).toBe(1951);
    expect(result.values.length).toBe((years - 1) * 12);
    const balance = hargreavesWaterBalance(pr.subarray(12), tas.subarray(12), tasmax.subarray(12), tasmin.subarray(12), 23.5);
    expect(Array.from(result.values)).toEqual(Array.from(spei(balance, { startYear: 1951, scale: 6 }).values));
    expect(result.evapotranspiration).toBe(HARGREAVES_SAMANI);
    expect(result.method).toMatch(/log-logistic.*Hargreaves/s);
  });

  it("SPEI takes a pet series before the temperatures, and its method (FAO-56 when it names none)", () => {
    const pet = tas.map((t) => Math.max(0, 0.2 * t - 1));
    const all = { pr: stored(1950, pr), tas: stored(1950, tas), tasmax: stored(1950, tasmax), tasmin: stored(1950, tasmin) };
    const result = droughtSeries("spei", { ...all, pet: stored(1950, pet) }, { scale: 3, latitude: 23.5 });
    // the balance by hand: (P - PET) times the days of each month
    const balance = Float64Array.from(pr, (p, i) => (p - pet[i]) * [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][i % 12]);
    expect(Array.from(petWaterBalance(pr, pet))).toEqual(Array.from(balance));
    expect(Array.from(result.values)).toEqual(Array.from(spei(balance, { startYear: 1950, scale: 3 }).values));
    expect(result.evapotranspiration).toBe(DEFAULT_PET_METHOD);
    const named = droughtSeries("spei", { pr: stored(1950, pr), pet: { ...stored(1950, pet), method: "Priestley-Taylor" } as StoredSeries }, { scale: 3 });
    expect(named.evapotranspiration).toBe("Priestley-Taylor");
    expect(named.method).toContain("Priestley-Taylor");
  });

  it("refuses SPEI without temperatures or latitude, and a series that is not whole years", () => {
    expect(() => droughtSeries("spei", { pr: stored(1950, pr) }, { scale: 1, latitude: 20 })).toThrow(/pet, or tas, tasmax and tasmin/);
    expect(() =>
      droughtSeries("spei", { pr: stored(1950, pr), tas: stored(1950, tas), tasmax: stored(1950, tasmax), tasmin: stored(1950, tasmin) }, { scale: 1 }),
    ).toThrow(/latitude/);
    expect(() => droughtSeries("spi", { pr: stored(1950, pr.subarray(1)) }, { scale: 1 })).toThrow(/whole years/);
  });

  it("puts the historical run in front of a scenario's", () => {
    const historical = stored(1950, new Float64Array(65 * 12).fill(1));
    const scenario = stored(2015, new Float64Array(86 * 12).fill(2));
    const joined = joinRuns(historical, scenario);
    expect(joined.startYear).toBe(1950);
    expect(joined.values.length).toBe((2100 - 1950 + 1) * 12);
    expect(joined.values[65 * 12 - 1]).toBe(1);
    expect(joined.values[65 * 12]).toBe(2);
    expect(joinRuns(undefined, scenario)).toBe(scenario);
  });
});
