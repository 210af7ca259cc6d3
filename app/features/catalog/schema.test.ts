import { describe, expect, it } from "vitest";
import { catalogEntrySchema, catalogProductRef, climateMetadataSchema, facetListSchema } from "./schema";

const entry = {
  id: "chirps-rainfall-npl-l2-monthly",
  data_sector: "Weather & Climate",
  name: "CHIRPS monthly rainfall, Nepal, districts, 1981-2021",
  link: "https://www.chc.ucsb.edu/data/chirps",
  topic: "climate",
  source: "CHIRPS",
  indic: "rainfall",
  geo: "NPL",
  level: "2",
  period: "monthly",
  year_range: "1981-2021",
  format: "CSV",
  description: "Monthly rainfall averaged over the districts of Nepal.",
};

describe("catalogEntrySchema", () => {
  it("takes an entry with a link or with one product id", () => {
    expect(catalogEntrySchema.safeParse(entry).success).toBe(true);
    const { link: _link, ...withoutLink } = entry;
    expect(catalogEntrySchema.safeParse({ ...withoutLink, cmip6_id: "401" }).success).toBe(true);
  });

  it("needs a product id or a link, and only one product id", () => {
    const { link: _link, ...withoutLink } = entry;
    expect(catalogEntrySchema.safeParse(withoutLink).error?.issues[0].message).toBe("expected a <product>_id key or a link");
    expect(catalogEntrySchema.safeParse({ ...withoutLink, aez_id: "1.4", viewer_id: "x" }).success).toBe(false);
  });

  it("rejects keys that are neither known fields nor product ids", () => {
    const result = catalogEntrySchema.safeParse({ ...entry, colour: "blue" });
    expect(result.error?.issues.map((i) => i.path)).toEqual([["colour"]]);
  });

  it("checks sectors, geo codes and year ranges", () => {
    expect(catalogEntrySchema.safeParse({ ...entry, data_sector: "Health" }).success).toBe(false);
    expect(catalogEntrySchema.safeParse({ ...entry, geo: "NEP" }).success).toBe(false);
    expect(catalogEntrySchema.safeParse({ ...entry, geo: "regional", level: null }).success).toBe(true);
    expect(catalogEntrySchema.safeParse({ ...entry, year_range: "2021-1981" }).success).toBe(false);
  });
});

describe("catalogProductRef", () => {
  it("finds the product an entry opens", () => {
    const { link: _link, ...withoutLink } = entry;
    const withRef = catalogEntrySchema.parse({ ...withoutLink, viewer_id: "wb-cru-1991-2020" });
    expect(catalogProductRef(withRef)).toEqual({ product: "viewer", id: "wb-cru-1991-2020" });
    expect(catalogProductRef(catalogEntrySchema.parse(entry))).toBeNull();
  });
});

describe("climateMetadataSchema", () => {
  it("only takes the values the lookups define, once each", () => {
    const lookups = {
      source: [{ name: "CHIRPS", value: "CHIRPS" }],
      geo: [{ name: "Nepal", value: "NPL" }],
      indic: [{ name: "Rainfall", value: "rainfall" }],
      period: [{ name: "Monthly", value: "monthly" }],
      level: [{ name: "Level 2 (district)", value: "2" }],
    };
    expect(climateMetadataSchema.safeParse(lookups).success).toBe(true);
    expect(climateMetadataSchema.safeParse({ ...lookups, period: [{ name: "Daily", value: "daily" }] }).success).toBe(false);
    expect(climateMetadataSchema.safeParse({ ...lookups, geo: [...lookups.geo, ...lookups.geo] }).success).toBe(false);
  });
});

describe("facetListSchema", () => {
  it("accepts the empty list", () => {
    expect(facetListSchema.parse([])).toEqual([]);
  });
});
