import type { SeriesFrequency, SeriesQuery } from "../cmip6/seriesQuery";
import type { WarmingLevels } from "../cmip6/warmingLevels";
import { levelSpan } from "./levels";
import { OBSERVED } from "../observations/ids";
import type { AnalysisSelection } from "./selection";

/** The series each analysis draws: its loader primes exactly these, or builds its view from them. */
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

/** Annual rainfall and temperature, and the monthly fitted SPI and SPEI at the chosen scale. */
export function variabilityQueries(s: AnalysisSelection): AnalysisQuery[] {
  const scenario: SeriesQuery["scenario"] = ["historical", s.scenario];
  return [
    ...["pr", "tas"].map((indicator) => ({ frequency: "annual" as const, query: { indicator, geo: s.geo, scenario } })),
    ...["spi", "spei"].map((indicator) => ({ frequency: "monthly" as const, query: { indicator, geo: s.geo, scenario, scale: s.scale } })),
  ];
}

/**
 * The ENSO page's series, in the order kharif rainfall, rabi rainfall, kharif temperature, rabi
 * temperature: observed seasons (every ingested dataset; absent where none was ingested) ...
 */
export function ensoObservedQueries(s: AnalysisSelection): AnalysisQuery[] {
  return CROP_VARIABLES.flatMap((indicator) =>
    CROP_SEASONS.map((season) => ({ frequency: "monthly" as const, query: { indicator, geo: s.geo, scenario: [OBSERVED], season: season.code } })),
  );
}

/** ... and the historical runs, 1951-2014, for their bias against the observations. */
export function ensoHistoricalQueries(s: AnalysisSelection): AnalysisQuery[] {
  return CROP_VARIABLES.flatMap((indicator) =>
    CROP_SEASONS.map((season) => ({
      frequency: "monthly" as const,
      query: { indicator, geo: s.geo, scenario: ["historical"], season: season.code, start: 1951, end: 2014 },
    })),
  );
}

/**
 * Monthly values of the baseline (historical) and of the future window (scenario) for some variables. At
 * a warming level the future query spans every model's window in `table`, the historical run joined
 * (windows can start before 2015).
 */
export function windowQueries(s: AnalysisSelection, indicators: readonly string[], table?: Pick<WarmingLevels, "rows">): AnalysisQuery[] {
  const future = (indicator: string): SeriesQuery => {
    if (s.window.kind === "years") return { indicator, geo: s.geo, scenario: [s.scenario], start: s.window.period.start, end: s.window.period.end };
    const span = levelSpan(table, s.scenario, s.window.level);
    return { indicator, geo: s.geo, scenario: span.start < 2015 ? ["historical", s.scenario] : [s.scenario], start: span.start, end: span.end };
  };
  return indicators.flatMap((indicator) => [
    { frequency: "monthly" as const, query: { indicator, geo: s.geo, scenario: ["historical"], start: s.baseline.start, end: s.baseline.end } },
    { frequency: "monthly" as const, query: future(indicator) },
  ]);
}
/** Precipitation and potential evapotranspiration (the `pet` series, FAO-56 Penman-Monteith). */
export const WATER_VARIABLES = ["pr", "pet"] as const;
