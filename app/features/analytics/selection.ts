import { BASELINE_PERIOD, PROJECTION_WINDOWS, type NamedPeriod } from "../cmip6/periods";
import type { Geo } from "../cmip6/schema";

/** What every analysis is asked for: a place, a future scenario, a baseline and a projection window. */
export interface AnalysisSelection {
  geo: string;
  scenario: "ssp245" | "ssp585";
  baseline: NamedPeriod;
  window: NamedPeriod;
}

export const ANALYSIS_SCENARIOS = [
  { code: "ssp245", name: "SSP2-4.5" },
  { code: "ssp585", name: "SSP5-8.5" },
] as const;
export const ANALYSIS_BASELINES: readonly NamedPeriod[] = [
  BASELINE_PERIOD,
  { start: 1961, end: 1990, label: "1961-1990" },
  { start: 1985, end: 2014, label: "1985-2014" },
];
export const DEFAULT_ANALYSIS_GEO = "IND";

/** Reads a selection from the page URL; unknown values fall back to the defaults. */
export function parseAnalysisSelection(params: URLSearchParams, geos: readonly Pick<Geo, "field_value">[]): AnalysisSelection {
  const geo = params.get("geo") ?? "";
  const scenario = params.get("scenario") === "ssp585" ? "ssp585" : "ssp245";
  const baseline = ANALYSIS_BASELINES.find((b) => b.label === params.get("baseline")) ?? BASELINE_PERIOD;
  const window = PROJECTION_WINDOWS.find((w) => w.label === params.get("window")) ?? PROJECTION_WINDOWS[PROJECTION_WINDOWS.length - 1];
  return {
    geo: geos.some((g) => g.field_value === geo) ? geo : DEFAULT_ANALYSIS_GEO,
    scenario,
    baseline,
    window,
  };
}

/** The page query string of a selection, defaults left out. */
export function analysisQueryString(s: AnalysisSelection): string {
  const p = new URLSearchParams({ geo: s.geo });
  if (s.scenario !== "ssp245") p.set("scenario", s.scenario);
  if (s.baseline.label !== BASELINE_PERIOD.label) p.set("baseline", s.baseline.label);
  if (s.window.label !== PROJECTION_WINDOWS[PROJECTION_WINDOWS.length - 1].label) p.set("window", s.window.label);
  return p.toString();
}
