import { json, type LoaderFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import type { SeriesResponse } from "../../app/features/cmip6/series";
import { SERIES_CACHE_CONTROL } from "../../app/features/cmip6/series";
import { seriesQueryString } from "../../app/features/cmip6/seriesQuery";
import { parseWindowChoice, type WarmingLevels } from "../../app/features/cmip6/warmingLevels";
import { BASELINE_PERIOD } from "../../app/features/cmip6/periods";
import { buildClimateCropView } from "../../app/features/analytics/climateCropView";
import { buildClimateVariabilityView } from "../../app/features/analytics/climateVariabilityView";
import { buildLivestockView } from "../../app/features/analytics/livestockView";
import { livestockQueries } from "../../app/features/analytics/livestock";
import { cropQueries, variabilityQueries, WATER_VARIABLES, windowQueries, type AnalysisQuery } from "../../app/features/analytics/queries";
import { buildWaterView } from "../../app/features/analytics/waterView";
import { livestockViewSchema, waterViewSchema } from "../../app/features/analytics/waterLivestockSchema";
import { parseAnalysisSelection, type AnalysisSelection } from "../../app/features/analytics/selection";
import {
  ANALYSIS_FIELD_VALUES,
  ANALYSIS_VIEW_FIELDS,
  analysisViewArg,
  type AnalysisField,
  type AnalysisViewPage,
  type AnalysisViews,
} from "../../app/features/analytics/viewsApi";
import type { ApiCacheEntry } from "../../app/store/prime";
import type { SeriesService } from "../series/service.server";
import type { ReferenceService } from "../services/reference.server";
import { prepareJson } from "../services/reference.server";
import { cachedJsonOf, jsonError } from "../api/responses.server";
import { LruCache } from "../series/lru";

/** How a page's view is made: the series it is computed from, and the pure function that builds it. */
interface AnalysisViewBuilder<P extends AnalysisViewPage> {
  queries: (selection: AnalysisSelection, levels: WarmingLevels) => AnalysisQuery[];
  build: (answers: SeriesResponse[], selection: AnalysisSelection, levels: WarmingLevels, place: string) => AnalysisViews[P];
}

/** The builders of the analysis views: a page with a view is one more entry (and its entry in `AnalysisViews`). */
const BUILDERS: { [P in AnalysisViewPage]: AnalysisViewBuilder<P> } = {
  "climate-crop": { queries: cropQueries, build: buildClimateCropView },
  "climate-variability": {
    queries: variabilityQueries,
    build: ([pr, tas, spi, spei], selection, levels, place) => buildClimateVariabilityView({ pr, tas, spi, spei }, selection, levels, place),
  },
  "climate-water": { queries: (selection, levels) => windowQueries(selection, WATER_VARIABLES, levels), build: (answers, selection, levels) => buildWaterView(selection, levels, answers) },
  "climate-livestock": { queries: livestockQueries, build: (answers, selection, levels) => buildLivestockView(selection, levels, answers) },
};

/** The pages with a view, in the order the API description lists them. */
export const ANALYSIS_VIEW_PAGES = Object.keys(BUILDERS) as AnalysisViewPage[];

interface ViewServices {
  series: SeriesService;
  reference: ReferenceService;
}

/** The series answer of one query and its ETag, as a loader reads it (undefined when the query has no data). */
async function seriesAnswerOf(series: SeriesService, { frequency, query }: AnalysisQuery): Promise<{ answer: SeriesResponse; etag: string } | undefined> {
  const parsed = series.parse(frequency, new URLSearchParams(seriesQueryString(query)));
  if (!parsed.ok) return undefined;
  const resolved = series.resolve(frequency, parsed.query);
  if (!resolved.ok) return undefined;
  // unrounded: the views compute statistics of the series and round what they show
  const answer = await series.response(resolved.value, "full");
  return "status" in answer ? undefined : { answer, etag: resolved.value.etag };
}

/**
 * Views built, by page, selection and the ETags of the series behind them (so a new data version builds
 * anew): building one takes tens of milliseconds (the trends' Sen slopes over every model), reading it back
 * none. Bounded by count; a view is tens of kilobytes.
 */
const builtViews = new LruCache<string, AnalysisViews[AnalysisViewPage]>(96, undefined, "analysis views");

/** A page's view for a selection, built from the series service; undefined when a series it needs has no data. */
export async function analysisView<P extends AnalysisViewPage>(services: ViewServices, page: P, selection: AnalysisSelection): Promise<AnalysisViews[P] | undefined> {
  const builder = BUILDERS[page] as AnalysisViewBuilder<P>;
  const levels = services.reference.list("getWarmingLevels");
  const answers = await Promise.all(builder.queries(selection, levels).map((q) => seriesAnswerOf(services.series, q)));
  if (answers.some((a) => a === undefined)) return undefined;
  const read = answers as { answer: SeriesResponse; etag: string }[];
  const key = `${page}?${analysisViewArg(page, selection).query}|${read.map((a) => a.etag).join(",")}`;
  const kept = builtViews.get(key) as AnalysisViews[P] | undefined;
  if (kept) return kept;
  const place = services.series.catalog.geos.find((g) => g.field_value === selection.geo)?.name ?? selection.geo;
  const view = builder.build(read.map((a) => a.answer), selection, levels, place);
  builtViews.set(key, view);
  return view;
}

/**
 * Loader of an analysis page with a view: reads the selection from the URL (unknown values fall back to the
 * defaults, as the page's form does) and primes the cache with the geo list, the model-variable gaps (the
 * method note) and the page's view, so the first load requests nothing from /api and ships what the page
 * shows rather than the series behind it (decision 026).
 */
export function analysisViewLoader(page: AnalysisViewPage) {
  return async ({ request, context }: LoaderFunctionArgs) => {
    const selection = parseAnalysisSelection(new URL(request.url).searchParams, context.series.catalog.geos);
    const view = await analysisView(context, page, selection);
    const apiCache: ApiCacheEntry[] = [
      ...context.reference.cacheEntries(["getGeos", "getModelVariables"]),
      ...(view ? [{ endpointName: "getAnalysisView", arg: analysisViewArg(page, selection), value: view }] : []),
    ];
    return json({ apiCache });
  };
}

/** A refused request of a view endpoint: status, message and details. */
export interface ViewProblem {
  status: 400 | 404;
  message: string;
  details: Record<string, unknown>;
}

/**
 * The selection of a view request, strictly: `geo` is required and must be a place of the catalogue (404
 * otherwise); every other parameter must be one of the page's fields with an allowed value (400 naming it).
 * Fields not given take the page's defaults.
 */
export function parseViewRequest(page: AnalysisViewPage, params: URLSearchParams, geos: readonly { field_value: string }[]): { ok: true; selection: AnalysisSelection } | { ok: false; problem: ViewProblem } {
  const fields = ANALYSIS_VIEW_FIELDS[page];
  const names = ["geo", ...fields];
  for (const name of new Set(params.keys())) {
    if (!names.includes(name)) return { ok: false, problem: { status: 400, message: `Unknown parameter "${name}"`, details: { field: name, allowed: names } } };
    if (params.getAll(name).length > 1) return { ok: false, problem: { status: 400, message: `Give "${name}" once`, details: { field: name } } };
  }
  const geo = params.get("geo");
  if (!geo) return { ok: false, problem: { status: 400, message: 'The place ("geo") is required', details: { field: "geo" } } };
  for (const field of fields) {
    const value = params.get(field);
    // a warming level may be written without its decimal (gwl:2 is gwl:2.0)
    const known = field === "window" ? parseWindowChoice(value ?? "")?.code : value;
    if (value !== null && !ANALYSIS_FIELD_VALUES[field].includes(known ?? "")) {
      return { ok: false, problem: { status: 400, message: `Invalid ${field} "${value}"`, details: { field, allowed: ANALYSIS_FIELD_VALUES[field], value } } };
    }
  }
  if (!geos.some((g) => g.field_value === geo)) {
    return { ok: false, problem: { status: 404, message: `No place "${geo}"`, details: { field: "geo", allowed: geos.map((g) => g.field_value), value: geo } } };
  }
  const selection = parseAnalysisSelection(params, geos);
  // at a warming level changes are against 1995-2014 (the IPCC AR6 Atlas's baseline): another one is refused, not ignored
  const baseline = params.get("baseline");
  if (selection.window.kind === "gwl" && baseline !== null && baseline !== BASELINE_PERIOD.label) {
    return { ok: false, problem: { status: 400, message: `At a warming level the baseline is ${BASELINE_PERIOD.label}`, details: { field: "baseline", allowed: [BASELINE_PERIOD.label], value: baseline } } };
  }
  return { ok: true, selection };
}

/** The cache lifetime of a view: that of the series it is built from. */
export const VIEW_CACHE_CONTROL = SERIES_CACHE_CONTROL;

/**
 * `/api/views/analytics/<page>`: the page's view for the selection in the query, as the page's loader
 * primes it; 400 naming a bad parameter, 404 for an unknown place or a selection without data, an ETag
 * (304 when the client has it) and the sample header when any series behind it is generated.
 */
export async function analysisViewResponse(services: ViewServices, page: AnalysisViewPage, request: Request): Promise<Response> {
  const parsed = parseViewRequest(page, new URL(request.url).searchParams, services.series.catalog.geos);
  if (!parsed.ok) return jsonError(parsed.problem.status, parsed.problem.message, { details: parsed.problem.details });
  const view = await analysisView(services, page, parsed.selection);
  if (!view) return jsonError(404, "No series for this selection", { details: { field: "geo", value: parsed.selection.geo } });
  return cachedJsonOf(request, prepareJson(view), VIEW_CACHE_CONTROL, view.sample);
}

/** Loader of a view endpoint's resource route. */
export function analysisViewRoute(page: AnalysisViewPage) {
  return ({ request, context }: LoaderFunctionArgs) => analysisViewResponse(context, page, request);
}

/** What the API description says of each view endpoint: a summary, a description and an example query. */
export const ANALYSIS_VIEW_TEXT: { readonly [P in AnalysisViewPage]: { summary: string; description: string; example: Record<string, string> } } = {
  "climate-crop": {
    summary: "The climate and crops analysis as shown",
    description:
      "What `/analytics/climate-crop` shows for a place, scenario, baseline and future window: kharif and rabi rainfall, temperature and warm days (TX90p) as chart lines (ensemble median and p10-p90 per year), the table of baseline and future means, changes with the models' sign agreement and Sen's-slope trends, the warming-level note and the table's CSV (columns and rows).",
    example: { geo: "NPL", scenario: "ssp245", baseline: "1995-2014", window: "2040-2059" },
  },
  "climate-variability": {
    summary: "The climate variability analysis as shown",
    description:
      "What `/analytics/climate-crop/climate-variability` shows for a place, scenario, baseline and drought-index scale: the rainfall and temperature anomaly charts, the months-in-drought chart of SPI and SPEI, the table per 20-year window and warming level (rainfall CV and temperature SD raw and detrended, shares of months in drought), the drought statement, the warming-level note and the table's CSV.",
    example: { geo: "NPL", scenario: "ssp245", baseline: "1995-2014", scale: "3" },
  },
  "climate-water": {
    summary: "The water balance analysis as shown",
    description:
      "What `/analytics/climate-water` shows for a place, scenario, baseline and future window: precipitation, potential evapotranspiration (PET) and their difference by calendar month (ensemble median and 10th-90th percentiles), their annual totals and projected change with the models' agreement, the PET method per model, the models left out and, at a warming level, each model's window. Built from the monthly `pr` and `pet` series (`/api/cmip6/v1/monthly`), which give every model's values.",
    example: { geo: "BGD", scenario: "ssp585", baseline: "1995-2014", window: "2040-2059" },
  },
  "climate-livestock": {
    summary: "The livestock heat-stress analysis as shown",
    description:
      "What `/analytics/climate-livestock` shows for a place, scenario, baseline, future window, species and THI definition: days per month, season and year at or above each of the species' THI thresholds, baseline and future (ensemble median and 10th-90th percentiles), the median change with the models' agreement, the models left out and, at a warming level, each model's window. Built from the monthly day-count series (`thimean68` …, `/api/cmip6/v1/monthly`), which give every model's values.",
    example: { geo: "PAK", scenario: "ssp245", baseline: "1995-2014", window: "gwl:2.0", species: "cattle", thi: "max" },
  },
};

const FIELD_TEXT: Record<AnalysisField, string> = {
  scenario: "Future scenario.",
  baseline: "Baseline period (at a warming level the baseline is 1995-2014 whatever is given).",
  window: "Future window: a 20-year window, or a global warming level (each model's own 20-year window).",
  scale: "Accumulation scale of SPI and SPEI, months.",
  species: "Livestock species whose heat-stress thresholds are used.",
  thi: "Daily temperature-humidity index definition.",
};

/** The query parameters of a page's view endpoint, as a schema for the API description. */
export function analysisViewQuerySchema(page: AnalysisViewPage) {
  const defaults = analysisViewArg(page, parseAnalysisSelection(new URLSearchParams(), []));
  const given = new URLSearchParams(defaults.query);
  return z.strictObject({
    geo: z.string().min(1).describe("The place: a country (ISO3 code) or river basin (slug) of `/api/cmip6/list/geos`; any other is a 404."),
    ...Object.fromEntries(
      ANALYSIS_VIEW_FIELDS[page].map((field) => [field, z.enum(ANALYSIS_FIELD_VALUES[field] as [string, ...string[]]).default(given.get(field)!).describe(FIELD_TEXT[field])]),
    ),
  });
}

const numberOrNull = z.number().nullable();
const chartViewSchema = z.strictObject({
  label: z.string().describe("The chart's accessible name."),
  fileName: z.string().describe("File name of its downloads, without extension."),
  summary: z.string().describe("What the chart shows, in words."),
  options: z.looseObject({
    labels: z.looseObject({ title: z.string(), axis: z.string(), units: z.string(), sample: z.boolean() }),
    band: z
      .array(
        z.strictObject({
          scenario: z.string().describe("The line (a scenario, season or index)."),
          start: z.number().int().optional().describe("The first year of consecutive years."),
          x: z.array(z.union([z.number(), z.string()])).optional().describe("Every x value, when not consecutive years."),
          median: z.array(numberOrNull),
          p10: z.array(numberOrNull),
          p90: z.array(numberOrNull),
        }),
      )
      .describe("Per line, the ensemble median and 10th-90th percentiles at each x, at the resolution drawn."),
  }),
});

/** The answer schema of each view in the API description: its component name and schema. */
export function analysisViewAnswerSchema(page: AnalysisViewPage): { name: string; schema: z.ZodType } {
  if (page === "climate-water") return { name: "WaterView", schema: waterViewSchema };
  if (page === "climate-livestock") return { name: "LivestockView", schema: livestockViewSchema };
  return { name: "AnalysisView", schema: analysisViewSchema };
}

/** What the climate-and-crops and variability views carry; the page's own parts are described with it. */
export const analysisViewSchema = z.looseObject({
  sample: z.boolean().describe("Whether any series behind the view is generated sample data."),
  sources: z.looseObject({ kind: z.enum(["sample", "ingested", "mixed"]), text: z.string() }).describe("Where the series behind the view come from."),
  title: z.string(),
  level: z.strictObject({ items: z.array(z.string()), notes: z.array(z.string()) }).describe("At a warming level: the models in per variable and the level's notes."),
  csv: z
    .strictObject({
      file: z.string(),
      header: z.looseObject({ indicator: z.string(), sample: z.boolean() }),
      columns: z.array(z.string()),
      rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))),
    })
    .describe("The page's table as its CSV download gives it."),
  charts: z.array(chartViewSchema).optional().describe("Climate and crops: the season charts."),
  anomalies: z.array(chartViewSchema).optional().describe("Variability: the anomaly charts."),
  drought: z.looseObject({ statement: z.string(), chart: chartViewSchema }).optional().describe("Variability: the drought statement and chart."),
  rows: z.array(z.looseObject({})).describe("The rows of the page's table."),
});
