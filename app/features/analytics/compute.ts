/**
 * Pure computations of the analyses: trends, anomalies, variability and ENSO composites (potential
 * evapotranspiration: `fao56.ts`; the livestock temperature-humidity index: ../cmip6/livestockHeat.ts).
 * Missing values are null and are skipped.
 */

type Num = number | null | undefined;
const isNum = (v: Num): v is number => v !== null && v !== undefined && !Number.isNaN(v);

export function mean(values: readonly Num[]): number | null {
  let sum = 0;
  let n = 0;
  for (const v of values) if (isNum(v)) (sum += v), n++;
  return n === 0 ? null : sum / n;
}

/** Sample standard deviation (n - 1); null with fewer than two values. */
export function standardDeviation(values: readonly Num[]): number | null {
  const xs = values.filter(isNum);
  if (xs.length < 2) return null;
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
}

/** Coefficient of variation in percent: standard deviation over the mean. Null when the mean is zero. */
export function coefficientOfVariation(values: readonly Num[]): number | null {
  const m = mean(values);
  const sd = standardDeviation(values);
  return m === null || sd === null || m === 0 ? null : (100 * sd) / Math.abs(m);
}

/**
 * Ordinary least-squares slope of y on x (units of y per unit of x); null with fewer than three points. Used to
 * detrend series before their variability (`detrend`); trends shown are Sen's slopes (`trend.ts`).
 */
export function linearTrend(xs: readonly number[], ys: readonly Num[]): number | null {
  const points = xs.map((x, i) => [x, ys[i]] as const).filter((p): p is readonly [number, number] => isNum(p[1]));
  if (points.length < 3) return null;
  const mx = points.reduce((a, p) => a + p[0], 0) / points.length;
  const my = points.reduce((a, p) => a + p[1], 0) / points.length;
  let sxy = 0;
  let sxx = 0;
  for (const [x, y] of points) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
  }
  return sxx === 0 ? null : sxy / sxx;
}

/** Values minus their mean over the baseline years. */
export function anomalies(years: readonly number[], values: readonly Num[], baseline: { start: number; end: number }): (number | null)[] {
  const base = mean(values.filter((_, i) => years[i] >= baseline.start && years[i] <= baseline.end));
  return values.map((v) => (isNum(v) && base !== null ? v - base : null));
}

/** Ra and Hargreaves-Samani live with the other FAO-56 equations; SPEI's water balance reads them from here. */
export { extraterrestrialRadiation, hargreavesPet } from "./fao56";

/** Day of the year in the middle of each month (365-day calendar). */
export const MID_MONTH_DAY = [15, 46, 74, 105, 135, 166, 196, 227, 258, 288, 319, 349] as const;

/** ONI table: per year, the twelve overlapping three-month seasons DJF ... NDJ. */
export type OniTable = Record<number, (number | null)[]>;
export const ONI_SEASONS = ["DJF", "JFM", "FMA", "MAM", "AMJ", "MJJ", "JJA", "JAS", "ASO", "SON", "OND", "NDJ"] as const;

/** Reads the NOAA ONI table (tab-separated: `#` comment lines, a header row, one row per year). */
export function parseOni(text: string): OniTable {
  const table: OniTable = {};
  for (const line of text.trim().split("\n")) {
    if (line.startsWith("#")) continue;
    const [year, ...values] = line.trim().split(/\t/);
    // the header row ("Year DJF … NDJ") and anything else without a year
    if (!/^\d{4}$/.test(year)) continue;
    table[Number(year)] = ONI_SEASONS.map((_, i) => {
      const v = Number(values[i]);
      return values[i] === undefined || values[i].trim() === "" || Number.isNaN(v) ? null : v;
    });
  }
  return table;
}

export type EnsoPhase = "El Nino" | "La Nina" | "Neutral";
export const ENSO_PHASES: EnsoPhase[] = ["El Nino", "Neutral", "La Nina"];

/** NOAA CPC's episode rule: the threshold (°C) and the fewest consecutive overlapping seasons of an episode. */
export const ONI_THRESHOLD = 0.5;
export const EPISODE_SEASONS = 5;

/** ONI seasons by their centre month: DJF is centred in January (index 0), NDJ in December (index 11). */
export type OniPhases = Record<number, (EnsoPhase | null)[]>;

/**
 * NOAA CPC's ENSO episodes over the ONI table: an El Nino (La Nina) episode is five or more consecutive
 * overlapping three-month seasons with the ONI at or above +0.5 °C (at or below -0.5 °C). Runs go on across
 * years (NDJ then DJF of the next year). Values are taken to one decimal, as NOAA's ONI table shows them
 * and colours its episodes (0.46 shows as 0.5 and counts). Each season gets its phase, Neutral outside
 * episodes, or null where it cannot be said: a missing value, or a run at or beyond the threshold still
 * shorter than five seasons at the end of the table (its episode is not decided yet).
 */
export function oniEpisodes(table: OniTable): OniPhases {
  const years = Object.keys(table).map(Number).sort((a, b) => a - b);
  const steps: { year: number; index: number; sign: -1 | 0 | 1 | null }[] = [];
  for (let year = years[0]; year <= years[years.length - 1]; year++) {
    for (let index = 0; index < 12; index++) {
      const v = table[year]?.[index];
      const shown = v === null || v === undefined ? null : Math.round(v * 10) / 10;
      steps.push({ year, index, sign: shown === null ? null : shown >= ONI_THRESHOLD ? 1 : shown <= -ONI_THRESHOLD ? -1 : 0 });
    }
  }
  // the last season with a value: runs reaching it are not decided yet
  let last = steps.length - 1;
  while (last >= 0 && steps[last].sign === null) last--;
  const out: OniPhases = {};
  for (const year of years) out[year] = new Array(12).fill(null);
  for (let i = 0; i < steps.length; ) {
    const { sign } = steps[i];
    let j = i;
    while (j + 1 < steps.length && steps[j + 1].sign === sign) j++;
    const length = j - i + 1;
    const phase: EnsoPhase | null =
      sign === null ? null : sign === 0 ? "Neutral" : length >= EPISODE_SEASONS ? (sign > 0 ? "El Nino" : "La Nina") : j === last ? null : "Neutral";
    for (let k = i; k <= j; k++) if (out[steps[k].year]) out[steps[k].year][steps[k].index] = phase;
    i = j + 1;
  }
  return out;
}

export const CROP_ENSO_SEASONS = ["JJAS", "NDJFM"] as const;
export type CropEnsoSeason = (typeof CROP_ENSO_SEASONS)[number];

/**
 * The overlapping ONI seasons centred in a crop season's months, as [year, index]: kharif (JJAS) MJJ, JJA,
 * JAS and ASO of its year; rabi (NDJFM, labelled with the year it ends in) OND and NDJ of the year before,
 * DJF, JFM and FMA of its year.
 */
export function centredSeasons(season: CropEnsoSeason, year: number): [number, number][] {
  return season === "JJAS"
    ? [5, 6, 7, 8].map((i) => [year, i])
    : [[year - 1, 10], [year - 1, 11], [year, 0], [year, 1], [year, 2]];
}

/**
 * The ENSO phase of a crop season: El Nino (La Nina) when more than half of the overlapping ONI seasons
 * centred in its months are in an El Nino (La Nina) episode (3 of 4 for kharif, 3 of 5 for rabi); Neutral
 * otherwise; null when any of them is not known (outside the table, or an episode not decided yet).
 */
export function cropSeasonPhase(phases: OniPhases, season: CropEnsoSeason, year: number): EnsoPhase | null {
  const centred = centredSeasons(season, year).map(([y, i]) => phases[y]?.[i] ?? null);
  if (centred.some((p) => p === null)) return null;
  for (const phase of ["El Nino", "La Nina"] as const) {
    if (centred.filter((p) => p === phase).length * 2 > centred.length) return phase;
  }
  return "Neutral";
}

/** The years of each phase among `years`, for one crop season (years without a phase left out). */
export function phaseYears(phases: OniPhases, season: CropEnsoSeason, years: readonly number[]): Record<EnsoPhase, number[]> {
  const out: Record<EnsoPhase, number[]> = { "El Nino": [], Neutral: [], "La Nina": [] };
  for (const year of years) {
    const phase = cropSeasonPhase(phases, season, year);
    if (phase) out[phase].push(year);
  }
  return out;
}
