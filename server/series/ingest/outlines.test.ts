import { describe, expect, it } from "vitest";
import { checkOutlines, findCrossing, OutlineError, withOperatorOutlines } from "./outlines";

const KNOWN = ["NPL", "BTN", "indus"];
const box = (x0: number, y0: number, x1: number, y1: number) => [[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]];
const feature = (properties: Record<string, unknown>, geometry: unknown) => ({ type: "Feature", properties, geometry });
const polygon = (...rings: number[][][]) => ({ type: "Polygon", coordinates: rings });
const collection = (...features: unknown[]) => ({ type: "FeatureCollection", features });
const check = (value: unknown) => () => checkOutlines(value, "mine.geojson", KNOWN);

describe("operator outlines", () => {
  it("takes polygons and multipolygons named by code or iso3", () => {
    const out = checkOutlines(
      collection(
        feature({ code: "NPL" }, polygon(box(80, 26, 88, 30), box(84, 27, 85, 28))),
        feature({ iso3: "BTN" }, { type: "MultiPolygon", coordinates: [[box(89, 26.7, 92, 28.3)], [box(93, 26, 94, 27)]] }),
      ),
      "mine.geojson",
      KNOWN,
    );
    expect(out.map((f) => [f.code, f.geometry.type])).toEqual([["NPL", "Polygon"], ["BTN", "MultiPolygon"]]);
  });

  it("names the feature and the rule it breaks", () => {
    const bad: [unknown, RegExp][] = [
      [{ type: "Feature" }, /mine\.geojson: not a GeoJSON FeatureCollection \(found a Feature\)/],
      [collection(), /has no features/],
      [collection(feature({ name: "Nepal" }, polygon(box(80, 26, 88, 30)))), /feature 1: missing code \(properties\.code or properties\.iso3/],
      [collection(feature({ code: "XYZ" }, polygon(box(80, 26, 88, 30)))), /feature 1 \(XYZ\): not a place of the catalogue \(NPL, BTN, indus\)/],
      [collection(feature({ code: "NPL" }, polygon(box(80, 26, 88, 30))), feature({ code: "NPL" }, polygon(box(80, 26, 88, 30)))), /feature 2 \(NPL\): a second outline for NPL \(feature 1 has one\)/],
      [collection(feature({ code: "NPL" }, { type: "LineString", coordinates: [[80, 26], [88, 30]] })), /feature 1 \(NPL\): not a polygon: the geometry is a LineString/],
      [collection(feature({ code: "NPL" }, null)), /feature 1 \(NPL\): not a polygon: the geometry is missing/],
      [collection(feature({ code: "NPL" }, polygon([[80, 26], [88, 26], [88, 30], [80, 30]]))), /ring 1 of polygon 1 is not closed/],
      [collection(feature({ code: "NPL" }, polygon([[80, 26], [88, 26], [80, 26]]))), /ring 1 of polygon 1 has 3 positions; a ring needs at least 4/],
      [collection(feature({ code: "NPL" }, polygon([[80, 26], [88, 26], [84, 26], [80, 26]]))), /ring 1 of polygon 1 encloses no area/],
      [collection(feature({ code: "NPL" }, polygon(box(8_900_000, 3_000_000, 9_700_000, 3_500_000)))), /position 1 \(8900000, 3000000\): outside the longitude-latitude grid; coordinates must be WGS 84 degrees/],
      [collection(feature({ code: "NPL" }, polygon([[80, 26], ["88", 26], [88, 30], [80, 26]] as unknown as number[][]))), /position 2: not a \[longitude, latitude\] pair/],
      // a bow tie
      [collection(feature({ code: "NPL" }, polygon([[80, 26], [88, 30], [88, 26], [81, 29], [80, 26]]))), /feature 1 \(NPL\): self-intersection: ring 1 of polygon 1 crosses or touches itself near \(83\.6923, 27\.8462\)/],
      // a hole reaching out of its polygon
      [collection(feature({ code: "NPL" }, polygon(box(80, 26, 88, 30), box(86, 27, 90, 28)))), /self-intersection: rings 1 and 2 of polygon 1 cross or touch near \(88\.0000, 27\.0000\)/],
    ];
    for (const [value, message] of bad) {
      expect(check(value)).toThrow(OutlineError);
      expect(check(value)).toThrow(message);
    }
  });

  it("finds a crossing among a hundred thousand positions quickly, and none in a clean circle", () => {
    const n = 100_000;
    const circle = Array.from({ length: n + 1 }, (_, k) => [84 + 3 * Math.cos((2 * Math.PI * (k % n)) / n), 28 + 2 * Math.sin((2 * Math.PI * (k % n)) / n)]);
    expect(findCrossing([circle])).toBeUndefined();
    // one position pulled across the circle makes two of its edges cross others
    const broken = circle.map((p, k) => (k === n / 2 ? [84 + 3.5, 28] : p));
    expect(findCrossing([broken])).toMatchObject({ rings: [0, 0] });
  });

  it("leaves repeated positions and the ring's closing edge alone", () => {
    expect(findCrossing([[[0, 0], [1, 0], [1, 0], [1, 1], [0, 1], [0, 0]]])).toBeUndefined();
  });

  it("puts the operator's outlines in place of the shipped ones they name", () => {
    const shipped = [
      { code: "NPL", geometry: { type: "Polygon" as const, coordinates: [box(80, 26, 88, 30)] } },
      { code: "BTN", geometry: { type: "Polygon" as const, coordinates: [box(89, 26, 92, 28)] } },
    ];
    const mine = { code: "NPL", geometry: { type: "Polygon" as const, coordinates: [box(81, 27, 87, 29)] } };
    expect(withOperatorOutlines(shipped, [mine])).toEqual([mine, shipped[1]]);
  });
});

describe("the README's table of basin areas", () => {
  it("gives the areas of the shipped basin outlines", async () => {
    const { readFileSync } = await import("node:fs");
    const readme = readFileSync("README.md", "utf8");
    const basins = JSON.parse(readFileSync("seeds/geo/basins.json", "utf8")) as { features: { properties: { name: string }; geometry: { type: string; coordinates: number[][][] } }[] };
    // area on a sphere of radius 6371 km of a ring with straight edges in (longitude, sin latitude)
    const R = 6371.0088;
    const area = (ring: number[][]) => {
      let twice = 0;
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        twice += ring[j][0] * Math.sin((ring[i][1] * Math.PI) / 180) - ring[i][0] * Math.sin((ring[j][1] * Math.PI) / 180);
      }
      return ((Math.abs(twice) / 2) * Math.PI * R * R) / 180;
    };
    expect(basins.features).toHaveLength(16);
    for (const basin of basins.features) {
      const row = readme.split("\n").find((line) => line.startsWith(`| ${basin.properties.name} |`));
      expect(row, basin.properties.name).toBeDefined();
      const stated = Number(row!.split("|")[2].trim().replace(/,/g, ""));
      expect(basin.geometry.type).toBe("Polygon");
      const [outer, ...holes] = basin.geometry.coordinates;
      const computed = area(outer) - holes.reduce((sum, hole) => sum + area(hole), 0);
      expect(Math.abs(stated - computed) / computed, basin.properties.name).toBeLessThan(0.001);
    }
  });
});
