import { beforeAll, describe, expect, it } from "vitest";
import { parseAnalysisSelection } from "../../app/features/analytics/selection";
import { analysisViewArg } from "../../app/features/analytics/viewsApi";
import { getSeeds } from "../seeds.server";
import { DroughtIndexStore } from "../series/drought-store";
import { SampleSeriesStore } from "../series/sample/sample-store";
import { createSeriesService, type SeriesService } from "../series/service.server";
import { createReferenceService, type ReferenceService } from "../services/reference.server";
import { analysisView, analysisViewLoader, analysisViewResponse, parseViewRequest } from "./views.server";

let services: { series: SeriesService; reference: ReferenceService };
beforeAll(() => {
  const seeds = getSeeds();
  services = { series: createSeriesService(seeds, new DroughtIndexStore(new SampleSeriesStore())), reference: createReferenceService(seeds) };
});

const selectionOf = (search: string) => parseAnalysisSelection(new URLSearchParams(search), services.series.catalog.geos);

describe("a view request", () => {
  const geos = [{ field_value: "NPL" }, { field_value: "IND" }];
  it("takes the page's fields with their allowed values, defaults for those not given", () => {
    const parsed = parseViewRequest("climate-variability", new URLSearchParams("geo=NPL&scale=12&scenario=ssp585"), geos);
    expect(parsed).toMatchObject({ ok: true, selection: { geo: "NPL", scale: 12, scenario: "ssp585", baseline: { label: "1995-2014" } } });
  });

  it("is a 400 naming the parameter: unknown, another page's, repeated, a value not allowed, no place", () => {
    const problem = (page: "climate-crop" | "climate-variability", search: string) => {
      const parsed = parseViewRequest(page, new URLSearchParams(search), geos);
      return parsed.ok ? undefined : parsed.problem;
    };
    expect(problem("climate-crop", "geo=NPL&colour=red")).toMatchObject({ status: 400, details: { field: "colour", allowed: ["geo", "scenario", "baseline", "window"] } });
    expect(problem("climate-crop", "geo=NPL&scale=3")).toMatchObject({ status: 400, details: { field: "scale" } });
    expect(problem("climate-variability", "geo=NPL&scale=3&scale=6")).toMatchObject({ status: 400, details: { field: "scale" } });
    expect(problem("climate-variability", "geo=NPL&scale=2")).toMatchObject({ status: 400, details: { field: "scale", allowed: ["1", "3", "6", "12"], value: "2" } });
    expect(problem("climate-crop", "geo=NPL&window=2031-2050")).toMatchObject({ status: 400, details: { field: "window", value: "2031-2050" } });
    expect(problem("climate-crop", "scenario=ssp585")).toMatchObject({ status: 400, details: { field: "geo" } });
  });

  it("is a 404 for a place the catalogue does not have", () => {
    expect(parseViewRequest("climate-crop", new URLSearchParams("geo=ATLANTIS"), geos)).toMatchObject({ ok: false, problem: { status: 404, details: { field: "geo", value: "ATLANTIS" } } });
  });
});

describe("the page loader and the endpoint", () => {
  const context = () => ({ series: services.series, reference: services.reference });

  it("the loader primes the geo list, the model-variable gaps and the one view, not the series", async () => {
    const response = await analysisViewLoader("climate-crop")({ request: new Request("http://localhost/analytics/climate-crop?geo=NPL&scale=12"), context: context(), params: {} } as never);
    const { apiCache } = (await response.json()) as { apiCache: { endpointName: string; arg: unknown }[] };
    expect(apiCache.map((e) => e.endpointName)).toEqual(["getGeos", "getModelVariables", "getAnalysisView"]);
    expect(apiCache[2].arg).toEqual(analysisViewArg("climate-crop", selectionOf("geo=NPL")));
    expect(apiCache[2].arg).toEqual({ page: "climate-crop", query: "geo=NPL&scenario=ssp245&baseline=1995-2014&window=2080-2099" });
  });

  it("the endpoint answers the view the loader primes, with an ETag, 304, the sample header, and 400 and 404 as JSON", async () => {
    const url = "http://localhost/api/views/analytics/climate-variability?geo=NPL&scenario=ssp245&baseline=1995-2014&scale=3";
    const response = await analysisViewResponse(context(), "climate-variability", new Request(url));
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Sample-Data")).toBe("true");
    const body = await response.json();
    expect(body).toEqual(await analysisView(services, "climate-variability", selectionOf("geo=NPL")));
    const etag = response.headers.get("ETag")!;
    expect((await analysisViewResponse(context(), "climate-variability", new Request(url, { headers: { "If-None-Match": etag } }))).status).toBe(304);
    const bad = await analysisViewResponse(context(), "climate-variability", new Request(`${url}&window=2040-2059`));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.details.field).toBe("window");
    const unknown = await analysisViewResponse(context(), "climate-variability", new Request("http://localhost/api/views/analytics/climate-variability?geo=XYZ"));
    expect(unknown.status).toBe(404);
  });
});

describe("a water or livestock view request", () => {
  const GEOS = [{ field_value: "NPL" }, { field_value: "PAK" }];
  const parse = (query: string, page: "climate-water" | "climate-livestock" = "climate-livestock") => parseViewRequest(page, new URLSearchParams(query), GEOS);

  it("reads the selection (a warming level written without its decimal too), and the page's argument gives it back", () => {
    const parsed = parse("geo=PAK&scenario=ssp585&window=gwl:2&species=cattle&thi=max");
    if (!parsed.ok) throw new Error(parsed.problem.message);
    expect(parsed.selection).toMatchObject({ geo: "PAK", scenario: "ssp585", species: "cattle", thi: "max", window: { code: "gwl:2.0" }, baseline: { label: "1995-2014" } });
    const arg = analysisViewArg("climate-livestock", parsed.selection);
    expect(arg.query).toBe("geo=PAK&scenario=ssp585&baseline=1995-2014&window=gwl%3A2.0&species=cattle&thi=max");
    expect(parse(arg.query)).toEqual(parsed);
    // the water page's argument leaves out the livestock fields, which its endpoint refuses
    expect(analysisViewArg("climate-water", parsed.selection).query).toBe("geo=PAK&scenario=ssp585&baseline=1995-2014&window=gwl%3A2.0");
  });

  it("refuses a bad or unknown parameter naming it, another baseline at a warming level, and an unknown place with a 404", () => {
    const problem = (query: string, page?: "climate-water") => {
      const parsed = parse(query, page);
      return parsed.ok ? undefined : parsed.problem;
    };
    expect(problem("geo=NPL&scenario=ssp126")).toMatchObject({ status: 400, details: { field: "scenario", value: "ssp126" } });
    expect(problem("geo=NPL&window=2031-2050")).toMatchObject({ status: 400, details: { field: "window" } });
    expect(problem("geo=NPL&baseline=1971-2000")).toMatchObject({ status: 400, details: { field: "baseline" } });
    expect(problem("geo=NPL&window=gwl:3.0&baseline=1961-1990")).toMatchObject({ status: 400, details: { field: "baseline", allowed: ["1995-2014"] } });
    expect(problem("geo=NPL&species=goats")).toMatchObject({ status: 400, details: { field: "species" } });
    expect(problem("geo=NPL&thi=hourly")).toMatchObject({ status: 400, details: { field: "thi" } });
    expect(problem("geo=NPL&species=cattle", "climate-water")).toMatchObject({ status: 400, details: { field: "species" } });
    expect(problem("geo=NPL&geo=PAK")).toMatchObject({ status: 400, details: { field: "geo" } });
    expect(problem("scenario=ssp585")).toMatchObject({ status: 400, details: { field: "geo" } });
    expect(problem("geo=atlantis")).toMatchObject({ status: 404, details: { field: "geo", value: "atlantis" } });
  });
});
