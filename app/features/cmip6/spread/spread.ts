import { spreadScenario, spreadWindow, type ExplorerSelection } from "../explorer/selection";
import { BASELINE_PERIOD, type SeasonCode } from "../periods";
import type { SeriesResponse } from "../series";
import { mergeSources, sourceSummary, type SourceSummary } from "../sources";
import type { SeriesFrequency, SeriesQuery } from "../seriesQuery";
import type { ModelChange } from "../subsets";
import { choicePeriods, type LevelWindows, type WarmingLevels, type WindowChoice } from "../warmingLevels";
import { modelClimatologies, windowStatistics, type PeriodChoice } from "../windows";

/**
 * Model selection: each model's change in temperature (°C) and in precipitation (%) for a place, a season,
 * a scenario and a window or warming level, from its own 1995-2014 climatology, the points the
 * model-selection view plots and the storylines pick from. Every model of the catalogue is asked for, so a
 * subset is chosen from the whole ensemble.
 */

/** The indicators of the two axes. */
export const SPREAD_INDICATORS = { temperature: "tas", precipitation: "pr" } as const;

export interface SpreadRequest {
  place: string;
  /** Absent: annual values. */
  season?: SeasonCode;
  scenario: string;
  window: WindowChoice;
}

/** The request of the view from the explorer's selection (`season`, `ssp`, `window` of the URL). */
export const spreadRequest = (selection: ExplorerSelection): SpreadRequest => ({
  place: selection.query.geo,
  ...(selection.season ? { season: selection.season } : {}),
  scenario: spreadScenario(selection),
  window: spreadWindow(selection),
});

/** The years the window (each model's own at a warming level) and the 1995-2014 baseline need. */
export function spreadYears(request: SpreadRequest, table: Pick<WarmingLevels, "rows">): { start: number; end: number } {
  if (request.window.kind === "years") {
    return { start: Math.min(BASELINE_PERIOD.start, request.window.period.start), end: Math.max(BASELINE_PERIOD.end, request.window.period.end) };
  }
  const level = request.window.level;
  const rows = table.rows.filter((r) => r.scenario === request.scenario && r.warming_level === level);
  return {
    start: Math.min(BASELINE_PERIOD.start, ...rows.map((r) => r.start_year)),
    end: Math.max(BASELINE_PERIOD.end, ...rows.map((r) => r.end_year)),
  };
}

/**
 * The two series requests of the view: annual values, or the monthly path with `season` (one value per
 * year: the season's mean), the historical run joined to the scenario.
 */
export function spreadQueries(request: SpreadRequest, table: Pick<WarmingLevels, "rows">): { frequency: SeriesFrequency; temperature: SeriesQuery; precipitation: SeriesQuery } {
  const years = spreadYears(request, table);
  const query = (indicator: string): SeriesQuery => ({
    indicator,
    geo: request.place,
    scenario: ["historical", request.scenario as "ssp245"],
    start: years.start,
    end: years.end,
    ...(request.season ? { season: request.season } : {}),
  });
  return {
    frequency: request.season ? "monthly" : "annual",
    temperature: query(SPREAD_INDICATORS.temperature),
    precipitation: query(SPREAD_INDICATORS.precipitation),
  };
}

/** Each model's climatology over the window and over 1995-2014. */
function windowAndBaseline(response: SeriesResponse, scenario: string, choice: PeriodChoice) {
  const historical = response.series.find((b) => b.scenario === "historical");
  const future = response.series.find((b) => b.scenario === scenario);
  const blocks = [historical, future].filter((b) => b !== undefined);
  const baseline = modelClimatologies(historical ? [historical] : [], BASELINE_PERIOD);
  return { stats: windowStatistics(blocks, choice, baseline), baseline };
}

export interface Spread {
  points: ModelChange[];
  /** The warming level's windows (for its count and method note), when the window is a level. */
  levels?: LevelWindows;
  /** Models of the answers without both changes (no window, incomplete years, no baseline). */
  missing: string[];
}

/**
 * The points: temperature change in °C (window mean minus 1995-2014 mean), precipitation change in % of
 * the model's own 1995-2014 mean. A model without both is left out (and listed in `missing`).
 */
export function spreadPoints(temperature: SeriesResponse, precipitation: SeriesResponse, request: SpreadRequest, table: Pick<WarmingLevels, "rows">): Spread {
  const models = temperature.models.map((m) => ({ code: m.code, variant: m.variant }));
  const { periods: choice, level: levels } = choicePeriods(table, request.scenario, request.window, models);
  const t = windowAndBaseline(temperature, request.scenario, choice);
  const p = windowAndBaseline(precipitation, request.scenario, choice);
  const points: ModelChange[] = [];
  const missing: string[] = [];
  for (const { code } of models) {
    const dt = t.stats.models[code]?.change ?? null;
    const pMean = p.stats.models[code]?.mean;
    const pBase = p.baseline[code]?.mean ?? null;
    if (dt === null || pMean === undefined || pBase === null || pBase === 0) {
      missing.push(code);
      continue;
    }
    points.push({ model: code, temperature: dt, precipitation: ((pMean - pBase) / pBase) * 100 });
  }
  return { points, ...(levels ? { levels } : {}), missing };
}

/**
 * What the model-selection view shows (decision 026): the points, the warming level's windows and the
 * models without both changes, with the place and where the numbers come from. The server primes it and
 * `/api/views/cmip6-data?view=spread` answers it; the series it is computed from stay on the server.
 */
export interface SpreadPageView {
  place: string;
  /** The models of the answers (every model of the catalogue). */
  modelCount: number;
  origin: SourceSummary;
  spread: Spread;
}

export function buildSpreadView(temperature: SeriesResponse, precipitation: SeriesResponse, request: SpreadRequest, table: Pick<WarmingLevels, "rows">): SpreadPageView {
  return {
    place: temperature.geo.name,
    modelCount: temperature.models.length,
    origin: sourceSummary(mergeSources([temperature, precipitation])),
    spread: spreadPoints(temperature, precipitation, request, table),
  };
}
