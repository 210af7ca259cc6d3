import { describe, expect, it } from "vitest";
import { SECTORS, sectorById, sectorSlug } from "./sectors";

describe("sectors", () => {
  it("has URL ids for the eight catalogue sectors", () => {
    expect(SECTORS.map((s) => s.id)).toEqual([
      "administrative", "environment", "social", "weather-climate",
      "water-resources", "disaster-management", "agriculture", "transport",
    ]);
    expect(sectorSlug("Weather & Climate")).toBe("weather-climate");
    expect(sectorById("water-resources")?.name).toBe("Water Resources");
    expect(sectorById("nope")).toBeUndefined();
  });
});
