import { describe, expect, it } from "vitest";
import { entryLinks } from "./links";
import type { CatalogEntry } from "./schema";

const base = {
  id: "x", data_sector: "Weather & Climate", name: "X", topic: "climate", source: "S", indic: null, geo: "regional",
  level: null, period: null, year_range: null, format: "CSV", description: "d",
} as unknown as CatalogEntry;

describe("entryLinks", () => {
  it("links products to the portal screen that shows them", () => {
    expect(entryLinks({ ...base, cmip6_id: "401" } as CatalogEntry, [{ tid: "401", field_value: "pr" }])[0].href).toBe("/cmip6-data?indicator=pr");
    expect(entryLinks({ ...base, aez_id: "1.4" } as CatalogEntry)[0].href).toBe("/pyaez#module-1.4");
    expect(entryLinks({ ...base, viewer_id: "wb-cru" } as CatalogEntry)[0].href).toBe("/cmip6-viewer?layers=wb-cru");
  });
  it("links to the provider's page", () => {
    expect(entryLinks({ ...base, link: "https://www.chc.ucsb.edu/data/chirps" } as CatalogEntry)).toEqual([
      { href: "https://www.chc.ucsb.edu/data/chirps", text: "Provider's page", external: true },
    ]);
  });
});

describe("catalogue constants", () => {
  it("know the same entry fields as the schema", async () => {
    const { CATALOG_ENTRY_FIELDS } = await import("./schema");
    const { KNOWN_ENTRY_KEYS } = await import("./constants");
    expect([...KNOWN_ENTRY_KEYS].sort()).toEqual([...CATALOG_ENTRY_FIELDS].sort());
  });
});
