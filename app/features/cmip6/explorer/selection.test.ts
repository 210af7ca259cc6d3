import { describe, expect, it } from "vitest";
import geos from "../../../../seeds/geos.json";
import indicators from "../../../../seeds/indicators.json";
import models from "../../../../seeds/cmip6-models.json";
import scenarios from "../../../../seeds/scenarios.json";
import { PROJECTION_WINDOWS } from "../periods";
import { cmip6ModelListSchema, geoListSchema, indicatorListSchema, scenarioListSchema } from "../schema";
import type { SeriesCatalog } from "../seriesQuery";
import { baselineChoices, baselineQuery, cycleQuery, cycleWindow, parseSelection, selectionQueryString } from "./selection";

const catalog: SeriesCatalog = {
  indicators: indicatorListSchema.parse(indicators),
  geos: geoListSchema.parse(geos),
  scenarios: scenarioListSchema.parse(scenarios),
  models: cmip6ModelListSchema.parse(models),
};
const parse = (search: string) => parseSelection(new URLSearchParams(search), catalog);

describe("parseSelection", () => {
  it("defaults to annual mean temperature for India, every scenario and model, 1995-2014 baseline", () => {
    const s = parse("");
    expect(s.query).toEqual({ indicator: "tas", geo: "IND" });
    expect(s.baseline.label).toBe("1995-2014");
    expect(s.view).toBe("series");
    expect(s.members).toBe(false);
    expect(selectionQueryString(s)).toBe("indicator=tas&geo=IND");
  });

  it("round-trips a full selection through its canonical string", () => {
    const search = "indicator=pr&geo=NPL&scenario=ssp245,ssp585&model=CanESM5,MIROC6&start=2015&end=2100&baseline=1991-2020&view=change&members=1";
    expect(selectionQueryString(parse(search))).toBe(search);
  });

  it("reads what a plain form sends: repeated values, empty fields, ensemble beside model names", () => {
    const s = parse("indicator=pr&geo=NPL&scenario=ssp585&scenario=ssp245&model=ensemble&model=MIROC6&start=&end=2050&baseline=1995-2014&view=series");
    expect(s.query).toEqual({ indicator: "pr", geo: "NPL", scenario: ["ssp245", "ssp585"], end: 2050 });
  });

  it("falls back to defaults for unknown values instead of failing", () => {
    const s = parse("indicator=nope&geo=ATLANTIS&scenario=ssp999,ssp245&model=NoSuchModel&start=1800&end=abc&baseline=1850-1900&view=pie&members=maybe");
    expect(s.query).toEqual({ indicator: "tas", geo: "IND", scenario: ["ssp245"] });
    expect(s.baseline.label).toBe("1995-2014");
    expect(s.view).toBe("series");
  });

  it("drops an end year before the start year", () => {
    expect(parse("indicator=tas&geo=IND&start=2050&end=2020").query).toEqual({ indicator: "tas", geo: "IND", start: 2050 });
  });

  it("does not offer an indicator without annual values (the projected entries are served elsewhere)", () => {
    expect(parse("indicator=txx&geo=IND").query.indicator).toBe("txx");
  });
});

describe("derived queries", () => {
  it("offers the baselines inside 1950-2100 only", () => {
    expect(baselineChoices(catalog).map((b) => b.label)).toEqual(["1995-2014", "1961-1990", "1991-2020"]);
  });

  it("asks the baseline years of every scenario with the same models", () => {
    expect(baselineQuery(parse("indicator=pr&geo=NPL&scenario=ssp585&model=MIROC6&baseline=1991-2020"))).toEqual({
      indicator: "pr",
      geo: "NPL",
      model: ["MIROC6"],
      start: 1991,
      end: 2020,
    });
  });

  it("draws the annual cycle over the last projection window of the period, else the baseline", () => {
    const s = parse("indicator=tas&geo=IND&scenario=historical,ssp585&end=2070");
    const w = cycleWindow(s, PROJECTION_WINDOWS, 2070);
    expect(w.label).toBe("2040-2059");
    expect(cycleQuery(s, w)).toEqual({ indicator: "tas", geo: "IND", scenario: ["ssp585"], start: 2040, end: 2059 });
    const past = parse("indicator=tas&geo=IND&scenario=historical");
    expect(cycleWindow(past, PROJECTION_WINDOWS, 2014).label).toBe("1995-2014");
  });
});
