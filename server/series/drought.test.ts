import { describe, expect, it } from "vitest";
import { extraterrestrialRadiation, hargreavesPet, MID_MONTH_DAY } from "../../app/features/analytics/compute";
import { spei, spi } from "../../app/features/cmip6/drought";
import { DEFAULT_PET_METHOD, HARGREAVES_SAMANI, daysOfMonths, droughtSeries, hargreavesWaterBalance, joinRuns, monthDays, monthlyTotals, petWaterBalance } from "./drought";
import { DroughtIndexStore } from "./drought-store";
import type { Calendar } from "./ingest/calendar";
import type { SeriesStore, StoredSeries } from "./store";

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

describe("monthly totals in the run's own calendar", () => {
  /** February's total (mm) of a 2.5 mm/day February, as `droughtSeries` makes it. */
  const february = (calendar: Calendar | undefined, year: number) => monthlyTotals(new Float64Array(12).fill(2.5), monthDays(calendar, year, 12))[1];

  it("a February of 2.5 mm/day: 29, 29 and 28 days in 1996, 2000 and 2100 (standard), 28 noleap, 30 360_day, 29 all_leap", () => {
    expect(february("standard", 1996)).toBe(72.5);
    expect(february("standard", 2000)).toBe(72.5);
    expect(february("standard", 2100)).toBe(70);
    expect(february("noleap", 1996)).toBe(70);
    expect(february("noleap", 2000)).toBe(70);
    expect(february("360_day", 1996)).toBe(75);
    expect(february("360_day", 2001)).toBe(75);
    expect(february("all_leap", 2001)).toBe(72.5);
    expect(february("all_leap", 2100)).toBe(72.5);
    expect(february("proleptic_gregorian", 2100)).toBe(70);
    expect(february("proleptic_gregorian", 1996)).toBe(72.5);
    expect(february("julian", 2100)).toBe(72.5);
    expect(february("julian", 2001)).toBe(70);
    // no calendar: the sample generator's 365-day one
    expect(february(undefined, 1996)).toBe(70);
  });

  it("the other months: 30 days each in a 360_day year, the 365-day months elsewhere", () => {
    expect(Array.from(monthDays("360_day", 2015, 12))).toEqual([30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30]);
    expect(Array.from(monthDays("standard", 1995, 24))).toEqual([
      31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
      31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
    ]);
    expect(Array.from(monthlyTotals([2, 2, 2], [31, 29, 31]))).toEqual([62, 58, 62]);
  });

  it("the water balance takes each series' own days, pet and Hargreaves-Samani alike", () => {
    // February 1996, standard calendar: (4 - 1.5) mm/day over 29 days
    expect(Array.from(petWaterBalance([4], [1.5], [29]))).toEqual([72.5]);
    // precipitation on a standard calendar, PET on a 360_day one
    expect(Array.from(petWaterBalance([4], [1.5], [29], [30]))).toEqual([116 - 45]);
    const ra = extraterrestrialRadiation(23.5, MID_MONTH_DAY[1]);
    const balance = hargreavesWaterBalance(new Float64Array(12).fill(4), new Float64Array(12).fill(20), new Float64Array(12).fill(27), new Float64Array(12).fill(13), 23.5, monthDays("standard", 1996, 12));
    expect(balance[1]).toBeCloseTo((4 - hargreavesPet(20, 27, 13, ra)) * 29, 10);
  });

  it("joined runs keep each run's month lengths", () => {
    const historical: StoredSeries = { ...stored(1995, new Float64Array(20 * 12).fill(1)), calendar: "standard" };
    const same = joinRuns(historical, { ...stored(2015, new Float64Array(2 * 12).fill(2)), calendar: "standard" });
    expect(same.calendar).toBe("standard");
    const days = daysOfMonths(same);
    expect(days[12 + 1]).toBe(29); // February 1996
    expect(days[20 * 12 + 1]).toBe(28); // February 2015
    expect(days[21 * 12 + 1]).toBe(29); // February 2016
    const mixed = joinRuns(historical, { ...stored(2015, new Float64Array(2 * 12).fill(2)), calendar: "360_day" });
    expect(mixed.calendar).toBeUndefined();
    const mixedDays = daysOfMonths(mixed);
    expect(mixedDays[12 + 1]).toBe(29); // February 1996 of the standard historical run
    expect(mixedDays[5 * 12]).toBe(31); // January 2000
    expect(mixedDays[20 * 12]).toBe(30); // January 2015 of the 360_day scenario
    expect(mixedDays[21 * 12 + 1]).toBe(30); // February 2016
    expect(Array.from(monthlyTotals(mixed.values, mixedDays).subarray(12, 14))).toEqual([31, 29]);
    expect(Array.from(monthlyTotals(mixed.values, mixedDays).subarray(21 * 12, 21 * 12 + 2))).toEqual([60, 60]);
  });

  describe("SPEI-3 of a standard-calendar run in a leap year", () => {
    const years = 65; // 1950-2014
    // a wet February (water balance far from zero), so that a day more or less matters
    const pr = seasonal(years, 4, 3.5, 5).map((v, i) => Math.max(0, v) + (i % 12 === 1 ? 6 : 0));
    const pet = seasonal(years, 3, 1.5, 1, 2).map((v) => Math.max(0, v));
    /** The days of each month 1950-2014 in the standard calendar, written out: February 29 days every fourth year from 1952. */
    const standardDays = Float64Array.from({ length: years * 12 }, (_, i) => {
      const year = 1950 + Math.floor(i / 12);
      return [31, year % 4 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][i % 12];
    });
    const noleapDays = Float64Array.from({ length: years * 12 }, (_, i) => [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][i % 12]);
    const march1996 = (1996 - 1950) * 12 + 2;
    const balanceOf = (days: Float64Array) => Float64Array.from(pr, (p, i) => p * days[i] - pet[i] * days[i]);
    const truth = spei(balanceOf(standardDays), { startYear: 1950, scale: 3 }).values[march1996];
    const fixed365 = spei(balanceOf(noleapDays), { startYear: 1950, scale: 3 }).values[march1996];

    it("equals the index of the true totals (March 1996), which a 365-day year misses", () => {
      const series = (values: Float64Array): StoredSeries => ({ ...stored(1950, values), calendar: "standard" });
      const result = droughtSeries("spei", { pr: series(pr), pet: series(pet) }, { scale: 3 });
      expect(Number.isFinite(truth)).toBe(true);
      expect(Math.abs(truth - fixed365)).toBeGreaterThan(0.02);
      expect(Math.abs(result.values[march1996] - truth)).toBeLessThan(0.005);
      // the same run without a calendar is the sample generator's 365-day one
      expect(Math.abs(droughtSeries("spei", { pr: stored(1950, pr), pet: stored(1950, pet) }, { scale: 3 }).values[march1996] - fixed365)).toBeLessThan(0.005);
    });

    it("through DroughtIndexStore: the series' calendar reaches the totals", async () => {
      const source: StoredSeries["source"] = { id: "ingested:M:historical", source: "ingested", method: "area mean", version: "1", sample: false };
      const runs: Record<string, StoredSeries> = {
        pr: { startYear: 1950, values: pr, source, calendar: "standard" },
        pet: { startYear: 1950, values: pet, source, calendar: "standard" },
      };
      const inner: SeriesStore = {
        version: "test",
        describe: () => ({ name: "test", sources: [source] }),
        getSeries: async (keys) => keys.map((k) => (k.scenario === "historical" && k.frequency === "monthly" ? runs[k.indicator] : undefined)),
      };
      const store = new DroughtIndexStore(inner);
      const [result] = await store.getSeries([{ indicator: "spei", geo: "IND", scenario: "historical", model: "M", frequency: "monthly", scale: 3 }]);
      expect(result?.calendar).toBe("standard");
      expect(Math.abs(result!.values[march1996] - truth)).toBeLessThan(0.005);
    });
  });
});
