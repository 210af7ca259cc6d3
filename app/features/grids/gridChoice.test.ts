import { describe, expect, it } from "vitest";
import { GRID_INDICATORS, gridParams, readGridScale, type GridIndicator } from "./grid";
import { gridChoiceParams, gridIndicatorsOf, readGridChoice, showsGrid, summaryArg, withField, writeGridChoice, type GridChoice } from "./gridChoice";

const ALL = [...GRID_INDICATORS];
const read = (search: string, indicators: readonly GridIndicator[] = ALL) => readGridChoice(new URLSearchParams(search), indicators);

describe("the grid view in the viewer's URL", () => {
  it("reads a full selection as written", () => {
    const choice = read("geotype=Grid&indicator=pr&scenario=ssp585&season=JJA&window=gwl:2.0&statistic=p90&scale=-5,7.5");
    expect(choice).toEqual({ query: { indicator: "pr", scenario: "ssp585", season: "JJA", window: "gwl:2.0" }, statistic: "p90", scale: { min: -5, max: 7.5 } });
  });

  it("writes and reads back the same choice, in gridParams' order after geotype=Grid", () => {
    const choices: GridChoice[] = [
      { query: { indicator: "tasmax", scenario: "ssp245", season: "DJF", window: "2080-2099" }, statistic: "agreement" },
      { query: { indicator: "cdd", scenario: "ssp585", season: "annual", window: "gwl:1.5" }, statistic: "change", scale: { min: -12, max: 12 } },
      { query: { indicator: "tas", scenario: "ssp245", season: "annual", window: "2040-2059" }, statistic: "baseline", scale: { min: 0.5, max: 31.25 } },
    ];
    for (const choice of choices) {
      const params = new URLSearchParams("t=3&layers=1,2");
      writeGridChoice(params, choice);
      expect(showsGrid(params)).toBe(true);
      expect(readGridChoice(params, ALL)).toEqual(choice);
      // the page's other parameters stay; the field's are those of the image URL
      expect(params.get("layers")).toBe("1,2");
      const field = new URLSearchParams([...params].filter(([k]) => !["t", "layers", "geotype"].includes(k)));
      expect(field.toString()).toBe(gridChoiceParams(choice).toString());
    }
  });

  it("removes its parameters, and Grid, when the regions are shown again", () => {
    const params = new URLSearchParams("indicator=pr&mod=ensemble");
    writeGridChoice(params, read("indicator=pr&season=MAM&statistic=p10&scale=1,2"));
    writeGridChoice(params, undefined);
    expect(params.toString()).toBe("indicator=pr&mod=ensemble");
    // a choropleth geotype written by the choropleth stays
    const country = new URLSearchParams("geotype=Country&season=DJF");
    writeGridChoice(country, undefined);
    expect(country.toString()).toBe("geotype=Country");
  });

  it("falls back parameter by parameter on missing or bad values", () => {
    expect(read("")).toEqual({ query: { indicator: "tas", scenario: "ssp245", season: "annual", window: "2040-2059" }, statistic: "change" });
    const bad = read("indicator=nope&scenario=ssp126&season=JJA&window=2100-2119&statistic=mean&scale=5,1");
    expect(bad).toEqual({ query: { indicator: "tas", scenario: "ssp245", season: "JJA", window: "2040-2059" }, statistic: "change" });
    // an annual-only index has no seasons
    expect(read("indicator=cdd&season=JJA").query.season).toBe("annual");
    // an indicator the catalogue does not offer: the first it offers
    expect(read("indicator=tas", ["pr", "rx1day"]).query.indicator).toBe("pr");
    expect(read("indicator=rx1day", ["pr", "rx1day"]).query.indicator).toBe("rx1day");
  });

  it("takes a scale only as two finite numbers, min below max, within the scale's bounds", () => {
    expect(readGridScale("-2.5,2.5")).toEqual({ min: -2.5, max: 2.5 });
    for (const bad of [null, "", "1", "1,", ",2", "a,b", "2,2", "3,1", "1,2,3", "Infinity,1e999", "3,3.0000000000000004", "-1e308,1e308", "0,1e-320"]) {
      expect(readGridScale(bad), String(bad)).toBeUndefined();
    }
    // a page URL with a scale out of bounds shows the fitted scale
    expect(read("indicator=tas&scale=3,3.0000000000000004").scale).toBeUndefined();
  });

  it("keeps the field's season and window when they fit a new indicator, and drops the scale", () => {
    const choice = read("indicator=pr&season=JJA&window=2080-2099&scale=-1,1");
    expect(withField(choice, { indicator: "tas" })).toEqual({ query: { indicator: "tas", scenario: "ssp245", season: "JJA", window: "2080-2099" }, statistic: "change" });
    expect(withField(choice, { indicator: "fd" }).query.season).toBe("annual");
    expect(withField(choice, { statistic: "baseline" }).statistic).toBe("baseline");
  });

  it("asks for the field's summary without the scale, and offers only the grid indicators the catalogue has", () => {
    const choice = read("indicator=pr&statistic=p10&scale=-1,1");
    expect(summaryArg(choice)).toBe(gridParams(choice.query, { statistic: "p10" }).toString());
    const catalogue = [
      { code: "pr", name: "Precipitation" },
      { code: "hurs", name: "Relative humidity" },
      { code: "tas", name: "Mean temperature" },
    ];
    expect(gridIndicatorsOf(catalogue).map((i) => i.code)).toEqual(["pr", "tas"]);
  });
});
