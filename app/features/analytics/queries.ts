import type { SeriesFrequency, SeriesQuery } from "../cmip6/seriesQuery";
import type { AnalysisSelection } from "./selection";

/** The series each analysis draws; its loader primes exactly these. */
export interface AnalysisQuery {
  frequency: SeriesFrequency;
  query: SeriesQuery;
}

export const CROP_SEASONS = [
  { code: "JJAS", name: "Kharif (JJAS)" },
  { code: "NDJFM", name: "Rabi (NDJFM)" },
] as const;
export const CROP_VARIABLES = ["pr", "tas"] as const;

/** Season rainfall and temperature, historical run and the chosen scenario. */
/** Heat in the growing season: warm days (TX90p), the share of days hotter than the 90th percentile. */
export const CROP_HEAT_INDEX = "tx90p";

/** Season rainfall, temperature and warm days, kharif and rabi. */
export function cropQueries(s: AnalysisSelection): AnalysisQuery[] {
  return [...CROP_VARIABLES, CROP_HEAT_INDEX].flatMap((indicator) =>
    CROP_SEASONS.map((season) => ({
      frequency: "monthly" as const,
      query: { indicator, geo: s.geo, scenario: ["historical", s.scenario], season: season.code },
    })),
  );
}

/** Annual rainfall and temperature, and the annual SPI and SPEI. */
export function variabilityQueries(s: AnalysisSelection): AnalysisQuery[] {
  return ["pr", "tas", "spi", "spei"].map((indicator) => ({
    frequency: "annual" as const,
    query: { indicator, geo: s.geo, scenario: ["historical", s.scenario] },
  }));
}

/** Season rainfall and temperature of the historical run, 1951-2014 (ONI starts in 1950). */
export function ensoQueries(s: AnalysisSelection): AnalysisQuery[] {
  return CROP_VARIABLES.flatMap((indicator) =>
    CROP_SEASONS.map((season) => ({
      frequency: "monthly" as const,
      query: { indicator, geo: s.geo, scenario: ["historical"], season: season.code, start: 1951, end: 2014 },
    })),
  );
}

/** Monthly values of the baseline (historical) and of the future window (scenario) for some variables. */
export function windowQueries(s: AnalysisSelection, indicators: readonly string[]): AnalysisQuery[] {
  return indicators.flatMap((indicator) => [
    { frequency: "monthly" as const, query: { indicator, geo: s.geo, scenario: ["historical"], start: s.baseline.start, end: s.baseline.end } },
    { frequency: "monthly" as const, query: { indicator, geo: s.geo, scenario: [s.scenario], start: s.window.start, end: s.window.end } },
  ]);
}
export const LIVESTOCK_VARIABLES = ["tasmax", "hurs"] as const;
export const WATER_VARIABLES = ["pr", "tas", "tasmax", "tasmin"] as const;
