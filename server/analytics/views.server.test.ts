import { beforeAll, describe, expect, it } from "vitest";
import { unpackBand } from "../../app/features/analytics/chartView";
import { windowStatistic } from "../../app/features/analytics/climateVariabilityView";
import { coefficientOfVariation } from "../../app/features/analytics/compute";
import { parseAnalysisSelection } from "../../app/features/analytics/selection";
import { analysisViewArg } from "../../app/features/analytics/viewsApi";
import { bandPoints } from "../../app/features/cmip6/charts/specs";
import { baselineMeans, changeFromBaseline } from "../../app/features/cmip6/explorer/compute";
import { PROJECTION_WINDOWS } from "../../app/features/cmip6/periods";
import type { SeriesResponse } from "../../app/features/cmip6/series";
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

async function seriesOf(frequency: "monthly" | "annual", search: string): Promise<SeriesResponse> {
  const parsed = services.series.parse(frequency, new URLSearchParams(search));
  if (!parsed.ok) throw new Error(parsed.problem.message);
  const resolved = services.series.resolve(frequency, parsed.query);
  if (!resolved.ok) throw new Error(resolved.message);
  const answer = await services.series.response(resolved.value);
  if ("status" in answer) throw new Error(answer.message);
  return answer;
}

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

describe("the variability view", () => {
  it("has the numbers and chart lines the page computed from the series", async () => {
    const selection = selectionOf("geo=NPL&scenario=ssp585&baseline=1961-1990");
    const view = (await analysisView(services, "climate-variability", selection))!;
    const pr = await seriesOf("annual", "indicator=pr&geo=NPL&scenario=historical,ssp585");
    // the baseline, four 20-year windows, four warming levels
    expect(view.rows.map((r) => r.label)).toEqual(["1961-1990", ...PROJECTION_WINDOWS.map((w) => w.label), "+1.5 °C", "+2 °C", "+3 °C", "+4 °C"]);
    expect(view.rows[0].values[0]).toBe(windowStatistic(pr, "ssp585", selection.baseline, coefficientOfVariation));
    expect(view.rows.every((r) => r.drought.length === 4)).toBe(true);
    // the anomaly chart's lines are those of the series' anomalies, to the indicator's decimals
    const base = baselineMeans(pr, selection.baseline);
    const expected = bandPoints(pr.series.map((b) => changeFromBaseline(b, base[b.scenario] ?? {}, pr.indicator.decimals)));
    expect(unpackBand(view.anomalies[0].options.band)).toEqual(expected);
    expect(view.anomalies[0].options.labels.title).toBe("Rainfall anomaly, Nepal");
    expect(view.drought.statement).toContain("SPI-3 and SPEI-3");
    expect(view.drought.chart.options.band.map((b) => b.scenario)).toEqual(["SPI-3 historical", "SPI-3 ssp585", "SPEI-3 historical", "SPEI-3 ssp585"]);
    expect(view.level.items[0]).toMatch(/^Rainfall: \+1\.5 °C: \d+ of \d+ models under SSP5-8\.5$/);
    expect(view.sample).toBe(true);
    expect(view.sources.kind).toBe("sample");
    expect(view.csv.rows).toHaveLength(9);
    expect(view.csv.header.sources).toBe(view.sources.text);
    // a plain value: what the loader primes and the endpoint sends are the same
    expect(JSON.parse(JSON.stringify(view))).toEqual(view);
    // far smaller than the series it is built from
    expect(JSON.stringify(view).length).toBeLessThan(40_000);
  });
});

describe("the climate and crops view", () => {
  it("has a row per variable and season, the three season charts and the level note at a warming level", async () => {
    const view = (await analysisView(services, "climate-crop", selectionOf("geo=NPL&window=gwl:2.0")))!;
    expect(view.rows.map((r) => `${r.variable} ${r.season}`)).toEqual([
      "Rainfall (mm/day) Kharif (JJAS)",
      "Rainfall (mm/day) Rabi (NDJFM)",
      "Temperature (°C) Kharif (JJAS)",
      "Temperature (°C) Rabi (NDJFM)",
      "Warm days (TX90p) (%) Kharif (JJAS)",
      "Warm days (TX90p) (%) Rabi (NDJFM)",
    ]);
    expect(view.rows[2].agreement).toMatchObject({ robust: expect.any(Boolean) });
    expect(view.rows[2].trendHistorical?.significance).toMatch(/of \d+ models significant at 5 %/);
    expect(view.charts.map((c) => c.label)).toEqual(["Season rainfall", "Season temperature", "Season warm days (TX90p)"]);
    // each season's line over the historical run and the scenario, 1950 to 2100 (the rabi season of a run
    // starts in the year after its first: 1951, and 2016 under the scenario)
    const lines = view.charts[1].options.band;
    expect(lines.map((b) => [b.scenario, b.start, b.median.length])).toEqual([
      ["Kharif (JJAS)", 1950, 151],
      ["Rabi (NDJFM)", 1951, 64],
      ["Rabi (NDJFM)", 2016, 85],
    ]);
    expect(view.level.items).toContain("Temperature: +2 °C: 33 of 35 models under SSP2-4.5");
    expect(view.csv.header.period).toContain("each model's own 20-year window");
    expect(JSON.stringify(view).length).toBeLessThan(40_000);
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
