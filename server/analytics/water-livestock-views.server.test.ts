import { describe, expect, it } from "vitest";
import { parseViewQuery, WATER_VIEW, LIVESTOCK_VIEW } from "./water-livestock-views.server";
import { livestockViewArg, waterViewArg } from "../../app/features/analytics/waterLivestockApi";

const GEOS = [{ field_value: "NPL" }, { field_value: "PAK" }];
const parse = (query: string, fields = LIVESTOCK_VIEW.fields) => parseViewQuery(new URLSearchParams(query), GEOS, fields);

describe("the query of a water or livestock view", () => {
  it("reads the selection, and the argument the page's component asks with gives the same selection back", () => {
    const parsed = parse("geo=PAK&scenario=ssp585&window=gwl:2&species=cattle&thi=max");
    expect("selection" in parsed && parsed.selection).toMatchObject({ geo: "PAK", scenario: "ssp585", species: "cattle", thi: "max", window: { code: "gwl:2.0" }, baseline: { label: "1995-2014" } });
    if (!("selection" in parsed)) throw new Error("not parsed");
    expect(livestockViewArg(parsed.selection)).toBe("geo=PAK&scenario=ssp585&window=gwl%3A2.0&species=cattle&thi=max");
    expect(parse(livestockViewArg(parsed.selection))).toEqual(parsed);
    // the water page's argument leaves out the livestock fields, which its endpoint refuses
    expect(waterViewArg(parsed.selection)).toBe("geo=PAK&scenario=ssp585&window=gwl%3A2.0");
    expect(parse(waterViewArg(parsed.selection), WATER_VIEW.fields)).toMatchObject({ selection: { geo: "PAK", species: "dairy" } });
  });

  it("refuses a bad or unknown parameter naming it, and an unknown place with a 404", () => {
    expect(parse("geo=NPL&scenario=ssp126")).toMatchObject({ status: 400, details: { field: "scenario", allowed: ["ssp245", "ssp585"], value: "ssp126" } });
    expect(parse("geo=NPL&window=2031-2050")).toMatchObject({ status: 400, details: { field: "window" } });
    expect(parse("geo=NPL&baseline=1971-2000")).toMatchObject({ status: 400, details: { field: "baseline" } });
    expect(parse("geo=NPL&window=gwl:3.0&baseline=1961-1990")).toMatchObject({ status: 400, details: { field: "baseline", allowed: ["1995-2014"] } });
    expect(parse("geo=NPL&species=goats")).toMatchObject({ status: 400, details: { field: "species" } });
    expect(parse("geo=NPL&thi=hourly")).toMatchObject({ status: 400, details: { field: "thi" } });
    expect(parse("geo=NPL&species=cattle", WATER_VIEW.fields)).toMatchObject({ status: 400, details: { field: "species" } });
    expect(parse("geo=NPL&geo=PAK")).toMatchObject({ status: 400, details: { field: "geo" } });
    expect(parse("scenario=ssp585")).toMatchObject({ status: 400, details: { field: "geo" } });
    expect(parse("geo=atlantis")).toMatchObject({ status: 404, details: { field: "geo", value: "atlantis" } });
  });
});
