import type { LoaderFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { SERIES_CACHE_CONTROL, SERIES_ENDPOINTS, seriesResponseSchema } from "../../app/features/cmip6/series";
import { SERIES_FREQUENCIES, SERIES_PATHS, type SeriesFrequency } from "../../app/features/cmip6/seriesQuery";
import { seriesQuerySchema } from "../../app/features/cmip6/seriesQuerySchema";
import { readGeotype } from "../../app/features/maps/choropleth";
import { choroplethQuerySchema, choroplethResponseSchema } from "../../app/features/maps/choroplethSchema";
import { cmip6ViewerViewSchema } from "../../app/features/maps/viewerViewSchema";
import { aezViewQuerySchema, aezViewSchema } from "../../app/features/pyaez/viewSchema";
import { PROCESSES_TAG, type ApiParameter, type OpenApiDocument, type SampleFlag } from "../../app/features/api-docs/openapi";
import { API_LIST_NAMES, API_LISTS, REFERENCE_CACHE_CONTROL, SAMPLE_DATA_HEADER, type ApiListName } from "../../app/store/contract";
import { VIEW_CHOICES as EXPLORER_VIEW_CHOICES } from "../../app/features/cmip6/explorer/view";
import { explorerViewSchema } from "../../app/features/cmip6/explorer/viewSchema";
import { PROFILE_ROWS_CHOICES } from "../../app/features/profile/view";
import { profileViewSchema } from "../../app/features/profile/viewSchema";
import { SEED_SCHEMAS } from "../seeds.server";
import type { SeriesService } from "../series/service.server";
import { prepareJson, type PreparedJson, type ReferenceService } from "../services/reference.server";
import { choropleth, WINDOW_ALLOWED } from "./choropleth.server";
import { CHOROPLETH_CACHE_CONTROL, GEO_CACHE_CONTROL, GEO_LAYERS, geoJson, geoLayerSchema } from "./maps.server";
import { ALLOWED_METHODS, apiErrorSchema, cachedJson, fieldProblemSchema } from "./responses.server";
import { SERIES_CLIENT_QUEUE, SERIES_PER_CLIENT, seriesAnswer } from "./series.server";
import { ANALYSIS_VIEW_PAGES, ANALYSIS_VIEW_TEXT, analysisViewAnswerSchema, analysisViewQuerySchema, VIEW_CACHE_CONTROL } from "../analytics/views.server";
import { analysisViewPath } from "../../app/features/analytics/viewsApi";
import { cmip6ViewerView } from "./viewer-views.server";
import { aezView } from "./pyaez-views.server";
import { GRID_API } from "../../app/features/grids/grid";
import { gridFieldQuerySchema, gridFieldResponseSchema, gridGeotiffQuerySchema, gridImageQuerySchema, gridPointQuerySchema, gridPointResponseSchema } from "../../app/features/grids/gridSchema";
import type { GridStore } from "../grids/store";
import { GRID_BOUNDS_HEADER, GRID_CACHE_CONTROL, GRID_CONTENT_TYPES, gridAnswer } from "./grid.server";
import { processesOpenApi } from "./processes.server";

/**
 * The OpenAPI 3.1 description of the portal's /api, generated from the zod schemas the server validates
 * seeds and answers with (and the query schemas built from the parsers' own constants), with example
 * answers computed by the real handlers on the running server's data. Served at `/api/openapi.json`; the
 * API page (`/api-docs`) is rendered from it. See docs/api.md and decision 020.
 */

export const OPENAPI_PATH = "/api/openapi.json";
/** The media type the OpenAPI Specification's own examples use (IETF httpapi registration; decision 020). */
export const OPENAPI_MEDIA_TYPE = "application/openapi+json;version=3.1";
export const OPENAPI_CACHE_CONTROL = REFERENCE_CACHE_CONTROL;
/** Version of the API contract (not of the portal): raise it when an answer changes shape. */
export const API_VERSION = "1.0.0";

type JsonSchema = Record<string, unknown>;

/** A zod schema as a JSON Schema 2020-12 object for the description, its `$defs` referenced in place. */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output" = "output", at = ""): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
    // zod bounds every integer by the safe-integer range: noise in a description
    override: ({ jsonSchema }) => {
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    },
  }) as JsonSchema;
  // `#/$defs/…` would resolve against the document root: point it at the schema's place in the document
  return at ? (JSON.parse(JSON.stringify(json).replaceAll('"#/$defs/', `"${at}/$defs/`)) as JsonSchema) : json;
}

/** The query parameters of a zod object schema, with the example request's values. */
export function queryParameters(schema: z.ZodObject, example: Record<string, unknown> = {}): ApiParameter[] {
  const json = jsonSchemaOf(schema, "input") as { properties: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties).map(([name, property]) => {
    const { description, ...rest } = property;
    const list = rest.type === "array";
    return {
      name,
      in: "query" as const,
      required: json.required?.includes(name) ?? false,
      description: String(description ?? ""),
      schema: rest,
      ...(list ? { style: "form" as const, explode: false } : {}),
      ...(example[name] !== undefined ? { example: example[name] } : {}),
    };
  });
}

/** Arrays cut to their first `keep` items at every depth: examples that still follow the schema. */
export function trimExample(value: unknown, keep = 2): unknown {
  if (Array.isArray(value)) return value.slice(0, keep).map((item) => trimExample(item, keep));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, trimExample(v, keep)]));
  return value;
}

const LIST_TEXT: Record<ApiListName, [summary: string, description: string]> = {
  getGeos: ["Countries, river basins, states and provinces, disputed areas", "The eight countries (ISO3 codes), 16 river basins (slugs), the countries' 148 first-level units (states, union territories, provinces, divisions, zones, dzongkhags, atolls; ISO 3166-2 codes such as `IN-UP`, each with `field_country`) and Natural Earth's 11 disputed areas of South Asia (`Disputed`, codes `XD-` and the layer's code such as `XD-B07` for Aksai Chin, belonging to no country, each with `field_status`: who administers and who claims it) that series and profiles cover, then any places the operator's series ingest added from its own outlines (`added: true`, a `State` of its country, such as a district `IN-UP-LKO`)."],
  getIndicators: ["Indicators", "CMIP6 variables and climate extreme indices, with units and the series path (`field_api_url` or `field_api_type`) that serves each."],
  getCmip6Models: ["CMIP6 models", "The 35 NEX-GDDP-CMIP6 models with the member (variant) and grid downscaled."],
  getScenarios: ["Scenarios", "The historical run and the SSP scenarios, with the years each covers."],
  getModelVariables: ["Model-variable gaps", "Which model-variable pairs NEX-GDDP-CMIP6 lacks; those models have no values for indicators derived from them."],
  getAezModules: ["Agro-ecological zoning modules", "The PyAEZ module tree behind `/pyaez`."],
  getCatalogData: ["Data catalogue", "Every catalogue entry across the eight sectors (illustrative sample entries)."],
  getMenuFacets: ["Catalogue facets", "Facets of the catalogue menu (an empty list in this build)."],
  getMenuCategories: ["Catalogue menu categories", "The categories of the catalogue menu."],
  getClimateMetadata: ["Climate catalogue lookups", "Sources, indicators, levels and periods the climate catalogue filters by."],
  getViewerLayers: ["CMIP6 viewer layers", "The map layers of `/cmip6-viewer` (illustrative sample layers)."],
  getWarmingLevels: ["Global warming-level windows", "Each model's 20-year window reaching +1.5, +2, +3 and +4 °C under SSP2-4.5 and SSP5-8.5, from the table of Hauser, Engelbrecht and Fischer (doi:10.5281/zenodo.3591806), with its version and licence (CC BY-SA 4.0: credit the authors, share alike)."],
};

/** The example requests of the description: small, real queries (their answers are computed, not written). */
export const EXAMPLE_QUERIES = {
  annual: { indicator: "tas", geo: "NPL", scenario: ["ssp245"], model: ["ACCESS-CM2", "MIROC6", "NorESM2-LM"], start: 2040, end: 2042, window: "gwl:2.0" },
  monthly: { indicator: "pr", geo: "BGD", scenario: ["ssp585"], model: ["MIROC6", "NorESM2-LM"], start: 2050, end: 2051, season: "JJAS" },
  choropleth: { indicator: "tas", geotype: "Country", scenario: "ssp245", model: "ensemble", window: "2040-2059" },
  badSeries: { indicator: "tas", geo: "atlantis" },
  seriesWithoutData: { indicator: "tas", geo: "NPL", scenario: ["historical"], start: 2050, end: 2060 },
  badChoropleth: { indicator: "tas", scenario: "ssp999", window: "2040-2059" },
  grid: { indicator: "tas", scenario: "ssp245", season: "annual", window: "2040-2059" },
  gridPoint: { indicator: "tas", scenario: "ssp245", season: "annual", window: "2040-2059", lat: 27.7, lon: 85.3 },
  badGrid: { indicator: "tas", scenario: "ssp245", season: "annual", window: "2030-2049" },
} as const;

const toSearch = (query: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? v.join(",") : String(v)]));

export interface OpenApiServices {
  reference: ReferenceService;
  series: SeriesService;
  /** The gridded fields (the grid API's examples are its answers; without a store, none are shown). */
  grids?: GridStore;
}

/** The answers the description shows, computed by the handlers that serve them. */
async function realExamples({ reference, series, grids }: OpenApiServices) {
  const noCache = { ifNoneMatch: null, acceptEncoding: null };
  const seriesBody = async (frequency: SeriesFrequency, query: Record<string, unknown>) =>
    JSON.parse(String((await seriesAnswer(series, frequency, toSearch(query), noCache)).body)) as unknown;
  const table = reference.list("getWarmingLevels");
  const choroplethOf = (query: Record<string, unknown>) => {
    const q = Object.fromEntries(toSearch(query));
    return choropleth(series, table, { indicator: q.indicator, geotype: readGeotype(q.geotype), scenario: q.scenario, model: q.model ?? "ensemble", window: q.window });
  };
  const basins = JSON.parse(geoJson("basins").body) as { features: unknown[] };
  // the grid API's answers, when the store has the example's field (else the description shows none)
  const gridBody = async (endpoint: "field" | "point", query: Record<string, unknown>) => {
    if (!grids) return undefined;
    const answer = await gridAnswer(grids, endpoint, toSearch(query), noCache);
    return answer.status === 200 ? (JSON.parse(String(answer.body)) as unknown) : undefined;
  };
  const badGrid = grids && (await gridAnswer(grids, "field", toSearch(EXAMPLE_QUERIES.badGrid), noCache));
  const badChoropleth = await choroplethOf(EXAMPLE_QUERIES.badChoropleth);
  return {
    lists: Object.fromEntries(API_LIST_NAMES.map((name) => [name, trimExample(reference.list(name))])) as Record<ApiListName, unknown>,
    series: {
      annual: await seriesBody("annual", EXAMPLE_QUERIES.annual),
      monthly: await seriesBody("monthly", EXAMPLE_QUERIES.monthly),
    } as Record<SeriesFrequency, unknown>,
    badSeries: await seriesBody("annual", EXAMPLE_QUERIES.badSeries),
    seriesWithoutData: await seriesBody("annual", EXAMPLE_QUERIES.seriesWithoutData),
    choropleth: trimExample(await choroplethOf(EXAMPLE_QUERIES.choropleth), 3),
    badChoropleth: "status" in badChoropleth ? { error: { status: badChoropleth.status, message: badChoropleth.message, details: badChoropleth.details } } : undefined,
    geo: { ...basins, features: basins.features.slice(0, 1) },
    cmip6ViewerView: trimExample(cmip6ViewerView(reference)),
    aezView: trimExample(aezView(reference, "")),
    badAezView: { error: { status: 400, message: 'Unknown module "9"', details: { field: "module", allowed: [...reference.list("getAezModules").map((m) => m.id), "all"], value: "9" } } },
    geoNotFound: { error: { status: 404, message: 'No geometry named "rivers"', details: { allowed: GEO_LAYERS } } },
    gridField: trimExample(await gridBody("field", EXAMPLE_QUERIES.grid), 3),
    gridPoint: await gridBody("point", EXAMPLE_QUERIES.gridPoint),
    badGrid: badGrid ? (JSON.parse(String(badGrid.body)) as unknown) : undefined,
  };
}

const sampleHeader = (always: boolean) => ({
  description: always ? "Always `true`: the content is illustrative sample data." : "Present, `true`, when the answer holds generated sample data.",
  required: always,
  schema: { type: "string", const: "true" },
});

const ref = (kind: "schemas" | "responses" | "headers", name: string) => ({ $ref: `#/components/${kind}/${name}` });
const constHeader = (value: string, description: string, required = true) => ({ description, required, schema: { type: "string", const: value } });

interface Answer {
  contentType: string;
  schema: string;
  example: unknown;
  cacheControl: string;
  /** Whether the answer is compressed once per encoding and says `Vary: Accept-Encoding`. */
  vary: boolean;
  sample: SampleFlag;
  /** Further headers of the answer (OpenAPI header objects). */
  headers?: Record<string, unknown>;
}

interface ErrorCase {
  status: 400 | 404 | 429 | 503;
  description: string;
  example?: unknown;
}

interface OperationInput {
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description: string;
  parameters: ApiParameter[];
  answer: Answer;
  errors: ErrorCase[];
}

const SAMPLE_TEXT: Record<SampleFlag, string> = {
  always: `Always \`${SAMPLE_DATA_HEADER}: true\`: the content is illustrative sample data.`,
  never: "Reference data, never sample data: no sample header.",
  "when-generated": `\`${SAMPLE_DATA_HEADER}: true\` and \`"sample": true\` in the body when any value is generated sample data rather than ingested model output.`,
};

function operation(input: OperationInput) {
  const { answer } = input;
  const headers: Record<string, unknown> = {
    ETag: ref("headers", "ETag"),
    "Cache-Control": constHeader(answer.cacheControl, "How long the answer may be reused without revalidation."),
  };
  if (answer.vary) headers.Vary = constHeader("Accept-Encoding", "Answers are sent compressed (brotli or gzip) when the client accepts it.");
  if (answer.sample !== "never") headers[SAMPLE_DATA_HEADER] = sampleHeader(answer.sample === "always");
  Object.assign(headers, answer.headers);
  const responses: Record<string, unknown> = {
    200: {
      description: `${input.summary}. ${SAMPLE_TEXT[answer.sample]}`,
      headers,
      content: { [answer.contentType]: { schema: ref("schemas", answer.schema), example: answer.example } },
    },
    304: { ...ref("responses", "NotModified") },
  };
  for (const error of input.errors) {
    responses[error.status] = {
      description: error.description,
      headers: { "Cache-Control": ref("headers", "NoStore"), ...(error.status === 429 || error.status === 503 ? { "Retry-After": ref("headers", "RetryAfter") } : {}) },
      content: {
        "application/json": {
          schema: error.status === 400 ? ref("schemas", "FieldError") : ref("schemas", "Error"),
          ...(error.example ? { example: error.example } : {}),
        },
      },
    };
  }
  responses[405] = ref("responses", "MethodNotAllowed");
  const get = {
    operationId: input.operationId,
    tags: [input.tag],
    summary: input.summary,
    description: input.description,
    parameters: input.parameters,
    responses,
    "x-sample-data": answer.sample,
  };
  const head = {
    operationId: `${input.operationId}Head`,
    tags: [input.tag],
    summary: `Headers of ${input.summary.charAt(0).toLowerCase()}${input.summary.slice(1)}`,
    description: "The headers GET would send (ETag, Cache-Control, sample flag), without the body.",
    parameters: input.parameters,
    responses: Object.fromEntries(Object.entries(responses).map(([status, response]) => [status, withoutContent(response)])),
  };
  return { [input.path]: { get, head } };
}

function withoutContent(response: unknown) {
  if (!response || typeof response !== "object" || !("content" in response)) return response;
  const { content: _body, ...rest } = response as Record<string, unknown>;
  return rest;
}

const BAD_PARAMETER = "A bad parameter: `details.field` names it, `details.allowed` lists the values it accepts (or gives `{ min, max }`), `details.value` repeats what was sent.";

/** The OpenAPI 3.1 document of the portal's /api. */
export async function buildOpenApiDocument(services: OpenApiServices): Promise<OpenApiDocument> {
  const examples = await realExamples(services);
  const schemas: Record<string, JsonSchema> = {};
  const component = (name: string, schema: z.ZodType) => {
    schemas[name] = jsonSchemaOf(schema, "output", `#/components/schemas/${name}`);
    return name;
  };
  component("Error", apiErrorSchema);
  component("FieldError", z.strictObject({ error: apiErrorSchema.shape.error.extend({ details: fieldProblemSchema }) }));

  const catalog = services.series.apiCatalog;
  const operations: Record<string, unknown>[] = [];

  for (const name of API_LIST_NAMES) {
    const { path, seed, sample } = API_LISTS[name];
    const [summary, description] = LIST_TEXT[name];
    operations.push(
      operation({
        path: `/api/${path}`,
        operationId: name,
        tag: "Reference lists",
        summary,
        description: `${description} The list never changes while the server runs; query parameters are ignored. The example shows the first items of each list.`,
        parameters: [],
        answer: { contentType: "application/json", schema: component(`${name.slice(3)}`, SEED_SCHEMAS[seed]), example: examples.lists[name], cacheControl: REFERENCE_CACHE_CONTROL, vary: true, sample: sample ? "always" : "never" },
        errors: [],
      }),
    );
  }

  component("SeriesResponse", seriesResponseSchema);
  for (const frequency of SERIES_FREQUENCIES) {
    const monthly = frequency === "monthly";
    operations.push(
      operation({
        path: `/api/${SERIES_PATHS[frequency]}`,
        operationId: SERIES_ENDPOINTS[frequency],
        tag: "Series",
        summary: monthly ? "Monthly series per model" : "Annual series per model",
        description: `${monthly ? "Twelve values per year (one per year with `month` or `season`)" : "One value per year"} of one indicator over a country, basin, state or province (\`geo\`: ISO3, slug or ISO 3166-2 code; an unknown one is a 400 naming the places it may have meant), per scenario block and per model, with the ensemble median, 10th and 90th percentiles and mean; with \`window\`, the period statistic and the models' agreement (\`windows\`). Without \`model\` the answer has every model (35 for most indicators). Lists are comma-separated or repeated; an empty value counts as absent; unknown parameters are refused. The ETag is known before any value is computed, so a revalidation costs nothing. See docs/series-api.md.`,
        parameters: queryParameters(seriesQuerySchema(catalog, frequency), EXAMPLE_QUERIES[frequency]),
        answer: { contentType: "application/json", schema: "SeriesResponse", example: examples.series[frequency], cacheControl: SERIES_CACHE_CONTROL, vary: true, sample: "when-generated" },
        errors: [
          { status: 400, description: BAD_PARAMETER, example: examples.badSeries },
          { status: 404, description: "A valid query without data: an indicator of the other series path (`details.paths`), a scenario asked for years it does not cover, a season with no complete year, or nothing in the store.", example: examples.seriesWithoutData },
          { status: 429, description: `This client already has ${SERIES_PER_CLIENT + SERIES_CLIENT_QUEUE} series being computed or waiting; \`Retry-After: 1\`.` },
          { status: 503, description: "The series service is busy computing other series; `Retry-After: 2`." },
        ],
      }),
    );
  }

  operations.push(
    operation({
      path: "/api/viewer/choropleth",
      operationId: "getChoropleth",
      tag: "Maps",
      summary: "Period values for every country, basin, or state and province",
      description:
        "The period mean of one indicator, scenario and model (the ensemble median, or the median over a comma list of models) for every country, every basin, or every state and province (`geotype=State`) at once, over a 20-year window, a global warming level (`window`) or `start`-`end`. Projections also carry each region's change from 1995-2014 and the models' agreement on its sign. A place without series (one the models' grid does not reach, such as the Maldives' southern atolls) has `value: null` and says why in `missing`. The example shows the first regions.",
      parameters: queryParameters(choroplethQuerySchema, EXAMPLE_QUERIES.choropleth),
      answer: { contentType: "application/json", schema: component("ChoroplethResponse", choroplethResponseSchema), example: examples.choropleth, cacheControl: CHOROPLETH_CACHE_CONTROL, vary: false, sample: "when-generated" },
      errors: [
        { status: 400, description: `${BAD_PARAMETER} \`window\` accepts ${WINDOW_ALLOWED.join(", ")}.`, example: examples.badChoropleth },
        { status: 404, description: "A valid selection without data (for example an indicator without annual values)." },
      ],
    }),
  );

  operations.push(
    operation({
      path: "/api/geo/{name}",
      operationId: "getGeoLayer",
      tag: "Maps",
      summary: "Basemap outlines",
      description: "Country, river-basin or state and province outlines as GeoJSON (WGS 84 longitude-latitude); the states' are simplified for drawing (Natural Earth 1:10m admin-1, public domain; area means use the full outlines). The example shows the first basin.",
      parameters: [{ name: "name", in: "path", required: true, description: "The layer.", schema: jsonSchemaOf(z.enum(GEO_LAYERS)), example: "basins" }],
      answer: { contentType: "application/geo+json", schema: component("GeoLayer", geoLayerSchema), example: examples.geo, cacheControl: GEO_CACHE_CONTROL, vary: false, sample: "never" },
      errors: [{ status: 404, description: "No layer of that name (`details.allowed` lists them).", example: examples.geoNotFound }],
    }),
  );

  // the analysis views (decision 026): what a page shows, as its loader primes it
  for (const page of ANALYSIS_VIEW_PAGES) {
    const text = ANALYSIS_VIEW_TEXT[page];
    const answer = analysisViewAnswerSchema(page);
    operations.push(
      operation({
        path: `/api/${analysisViewPath(page)}`,
        operationId: `getAnalysisView${page.replace(/(^|-)([a-z])/g, (_, _dash: string, c: string) => c.toUpperCase())}`,
        tag: "Views",
        summary: text.summary,
        description: `${text.description} The page's loader primes the same view; a later navigation fetches it here. Every parameter but \`geo\` has the page's default.`,
        parameters: queryParameters(analysisViewQuerySchema(page), text.example),
        answer: { contentType: "application/json", schema: component(answer.name, answer.schema), example: undefined, cacheControl: VIEW_CACHE_CONTROL, vary: false, sample: "when-generated" },
        errors: [
          { status: 400, description: `${BAD_PARAMETER} Unknown parameters are refused; \`geo\` is required.` },
          { status: 404, description: "An unknown place (`details.field` is `geo`), or a selection whose series have no data." },
        ],
      }),
    );
  }

  // the grid API: gridded change maps and point queries (docs/grids.md)
  const gridErrors = (extra: string): ErrorCase[] => [
    { status: 400, description: `${BAD_PARAMETER} Unknown parameters are refused. ${extra}`, example: examples.badGrid },
    { status: 404, description: "The store has no gridded field for this indicator, scenario, season and window." },
  ];
  const selectionText =
    "`indicator`, `scenario` (ssp245, ssp585), `season` (annual; DJF, MAM, JJA, SON for indicators with monthly values) and `window` (a 20-year window or a global warming level) choose the field.";
  const method =
    "Per cell, as the place series: each model's mean over the window (its own window at a warming level, at least 90 % of the years) minus its own 1995-2014 mean, one source per model; the ensemble median, 10th and 90th percentiles of those changes, and the share of models agreeing on the sign (IPCC AR6 WGI Atlas, simple approach: robust at 80 %). Cell means are area means, so the cell-area-weighted mean of a model's field over a place's outline is that place's value.";
  const binary = (name: string, mediaType: string, description: string) => {
    schemas[name] = { type: "string", contentMediaType: mediaType, description };
    return name;
  };
  const boundsHeader = {
    [GRID_BOUNDS_HEADER]: { description: "The image's edges, `west,south,east,north` in degrees: the grid's outer bounds (`axes` of the field answer).", required: true, schema: { type: "string", pattern: "^-?[\\d.]+(,-?[\\d.]+){3}$" } },
  };
  const disposition = (always: boolean) => ({
    "Content-Disposition": { description: `\`attachment\` with a descriptive file name (\`sacap_tas_ssp245_annual_2040-2059_change.tif\`)${always ? "" : ", with `download=1`"}.`, required: always, schema: { type: "string" } },
  });
  operations.push(
    operation({
      path: GRID_API.field,
      operationId: "getGridField",
      tag: "Maps",
      summary: "One statistic of a gridded field",
      description: `Per cell of the 0.25-degree South Asia grid (\`axes\`; values row-major from the south-west), one statistic of a field: the ensemble median change from 1995-2014 (\`change\`), its 10th and 90th percentiles, the baseline and window means, or the share of models agreeing on the sign of the change. ${selectionText} ${method} \`range\` gives the minimum, maximum, 2nd and 98th percentiles the painted image fits its colour scale to. The example shows the first values. See docs/grids.md.`,
      parameters: queryParameters(gridFieldQuerySchema, EXAMPLE_QUERIES.grid),
      answer: { contentType: "application/json", schema: component("GridFieldResponse", gridFieldResponseSchema), example: examples.gridField, cacheControl: GRID_CACHE_CONTROL, vary: false, sample: "when-generated" },
      errors: gridErrors("`statistic` accepts change, p10, p90, baseline, future and agreement."),
    }),
    operation({
      path: GRID_API.point,
      operationId: "getGridPoint",
      tag: "Maps",
      summary: "Every statistic of the grid cell at a point",
      description: `The cell holding \`lat\`, \`lon\` and its baseline and window means, change (median, 10th and 90th percentiles) and the models' agreement, equal to the field answers' values at that cell. A sea cell answers with nulls and a \`note\`. ${selectionText}`,
      parameters: queryParameters(gridPointQuerySchema, EXAMPLE_QUERIES.gridPoint),
      answer: { contentType: "application/json", schema: component("GridPointResponse", gridPointResponseSchema), example: examples.gridPoint, cacheControl: GRID_CACHE_CONTROL, vary: false, sample: "when-generated" },
      errors: gridErrors("`lat` and `lon` must be numbers inside the grid, its edges included (`details.allowed` gives `{ min, max }`; a point on the outer edge is in the edge cell)."),
    }),
    operation({
      path: GRID_API.image,
      operationId: "getGridImage",
      tag: "Maps",
      summary: "A gridded field painted for the map",
      description: `One statistic of a field as an indexed-colour PNG in Web Mercator (EPSG:3857) over the grid's bounds (\`${GRID_BOUNDS_HEADER}\`), four pixels per cell across: transparent over the sea and outside \`region\` (a country's ISO3 code or a basin's slug; default the eight countries), coloured on a scale fitted to the field (a change: diverging about zero, symmetric to the larger of its 2nd and 98th percentiles; values: 2nd to 98th percentile; agreement: 0 to 1) or \`scale=min,max\`, and for a change hatched diagonally where fewer than 80 % of the models agree on its sign (IPCC AR6 WGI Atlas, simple approach). ${selectionText}`,
      parameters: queryParameters(gridImageQuerySchema, EXAMPLE_QUERIES.grid),
      answer: { contentType: GRID_CONTENT_TYPES.image, schema: binary("GridImage", "image/png", "An indexed-colour PNG."), example: undefined, cacheControl: GRID_CACHE_CONTROL, vary: false, sample: "when-generated", headers: { ...boundsHeader, ...disposition(false) } },
      errors: gridErrors("`scale` is `min,max` with both within ±1e12, min < max and max - min at least 1e-9 times the larger of 1, |min| and |max|; `region` accepts the eight countries' ISO3 codes and the 16 basins' slugs."),
    }),
    operation({
      path: GRID_API.geotiff,
      operationId: "getGridGeoTiff",
      tag: "Maps",
      summary: "A gridded field as a cloud-optimised GeoTIFF",
      description: `One statistic of a field, unrounded, as a GeoTIFF: one float32 band, 256 x 256 deflate tiles after the header, WGS 84 (EPSG:4326) with the grid's pixel size and corner, NaN as nodata, the method, models, agreement rule, references (IPCC AR6 WGI Atlas, CF conventions, climdex) and provenance in its metadata. ${selectionText}`,
      parameters: queryParameters(gridGeotiffQuerySchema, EXAMPLE_QUERIES.grid),
      answer: { contentType: GRID_CONTENT_TYPES.geotiff, schema: binary("GridGeoTiff", "image/tiff", "A cloud-optimised GeoTIFF."), example: undefined, cacheControl: GRID_CACHE_CONTROL, vary: false, sample: "when-generated", headers: disposition(true) },
      errors: gridErrors("`statistic` accepts change, p10, p90, baseline, future and agreement."),
    }),
    operation({
      path: GRID_API.netcdf,
      operationId: "getGridNetcdf",
      tag: "Maps",
      summary: "A gridded field as CF NetCDF-4",
      description: `Every statistic of a field's window (the ensemble median, 10th and 90th percentiles of the change, the baseline and window medians, the agreement share, the counts of models and of those agreeing, the majority sign) over lat and lon, unrounded, as a CF-1.8 NetCDF-4 file that xarray and GDAL read: WGS 84 grid mapping, NaN fill values, units and cell methods, and the method, models, models left out, agreement rule, references (IPCC AR6 WGI Atlas, CF conventions, climdex) and provenance in its attributes. \`statistic\` is accepted (the viewer's link names the statistic shown) and changes nothing. ${selectionText}`,
      parameters: queryParameters(gridGeotiffQuerySchema, EXAMPLE_QUERIES.grid),
      answer: { contentType: GRID_CONTENT_TYPES.netcdf, schema: binary("GridNetcdf", "application/x-netcdf", "A CF-1.8 NetCDF-4 file."), example: undefined, cacheControl: GRID_CACHE_CONTROL, vary: false, sample: "when-generated", headers: disposition(true) },
      errors: gridErrors("`statistic` accepts change, p10, p90, baseline, future and agreement."),
    }),
  );

  // Views (decision 026): what a page shows, for navigations after its first load
  operations.push(
    operation({
      path: "/api/views/profile/{place}",
      operationId: "getProfileView",
      tag: "Views",
      summary: "A place profile as its page shows it",
      description:
        "What `/profiles/{place}` shows: the 1995-2014 monthly climate, the change of each indicator by 20-year window and warming level under SSP2-4.5 and SSP5-8.5 (median, 10th-90th percentiles and the models' agreement, rounded as shown), the strongest signals, the warming-level notes, the methods and where the numbers come from. The change tables hold their first rows (climate variables); `rows=all` holds every indicator. Every number, unrounded and per model source, is in the place's data pack (`/profiles/{place}/data-pack.zip`).",
      parameters: [
        { name: "place", in: "path", required: true, description: "The place's slug (`nepal`, `sri-lanka`, `ganges`) or geo code (`NPL`).", schema: { type: "string" }, example: "nepal" },
        { name: "rows", in: "query", required: false, description: "`all`: every indicator in the change tables; `first` (the default): their first rows.", schema: jsonSchemaOf(z.enum(PROFILE_ROWS_CHOICES)) },
      ],
      answer: { contentType: "application/json", schema: component("ProfileView", profileViewSchema), example: undefined, cacheControl: SERIES_CACHE_CONTROL, vary: false, sample: "when-generated" },
      errors: [
        { status: 400, description: `${BAD_PARAMETER} \`rows\` accepts ${PROFILE_ROWS_CHOICES.join(" and ")}.` },
        { status: 404, description: "No place of that slug or geo code." },
      ],
    }),
  );

  operations.push(
    operation({
      path: "/api/views/cmip6-data",
      operationId: "getExplorerView",
      tag: "Views",
      summary: "The CMIP6 explorer's view of a selection",
      description:
        "What `/cmip6-data` shows for the same query: the chart's Vega-Lite specification (time series, change from a baseline or annual cycle), the 20-year window and warming-level rows with the models' agreement, the dense table's page for its parameters (`t.page`, `t.sort`, `t.size`, …), the download headers and where the numbers come from; with `view=spread`, the model-selection view's points instead (`spread`: each model's change in temperature and precipitation from its own 1995-2014 mean, for `geo`, `season`, `ssp` and `window`). The series behind it are the series API's (`series` names the queries). Parameters are the page's: the series query, `baseline`, `view`, `members`, `window`, `season`, `ssp` and `subset`.",
      parameters: [
        ...queryParameters(seriesQuerySchema(catalog, "annual").pick({ indicator: true, geo: true, scenario: true, model: true, start: true, end: true }), { indicator: "tas", geo: "NPL" }),
        { name: "view", in: "query", required: false, description: "`series` (the default), `change`, `cycle` or `spread` (model selection).", schema: jsonSchemaOf(z.enum(EXPLORER_VIEW_CHOICES)) },
        { name: "baseline", in: "query", required: false, description: "The baseline of changes (`1995-2014`, the default, or `1991-2020`, `1981-2010`).", schema: { type: "string" } },
        { name: "members", in: "query", required: false, description: "`1`: each model's line as well as the ensemble.", schema: { type: "string" } },
        { name: "window", in: "query", required: false, description: "A warming level (`gwl:2.0`) whose span the chart marks; with `view=spread`, the window or warming level of the changes.", schema: { type: "string" } },
        { name: "season", in: "query", required: false, description: "With `view=spread`: the season of the changes (`DJF`, `MAM`, `JJA`, `SON`; absent: annual).", schema: { type: "string" } },
        { name: "ssp", in: "query", required: false, description: "With `view=spread`: the scenario of the changes (`ssp245`, the default, or `ssp585`).", schema: { type: "string" } },
      ],
      answer: { contentType: "application/json", schema: component("ExplorerView", explorerViewSchema), example: undefined, cacheControl: SERIES_CACHE_CONTROL, vary: false, sample: "when-generated" },
      errors: [
        { status: 400, description: `${BAD_PARAMETER} \`view\` accepts ${EXPLORER_VIEW_CHOICES.join(", ")}.` },
        { status: 404, description: "An unknown place, or a selection without data." },
      ],
    }),
  );

  operations.push(
    operation({
      path: "/api/views/cmip6-viewer",
      operationId: "getCmip6ViewerView",
      tag: "Views",
      summary: "The map viewer's layers, selects and regions",
      description:
        "What `/cmip6-viewer` shows around its map: the layer list, the entries of the choropleth's selects (indicators with annual values, models) and the regions it colours; the map's values are `/api/viewer/choropleth`. It takes no parameter. The example shows the first items of each list.",
      parameters: [],
      answer: { contentType: "application/json", schema: component("Cmip6ViewerView", cmip6ViewerViewSchema), example: examples.cmip6ViewerView, cacheControl: REFERENCE_CACHE_CONTROL, vary: false, sample: "always" },
      errors: [{ status: 400, description: "Any parameter: `details.field` names it; `details.allowed` is empty." }],
    }),
  );
  operations.push(
    operation({
      path: "/api/views/pyaez",
      operationId: "getAezView",
      tag: "Views",
      summary: "The agro-ecological zoning page's modules and maps",
      description:
        "What the `/pyaez` document shows: every module and map by name, and the maps of one module (`module`, or all of them) in full, with their descriptions, images and legends; the full list is `/api/pyaez/list/modules`. The example shows the first items of each list.",
      parameters: queryParameters(aezViewQuerySchema(services.reference.list("getAezModules").map((m) => m.id)), { module: "1" }),
      answer: { contentType: "application/json", schema: component("AezView", aezViewSchema), example: examples.aezView, cacheControl: REFERENCE_CACHE_CONTROL, vary: false, sample: "never" },
      errors: [{ status: 400, description: `${BAD_PARAMETER}`, example: examples.badAezView }],
    }),
  );

  operations.push(
    operation({
      path: OPENAPI_PATH,
      operationId: "getOpenApiDescription",
      tag: "Description",
      summary: "This description",
      description: `The OpenAPI 3.1 description of the API, as \`${OPENAPI_MEDIA_TYPE}\`. Its examples are answers computed by the server that serves it.`,
      parameters: [],
      answer: { contentType: OPENAPI_MEDIA_TYPE, schema: component("OpenApiDocument", z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) })), example: undefined, cacheControl: OPENAPI_CACHE_CONTROL, vary: false, sample: "never" },
      errors: [],
    }),
  );

  const processes = processesOpenApi(PROCESSES_TAG);
  Object.assign(schemas, processes.schemas);
  operations.push(processes.paths as Record<string, unknown>);

  return {
    openapi: "3.1.1",
    info: {
      title: "SACAP API",
      version: API_VERSION,
      summary: "Reference lists, CMIP6 series and map values of the South Asia Climate and Agriculture Portal.",
      description: [
        "JSON over HTTP: every endpoint answers `GET` and `HEAD`; any other method is a 405 with `Allow: GET, HEAD`. The exceptions are the on-demand processes: `POST` executes one, `DELETE` dismisses a job (tag Processes).",
        "Errors have one shape, `{ \"error\": { \"status\", \"message\", \"details\"? } }`, with `Cache-Control: no-store`; a 400 names the parameter at fault in `details.field`.",
        "Answers carry a strong `ETag`: send it back in `If-None-Match` and an unchanged answer is a 304 without a body. Answers marked `Vary: Accept-Encoding` are sent compressed (brotli or gzip) to a client that accepts it.",
        `Generated sample data says so: \`${SAMPLE_DATA_HEADER}: true\` and, in series and map answers, \`"sample": true\`.`,
        "Other `/api` paths are forwarded to the upstream API when the server has one (`API_UPSTREAM`; 502 when it fails, 504 when it is too slow), else they are a JSON 404.",
        "A page for people: `/api-docs`.",
      ].join("\n\n"),
    },
    jsonSchemaDialect: "https://spec.openapis.org/oas/3.1/dialect/base",
    tags: [
      { name: "Reference lists", description: "The catalogue behind every screen: geographies, indicators, models, scenarios and more." },
      { name: "Series", description: "CMIP6 series per model, with ensemble statistics, period statistics and warming levels." },
      { name: "Maps", description: "Basemap outlines, the values the map viewers colour regions by, and the gridded change fields with their images and downloads." },
      { name: "Views", description: "What a page shows (tables, chart lines, notes), as its loader primes it: for navigations after the first load." },
      { name: PROCESSES_TAG, description: "User-defined climate indices computed on demand over a region, as jobs: OGC API - Processes - Part 1: Core." },
      { name: "Description", description: "This document." },
    ],
    paths: Object.assign({}, ...operations),
    components: {
      schemas,
      headers: {
        ETag: { description: "Strong validator of the answer; send it in `If-None-Match` to get a 304 while it is unchanged.", required: true, schema: { type: "string", pattern: '^"[^"]+"$' } },
        NoStore: constHeader("no-store", "Errors are never cached."),
        RetryAfter: { description: "Seconds to wait before asking again.", required: true, schema: { type: "string", pattern: "^\\d+$" } },
      },
      responses: {
        NotModified: { description: "The client's copy (named by `If-None-Match`) is current: no body.", headers: { ETag: ref("headers", "ETag") } },
        MethodNotAllowed: {
          description: "Any method other than GET and HEAD.",
          headers: { Allow: constHeader(ALLOWED_METHODS, "The methods the endpoint answers."), "Cache-Control": ref("headers", "NoStore") },
          content: { "application/json": { schema: ref("schemas", "Error"), example: { error: { status: 405, message: "Method POST is not allowed here" } } } },
        },
      },
    },
  };
}

const prepared = new WeakMap<object, { version: string; entry: Promise<{ document: OpenApiDocument; json: PreparedJson }> }>();

/**
 * The description of these services, built once per data version (on first use) and kept with its ETag:
 * its examples are answers of the series store, which a shared store changes while the portal runs.
 */
export function openApiDocument(services: OpenApiServices): Promise<{ document: OpenApiDocument; json: PreparedJson }> {
  // the grid store's version too: the grid examples are its answers
  const version = `${services.series.version} ${services.grids?.version() ?? ""}`;
  let kept = prepared.get(services.reference);
  if (!kept || kept.version !== version) {
    const entry = buildOpenApiDocument(services).then((document) => ({ document, json: prepareJson(document) }));
    const built = { version, entry };
    entry.catch(() => {
      if (prepared.get(services.reference) === built) prepared.delete(services.reference);
    });
    prepared.set(services.reference, built);
    kept = built;
  }
  return kept.entry;
}

/** Loader of `/api/openapi.json`: the description with its ETag (304 when the client has it). */
export async function openApiLoader({ request, context }: LoaderFunctionArgs) {
  const { json } = await openApiDocument(context);
  return cachedJson(request, json, { "Content-Type": OPENAPI_MEDIA_TYPE, "Cache-Control": OPENAPI_CACHE_CONTROL });
}
