import { describe, expect, it } from "vitest";
import geos from "../../../seeds/geos.json";
import indicators from "../../../seeds/indicators.json";
import models from "../../../seeds/cmip6-models.json";
import scenarios from "../../../seeds/scenarios.json";
import { cmip6ModelListSchema, geoListSchema, indicatorListSchema, scenarioListSchema } from "./schema";
import {
  canonicalSeriesQuery,
  catalogYears,
  parseSeriesQuery,
  seriesIndicator,
  seriesIndicatorCodes,
  seriesQueryString,
  type SeriesCatalog,
  type SeriesFrequency,
  type SeriesQuery,
} from "./seriesQuery";

const catalog: SeriesCatalog = {
  indicators: indicatorListSchema.parse(indicators),
  geos: geoListSchema.parse(geos),
  scenarios: scenarioListSchema.parse(scenarios),
  models: cmip6ModelListSchema.parse(models),
};

const parse = (search: string, frequency: SeriesFrequency = "annual") =>
  parseSeriesQuery(new URLSearchParams(search), catalog, frequency);

const problem = (search: string, frequency: SeriesFrequency = "annual") => {
  const result = parse(search, frequency);
  if (result.ok) throw new Error(`expected a problem with ${search}`);
  return result.problem;
};

describe("seriesQueryString", () => {
  it("writes parameters in one order with lists comma-separated", () => {
    expect(
      seriesQueryString({ season: "JJAS", end: 2100, start: 2015, model: ["MIROC6", "CanESM5"], scenario: ["ssp585", "ssp245"], geo: "NPL", indicator: "pr" }),
    ).toBe("indicator=pr&geo=NPL&scenario=ssp245,ssp585&model=CanESM5,MIROC6&start=2015&end=2100&season=JJAS");
    expect(seriesQueryString({ indicator: "tas", geo: "amu-darya" })).toBe("indicator=tas&geo=amu-darya");
  });

  it("spells equal queries the same way", () => {
    const a = seriesQueryString({ indicator: "tas", geo: "IND", model: ["ensemble"], scenario: ["ssp585", "historical", "ssp585"] });
    const b = seriesQueryString({ indicator: "tas", geo: "IND", scenario: ["historical", "ssp585"] });
    expect(a).toBe(b);
    expect(seriesQueryString({ indicator: "tas", geo: "IND", model: ["UKESM1-0-LL", "CESM2", "CanESM5", "CESM2"] })).toBe(
      "indicator=tas&geo=IND&model=CanESM5,CESM2,UKESM1-0-LL",
    );
  });
});

describe("parseSeriesQuery", () => {
  it("round-trips every kind of query through the string", () => {
    const queries: [SeriesQuery, SeriesFrequency][] = [
      [{ indicator: "tas", geo: "NPL" }, "annual"],
      [{ indicator: "fd", geo: "AFG", scenario: ["historical"], start: 1950, end: 2014 }, "annual"],
      [{ indicator: "pr", geo: "brahmaputra", scenario: ["ssp585", "ssp245"], model: ["NorESM2-MM", "ACCESS-CM2"], season: "JJAS" }, "monthly"],
      [{ indicator: "txx", geo: "harirud-murghab", model: ["GFDL-CM4_gr2"], month: 7, start: 2020, end: 2039 }, "monthly"],
      [{ indicator: "spei", geo: "MDV", model: ["ensemble"], season: "NDJFM" }, "monthly"],
      [{ indicator: "spi", geo: "NPL", scenario: ["historical"], scale: 6 }, "monthly"],
      [{ indicator: "spei", geo: "IND", scale: 12 }, "annual"],
    ];
    for (const [query, frequency] of queries) {
      const result = parse(seriesQueryString(query), frequency);
      expect(result).toEqual({ ok: true, query: canonicalSeriesQuery(query) });
      if (result.ok) expect(seriesQueryString(result.query)).toBe(seriesQueryString(query));
    }
  });

  it("takes lists as repeated parameters or comma lists, ignores empty values", () => {
    const repeated = parse("indicator=tas&geo=IND&scenario=ssp585&scenario=ssp245&model=CanESM5&model=MIROC6");
    const commas = parse("indicator=tas&geo=IND&scenario=ssp245,ssp585&model=MIROC6, CanESM5");
    expect(repeated).toEqual(commas);
    expect(parse("indicator=tas&geo=IND&start=&month=&model=", "monthly")).toEqual({ ok: true, query: { indicator: "tas", geo: "IND" } });
  });

  it("names the field and the allowed values of each bad parameter", () => {
    expect(problem("geo=IND")).toMatchObject({ field: "indicator", message: '"indicator" is required' });
    expect(problem("indicator=nope&geo=IND")).toMatchObject({ field: "indicator", value: "nope", allowed: seriesIndicatorCodes(catalog.indicators, "annual") });
    expect(problem("indicator=tas&geo=India")).toMatchObject({ field: "geo", allowed: catalog.geos.map((g) => g.field_value) });
    expect(problem("indicator=tas&geo=IND&scenario=ssp126")).toMatchObject({ field: "scenario", value: "ssp126", allowed: ["historical", "ssp245", "ssp585"] });
    const model = problem("indicator=tas&geo=IND&model=GPT-5");
    expect(model.field).toBe("model");
    expect(model.allowed).toHaveLength(36);
    expect((model.allowed as string[])[0]).toBe("ensemble");
    expect(problem("indicator=tas&geo=IND&model=ensemble,CanESM5")).toMatchObject({ field: "model" });
    expect(problem("indicator=tas&geo=IND&start=1900")).toMatchObject({ field: "start", allowed: { min: 1950, max: 2100 } });
    expect(problem("indicator=tas&geo=IND&end=20x0")).toMatchObject({ field: "end" });
    expect(problem("indicator=tas&geo=IND&start=2050&end=2020")).toMatchObject({ field: "end", allowed: { min: 2050, max: 2100 } });
    expect(problem("indicator=tas&geo=IND&month=13", "monthly")).toMatchObject({ field: "month", allowed: { min: 1, max: 12 } });
    expect(problem("indicator=tas&geo=IND&month=1.5", "monthly")).toMatchObject({ field: "month" });
    expect(problem("indicator=tas&geo=IND&season=monsoon", "monthly")).toMatchObject({ field: "season", allowed: ["DJF", "MAM", "JJA", "SON", "JJAS", "NDJFM"] });
    expect(problem("indicator=tas&geo=IND&season=JJA&month=7", "monthly")).toMatchObject({ field: "season" });
    expect(problem("indicator=tas&geo=IND&month=7")).toMatchObject({ field: "month", allowed: ["indicator", "geo", "scenario", "model", "start", "end", "scale", "window"] });
    expect(problem("indicator=tas&geo=IND&models=CanESM5")).toMatchObject({ field: "models", message: 'Unknown parameter "models"' });
    expect(problem("indicator=tas&indicator=pr&geo=IND")).toMatchObject({ field: "indicator", message: 'Give "indicator" once' });
  });

  it("reads scale for SPI and SPEI only: 1, 3, 6 or 12 monthly, 12 annual, one value", () => {
    for (const n of [1, 3, 6, 12]) {
      const parsed = parse(`indicator=spi&geo=NPL&scale=${n}`, "monthly");
      expect(parsed.ok && parsed.query.scale).toBe(n);
    }
    // the default is the service's: the parser leaves it out
    expect(parse("indicator=spei&geo=NPL", "monthly")).toEqual({ ok: true, query: { indicator: "spei", geo: "NPL" } });
    expect(seriesQueryString({ indicator: "spi", geo: "NPL", scale: 6, season: "JJAS", window: "2040-2059" })).toBe("indicator=spi&geo=NPL&season=JJAS&scale=6&window=2040-2059");
    for (const bad of ["5", "abc", "03", "-1", "1.0"]) {
      expect(problem(`indicator=spi&geo=NPL&scale=${bad}`, "monthly"), bad).toMatchObject({ field: "scale", allowed: ["3", "1", "6", "12"], value: bad });
    }
    expect(problem("indicator=spei&geo=NPL&scale=3", "annual")).toMatchObject({ field: "scale", allowed: ["12"], value: "3" });
    expect(parse("indicator=spei&geo=NPL&scale=12", "annual").ok).toBe(true);
    expect(problem("indicator=tas&geo=NPL&scale=3", "monthly")).toMatchObject({ field: "scale", message: expect.stringMatching(/spi, spei.*"tas"/) });
    expect(problem("indicator=spi&geo=NPL&scale=3&scale=6", "monthly")).toMatchObject({ field: "scale", message: 'Give "scale" once' });
  });

  it("accepts an indicator of the other path: whether it has data there is the server's answer", () => {
    expect(parse("indicator=fd&geo=AFG", "monthly").ok).toBe(true);
  });
});

describe("the catalogue", () => {
  it("serves the monthly variables and monthly indices monthly, and everything annual-capable annually", () => {
    expect(seriesIndicatorCodes(catalog.indicators, "monthly")).toEqual([
      "pr", "tas", "tasmax", "tasmin", "hurs", "huss", "rsds", "rlds", "sfcWind", "pet",
      "txx", "tnx", "txn", "tnn", "tn10p", "tx10p", "tn90p", "tx90p", "dtr", "rx1day", "rx5day", "spi", "spei",
      "thimean68", "thimean72", "thimean75", "thimean79", "thimean84", "thimax68", "thimax72", "thimax75", "thimax79", "thimax84",
    ]);
    const annual = seriesIndicatorCodes(catalog.indicators, "annual");
    expect(annual).toContain("fd");
    expect(annual).toContain("txx");
    expect(annual).toContain("tas");
    expect(annual).toContain("pet");
    expect(seriesIndicator(catalog.indicators, "pet", "monthly")?.tid).toBe("452");
    expect(seriesIndicator(catalog.indicators, "pet", "annual")?.tid).toBe("453");
    expect(seriesIndicator(catalog.indicators, "tas", "annual")?.tid).toBe("411");
    expect(seriesIndicator(catalog.indicators, "tas", "monthly")?.tid).toBe("402");
    expect(seriesIndicator(catalog.indicators, "txx", "annual")?.tid).toBe("428");
    expect(seriesIndicator(catalog.indicators, "fd", "monthly")).toBeUndefined();
    expect(catalogYears(catalog)).toEqual({ start: 1950, end: 2100 });
  });
});

describe("observations in the catalogue", () => {
  it("are values only of the series API's catalogue: a screen's URL cannot ask for them", () => {
    const screen = parseSeriesQuery(new URLSearchParams("indicator=pr&geo=NPL&scenario=observed"), catalog, "monthly");
    expect(screen.ok).toBe(false);
    expect(parseSeriesQuery(new URLSearchParams("indicator=pr&geo=NPL&model=chirps-v2.0"), catalog, "annual").ok).toBe(false);
    const api = { ...catalog, observations: ["chirps-v2.0", "era5", "era5-land", "imd"] };
    const parsed = parseSeriesQuery(new URLSearchParams("indicator=pr&geo=NPL&scenario=observed&model=imd,chirps-v2.0"), api, "monthly");
    expect(parsed.ok && parsed.query).toEqual({ indicator: "pr", geo: "NPL", scenario: ["observed"], model: ["chirps-v2.0", "imd"] });
  });
});
