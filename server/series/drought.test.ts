import { describe, expect, it } from "vitest";
import { extraterrestrialRadiation, hargreavesPet, MID_MONTH_DAY } from "../../app/features/analytics/compute";
import { spei, spi } from "../../app/features/cmip6/drought";
import { droughtSeries, hargreavesWaterBalance, joinRuns, monthlyTotals, storedDroughtSeries } from "./drought";
import { SampleSeriesStore } from "./sample/sample-store";
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

const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;

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
    expect(result.pet).toBe("hargreaves-samani");
    expect(result.method).toMatch(/log-logistic.*Hargreaves/s);
  });

  it("refuses SPEI without temperatures or latitude, and a series that is not whole years", () => {
    expect(() => droughtSeries("spei", { pr: stored(1950, pr) }, { scale: 1, latitude: 20 })).toThrow(/tas, tasmax and tasmin/);
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

describe("drought series from the sample store", () => {
  const store = new SampleSeriesStore();

  it("fits every calendar month over 1985-2014 of a historical run: mean 0, SD about 1 over the reference", async () => {
    const result = (await storedDroughtSeries(store, "spi", { geo: "IND", scenario: "historical", model: "MRI-ESM2-0" }, { scale: 3 }))!;
    expect(result.warnings).toEqual([]);
    const ref = Array.from(result.values.subarray((1985 - result.startYear) * 12, (2015 - result.startYear) * 12));
    expect(Math.abs(mean(ref))).toBeLessThan(0.1);
    expect(Math.abs(Math.sqrt(mean(ref.map((v) => v * v))) - 1)).toBeLessThan(0.15);
  });

  it("fits a scenario over the model's historical reference, SPI and SPEI", async () => {
    for (const index of ["spi", "spei"] as const) {
      const result = (await storedDroughtSeries(store, index, { geo: "IND", scenario: "ssp585", model: "MRI-ESM2-0" }, { scale: 12, latitude: 22 }))!;
      expect(result.startYear).toBe(1950);
      expect(result.warnings).toEqual([]);
      const late = Array.from(result.values.subarray((2080 - 1950) * 12));
      expect(late.every((v) => Number.isFinite(v))).toBe(true);
    }
    // 12-month sums exist from the twelfth month on
    const spiResult = (await storedDroughtSeries(store, "spi", { geo: "IND", scenario: "historical", model: "MRI-ESM2-0" }, { scale: 12 }))!;
    expect(Array.from(spiResult.values.subarray(0, 11)).every(Number.isNaN)).toBe(true);
  });

  it("answers undefined where the store has no series", async () => {
    expect(await storedDroughtSeries(store, "spi", { geo: "NOWHERE", scenario: "historical", model: "MRI-ESM2-0" }, { scale: 1 })).toBeUndefined();
  });
});
