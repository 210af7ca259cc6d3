import { describe, expect, it } from "vitest";
import type { CatalogEntry } from "./schema";
import { catalogSearchItems } from "./search";

describe("catalogSearchItems", () => {
  it("links each entry to its page, with its source, variable and sector as keywords", () => {
    const entry = { id: "chirps-npl", name: "CHIRPS rainfall, Nepal", source: "CHIRPS", indic: "rainfall", data_sector: "Weather & Climate" } as CatalogEntry;
    expect(catalogSearchItems([entry])).toEqual([
      { href: "/data-chart/node/chirps-npl", title: "CHIRPS rainfall, Nepal", label: "Catalogue", keywords: "CHIRPS rainfall Weather & Climate" },
    ]);
  });
});
