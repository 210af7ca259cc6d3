import { describe, expect, it } from "vitest";
import type { Geo, Indicator } from "~/features/cmip6/schema";
import { parseSelection, selectionSearch } from "./selection";

const indicators = [
  { tid: "1", field_category: "1000", name: "T", field_value: "tas", field_axis_unit: "C", field_var_unit: "C", field_api_url: "cmip6/annual" },
  { tid: "2", field_category: "1000", name: "P", field_value: "pr", field_axis_unit: "mm", field_var_unit: "mm", field_api_url: "cmip6/annual" },
] as Indicator[];
const geos = ["NPL", "BGD", "IND", "PAK", "AFG", "indus"].map((code, i) => ({ tid: String(i + 1), field_value: code, name: code, field_geotype: "Country" })) as Geo[];

describe("compare selection", () => {
  it("reads a selection and writes it back", () => {
    const params = new URLSearchParams("indicator=pr&compare=places&geo=IND&geo=indus&scenario=ssp245");
    const selection = parseSelection(params, indicators, geos);
    expect(selection).toEqual({ indicator: "pr", mode: "places", geos: ["IND", "indus"], scenario: "ssp245", periods: "years" });
    expect(parseSelection(new URLSearchParams(selectionSearch(selection)), indicators, geos)).toEqual(selection);
    expect(selectionSearch(selection)).not.toContain("periods");
    const levels = parseSelection(new URLSearchParams("compare=scenarios&geo=NPL&periods=gwl"), indicators, geos);
    expect(levels.periods).toBe("gwl");
    expect(selectionSearch(levels)).toContain("periods=gwl");
    expect(parseSelection(new URLSearchParams(selectionSearch(levels)), indicators, geos)).toEqual(levels);
    expect(parseSelection(new URLSearchParams("periods=odd"), indicators, geos).periods).toBe("years");
  });

  it("keeps at most four distinct places, one for scenarios, and falls back to defaults", () => {
    const many = new URLSearchParams("geo=NPL&geo=NPL&geo=BGD&geo=IND&geo=PAK&geo=AFG");
    expect(parseSelection(many, indicators, geos).geos).toEqual(["NPL", "BGD", "IND", "PAK"]);
    expect(parseSelection(new URLSearchParams("compare=scenarios&geo=PAK&geo=IND"), indicators, geos).geos).toEqual(["PAK"]);
    expect(parseSelection(new URLSearchParams("indicator=nope&compare=odd&geo=XXX&scenario=ssp1"), indicators, geos)).toEqual({
      indicator: "tas",
      mode: "places",
      geos: ["NPL", "BGD"],
      scenario: "ssp585",
      periods: "years",
    });
  });
});
