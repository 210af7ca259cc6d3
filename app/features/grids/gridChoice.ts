import {
  DEFAULT_GRID_STATISTIC,
  GRID_INDICATORS,
  GRID_SCENARIOS,
  GRID_STATISTICS,
  gridParams,
  gridWindowsOf,
  readGridScale,
  seasonsOf,
  type GridIndicator,
  type GridQuery,
  type GridScale,
  type GridScenario,
  type GridSeason,
  type GridStatistic,
} from "./grid";

/**
 * The gridded field the map viewer shows (`/cmip6-viewer?geotype=Grid&...`): the field's selection, the
 * statistic painted and the colour scale (fitted to the field when absent). In the page URL these are the
 * grid API's own parameters (`gridParams`: indicator, scenario, season, window, statistic, scale) beside
 * `geotype=Grid`, so a shared view reloads to the same field and the image URL is the page's parameters.
 */
export interface GridChoice {
  query: GridQuery;
  statistic: GridStatistic;
  scale?: GridScale;
}

/** The region kind of the viewer's choropleth select that shows a gridded field. */
export const GRID_GEOTYPE = "Grid";

/** The page parameters the grid view owns (`indicator` is shared with the choropleth). */
const GRID_PAGE_PARAMS = ["scenario", "season", "window", "statistic", "scale"] as const;

/** Whether the page URL asks for the gridded field. */
export const showsGrid = (params: URLSearchParams) => params.get("geotype") === GRID_GEOTYPE;

/** The grid indicators the catalogue offers (the viewer's Indicator select), in the catalogue's order. */
export function gridIndicatorsOf(catalogue: readonly { code: string; name: string }[]) {
  return catalogue.filter((i) => (GRID_INDICATORS as readonly string[]).includes(i.code)) as { code: GridIndicator; name: string }[];
}

/**
 * The grid view of a page URL. Every parameter falls back on its own when it is missing or not allowed:
 * the indicator to the first the catalogue offers (`indicators`), the scenario to SSP2-4.5, the season to
 * the year, the window to 2040-2059, the statistic to the change, the scale to the fitted one (also one
 * outside the bounds of `readGridScale`).
 */
export function readGridChoice(params: URLSearchParams, indicators: readonly GridIndicator[]): GridChoice {
  const offered = indicators.length ? indicators : GRID_INDICATORS;
  const asked = params.get("indicator") ?? "";
  const indicator = (offered as readonly string[]).includes(asked) ? (asked as GridIndicator) : offered.includes("tas") ? "tas" : offered[0];
  const scen = params.get("scenario") ?? "";
  const scenario: GridScenario = (GRID_SCENARIOS as readonly string[]).includes(scen) ? (scen as GridScenario) : "ssp245";
  const seasons = seasonsOf(indicator);
  const s = params.get("season") ?? "";
  const season: GridSeason = (seasons as readonly string[]).includes(s) ? (s as GridSeason) : "annual";
  const windows = gridWindowsOf(scenario).map((w) => w.code);
  const w = params.get("window") ?? "";
  const window = windows.includes(w) ? w : windows.includes("2040-2059") ? "2040-2059" : windows[0];
  const stat = params.get("statistic") ?? "";
  const statistic = (GRID_STATISTICS as readonly string[]).includes(stat) ? (stat as GridStatistic) : DEFAULT_GRID_STATISTIC;
  const scale = readGridScale(params.get("scale"));
  return { query: { indicator, scenario, season, window }, statistic, ...(scale ? { scale } : {}) };
}

/**
 * Writes the grid view into the page URL (`geotype=Grid` and the field's parameters in `gridParams`'
 * order), or, with `choice` undefined, removes the grid's own parameters (the choropleth's stay).
 */
export function writeGridChoice(params: URLSearchParams, choice: GridChoice | undefined) {
  for (const name of GRID_PAGE_PARAMS) params.delete(name);
  if (!choice) {
    if (showsGrid(params)) params.delete("geotype");
    return;
  }
  params.set("geotype", GRID_GEOTYPE);
  for (const [name, value] of gridChoiceParams(choice)) params.set(name, value);
}

/** The parameters of the grid API's URLs (field, image, downloads) for a choice. */
export const gridChoiceParams = (choice: GridChoice, extra: { region?: string } = {}) =>
  gridParams(choice.query, { statistic: choice.statistic, ...(choice.scale ? { scale: choice.scale } : {}), ...extra });

/** A choice with a new query or statistic: the scale goes back to the fitted one (a new field). */
export function withField(choice: GridChoice, change: Partial<GridQuery> & { statistic?: GridStatistic }): GridChoice {
  const { statistic = choice.statistic, ...query } = change;
  const params = gridParams({ ...choice.query, ...query });
  params.set("statistic", statistic);
  // a season or window the new indicator or scenario does not have falls back
  return readGridChoice(params, [params.get("indicator") as GridIndicator]);
}

/** The argument of the field summary's request: the field and statistic, not the scale (`gridApi.ts`). */
export const summaryArg = (choice: GridChoice) => gridParams(choice.query, { statistic: choice.statistic }).toString();
