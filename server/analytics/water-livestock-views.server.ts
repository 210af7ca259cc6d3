import { json, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import { THI_DEFINITIONS, THI_SPECIES } from "../../app/features/cmip6/livestockHeat";
import { BASELINE_PERIOD } from "../../app/features/cmip6/periods";
import { SERIES_CACHE_CONTROL, type SeriesResponse } from "../../app/features/cmip6/series";
import { parseWindowChoice, WINDOW_CHOICES } from "../../app/features/cmip6/warmingLevels";
import { buildLivestockView } from "../../app/features/analytics/livestockView";
import { livestockQueries } from "../../app/features/analytics/livestock";
import { WATER_VARIABLES, windowQueries, type AnalysisQuery } from "../../app/features/analytics/queries";
import { ANALYSIS_BASELINES, ANALYSIS_SCENARIOS, parseAnalysisSelection, type AnalysisSelection } from "../../app/features/analytics/selection";
import { livestockViewArg, waterViewArg } from "../../app/features/analytics/waterLivestockApi";
import { buildWaterView } from "../../app/features/analytics/waterView";
import { SAMPLE_DATA_HEADER, type ApiListName } from "../../app/store/contract";
import type { ApiCacheEntry } from "../../app/store/prime";
import { prepareJson } from "../services/reference.server";
import { cachedJson, jsonError } from "../api/responses.server";

/*
 * The views of the water-balance and livestock heat-stress pages (decision 026). The first part serves any
 * analysis page with a view: its loader primes the view as one cache entry, its `/api/views/…` route answers
 * the same view as JSON. The second part builds these two pages' views from the series service.
 */

// ---- an analysis page with a view ----

/** The selection fields a view reads besides the place (the analysis frame's selectors). */
export type ViewField = "scenario" | "baseline" | "window" | "species" | "thi";

/** Why a view cannot be answered: a bad parameter (400, naming it) or a place or series without data (404). */
export interface ViewProblem {
  status: 400 | 404;
  message: string;
  details?: unknown;
}

const isProblem = (value: unknown): value is ViewProblem => typeof value === "object" && value !== null && "status" in value && "message" in value;

/** What a view is built from: the series and the reference lists (the warming-level table). */
export type ViewServices = Pick<AppLoadContext, "series" | "reference">;

export interface AnalysisViewPage<V extends { sample: boolean }> {
  /** The RTK Query endpoint the view is primed under. */
  endpointName: string;
  fields: readonly ViewField[];
  /** The reference lists the page reads, primed beside the view. */
  lists: ApiListName[];
  /** The endpoint's argument for a selection. */
  arg: (selection: AnalysisSelection) => string;
  build: (services: ViewServices, selection: AnalysisSelection) => Promise<V | ViewProblem>;
}

const ALLOWED: Record<ViewField, readonly string[]> = {
  scenario: ANALYSIS_SCENARIOS.map((s) => s.code),
  baseline: ANALYSIS_BASELINES.map((b) => b.label),
  window: WINDOW_CHOICES.map((c) => c.code),
  species: THI_SPECIES.map((s) => s.code),
  thi: THI_DEFINITIONS.map((d) => d.code),
};

/**
 * The selection a view's query asks for, checked as strictly as the other endpoints: `geo` is required and
 * an unknown place is a 404; any other parameter must be one of the view's fields, given once, with one of
 * its values (a 400 naming it). At a warming level the baseline is 1995-2014.
 */
export function parseViewQuery(params: URLSearchParams, geos: readonly { field_value: string }[], fields: readonly ViewField[]): { selection: AnalysisSelection } | ViewProblem {
  const names = ["geo", ...fields];
  for (const key of new Set(params.keys())) {
    if (!names.includes(key)) return { status: 400, message: `Unknown parameter "${key}"`, details: { field: key, allowed: names } };
    if (params.getAll(key).length > 1) return { status: 400, message: `Give "${key}" once`, details: { field: key, value: params.getAll(key).join(",") } };
  }
  const geo = params.get("geo");
  if (!geo) return { status: 400, message: "Give the place (geo)", details: { field: "geo", allowed: geos.map((g) => g.field_value) } };
  if (!geos.some((g) => g.field_value === geo)) return { status: 404, message: `No place "${geo}"`, details: { field: "geo", allowed: geos.map((g) => g.field_value), value: geo } };
  for (const field of fields) {
    const value = params.get(field);
    if (value === null) continue;
    const known = field === "window" ? ALLOWED.window.includes(parseWindowChoice(value)?.code ?? "") : ALLOWED[field].includes(value);
    if (!known) return { status: 400, message: `Invalid ${field} "${value}"`, details: { field, allowed: ALLOWED[field], value } };
  }
  const selection = parseAnalysisSelection(params, geos);
  const baseline = params.get("baseline");
  if (selection.window.kind === "gwl" && baseline !== null && baseline !== BASELINE_PERIOD.label) {
    return { status: 400, message: `At a warming level the baseline is ${BASELINE_PERIOD.label}`, details: { field: "baseline", allowed: [BASELINE_PERIOD.label], value: baseline } };
  }
  return { selection };
}

/**
 * Loader of an analysis page with a view: the selection from the URL (unknown values fall back to the
 * defaults, as the page's selectors do), then the reference lists the page reads and the view as one entry, so the first load
 * requests nothing from /api. A selection without data primes no view: the page then asks for it and
 * says so.
 */
export function viewPageLoader<V extends { sample: boolean }>(page: AnalysisViewPage<V>) {
  return async ({ request, context }: LoaderFunctionArgs) => {
    const selection = parseAnalysisSelection(new URL(request.url).searchParams, context.series.catalog.geos);
    const view = await page.build(context, selection);
    const apiCache: ApiCacheEntry[] = [
      ...context.reference.cacheEntries(page.lists),
      ...(isProblem(view) ? [] : [{ endpointName: page.endpointName, arg: page.arg(selection), value: view }]),
    ];
    return json({ apiCache });
  };
}

/** Loader of a view's resource route: the view as JSON with an ETag (304 when the client has it), or the problem. */
export function viewResourceLoader<V extends { sample: boolean }>(page: AnalysisViewPage<V>) {
  return async ({ request, context }: LoaderFunctionArgs) => {
    const parsed = parseViewQuery(new URL(request.url).searchParams, context.series.catalog.geos, page.fields);
    if (isProblem(parsed)) return jsonError(parsed.status, parsed.message, { details: parsed.details });
    const view = await page.build(context, parsed.selection);
    if (isProblem(view)) return jsonError(view.status, view.message, { details: view.details });
    const headers: Record<string, string> = { "Cache-Control": SERIES_CACHE_CONTROL };
    if (view.sample) headers[SAMPLE_DATA_HEADER] = "true";
    return cachedJson(request, prepareJson(view), headers);
  };
}

// ---- the water-balance and livestock views ----

/** The answers of an analysis's series queries, in order; a 404 naming the first without data. */
async function seriesAnswers(context: ViewServices, queries: readonly AnalysisQuery[]): Promise<SeriesResponse[] | ViewProblem> {
  const entries = await Promise.all(queries.map(({ frequency, query }) => context.series.cacheEntry(frequency, query)));
  const missing = entries.findIndex((e) => e === undefined);
  if (missing >= 0) {
    const { indicator, geo, scenario } = queries[missing].query;
    return { status: 404, message: `No ${indicator} series for this selection`, details: { indicator, geo, scenario } };
  }
  return entries.map((e) => e!.value as SeriesResponse);
}

export const WATER_VIEW: AnalysisViewPage<ReturnType<typeof buildWaterView>> = {
  endpointName: "getWaterView",
  fields: ["scenario", "baseline", "window"],
  lists: ["getGeos"],
  arg: waterViewArg,
  build: async (context, selection) => {
    const levels = context.reference.list("getWarmingLevels");
    const answers = await seriesAnswers(context, windowQueries(selection, WATER_VARIABLES, levels));
    return isProblem(answers) ? answers : buildWaterView(selection, levels, answers);
  },
};

export const LIVESTOCK_VIEW: AnalysisViewPage<ReturnType<typeof buildLivestockView>> = {
  endpointName: "getLivestockView",
  fields: ["scenario", "baseline", "window", "species", "thi"],
  // the method note names the models without the definition's variables
  lists: ["getGeos", "getModelVariables"],
  arg: livestockViewArg,
  build: async (context, selection) => {
    const levels = context.reference.list("getWarmingLevels");
    const answers = await seriesAnswers(context, livestockQueries(selection, levels));
    return isProblem(answers) ? answers : buildLivestockView(selection, levels, answers);
  },
};
