import type { Geo, Indicator } from "~/features/cmip6/schema";
import { seriesIndicatorCodes } from "~/features/cmip6/seriesQuery";

/** Up to four places, or the scenarios of one place. */
export const MAX_PLACES = 4;
export const COMPARE_MODES = ["places", "scenarios"] as const;
export type CompareMode = (typeof COMPARE_MODES)[number];
export const FUTURE_SCENARIOS = ["ssp245", "ssp585"] as const;
export type FutureScenario = (typeof FUTURE_SCENARIOS)[number];
/** The columns of the window-means table: the four 20-year windows, or the four global warming levels. */
export const PERIOD_MODES = ["years", "gwl"] as const;
export type PeriodMode = (typeof PERIOD_MODES)[number];

export interface CompareSelection {
  indicator: string;
  mode: CompareMode;
  /** Places compared (mode "places"), or the one place whose scenarios are compared. */
  geos: string[];
  /** Projection shown after the historical run, when comparing places. */
  scenario: FutureScenario;
  /** Columns of the window-means table: the 20-year windows, or the global warming levels (`periods=gwl`). */
  periods: PeriodMode;
}

export const DEFAULT_SELECTION: CompareSelection = { indicator: "tas", mode: "places", geos: ["NPL", "BGD"], scenario: "ssp585", periods: "years" };

/**
 * Reads a comparison from URL parameters. Anything unknown falls back to a default, so an edited or old
 * link still opens a comparison; duplicates and places beyond four are dropped.
 */
export function parseSelection(params: URLSearchParams, indicators: readonly Indicator[], geos: readonly Geo[]): CompareSelection {
  const codes = seriesIndicatorCodes(indicators, "annual");
  const indicator = codes.find((c) => c === params.get("indicator")) ?? (codes.includes(DEFAULT_SELECTION.indicator) ? DEFAULT_SELECTION.indicator : codes[0]);
  const mode = COMPARE_MODES.find((m) => m === params.get("compare")) ?? DEFAULT_SELECTION.mode;
  const known = new Set(geos.map((g) => g.field_value));
  const chosen = [...new Set(params.getAll("geo").filter((g) => known.has(g)))].slice(0, mode === "places" ? MAX_PLACES : 1);
  const scenario = FUTURE_SCENARIOS.find((s) => s === params.get("scenario")) ?? DEFAULT_SELECTION.scenario;
  const periods = PERIOD_MODES.find((p) => p === params.get("periods")) ?? DEFAULT_SELECTION.periods;
  return {
    indicator,
    mode,
    geos: chosen.length > 0 ? chosen : DEFAULT_SELECTION.geos.slice(0, mode === "places" ? MAX_PLACES : 1),
    scenario,
    periods,
  };
}

/** The URL search of a selection (the inverse of `parseSelection`). */
export function selectionSearch(selection: CompareSelection): string {
  const params = new URLSearchParams({ indicator: selection.indicator, compare: selection.mode });
  for (const geo of selection.geos) params.append("geo", geo);
  if (selection.mode === "places") params.set("scenario", selection.scenario);
  if (selection.periods !== DEFAULT_SELECTION.periods) params.set("periods", selection.periods);
  return params.toString();
}
