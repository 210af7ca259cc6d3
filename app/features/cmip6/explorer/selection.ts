import { BASELINE_CHOICES, BASELINE_PERIOD, SEASON_CODES, type NamedPeriod, type SeasonCode } from "../periods";
import type { ScenarioValue } from "../scenarios";
import { readSubset, type ModelSubset } from "../subsets";
import { gwlChoice, parseWindowChoice, WARMING_LEVEL_SCENARIOS, type WarmingLevels, type WindowChoice } from "../warmingLevels";
import {
  catalogYears,
  ENSEMBLE,
  parseSeriesQuery,
  seriesIndicatorCodes,
  seriesQueryString,
  type SeriesCatalog,
  type SeriesQuery,
} from "../seriesQuery";

/**
 * The explorer's whole selection, read from and written to the page URL: the series query (the API's own
 * codec) plus the baseline, the chart view and whether individual models are drawn.
 */

export const EXPLORER_VIEWS = ["series", "change", "cycle", "spread"] as const;
export type ExplorerView = (typeof EXPLORER_VIEWS)[number];
export const VIEW_LABELS: Record<ExplorerView, string> = {
  series: "Time series",
  change: "Change from baseline",
  cycle: "Annual cycle",
  spread: "Model selection",
};

/** The scenarios with warming levels, the ones the model-selection view offers. */
export type LevelScenario = (typeof WARMING_LEVEL_SCENARIOS)[number];

/** The window of the model-selection view when the URL names none. */
export const DEFAULT_SPREAD_WINDOW = gwlChoice(2);

export const DEFAULT_INDICATOR = "tas";
export const DEFAULT_GEO = "IND";

export interface ExplorerSelection {
  /** Annual series query as the page shows it. */
  query: SeriesQuery;
  baseline: NamedPeriod;
  view: ExplorerView;
  /** Draw each model's line as well as the ensemble. */
  members: boolean;
  /**
   * `window=`: a 20-year window or a warming level. The model-selection view compares models over it
   * (`DEFAULT_SPREAD_WINDOW` when absent); the charts mark a warming level's span.
   */
  window?: WindowChoice;
  /** `season=`: the season of the model-selection view (absent: annual). */
  season?: SeasonCode;
  /** `ssp=`: the scenario of the model-selection view (absent: ssp245). */
  ssp?: LevelScenario;
  /** `subset=`: the name of the models in `query.model`. */
  subset?: ModelSubset;
}

/** Baselines within the years of the catalogue's scenarios (the default first). */
export function baselineChoices(catalog: SeriesCatalog): NamedPeriod[] {
  const years = catalogYears(catalog);
  return BASELINE_CHOICES.filter((b) => b.start >= years.start && b.end <= years.end);
}

const SERIES_KEYS = ["indicator", "geo", "scenario", "model", "start", "end"] as const;

/**
 * Reads a selection from page URL parameters. Never fails: a value the catalogue does not know is dropped
 * (or replaced by its default), so an edited or outdated link still shows a page. Accepts what a plain
 * HTML form sends (repeated `scenario` and `model`, empty fields, `model=ensemble` next to model names).
 */
export function parseSelection(params: URLSearchParams, catalog: SeriesCatalog): ExplorerSelection {
  const series = new URLSearchParams();
  for (const key of SERIES_KEYS) {
    const values = params
      .getAll(key)
      .flatMap((v) => v.split(","))
      .map((v) => v.trim())
      .filter((v) => v !== "");
    if (values.length === 0) continue;
    if (key === "model") {
      if (values.includes(ENSEMBLE)) continue;
      series.set(key, [...new Set(values)].join(","));
    } else if (key === "scenario") series.set(key, [...new Set(values)].join(","));
    else series.set(key, values[0]);
  }
  const annualCodes = seriesIndicatorCodes(catalog.indicators, "annual");
  if (!annualCodes.includes(series.get("indicator") ?? "")) series.set("indicator", annualCodes.includes(DEFAULT_INDICATOR) ? DEFAULT_INDICATOR : annualCodes[0]);
  if (!catalog.geos.some((g) => g.field_value === series.get("geo"))) {
    series.set("geo", catalog.geos.some((g) => g.field_value === DEFAULT_GEO) ? DEFAULT_GEO : catalog.geos[0].field_value);
  }

  let query: SeriesQuery | undefined;
  // drop the field each problem names, then try again: at most once per field
  for (let attempt = 0; attempt <= SERIES_KEYS.length && !query; attempt++) {
    const parsed = parseSeriesQuery(series, catalog, "annual");
    if (parsed.ok) query = parsed.query;
    else if (parsed.problem.field === "scenario" || parsed.problem.field === "model") {
      // keep the values that are known
      const allowed = parsed.problem.allowed as string[];
      const kept = (series.get(parsed.problem.field) ?? "").split(",").filter((v) => allowed.includes(v) && v !== ENSEMBLE);
      if (kept.length > 0 && kept.length < (series.get(parsed.problem.field) ?? "").split(",").length) series.set(parsed.problem.field, kept.join(","));
      else series.delete(parsed.problem.field);
    } else if (parsed.problem.field === "end" && series.has("start") && series.has("end")) series.delete("end");
    else series.delete(parsed.problem.field);
  }
  query ??= { indicator: series.get("indicator")!, geo: series.get("geo")! };

  const baselineLabel = params.get("baseline");
  const baseline = baselineChoices(catalog).find((b) => b.label === baselineLabel) ?? BASELINE_PERIOD;
  const viewText = params.get("view");
  const view = (EXPLORER_VIEWS as readonly string[]).includes(viewText ?? "") ? (viewText as ExplorerView) : "series";
  const members = ["1", "true", "on"].includes(params.get("members") ?? "");
  const window = parseWindowChoice(params.get("window") ?? "", { start: 2015, end: 2100 });
  const seasonText = params.get("season") ?? "";
  const season = (SEASON_CODES as readonly string[]).includes(seasonText) ? (seasonText as SeasonCode) : undefined;
  const sspText = params.get("ssp") ?? "";
  const ssp = (WARMING_LEVEL_SCENARIOS as readonly string[]).includes(sspText) && sspText !== "ssp245" ? (sspText as LevelScenario) : undefined;
  // the subset's name holds only while the page's models are its models
  const subset = query.model ? readSubset(new URLSearchParams({ model: query.model.join(","), subset: params.get("subset") ?? "" }), "model", query.model) : undefined;
  return {
    query,
    baseline,
    view,
    members,
    ...(window ? { window } : {}),
    ...(season ? { season } : {}),
    ...(ssp ? { ssp } : {}),
    ...(subset ? { subset } : {}),
  };
}

/** The canonical page query string (without "?") of a selection; defaults are left out. */
export function selectionQueryString(selection: ExplorerSelection): string {
  const parts = [seriesQueryString(selection.query)];
  if (selection.baseline.label !== BASELINE_PERIOD.label) parts.push(`baseline=${selection.baseline.label}`);
  if (selection.view !== "series") parts.push(`view=${selection.view}`);
  if (selection.members) parts.push("members=1");
  if (selection.window) parts.push(`window=${selection.window.code}`);
  if (selection.season) parts.push(`season=${selection.season}`);
  if (selection.ssp && selection.ssp !== "ssp245") parts.push(`ssp=${selection.ssp}`);
  if (selection.subset && selection.query.model) parts.push(`subset=${selection.subset.name}`);
  return parts.join("&");
}

/** The scenario of the model-selection view. */
export const spreadScenario = (selection: ExplorerSelection): LevelScenario => selection.ssp ?? "ssp245";

/** The window of the model-selection view. */
export const spreadWindow = (selection: ExplorerSelection): WindowChoice => selection.window ?? DEFAULT_SPREAD_WINDOW;

/** The page's scenarios that have warming levels (every one of them when the page names none). */
export function levelScenarios(selection: ExplorerSelection): LevelScenario[] {
  const asked = selection.query.scenario;
  return WARMING_LEVEL_SCENARIOS.filter((s) => !asked || asked.includes(s));
}

/** Years of the warming-level table's windows under these scenarios, with the 1995-2014 baseline. */
export function levelYears(table: Pick<WarmingLevels, "rows">, scenarios: readonly string[]): { start: number; end: number } {
  const rows = table.rows.filter((r) => scenarios.includes(r.scenario));
  return {
    start: Math.min(BASELINE_PERIOD.start, ...rows.map((r) => r.start_year)),
    end: Math.max(BASELINE_PERIOD.end, ...rows.map((r) => r.end_year)),
  };
}

/**
 * The annual query the window table's warming-level rows are computed from: the historical run joined to
 * the page's scenarios with warming levels, over every year the table's windows and the 1995-2014
 * baseline span. Undefined when the page's own query already holds all of that (or has no such scenario).
 */
export function levelsQuery(selection: ExplorerSelection, table: Pick<WarmingLevels, "rows">): SeriesQuery | undefined {
  const scenarios = levelScenarios(selection);
  if (scenarios.length === 0) return undefined;
  const years = levelYears(table, scenarios);
  const { indicator, geo, model, scenario, start, end } = selection.query;
  const covered = (!scenario || (scenario.includes("historical") && scenarios.every((s) => scenario.includes(s)))) && (start ?? 0) <= years.start && (end ?? 9999) >= years.end;
  if (covered) return undefined;
  const wanted: ScenarioValue[] = ["historical", ...scenarios];
  return { indicator, geo, scenario: wanted, ...(model ? { model } : {}), start: years.start, end: years.end };
}

/**
 * The annual query of the baseline years: the same indicator, geo and models, every scenario (a
 * climatology such as 1991-2020 runs into the SSP years).
 */
export function baselineQuery(selection: ExplorerSelection): SeriesQuery {
  const { indicator, geo, model } = selection.query;
  return { indicator, geo, ...(model ? { model } : {}), start: selection.baseline.start, end: selection.baseline.end };
}

/** The 20-year window of the annual cycle: the last projection window in the period, else the baseline. */
export function cycleWindow(selection: ExplorerSelection, windows: readonly NamedPeriod[], periodEnd: number): NamedPeriod {
  const inPeriod = windows.filter((w) => w.end <= periodEnd && w.start >= (selection.query.start ?? 0));
  return inPeriod[inPeriod.length - 1] ?? selection.baseline;
}

/** The monthly query of the annual cycle view: the chosen scenarios and models over one window. */
export function cycleQuery(selection: ExplorerSelection, window: NamedPeriod): SeriesQuery {
  const { indicator, geo, model, scenario } = selection.query;
  const projection = window.start > 2014;
  const scenarios = scenario?.filter((s) => (projection ? s !== "historical" : s === "historical"));
  return {
    indicator,
    geo,
    ...(scenarios && scenarios.length ? { scenario: scenarios } : {}),
    ...(model ? { model } : {}),
    start: window.start,
    end: window.end,
  };
}
