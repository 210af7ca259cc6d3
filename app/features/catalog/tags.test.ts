import { describe, expect, it } from "vitest";
import type { CatalogEntry } from "./schema";
import { tagCounts, tagSearch } from "./tags";

const entry = (source: string, indic: string | null, sector: string) =>
  ({ id: source + indic + sector, name: "x", source, indic, data_sector: sector }) as unknown as CatalogEntry;

describe("tags", () => {
  it("counts tags of each kind, most used first", () => {
    const counts = tagCounts([entry("CHIRPS", "rainfall", "Agriculture"), entry("ERA5", "rainfall", "Weather & Climate"), entry("CHIRPS", null, "Agriculture")]);
    expect(counts.source).toEqual([{ value: "CHIRPS", count: 2 }, { value: "ERA5", count: 1 }]);
    expect(counts.indic).toEqual([{ value: "rainfall", count: 2 }]);
    expect(counts.sector[0]).toEqual({ value: "Agriculture", count: 2 });
  });

  it("toggles a tag in the chosen set, keeping the others", () => {
    const chosen = new URLSearchParams("in.source=CHIRPS&page=3");
    expect(tagSearch(chosen, "indic", "rainfall")).toBe("in.source=CHIRPS&in.indic=rainfall");
    expect(tagSearch(chosen, "source", "CHIRPS")).toBe("");
  });
});
