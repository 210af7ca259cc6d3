import { describe, expect, it } from "vitest";
import { cmip6ModelSchema, geoSchema, indicatorSchema, scenarioSchema } from "./schema";

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`) ?? [];

describe("geoSchema", () => {
  it("takes ISO3 codes for countries and slugs for basins", () => {
    expect(geoSchema.safeParse({ tid: "101", field_value: "NPL", name: "Nepal", field_geotype: "Country" }).success).toBe(true);
    expect(geoSchema.safeParse({ tid: "122", field_value: "amu-darya", name: "Amu Darya", field_geotype: "Basin" }).success).toBe(true);
    expect(messages(geoSchema.safeParse({ tid: "101", field_value: "Nepal", name: "Nepal", field_geotype: "Country" }))).toEqual([
      'field_value: Country: Invalid option: expected one of "AFG"|"BGD"|"BTN"|"IND"|"LKA"|"MDV"|"NPL"|"PAK"',
    ]);
    expect(geoSchema.safeParse({ tid: "122", field_value: "Amu Darya", name: "Amu Darya", field_geotype: "Basin" }).success).toBe(false);
    expect(geoSchema.safeParse({ tid: "7", field_value: "indus", name: "Indus", field_geotype: "River" }).success).toBe(false);
  });

  it("takes an added place's own codes, for a state of its country marked added only", () => {
    const lucknow = { tid: "349", field_value: "IN-UP-LKO", name: "Lucknow", field_geotype: "State", field_country: "IND" };
    expect(geoSchema.safeParse({ ...lucknow, added: true }).success).toBe(true);
    expect(geoSchema.safeParse({ ...lucknow, field_value: "lucknow-district", added: true }).success).toBe(true);
    expect(messages(geoSchema.safeParse(lucknow))).toEqual(["field_value: State: expected an ISO 3166-2 code such as IN-UP"]);
    expect(messages(geoSchema.safeParse({ ...lucknow, field_value: "Lucknow", added: true }))).toEqual([
      "field_value: State: expected an ISO 3166-2 code such as IN-UP-LKO or a lowercase code such as lucknow-district",
    ]);
    expect(messages(geoSchema.safeParse({ tid: "122", field_value: "gomti", name: "Gomti", field_geotype: "Basin", added: true }))).toEqual(["added: Basin: an added place is a State"]);
  });

  it("rejects unknown keys and non-numeric tids", () => {
    expect(geoSchema.safeParse({ tid: "1", field_value: "IND", name: "India", field_geotype: "Country", iso2: "IN" }).success).toBe(false);
    expect(geoSchema.safeParse({ tid: "01", field_value: "IND", name: "India", field_geotype: "Country" }).success).toBe(false);
    expect(geoSchema.safeParse({ tid: 1, field_value: "IND", name: "India", field_geotype: "Country" }).success).toBe(false);
  });
});

describe("indicatorSchema", () => {
  const base = { tid: "450", field_category: "1001", name: "Frost days (FD)", field_value: "fd", field_axis_unit: "Days", field_var_unit: "days" };

  it("needs exactly one of field_api_url and field_api_type", () => {
    expect(indicatorSchema.safeParse({ ...base, field_api_type: "annual" }).success).toBe(true);
    expect(indicatorSchema.safeParse({ ...base, field_api_url: "cmip6/annual" }).success).toBe(true);
    expect(messages(indicatorSchema.safeParse(base))).toEqual([": expected exactly one of field_api_url or field_api_type"]);
    expect(indicatorSchema.safeParse({ ...base, field_api_url: "cmip6/annual", field_api_type: "annual" }).success).toBe(false);
  });

  it("fixes the categories and keeps data paths relative", () => {
    expect(indicatorSchema.safeParse({ ...base, field_category: "1002", field_api_type: "annual" }).success).toBe(false);
    expect(indicatorSchema.safeParse({ ...base, field_api_url: "/api/cmip6/annual" }).success).toBe(false);
  });
});

describe("cmip6ModelSchema", () => {
  const model = { tid: "315", field_value: "GFDL-CM4_gr2", name: "GFDL-CM4_gr2", field_variant: "r1i1p1f1", field_grid: "gr2" };

  it("accepts a model with variant label and grid", () => {
    expect(cmip6ModelSchema.safeParse(model).success).toBe(true);
  });

  it("rejects unknown grids, malformed variants and a name other than the id", () => {
    expect(messages(cmip6ModelSchema.safeParse({ ...model, field_grid: "gr3" }))).toEqual([
      'field_grid: Invalid option: expected one of "gn"|"gr"|"gr1"|"gr2"',
    ]);
    expect(cmip6ModelSchema.safeParse({ ...model, field_variant: "r1i1p1" }).success).toBe(false);
    expect(cmip6ModelSchema.safeParse({ ...model, name: "GFDL CM4" }).success).toBe(false);
  });
});

describe("scenarioSchema", () => {
  it("takes the three experiments and an optional period", () => {
    expect(scenarioSchema.safeParse({ tid: "201", field_value: "historical", name: "Historical" }).success).toBe(true);
    expect(scenarioSchema.safeParse({ tid: "202", field_value: "ssp245", name: "SSP2-4.5", field_period: "2015-2100" }).success).toBe(true);
    expect(scenarioSchema.safeParse({ tid: "204", field_value: "ssp126", name: "SSP1-2.6" }).success).toBe(false);
    expect(scenarioSchema.safeParse({ tid: "202", field_value: "ssp245", name: "SSP2-4.5", field_period: "2100-2015" }).success).toBe(false);
  });
});
