import { describe, expect, it } from "vitest";
import seed from "../../seeds/viewer-pages.json";
import { pageLayers, viewerPagesSchema } from "./viewer-pages.server";

describe("viewer page layers", () => {
  it("validate against the tile schema", () => {
    expect(viewerPagesSchema.safeParse(seed).success).toBe(true);
  });
  it("give every page without CMIP6 layers its own set", () => {
    for (const page of ["/glofas", "/isimip", "/lhasa", "/tools/gee"]) expect(pageLayers(page).length).toBeGreaterThan(0);
    expect(pageLayers("/nowhere")).toEqual([]);
  });
});
