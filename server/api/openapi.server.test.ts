import { beforeAll, describe, expect, it } from "vitest";
import { OBSERVATION_IDS } from "../../app/features/observations/datasets";
import * as z from "zod";
import { SEASON_CODES } from "../../app/features/cmip6/periods";
import { seriesResponseSchema } from "../../app/features/cmip6/series";
import { seriesParamsFor, SERIES_FREQUENCIES, SERIES_PATHS } from "../../app/features/cmip6/seriesQuery";
import { CHOROPLETH_PARAMS } from "../../app/features/maps/choropleth";
import { choroplethResponseSchema } from "../../app/features/maps/choroplethSchema";
import { cmip6ViewerViewSchema } from "../../app/features/maps/viewerViewSchema";
import { aezViewSchema } from "../../app/features/pyaez/viewSchema";
import { apiDocsView, exampleRequest, PROCESSES_TAG, readOnlyPaths, type OpenApiDocument, type OpenApiOperation } from "../../app/features/api-docs/openapi";
import { API_LISTS, API_LIST_NAMES } from "../../app/store/contract";
import { getSeeds, SEED_SCHEMAS } from "../seeds.server";
import { SampleSeriesStore } from "../series/sample/sample-store";
import { createSeriesService } from "../series/service.server";
import { createReferenceService } from "../services/reference.server";
import { GEO_LAYERS, geoLayerSchema } from "./maps.server";
import { buildOpenApiDocument, trimExample } from "./openapi.server";
import { ANALYSIS_VIEW_FIELDS } from "../../app/features/analytics/viewsApi";
import { apiErrorSchema, fieldProblemSchema } from "./responses.server";
import { GRID_API } from "../../app/features/grids/grid";
import { gridFieldResponseSchema, gridPointResponseSchema } from "../../app/features/grids/gridSchema";
import { FixtureGridStore } from "../grids/testing/fixture-store";
import { GRID_ENDPOINT_PARAMS } from "./grid.server";

const seeds = getSeeds();
const series = createSeriesService(seeds, new SampleSeriesStore());
let document: OpenApiDocument;
beforeAll(async () => {
  document = await buildOpenApiDocument({ reference: createReferenceService(seeds), series, grids: new FixtureGridStore() });
}, 60_000);

const get = (path: string): OpenApiOperation => document.paths[path].get!;
const okExample = (path: string) => (Object.values(get(path).responses["200"].content as object)[0] as { example: unknown }).example;
const errorExample = (path: string, status: number) => (get(path).responses[status] as { content: { "application/json": { example: unknown } } }).content["application/json"].example;
const schemaOf = (path: string, name: string) => get(path).parameters.find((p) => p.name === name)!.schema as { enum?: unknown[]; items?: { enum?: unknown[] } };

describe("the OpenAPI description", () => {
  it("is OpenAPI 3.1 with GET and HEAD for every reference list, series, map endpoint, view and itself", () => {
    expect(document.openapi).toMatch(/^3\.1\./);
    const paths = [
      ...API_LIST_NAMES.map((name) => `/api/${API_LISTS[name].path}`),
      ...SERIES_FREQUENCIES.map((f) => `/api/${SERIES_PATHS[f]}`),
      "/api/viewer/choropleth",
      "/api/geo/{name}",
      // gridded fields
      GRID_API.field,
      GRID_API.point,
      GRID_API.image,
      GRID_API.geotiff,
      GRID_API.netcdf,
      // views (decision 026): what a page shows
      "/api/views/profile/{place}",
      "/api/views/cmip6-data",
      "/api/views/cmip6-viewer",
      "/api/views/pyaez",
      "/api/openapi.json",
      "/api/views/analytics/climate-crop",
      "/api/views/analytics/climate-variability",
      "/api/views/analytics/climate-water",
      "/api/views/analytics/climate-livestock",
    ];
    expect(readOnlyPaths(document).map(([path]) => path).sort()).toEqual(paths.sort());
    for (const [, item] of readOnlyPaths(document)) expect(Object.keys(item)).toEqual(["get", "head"]);
  });

  it("describes the on-demand processes and their jobs (OGC API - Processes) with their methods", () => {
    const methods = Object.fromEntries(
      Object.entries(document.paths)
        .filter(([, item]) => (item.get ?? item.post)!.tags[0] === PROCESSES_TAG)
        .map(([path, item]) => [path, Object.keys(item)]),
    );
    expect(methods).toEqual({
      "/api/processes": ["get", "head"],
      "/api/processes/{id}": ["get", "head"],
      "/api/processes/{id}/execution": ["post"],
      "/api/jobs": ["get", "head"],
      "/api/jobs/{id}": ["get", "head", "delete"],
      "/api/jobs/{id}/results": ["get", "head"],
    });
    const execute = document.paths["/api/processes/{id}/execution"].post!;
    expect(Object.keys(execute.responses).sort()).toEqual(["200", "201", "400", "404", "405", "413", "415", "429"]);
    expect(execute.description).toContain("max-cell-years");
    expect(document.components.schemas.StatusInfo).toMatchObject({ properties: { status: { enum: ["accepted", "running", "successful", "failed", "dismissed"] } } });
    const view = apiDocsView(document);
    expect(view.endpoints.find((e) => e.path === "/api/jobs/{id}")?.methods).toBe("GET, HEAD, DELETE");
    expect(view.endpoints.find((e) => e.path === "/api/processes/{id}/execution")?.methods).toBe("POST");
  });

  it("describes the analysis views under Views with the page's own selectors, each with its values and default", () => {
    const crop = get("/api/views/analytics/climate-crop");
    expect(crop.tags).toEqual(["Views"]);
    expect(crop.parameters.map((p) => [p.name, p.required])).toEqual([
      ["geo", true],
      ["scenario", false],
      ["baseline", false],
      ["window", false],
    ]);
    expect(schemaOf("/api/views/analytics/climate-crop", "window").enum).toContain("gwl:2.0");
    expect(schemaOf("/api/views/analytics/climate-variability", "scale")).toMatchObject({ enum: ["1", "3", "6", "12"], default: "3" });
    expect(Object.keys(get("/api/views/analytics/climate-variability").responses).sort()).toEqual(["200", "304", "400", "404", "405"]);
  });

  it("has every parameter of the series parser, in its order, with the catalogue's values", () => {
    for (const frequency of SERIES_FREQUENCIES) {
      const path = `/api/${SERIES_PATHS[frequency]}`;
      expect(get(path).parameters.map((p) => p.name)).toEqual(seriesParamsFor(frequency));
      expect(get(path).parameters.filter((p) => p.required).map((p) => p.name)).toEqual(["indicator", "geo"]);
      // observations: scenario `observed` with dataset ids as models (asked apart from the models)
      expect(schemaOf(path, "scenario").items?.enum).toEqual([...seeds.scenarios.map((s) => s.field_value), "observed"]);
      expect(schemaOf(path, "model").items?.enum).toEqual(["ensemble", ...seeds.cmip6Models.map((m) => m.field_value), ...OBSERVATION_IDS]);
      expect(schemaOf(path, "geo").enum).toEqual(seeds.geos.map((g) => g.field_value));
    }
    expect(schemaOf("/api/cmip6/v1/monthly", "season").enum).toEqual([...SEASON_CODES]);
    expect(get("/api/cmip6/annual").parameters.map((p) => p.name)).not.toContain("season");
  });

  it("describes the water and livestock views with the parameters their routes accept and their own answer schemas", () => {
    for (const [path, page, component] of [
      ["/api/views/analytics/climate-water", "climate-water", "WaterView"],
      ["/api/views/analytics/climate-livestock", "climate-livestock", "LivestockView"],
    ] as const) {
      expect(get(path).parameters.map((p) => p.name)).toEqual(["geo", ...ANALYSIS_VIEW_FIELDS[page]]);
      expect(get(path).parameters.filter((p) => p.required).map((p) => p.name)).toEqual(["geo"]);
      expect(get(path).tags).toEqual(["Views"]);
      expect(JSON.stringify(get(path).responses["200"])).toContain(`#/components/schemas/${component}`);
    }
  });

  it("has every parameter the choropleth accepts, and the geometry layers as the path's values", () => {
    expect(get("/api/viewer/choropleth").parameters.map((p) => p.name)).toEqual([...CHOROPLETH_PARAMS]);
    expect(schemaOf("/api/geo/{name}", "name").enum).toEqual([...GEO_LAYERS]);
  });

  it("shows real answers that follow the schemas the server uses", () => {
    for (const name of API_LIST_NAMES) {
      const parsed = SEED_SCHEMAS[API_LISTS[name].seed].safeParse(okExample(`/api/${API_LISTS[name].path}`));
      expect(parsed.success, name).toBe(true);
    }
    for (const frequency of SERIES_FREQUENCIES) {
      const answer = seriesResponseSchema.parse(okExample(`/api/${SERIES_PATHS[frequency]}`));
      expect(answer.frequency).toBe(frequency);
      expect(answer.series[0].values).not.toEqual({});
    }
    expect(seriesResponseSchema.parse(okExample("/api/cmip6/annual")).windows?.[0].window.code).toBe("gwl:2.0");
    expect(choroplethResponseSchema.parse(okExample("/api/viewer/choropleth")).values.length).toBeGreaterThan(0);
    geoLayerSchema.parse(okExample("/api/geo/{name}"));
    expect(cmip6ViewerViewSchema.parse(okExample("/api/views/cmip6-viewer")).indicators.length).toBeGreaterThan(0);
    expect(aezViewSchema.parse(okExample("/api/views/pyaez")).open).toEqual(["1"]);
    for (const path of ["/api/cmip6/annual", "/api/viewer/choropleth"]) {
      const error = apiErrorSchema.parse(errorExample(path, 400)).error;
      expect(error.status).toBe(400);
      expect(fieldProblemSchema.parse(error.details).field).toMatch(/^(geo|scenario)$/);
    }
    expect(apiErrorSchema.parse(errorExample("/api/geo/{name}", 404)).error.status).toBe(404);
  });

  it("builds each example request from the parameters' examples", () => {
    expect(exampleRequest("/api/cmip6/annual", get("/api/cmip6/annual").parameters)).toBe(
      "/api/cmip6/annual?indicator=tas&geo=NPL&scenario=ssp245&model=ACCESS-CM2,MIROC6,NorESM2-LM&start=2040&end=2042&window=gwl%3A2.0",
    );
    expect(exampleRequest("/api/geo/{name}", get("/api/geo/{name}").parameters)).toBe("/api/geo/basins");
  });

  it("gives the page every endpoint with its caching, sample flag and error answers", () => {
    const view = apiDocsView(document);
    expect(view.endpoints.map((e) => e.path)).toEqual(Object.keys(document.paths));
    const annual = view.endpoints.find((e) => e.path === "/api/cmip6/annual")!;
    expect(annual).toMatchObject({ cacheControl: "public, max-age=3600", vary: true, sample: "when-generated", contentType: "application/json" });
    expect(annual.statuses.map((s) => s.status)).toEqual(["200", "304", "400", "404", "405", "429", "503"]);
    expect(annual.statuses.find((s) => s.status === "400")?.example).toContain('"field": "geo"');
    expect(view.endpoints.find((e) => e.path === "/api/catalog_data")?.sample).toBe("always");
    expect(annual.parameters.find((p) => p.name === "model")).toMatchObject({ default: "ensemble", values: expect.stringMatching(/^list of one of 40 codes: ensemble, ACCESS-CM2/), choices: expect.arrayContaining(["ensemble", "MIROC6"]) });
  });
});

describe("the grid API's description", () => {
  it("has every parameter each grid endpoint accepts, its content type and headers, and real answers as examples", () => {
    const endpoints = { field: GRID_API.field, point: GRID_API.point, image: GRID_API.image, geotiff: GRID_API.geotiff, netcdf: GRID_API.netcdf } as const;
    for (const [endpoint, path] of Object.entries(endpoints) as [keyof typeof endpoints, string][]) {
      expect(get(path).parameters.map((p) => p.name), path).toEqual([...GRID_ENDPOINT_PARAMS[endpoint]]);
      expect(get(path).tags).toEqual(["Maps"]);
      expect(Object.keys(get(path).responses).sort()).toEqual(["200", "304", "400", "404", "405"]);
    }
    expect(schemaOf(GRID_API.field, "window").enum).toContain("gwl:2.0");
    expect(Object.keys(get(GRID_API.image).responses["200"].content as object)).toEqual(["image/png"]);
    expect(Object.keys((get(GRID_API.image).responses["200"] as { headers: object }).headers)).toContain("X-Grid-Bounds");
    expect(Object.keys(get(GRID_API.geotiff).responses["200"].content as object)[0]).toMatch(/^image\/tiff/);
    expect(Object.keys(get(GRID_API.netcdf).responses["200"].content as object)[0]).toBe("application/x-netcdf");
    expect(gridFieldResponseSchema.parse(okExample(GRID_API.field)).values.length).toBeGreaterThan(0);
    expect(gridPointResponseSchema.parse(okExample(GRID_API.point)).cell.row).toBeGreaterThanOrEqual(0);
    const error = apiErrorSchema.parse(errorExample(GRID_API.field, 400)).error;
    expect(fieldProblemSchema.parse(error.details).field).toBe("window");
  });
});

describe("trimExample", () => {
  it("keeps the first items of every array, at every depth", () => {
    expect(trimExample({ a: [1, 2, 3], b: { c: [[1, 2, 3], [4], [5]] } })).toEqual({ a: [1, 2], b: { c: [[1, 2], [4]] } });
    expect(z.array(z.number()).min(1).safeParse(trimExample([1, 2, 3])).success).toBe(true);
  });
});
