import { isThiCode } from "./livestockHeat";
import { DAYS_IN_MONTH } from "./periods";

/**
 * How monthly values of an indicator combine into a season or a year: a day-weighted mean for averages,
 * rates and shares; the maximum or minimum for block extremes (ETCCDI defines TXx as the maximum of the
 * daily maxima in the block, so the annual TXx is the largest monthly one); the sum for monthly counts
 * of days (livestock heat stress days: a season's days are its months' days added).
 */
export type Aggregation = "mean" | "max" | "min" | "sum";

const BLOCK_MAXIMA = ["txx", "tnx", "rx1day", "rx5day"];
const BLOCK_MINIMA = ["txn", "tnn"];

export function aggregationOf(code: string): Aggregation {
  if (BLOCK_MAXIMA.includes(code)) return "max";
  if (BLOCK_MINIMA.includes(code)) return "min";
  if (isThiCode(code)) return "sum";
  return "mean";
}

/**
 * Decimal places series values are given with: finer than the models can tell apart, coarse enough to
 * keep answers small.
 */
const DECIMALS: Readonly<Record<string, number>> = {
  pr: 3,
  huss: 2,
  hurs: 1,
  rsds: 1,
  rlds: 1,
  sfcWind: 2,
  spi: 2,
  spei: 2,
  sdii: 2,
  // potential evapotranspiration, mm/day: a hundredth of a millimetre, like the other daily rates
  pet: 2,
};
const DAY_COUNTS = ["fd", "su", "id", "tr", "gsl", "wsdi", "csdi", "r10mm", "r20mm", "rnnmm", "cdd", "cwd"];
const ONE_DECIMAL = [...DAY_COUNTS, "tn10p", "tx10p", "tn90p", "tx90p", "rx1day", "rx5day", "r95ptot", "r99ptot", "prcptot"];

export function decimalsOf(code: string): number {
  return DECIMALS[code] ?? (ONE_DECIMAL.includes(code) || isThiCode(code) ? 1 : 2);
}

/**
 * Decimal places the pages show an indicator's values with: the precision a reader can use, the same in
 * tables, charts and the text of a page, for a year's value, a period statistic, a change and its range
 * alike. The answers are finer (`decimalsOf`, one more for period statistics: `windowDecimals`) so that
 * statistics built from them lose nothing; the APIs and every download (CSV, JSON, NetCDF, data packs)
 * keep that precision, and only the screens round to these.
 *
 * - temperatures (°C, the ETCCDI block extremes and DTR included): 0.1 °C;
 * - rates of precipitation and evapotranspiration (mm/day): 0.1 mm/day; amounts (mm): 1 mm;
 * - counts of days (ETCCDI counts and spells, heat-stress days): 0.1 day, as period statistics are means
 *   of years and a change of a few tenths of a day a year is worth telling;
 * - shares of days and relative humidity (%): 0.1 %; specific humidity: 0.1 g/kg; wind: 0.1 m/s;
 *   radiation: 0.1 W/m²;
 * - standardised indices (SPI, SPEI): 0.01.
 */
const DISPLAY_DECIMALS: Readonly<Record<string, number>> = {
  ...Object.fromEntries(["tas", "tasmax", "tasmin", "txx", "tnx", "txn", "tnn", "dtr"].map((c) => [c, 1])),
  ...Object.fromEntries(["pr", "pet", "sdii"].map((c) => [c, 1])),
  ...Object.fromEntries(["rx1day", "rx5day", "r95ptot", "r99ptot", "prcptot"].map((c) => [c, 0])),
  ...Object.fromEntries(DAY_COUNTS.map((c) => [c, 1])),
  ...Object.fromEntries(["tn10p", "tx10p", "tn90p", "tx90p", "hurs"].map((c) => [c, 1])),
  huss: 1,
  sfcWind: 1,
  rsds: 1,
  rlds: 1,
  spi: 2,
  spei: 2,
};

/** The decimals a page shows an indicator's values with (`DISPLAY_DECIMALS`); an unknown code: its answers' decimals. */
export function displayDecimalsOf(code: string): number {
  return DISPLAY_DECIMALS[code] ?? (isThiCode(code) ? 1 : decimalsOf(code));
}

/** Rounds to `decimals` places (half away from zero, as people round). */
export function roundTo(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.sign(value) * Math.round(Math.abs(value) * f) / f;
}

/**
 * Combines the values of the given calendar months (1-12). NaN when any of them is missing: a season or
 * year with a gap has no value rather than a biased one. A mean weighs each month by its days: `days[i]`,
 * the days of `months[i]` in the run's own calendar (a leap February's 29, a 360-day calendar's 30), so that
 * the mean of monthly means is the mean of the days; without them, the 365-day calendar's months.
 */
export function aggregateMonths(values: ArrayLike<number>, months: readonly number[], rule: Aggregation, days?: ArrayLike<number>): number {
  let acc = rule === "max" ? -Infinity : rule === "min" ? Infinity : 0;
  if (rule === "sum") {
    for (let i = 0; i < values.length; i++) acc += values[i];
    // NaN when any month is missing
    return values.length === 0 ? NaN : acc;
  }
  let total = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (Number.isNaN(v)) return NaN;
    if (rule === "max") acc = Math.max(acc, v);
    else if (rule === "min") acc = Math.min(acc, v);
    else {
      // without the run's days, the 365-day calendar's months: exact for the sample series (noleap)
      const d = days ? days[i] : DAYS_IN_MONTH[months[i] - 1];
      acc += v * d;
      total += d;
    }
  }
  if (values.length === 0) return NaN;
  return rule === "mean" ? acc / total : acc;
}
