import type { AppLoadContext } from "@remix-run/node";
import type { ApiCacheEntry } from "~/store/prime";
import { cachedJsonOf, jsonError } from "~server/api/responses.server";
import { prepareJson } from "~server/services/reference.server";
import { PROJECTION_WINDOWS } from "../periods";
import { SERIES_CACHE_CONTROL } from "../series";
import { parseSeriesQuery, seriesIndicator, type SeriesFrequency, type SeriesQuery } from "../seriesQuery";
import { baselineChoices, baselineQuery, cycleQuery, cycleWindow, levelsQuery, parseSelection, type ExplorerSelection } from "./selection";
import { buildExplorerView, explorerViewArg, VIEW_CHOICES, type ExplorerPageView } from "./view";
import { buildSpreadView, spreadQueries, spreadRequest } from "../spread/spread";

type ExplorerContext = Pick<AppLoadContext, "series" | "reference">;

/**
 * The explorer's view of a selection read from page parameters (`parseSelection`: unknown values fall back
 * to defaults), from the series service's answers.
 */
export async function explorerView(context: ExplorerContext, params: URLSearchParams): Promise<{ selection: ExplorerSelection; view: ExplorerPageView }> {
  const { series, reference } = context;
  const parsed = parseSelection(params, series.catalog);
  const hasCycle = seriesIndicator(series.catalog.indicators, parsed.query.indicator, "monthly") !== undefined;
  const selection: ExplorerSelection = parsed.view === "cycle" && !hasCycle ? { ...parsed, view: "series" } : parsed;
  const table = reference.list("getWarmingLevels");
  // at full precision: the window rows, the cycle and the spread are statistics of the values (the view
  // rounds what it shows of the yearly values as the series API does, `buildExplorerView`)
  const answer = (frequency: SeriesFrequency, query: SeriesQuery) => series.unrounded(frequency, query);
  const query = explorerViewArg(parsed, params);
  if (selection.view === "spread") {
    // the model-selection view: each model's changes in temperature and precipitation, from the whole ensemble's series
    const request = spreadRequest(selection);
    const queries = spreadQueries(request, table);
    const [temperature, precipitation] = await Promise.all([answer(queries.frequency, queries.temperature), answer(queries.frequency, queries.precipitation)]);
    return { selection, view: { query, results: null, ...(temperature && precipitation ? { spread: buildSpreadView(temperature, precipitation, request, table) } : {}) } };
  }
  const ownLevels = levelsQuery(selection, table);
  const [data, baseline, levels] = await Promise.all([answer("annual", selection.query), answer("annual", baselineQuery(selection)), ownLevels ? answer("annual", ownLevels) : undefined]);
  if (!data) return { selection, view: { query, results: null } };
  const window = cycleWindow(selection, PROJECTION_WINDOWS, data.period.end ?? selection.query.end ?? 2100);
  const monthly = selection.view === "cycle" ? cycleQuery(selection, window) : undefined;
  const cycle = monthly ? await answer("monthly", monthly) : undefined;
  const results = buildExplorerView(
    selection,
    { data, baseline, cycle, levels: ownLevels ? { data: levels, failed: !levels } : { data, failed: false } },
    { cycleWindow: window, table, params, series: { annual: selection.query, baseline: baselineQuery(selection), ...(monthly ? { monthly } : {}) } },
  );
  return { selection, view: { query, results } };
}

/** The cache entry the explorer's loader primes: the view, under the argument the page asks with. */
export async function explorerViewEntry(context: ExplorerContext, params: URLSearchParams): Promise<ApiCacheEntry> {
  const { view } = await explorerView(context, params);
  return { endpointName: "getExplorerView", arg: view.query, value: view };
}

/**
 * The answer of `/api/views/cmip6-data`: the view of the selection in the query (the page's own
 * parameters) with a strong ETag; a 400 naming the parameter at fault (the series API's checks, then
 * `view` and `baseline`); a 404 for a place or indicator without data.
 */
export async function explorerViewAnswer(context: ExplorerContext, request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const { series } = context;
  // the page reads leniently; the API says what is wrong
  const seriesParams = new URLSearchParams([...params].filter(([key]) => ["indicator", "geo", "scenario", "model", "start", "end"].includes(key)));
  const checked = parseSeriesQuery(seriesParams, series.catalog, "annual");
  if (!checked.ok && !(checked.problem.field === "indicator" && !seriesParams.has("indicator")) && !(checked.problem.field === "geo" && !seriesParams.has("geo"))) {
    const { field, message, allowed, value } = checked.problem;
    if (field === "geo" && value !== undefined) return jsonError(404, `No such place: ${JSON.stringify(value)}`, { details: { geo: value } });
    return jsonError(400, message, { details: { field, allowed, ...(value !== undefined ? { value } : {}) } });
  }
  const view = params.get("view");
  if (view !== null && !(VIEW_CHOICES as readonly string[]).includes(view)) {
    return jsonError(400, `view must be one of ${VIEW_CHOICES.join(", ")}`, { details: { field: "view", allowed: VIEW_CHOICES, value: view } });
  }
  const baseline = params.get("baseline");
  const baselines = baselineChoices(series.catalog).map((b) => b.label);
  if (baseline !== null && !baselines.includes(baseline)) {
    return jsonError(400, `baseline must be one of ${baselines.join(", ")}`, { details: { field: "baseline", allowed: baselines, value: baseline } });
  }
  const { view: answer } = await explorerView(context, params);
  const sample = answer.results ? answer.results.sample : answer.spread ? answer.spread.origin.kind !== "ingested" : undefined;
  if (sample === undefined) return jsonError(404, "No data for this selection", { details: { query: answer.query } });
  return cachedJsonOf(request, prepareJson(answer), SERIES_CACHE_CONTROL, sample);
}
