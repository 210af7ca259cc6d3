/**
 * Periods, windows and seasons of the portal (spec section 9). The series API, the CMIP6 screens and the
 * analyses read them from here, so a window means the same years everywhere.
 */

/** An inclusive range of years. */
export interface YearRange {
  start: number;
  end: number;
}

/** A named range of years, e.g. the 1991-2020 climatology. */
export interface NamedPeriod extends YearRange {
  /** As written in the portal, e.g. "1991-2020" or "1980-89". */
  label: string;
}

const period = (start: number, end: number, label = `${start}-${end}`): NamedPeriod => ({ start, end, label });

/** Observed gridded series (CRU, GPCC, APHRODITE and similar products). */
export const OBSERVED_SERIES_PERIOD = period(1901, 2021);

/** The 30-year climatologies of the observed layers. */
export const CLIMATOLOGY_PERIODS: readonly NamedPeriod[] = [
  period(1901, 1930),
  period(1931, 1960),
  period(1961, 1990),
  period(1991, 2020),
];

/** The 20-year projection windows of the CMIP6 layers and tables. */
export const PROJECTION_WINDOWS: readonly NamedPeriod[] = [
  period(2020, 2039),
  period(2040, 2059),
  period(2060, 2079),
  period(2080, 2099),
];

/** Reference period that projected changes are measured against (the last 20 historical years of CMIP6). */
export const BASELINE_PERIOD = period(1995, 2014);

/** Baselines a user may choose: the default, then the climatologies. */
export const BASELINE_CHOICES: readonly NamedPeriod[] = [BASELINE_PERIOD, ...CLIMATOLOGY_PERIODS];

/** Decadal rainfall layers; the last one is a partial decade. */
export const DECADAL_RAINFALL_PERIODS: readonly NamedPeriod[] = [
  period(1980, 1989, "1980-89"),
  period(1990, 1999, "1990-99"),
  period(2000, 2009, "2000-09"),
  period(2010, 2019, "2010-19"),
  period(2020, 2023, "2020-23"),
];

/**
 * Years each CMIP6 experiment covers (NEX-GDDP-CMIP6). The scenario seeds carry the same ranges in
 * `field_period`; these are the fall-back when a seed omits it.
 */
export const CMIP6_EXPERIMENT_PERIODS = {
  historical: period(1950, 2014),
  ssp245: period(2015, 2100),
  ssp585: period(2015, 2100),
} as const satisfies Record<string, NamedPeriod>;

/** Reference period of the ETCCDI percentile indices (TN10p, TX90p, WSDI, R95pTOT, ...). */
export const ETCCDI_BASE_PERIOD = period(1961, 1990);

export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** Days per month of the 365-day calendar the portal's monthly and seasonal means are weighted with. */
export const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

export const SEASON_CODES = ["DJF", "MAM", "JJA", "SON", "JJAS", "NDJFM"] as const;
export type SeasonCode = (typeof SEASON_CODES)[number];

export interface Season {
  code: SeasonCode;
  name: string;
  /** Calendar months 1-12 in the order they occur. */
  months: readonly number[];
}

/**
 * Seasons of the monthly series. A season that spans the new year (DJF, NDJFM) belongs to the year in
 * which it ends: DJF 2001 is December 2000 to February 2001, rabi 2001 is November 2000 to March 2001.
 */
export const SEASONS: Readonly<Record<SeasonCode, Season>> = {
  DJF: { code: "DJF", name: "Winter (December-February)", months: [12, 1, 2] },
  MAM: { code: "MAM", name: "Pre-monsoon (March-May)", months: [3, 4, 5] },
  JJA: { code: "JJA", name: "Summer (June-August)", months: [6, 7, 8] },
  SON: { code: "SON", name: "Autumn (September-November)", months: [9, 10, 11] },
  JJAS: { code: "JJAS", name: "Kharif, monsoon (June-September)", months: [6, 7, 8, 9] },
  NDJFM: { code: "NDJFM", name: "Rabi (November-March)", months: [11, 12, 1, 2, 3] },
};

/** Number of months of a season that fall in the calendar year before the one it is labelled with. */
export function monthsInPreviousYear(season: Season): number {
  const index = season.months.findIndex((month, i) => i > 0 && month < season.months[i - 1]);
  return index === -1 ? 0 : index;
}

/** The overlap of two ranges, or undefined when they do not meet. */
export function intersectRanges(a: YearRange, b: YearRange): YearRange | undefined {
  const start = Math.max(a.start, b.start);
  const end = Math.min(a.end, b.end);
  return start <= end ? { start, end } : undefined;
}

/** "1950-2014" to a range; undefined when the text is not a range of two four-digit years. */
export function parseYearRange(text: string): YearRange | undefined {
  const match = /^(\d{4})-(\d{4})$/.exec(text);
  if (!match) return undefined;
  const start = Number(match[1]);
  const end = Number(match[2]);
  return start <= end ? { start, end } : undefined;
}
