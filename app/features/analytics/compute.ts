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

/** Reads the NOAA ONI table (tab-separated, a header row, one row per year). */
export function parseOni(text: string): OniTable {
  const table: OniTable = {};
  for (const line of text.trim().split("\n").slice(1)) {
    const [year, ...values] = line.trim().split(/\t/);
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

/**
 * Mean ONI over a crop season: kharif (JJAS) the overlapping seasons JJA, JAS and ASO of its year; rabi
 * (NDJFM, labelled with the year it ends in) OND and NDJ of the year before, DJF and JFM of its year.
 */
export function seasonOni(table: OniTable, season: "JJAS" | "NDJFM", year: number): number | null {
  const at = (y: number, s: (typeof ONI_SEASONS)[number]) => table[y]?.[ONI_SEASONS.indexOf(s)] ?? null;
  const values =
    season === "JJAS" ? [at(year, "JJA"), at(year, "JAS"), at(year, "ASO")] : [at(year - 1, "OND"), at(year - 1, "NDJ"), at(year, "DJF"), at(year, "JFM")];
  return values.some((v) => v === null) ? null : mean(values);
}

/** El Nino when the season's ONI is at least +0.5, La Nina at most -0.5. */
export function ensoPhase(oni: number): EnsoPhase {
  return oni >= 0.5 ? "El Nino" : oni <= -0.5 ? "La Nina" : "Neutral";
}

export interface Composite {
  phase: EnsoPhase;
  years: number[];
  mean: number | null;
  /** Mean of the phase's years minus the mean of all classified years. */
  anomaly: number | null;
}

/** Mean of a season's values in the years of each ENSO phase. */
export function ensoComposites(table: OniTable, season: "JJAS" | "NDJFM", years: readonly number[], values: readonly Num[]): Composite[] {
  const classified = years
    .map((year, i) => ({ year, value: values[i], oni: seasonOni(table, season, year) }))
    .filter((r): r is { year: number; value: number; oni: number } => r.oni !== null && isNum(r.value));
  const all = mean(classified.map((r) => r.value));
  return ENSO_PHASES.map((phase) => {
    const rows = classified.filter((r) => ensoPhase(r.oni) === phase);
    const m = mean(rows.map((r) => r.value));
    return { phase, years: rows.map((r) => r.year), mean: m, anomaly: m === null || all === null ? null : m - all };
  });
}
