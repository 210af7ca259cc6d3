import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { GeoFeature } from "../series/ingest/masks";
import { loadGeoFeatures, outlineArea, outlineSourceLine, shippedGeoDir } from "./outlines.server";
import { readFileSync } from "node:fs";
import { geoJson } from "../api/maps.server";
import { applyWorldview, DE_FACTO, disputedAreas, parseWorldview, worldviewDrawing } from "./worldview.server";

const geoDir = shippedGeoDir();
const seeds = { geos: ["IND", "PAK", "NPL", "BGD", "CHN"].map((field_value) => ({ field_value })) };
const countries = loadGeoFeatures(geoDir, seeds);
const areas = disputedAreas(geoDir);
const area = (f: GeoFeature | undefined) => outlineArea(f!.geometry).area;
const byCode = (features: readonly GeoFeature[], code: string) => features.find((f) => f.code === code);
const areaOf = (name: string) => outlineArea(areas.find((a) => a.name === name)!.geometry).area;

/** Whether a point lies in an outline (even-odd rule over every ring): a test of its own, not the module's. */
function contains(feature: GeoFeature | undefined, [x, y]: [number, number]): boolean {
  const polygons = feature!.geometry.type === "Polygon" ? [feature!.geometry.coordinates] : feature!.geometry.coordinates;
  let inside = false;
  for (const rings of polygons)
    for (const ring of rings)
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [xi, yi] = ring[i];
        const [xj, yj] = ring[j];
        if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
      }
  return inside;
}

// points well inside each area (its label points in the layer's 1:50m drawing)
const AKSAI_CHIN: [number, number] = [79.4, 35.2];
const GILGIT: [number, number] = [74.8, 36.0];
const SRINAGAR: [number, number] = [74.8, 34.1];

describe("worldviews", () => {
  it("reads the setting: unset is the de facto depiction, a point of view the layer publishes is taken, anything else is refused by name", () => {
    expect(parseWorldview(undefined)).toBe(DE_FACTO);
    expect(parseWorldview("")).toBe(DE_FACTO);
    expect(parseWorldview("ind")).toBe("IND");
    expect(() => parseWorldview("XYZ")).toThrow(/WORLDVIEW: "XYZ" is not a point of view/);
  });

  it("leaves every outline as it is in the de facto depiction", () => {
    expect(applyWorldview(countries, DE_FACTO, areas)).toEqual(countries);
  });

  it("India's point of view gives India Aksai Chin, the Shaksgam valley, Gilgit-Baltistan and Siachen, and takes Gilgit-Baltistan from Pakistan", () => {
    const india = applyWorldview(countries, "IND", areas);
    expect(contains(byCode(countries, "IND"), AKSAI_CHIN)).toBe(false);
    expect(contains(byCode(india, "IND"), AKSAI_CHIN)).toBe(true);
    expect(contains(byCode(countries, "PAK"), GILGIT)).toBe(true);
    expect(contains(byCode(india, "PAK"), GILGIT)).toBe(false);
    expect(contains(byCode(india, "IND"), GILGIT)).toBe(true);
    // the areas add up: the layers are drawn to fit one another (to 0.5 % of the disputed areas' sum)
    const gained = ["Aksai Chin", "Shaksam Valley", "Gilgit-Baltistan", "Siachen Glacier"].map(areaOf).reduce((a, b) => a + b);
    expect(Math.abs(area(byCode(india, "IND")) - area(byCode(countries, "IND")) - gained)).toBeLessThan(0.005 * gained);
    const lost = areaOf("Gilgit-Baltistan");
    expect(Math.abs(area(byCode(countries, "PAK")) - area(byCode(india, "PAK")) - lost)).toBeLessThan(0.005 * lost);
    // places no area concerns are the same objects
    expect(byCode(india, "NPL")).toBe(byCode(countries, "NPL"));
  });

  it("Pakistan's point of view moves Jammu and Kashmir from India to Pakistan and keeps Gilgit-Baltistan in Pakistan", () => {
    const pakistan = applyWorldview(countries, "PAK", areas);
    expect(contains(byCode(countries, "IND"), SRINAGAR)).toBe(true);
    expect(contains(byCode(pakistan, "IND"), SRINAGAR)).toBe(false);
    expect(contains(byCode(pakistan, "PAK"), SRINAGAR)).toBe(true);
    expect(contains(byCode(pakistan, "PAK"), GILGIT)).toBe(true);
    expect(contains(byCode(pakistan, "IND"), AKSAI_CHIN)).toBe(false);
  });

  it("is what the ingest and the sample grids read when the deployment sets it", () => {
    const india = loadGeoFeatures(geoDir, seeds, "IND");
    expect(contains(byCode(india, "IND"), AKSAI_CHIN)).toBe(true);
    expect(contains(byCode(loadGeoFeatures(geoDir, seeds, DE_FACTO), "IND"), AKSAI_CHIN)).toBe(false);
  });

  describe("the outline line of a place's pages", () => {
    afterEach(() => vi.unstubAllEnvs());
    it("names the de facto depiction for a country when no worldview is set, and the point of view when one is", () => {
      expect(outlineSourceLine({ code: "IND", type: "Country" })).toContain("Boundaries: Natural Earth's de facto depiction");
      vi.stubEnv("WORLDVIEW", "PAK");
      expect(outlineSourceLine({ code: "IND", type: "Country" })).toContain("Boundaries: the point of view of Pakistan as Natural Earth publishes it");
      // a state's outline is the admin-1 layer's whatever the point of view, and says so
      expect(outlineSourceLine({ code: "IN-UP", type: "State", country: "IND" })).toContain("moves disputed areas between countries' outlines only");
    });
  });

  it("draws the countries and their neighbours from the point of view: China without Aksai Chin, no Siachen of its own, under India's", () => {
    type Drawing = { features: { type: "Feature"; properties: { name: string; iso3: string | null }; geometry: GeoFeature["geometry"] }[] };
    const drawing = JSON.parse(readFileSync(path.join(geoDir, "countries.json"), "utf8")) as Drawing;
    const named = (d: Drawing, name: string) => d.features.find((f) => f.properties.name === name) as GeoFeature | undefined;
    expect(worldviewDrawing(drawing, DE_FACTO, areas)).toBe(drawing);
    const india = worldviewDrawing(drawing, "IND", areas);
    expect(contains(named(drawing, "China"), AKSAI_CHIN)).toBe(true);
    expect(contains(named(india, "China"), AKSAI_CHIN)).toBe(false);
    expect(contains(named(india, "India"), AKSAI_CHIN)).toBe(true);
    expect(contains(named(india, "Pakistan"), GILGIT)).toBe(false);
    expect(named(drawing, "Siachen Glacier")).toBeDefined();
    expect(named(india, "Siachen Glacier")).toBeUndefined();
    // neighbours no area concerns are drawn as they are, and coordinates keep the drawing's 0.01°
    expect(named(india, "Iran")).toBe(named(drawing, "Iran"));
    const coordinates = JSON.stringify(named(india, "India")!.geometry.coordinates);
    expect(coordinates).not.toMatch(/\.\d{3}/);
  });

  describe("the basemap the maps are drawn from", () => {
    afterEach(() => vi.unstubAllEnvs());
    it("is the de facto drawing without a worldview and the point of view's with one", () => {
      const facto = JSON.parse(geoJson("countries").body) as { features: { properties: { name: string } }[] };
      vi.stubEnv("WORLDVIEW", "IND");
      const india = JSON.parse(geoJson("countries").body) as { features: { properties: { name: string } }[] };
      expect(facto.features.map((f) => f.properties.name)).toContain("Siachen Glacier");
      expect(india.features.map((f) => f.properties.name)).not.toContain("Siachen Glacier");
      expect(geoJson("countries").etag).not.toBe(geoJson("basins").etag);
    });
  });

  it("names every area's holders from the layer", () => {
    expect(areas).toHaveLength(11);
    const kashmir = areas.find((a) => a.name === "Jammu and Kashmir")!;
    expect([kashmir.deFacto, kashmir.holders.IND, kashmir.holders.PAK, kashmir.holders.CHN]).toEqual(["IND", "IND", "PAK", "IND"]);
    expect(path.basename(geoDir)).toBe("geo");
  });
});
