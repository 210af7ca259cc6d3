import { DEFAULT_DROUGHT_SCALE, DROUGHT_SCALES, type DroughtScale } from "../cmip6/droughtQuery";
import { THI_DEFINITIONS, THI_SPECIES, type ThiDefinition, type ThiSpecies } from "../cmip6/livestockHeat";
import { BASELINE_PERIOD, PROJECTION_WINDOWS, type NamedPeriod } from "../cmip6/periods";
import type { Geo } from "../cmip6/schema";
import { parseWindowChoice, WINDOW_CHOICES, yearsChoice, type WindowChoice } from "../cmip6/warmingLevels";

/**
 * What every analysis is asked for: a place, a future scenario, a baseline and a future window (a 20-year
 * window, or a global warming level: each model's own 20-year window, changes against 1995-2014).
 */
export interface AnalysisSelection {
  geo: string;
  scenario: "ssp245" | "ssp585";
  baseline: NamedPeriod;
  window: WindowChoice;
  /** Accumulation scale of the drought indices (SPI, SPEI), months; the monthly default (3) unless asked. */
  scale: DroughtScale;
  /** Livestock heat stress: the species whose THI thresholds are shown, and the daily THI definition. */
  species: ThiSpecies;
  thi: ThiDefinition;
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
export const DEFAULT_THI_SPECIES: ThiSpecies = "dairy";
export const DEFAULT_THI_DEFINITION: ThiDefinition = "mean";
/** The last 20-year window, unless the URL asks for another window or a warming level. */
export const DEFAULT_ANALYSIS_WINDOW: WindowChoice = yearsChoice(PROJECTION_WINDOWS[PROJECTION_WINDOWS.length - 1]);

/** "SSP2-4.5" for a scenario code. */
export const scenarioName = (code: string) => ANALYSIS_SCENARIOS.find((s) => s.code === code)?.name ?? code;

/**
 * Reads a selection from the page URL; unknown values fall back to the defaults. The window is one of
 * `WINDOW_CHOICES` (`2040-2059`, `gwl:2.0`); at a warming level the baseline is 1995-2014, as in the IPCC
 * AR6 Atlas.
 */
export function parseAnalysisSelection(params: URLSearchParams, geos: readonly Pick<Geo, "field_value">[]): AnalysisSelection {
  const geo = params.get("geo") ?? "";
  const scenario = params.get("scenario") === "ssp585" ? "ssp585" : "ssp245";
  const asked = parseWindowChoice(params.get("window") ?? "");
  const window = WINDOW_CHOICES.find((c) => c.code === asked?.code) ?? DEFAULT_ANALYSIS_WINDOW;
  const scale = DROUGHT_SCALES.find((n) => String(n) === params.get("scale")) ?? DEFAULT_DROUGHT_SCALE.monthly;
  const species = THI_SPECIES.find((x) => x.code === params.get("species"))?.code ?? DEFAULT_THI_SPECIES;
  const thi = THI_DEFINITIONS.find((x) => x.code === params.get("thi"))?.code ?? DEFAULT_THI_DEFINITION;
  const baseline = window.kind === "gwl" ? BASELINE_PERIOD : (ANALYSIS_BASELINES.find((b) => b.label === params.get("baseline")) ?? BASELINE_PERIOD);
  return {
    geo: geos.some((g) => g.field_value === geo) ? geo : DEFAULT_ANALYSIS_GEO,
    scenario,
    baseline,
    window,
    scale,
    species,
    thi,
  };
}

/** The page query string of a selection, defaults left out. */
export function analysisQueryString(s: AnalysisSelection): string {
  const p = new URLSearchParams({ geo: s.geo });
  if (s.scenario !== "ssp245") p.set("scenario", s.scenario);
  if (s.window.kind === "years" && s.baseline.label !== BASELINE_PERIOD.label) p.set("baseline", s.baseline.label);
  if (s.window.code !== DEFAULT_ANALYSIS_WINDOW.code) p.set("window", s.window.code);
  if (s.scale !== DEFAULT_DROUGHT_SCALE.monthly) p.set("scale", String(s.scale));
  if (s.species !== DEFAULT_THI_SPECIES) p.set("species", s.species);
  if (s.thi !== DEFAULT_THI_DEFINITION) p.set("thi", s.thi);
  return p.toString();
}
