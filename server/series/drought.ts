import { extraterrestrialRadiation, hargreavesPet, MID_MONTH_DAY } from "../../app/features/analytics/compute";
import { type DroughtResult, type DroughtWarning, DEFAULT_DROUGHT_REFERENCE, DROUGHT_METHODS, type GammaFit, type LogLogisticFit, spei, spi } from "../../app/features/cmip6/drought";
import { type DroughtScale } from "../../app/features/cmip6/droughtQuery";
import { DAYS_IN_MONTH, type YearRange } from "../../app/features/cmip6/periods";
import { daysInMonth, type Calendar } from "./ingest/calendar";
import type { StoredSeries } from "./store";

/**
 * Monthly SPI and SPEI of stored monthly series (the sample store's and ingested data alike); the series
 * API serves them through `DroughtIndexStore` (drought-store.ts).
 *
 * Precipitation is stored as a monthly mean rate (mm/day) and turned into monthly totals with the true days
 * of each month in the run's own CF calendar (`StoredSeries.calendar`: a standard, proleptic Gregorian or
 * Julian leap February has 29 days, a 360_day month 30; no calendar is the sample generator's 365-day one),
 * and so is the water balance; runs joined end to end keep each its own calendar's months. SPEI's potential
 * evapotranspiration is the store's own `pet` series (mm/day, FAO-56 Penman-Monteith where the ingest
 * computes it) when given, else Hargreaves-Samani from tas, tasmax and tasmin with extraterrestrial
 * radiation at mid-month for the given latitude.
 */

export type DroughtIndexCode = "spi" | "spei";

/**
 * A stored monthly series, or runs joined end to end (`joinRuns`) with `monthDays`: the days of each of its
 * months in the calendar of the run the month came from.
 */
export interface MonthlyRun extends StoredSeries {
  monthDays?: Float64Array;
}

export interface DroughtInputs {
  pr: MonthlyRun;
  /** Potential evapotranspiration, mm/day: used for SPEI when given (its `method` names how it was computed). */
  pet?: MonthlyRun;
  /** Needed for SPEI without `pet`. */
  tas?: MonthlyRun;
  tasmax?: MonthlyRun;
  tasmin?: MonthlyRun;
}

export interface DroughtSeriesOptions {
  scale: DroughtScale;
  reference?: YearRange;
  /** Latitude of the place, degrees north (for SPEI's extraterrestrial radiation). */
  latitude?: number;
}

export interface DroughtSeries {
  index: DroughtIndexCode;
  scale: DroughtScale;
  reference: YearRange;
  /** Year of the first value; twelve values a year from January. */
  startYear: number;
  values: Float64Array;
  warnings: DroughtWarning[];
  fits: (GammaFit | LogLogisticFit | undefined)[];
  /** Evapotranspiration method of SPEI's water balance, short ("Hargreaves-Samani (1985) from monthly tas, tasmax and tasmin (no pet series)"). */
  evapotranspiration?: string;
  method: string;
  references: readonly string[];
}

/**
 * The days of `months` consecutive months from January of `startYear` in a CF calendar; absent, the 365-day
 * (noleap) calendar of the sample generator.
 */
export function monthDays(calendar: Calendar | undefined, startYear: number, months: number): Float64Array {
  const out = new Float64Array(months);
  for (let i = 0; i < months; i++) out[i] = daysInMonth(calendar ?? "noleap", startYear + Math.floor(i / 12), (i % 12) + 1);
  return out;
}

/** The days of each month of a series: the joined runs' own, else those of its calendar. */
export function daysOfMonths(series: MonthlyRun): Float64Array {
  return series.monthDays ?? monthDays(series.calendar, series.startYear, series.values.length);
}

/** The months the series have in common, each as [startYear, arrays cut to the common years, the days of those months]. */
function commonYears(series: MonthlyRun[]): { startYear: number; values: Float64Array[]; days: Float64Array[] } {
  const startYear = Math.max(...series.map((s) => s.startYear));
  const endYear = Math.min(...series.map((s) => s.startYear + Math.floor(s.values.length / 12) - 1));
  const years = Math.max(0, endYear - startYear + 1);
  const cut = (s: MonthlyRun, a: Float64Array) => a.subarray((startYear - s.startYear) * 12, (startYear - s.startYear + years) * 12);
  return {
    startYear,
    values: series.map((s) => cut(s, s.values)),
    days: series.map((s) => cut(s, daysOfMonths(s))),
  };
}

/** Days of month i of a series from January: `days[i]` when given, else the 365-day calendar's. */
const dayCount = (days: ArrayLike<number> | undefined, i: number) => (days ? days[i] : DAYS_IN_MONTH[i % 12]);

/** P - PET (mm) of one month's rates (mm/day) over their days: (P - PET) times the days where both have the same. */
const balanceTotal = (p: number, pet: number, days: number, petDays: number) => (days === petDays ? (p - pet) * days : p * days - pet * petDays);

/**
 * Monthly totals (mm) of a monthly mean rate (mm/day): each rate times the days of its month, `days` (one per
 * month, `monthDays` of the run's calendar); without `days`, the 365-day calendar of the sample generator.
 */
export function monthlyTotals(rate: ArrayLike<number>, days?: ArrayLike<number>): Float64Array {
  const out = new Float64Array(rate.length);
  for (let i = 0; i < rate.length; i++) out[i] = rate[i] * dayCount(days, i);
  return out;
}

/**
 * Monthly climatic water balance P - PET (mm), PET by Hargreaves-Samani; NaN where any input is missing.
 * Precipitation's totals take `days` (see `monthlyTotals`), PET's `petDays` (the temperatures' months; default `days`).
 */
export function hargreavesWaterBalance(
  pr: ArrayLike<number>,
  tas: ArrayLike<number>,
  tasmax: ArrayLike<number>,
  tasmin: ArrayLike<number>,
  latitude: number,
  days?: ArrayLike<number>,
  petDays: ArrayLike<number> | undefined = days,
): Float64Array {
  const ra = MID_MONTH_DAY.map((day) => extraterrestrialRadiation(latitude, day));
  const out = new Float64Array(pr.length);
  for (let i = 0; i < pr.length; i++) {
    const m = i % 12;
    out[i] = balanceTotal(pr[i], hargreavesPet(tas[i], tasmax[i], tasmin[i], ra[m]), dayCount(days, i), dayCount(petDays, i));
  }
  return out;
}

/** Short name of the Hargreaves-Samani estimate, as answers name each model run's evapotranspiration. */
export const HARGREAVES_SAMANI = "Hargreaves-Samani (1985) from monthly tas, tasmax and tasmin (no pet series)";
/** What a `pet` series that does not say its method is taken to be (the ingest computes FAO-56). */
export const DEFAULT_PET_METHOD = "FAO-56 Penman-Monteith";

/** The evapotranspiration method a stored `pet` series names (a `method` text some stores add), else FAO-56. */
export function petMethodOf(pet: StoredSeries): string {
  const method = (pet as { method?: unknown }).method;
  return typeof method === "string" && method.trim() !== "" ? method.trim() : DEFAULT_PET_METHOD;
}

/**
 * Monthly climatic water balance P - PET (mm) of two monthly mean rates (mm/day); NaN where either is missing.
 * Precipitation's totals take `days` (see `monthlyTotals`), PET's `petDays` (default `days`).
 */
export function petWaterBalance(pr: ArrayLike<number>, pet: ArrayLike<number>, days?: ArrayLike<number>, petDays: ArrayLike<number> | undefined = days): Float64Array {
  const out = new Float64Array(pr.length);
  for (let i = 0; i < pr.length; i++) out[i] = balanceTotal(pr[i], pet[i], dayCount(days, i), dayCount(petDays, i));
  return out;
}

/**
 * SPI or SPEI of stored monthly series. SPEI takes `pet` when given, else needs tas, tasmax, tasmin and
 * the latitude (Hargreaves-Samani).
 */
export function droughtSeries(index: DroughtIndexCode, inputs: DroughtInputs, options: DroughtSeriesOptions): DroughtSeries {
  const reference = options.reference ?? DEFAULT_DROUGHT_REFERENCE;
  const common = { scale: options.scale, reference };
  for (const [name, s] of Object.entries(inputs)) {
    if (s && s.values.length % 12 !== 0) throw new RangeError(`${name} is not a monthly series of whole years`);
  }
  if (index === "spi") {
    const result: DroughtResult<GammaFit> = spi(monthlyTotals(inputs.pr.values, daysOfMonths(inputs.pr)), { startYear: inputs.pr.startYear, ...common });
    return { index, ...common, startYear: inputs.pr.startYear, ...result, method: DROUGHT_METHODS.spi.method, references: DROUGHT_METHODS.spi.references };
  }
  if (inputs.pet) {
    const method = petMethodOf(inputs.pet);
    const { startYear, values, days } = commonYears([inputs.pr, inputs.pet]);
    const result: DroughtResult<LogLogisticFit> = spei(petWaterBalance(values[0], values[1], days[0], days[1]), { startYear, ...common });
    return {
      index,
      ...common,
      startYear,
      ...result,
      evapotranspiration: method,
      method: `${DROUGHT_METHODS.spei.method} Potential evapotranspiration: ${method} (the store's monthly pet series).`,
      references: DROUGHT_METHODS.spei.references,
    };
  }
  const { tas, tasmax, tasmin } = inputs;
  if (!tas || !tasmax || !tasmin) throw new RangeError("SPEI needs pet, or tas, tasmax and tasmin for potential evapotranspiration");
  if (options.latitude === undefined || !(Math.abs(options.latitude) <= 90)) throw new RangeError("SPEI needs the latitude of the place");
  const { startYear, values, days } = commonYears([inputs.pr, tas, tasmax, tasmin]);
  const balance = hargreavesWaterBalance(values[0], values[1], values[2], values[3], options.latitude, days[0], days[1]);
  const result: DroughtResult<LogLogisticFit> = spei(balance, { startYear, ...common });
  return {
    index,
    ...common,
    startYear,
    ...result,
    evapotranspiration: HARGREAVES_SAMANI,
    method: `${DROUGHT_METHODS.spei.method} Potential evapotranspiration: Hargreaves and Samani (1985) from monthly mean, maximum and minimum temperature.`,
    references: [...DROUGHT_METHODS.spei.references, HARGREAVES_REFERENCE],
  };
}

/** The reference of the Hargreaves-Samani estimate. */
export const HARGREAVES_REFERENCE =
  "Hargreaves, G.H. and Samani, Z.A. (1985): Reference crop evapotranspiration from temperature. Applied Engineering in Agriculture 1, 96-99.";

/**
 * A scenario run preceded by the historical run of the same model, so that a scenario's index is fitted over
 * the historical reference period: each year comes from the run that has it, the scenario where both do. Each
 * month keeps the days of its own run's calendar (`monthDays`); the joined series has a `calendar` only where
 * both runs share it.
 */
export function joinRuns(historical: StoredSeries | undefined, scenario: MonthlyRun): MonthlyRun {
  if (!historical || historical.startYear >= scenario.startYear) return scenario;
  const startYear = historical.startYear;
  const endYear = scenario.startYear + scenario.values.length / 12 - 1;
  const before = (scenario.startYear - startYear) * 12;
  const values = new Float64Array((endYear - startYear + 1) * 12).fill(NaN);
  values.set(historical.values.subarray(0, Math.min(historical.values.length, before)));
  values.set(scenario.values, before);
  // the years before the scenario in the historical run's calendar (those it lacks have no value anyway)
  const days = new Float64Array(values.length);
  days.set(monthDays(historical.calendar, startYear, before));
  days.set(daysOfMonths(scenario), before);
  const joined: MonthlyRun = { ...scenario, startYear, values, monthDays: days };
  if (historical.calendar !== scenario.calendar) delete joined.calendar;
  return joined;
}
