import { describe, expect, it } from "vitest";
import geos from "../../../../seeds/geos.json";
import indicators from "../../../../seeds/indicators.json";
import models from "../../../../seeds/cmip6-models.json";
import scenarios from "../../../../seeds/scenarios.json";
import { PROJECTION_WINDOWS } from "../periods";
import { cmip6ModelListSchema, geoListSchema, indicatorListSchema, scenarioListSchema } from "../schema";
import type { SeriesCatalog } from "../seriesQuery";
import { baselineChoices, baselineQuery, cycleQuery, cycleWindow, levelsQuery, parseSelection, selectionQueryString, spreadScenario, spreadWindow } from "./selection";
import { readSubset, writeSubset } from "../subsets";
import type { WarmingLevelRow } from "../warmingLevels";

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

describe("model selection and warming levels in the URL", () => {
  it("round-trips the model-selection view with its season, scenario, window and named subset", () => {
    const search = "indicator=tas&geo=NPL&model=ACCESS-CM2,CanESM5&view=spread&window=gwl:2.0&season=JJAS&ssp=ssp585&subset=warm-dry";
    const s = parse(search);
    expect(s.view).toBe("spread");
    expect(s.season).toBe("JJAS");
    expect(spreadScenario(s)).toBe("ssp585");
    expect(spreadWindow(s)).toMatchObject({ kind: "gwl", level: 2, label: "+2 °C" });
    expect(s.subset).toEqual({ name: "warm-dry", models: ["ACCESS-CM2", "CanESM5"] });
    expect(selectionQueryString(s)).toBe(search);
  });

  it("defaults to annual values, SSP2-4.5 and +2 °C, and drops what it does not know", () => {
    const s = parse("indicator=tas&geo=NPL&view=spread&window=gwl:2.5&season=monsoon&ssp=historical&subset=Warm dry!");
    expect(s.season).toBeUndefined();
    expect(spreadScenario(s)).toBe("ssp245");
    expect(spreadWindow(s).code).toBe("gwl:2.0");
    expect(s.subset).toBeUndefined();
    expect(selectionQueryString(s)).toBe("indicator=tas&geo=NPL&view=spread");
    expect(parse("indicator=tas&geo=NPL&window=2040-2059").window?.code).toBe("2040-2059");
  });

  it("keeps a subset's name only beside its models", () => {
    expect(parse("indicator=tas&geo=NPL&subset=warm-dry").subset).toBeUndefined();
    expect(selectionQueryString(parse("indicator=tas&geo=NPL&subset=warm-dry"))).toBe("indicator=tas&geo=NPL");
  });

  it("reads back the subset that writeSubset puts into the page URL", () => {
    const params = writeSubset(new URLSearchParams("indicator=pr&geo=BTN&view=spread&window=gwl:3.0"), "model", { name: "cool-wet", models: ["MIROC6", "CanESM5"] });
    params.set("view", "series");
    const s = parse(params.toString());
    expect(s.query.model).toEqual(["CanESM5", "MIROC6"]);
    expect(s.subset).toEqual({ name: "cool-wet", models: ["CanESM5", "MIROC6"] });
    expect(s.window?.code).toBe("gwl:3.0");
    expect(readSubset(new URLSearchParams(selectionQueryString(s)), "model", ["CanESM5", "MIROC6"])).toEqual(s.subset);
  });

  it("asks for the historical run and the years of the level windows only when the page's own query lacks them", () => {
    const row = (start: number): WarmingLevelRow => ({ model: "CanESM5", member: "r1i1p1f1", scenario: "ssp245", grid: "gn", warming_level: 2, start_year: start, end_year: start + 19 });
    const table = { rows: [row(1990), { ...row(2030), scenario: "ssp585" as const }] };
    expect(levelsQuery(parse("indicator=tas&geo=NPL"), table)).toBeUndefined();
    expect(levelsQuery(parse("indicator=tas&geo=NPL&scenario=ssp245,ssp585&model=MIROC6"), table)).toEqual({
      indicator: "tas",
      geo: "NPL",
      scenario: ["historical", "ssp245", "ssp585"],
      model: ["MIROC6"],
      start: 1990,
      end: 2049,
    });
    expect(levelsQuery(parse("indicator=tas&geo=NPL&start=2000"), table)?.start).toBe(1990);
    expect(levelsQuery(parse("indicator=tas&geo=NPL&scenario=ssp585"), table)).toMatchObject({ scenario: ["historical", "ssp585"], start: 1995, end: 2049 });
    expect(levelsQuery(parse("indicator=tas&geo=NPL&scenario=historical"), table)).toBeUndefined();
  });
});
