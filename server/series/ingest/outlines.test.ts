import { describe, expect, it } from "vitest";
import { checkOutlines, findCrossing, OutlineError, withOperatorOutlines } from "./outlines";
import type { PlaceEntry } from "../../../app/features/places/places";

const KNOWN: PlaceEntry[] = [
  { field_value: "NPL", name: "Nepal", field_geotype: "Country" },
  { field_value: "BTN", name: "Bhutan", field_geotype: "Country" },
  { field_value: "IND", name: "India", field_geotype: "Country" },
  { field_value: "indus", name: "Indus", field_geotype: "Basin" },
  { field_value: "IN-UP", name: "Uttar Pradesh", field_geotype: "State", field_country: "IND" },
  { field_value: "IN-PB", name: "Punjab", field_geotype: "State", field_country: "IND" },
  { field_value: "PAK", name: "Pakistan", field_geotype: "Country" },
  { field_value: "PK-PB", name: "Punjab", field_geotype: "State", field_country: "PAK" },
];
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
      [collection(feature({ code: "Nepal" }, polygon(box(80, 26, 88, 30)))), /feature 1 \(Nepal\): not a place of the catalogue \(did you mean NPL \(Nepal\)\?\), nor a code for a new place/],
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

  it("adds a place whose code the catalogue does not have, with its name and country", () => {
    const out = checkOutlines(
      collection(
        feature({ code: "IN-UP-LKO", name: " Lucknow ", country: "IND", kind: "District" }, polygon(box(80.6, 26.6, 81.2, 27.1))),
        feature({ code: "IN-UP" }, polygon(box(77, 24, 84, 30))),
        feature({ code: "terai-west", name: "Western Terai", country: "NPL" }, polygon(box(80, 28, 82, 29))),
      ),
      "mine.geojson",
      KNOWN,
    );
    expect(out.map((f) => [f.code, f.added])).toEqual([
      ["IN-UP-LKO", { name: "Lucknow", country: "IND" }],
      ["IN-UP", undefined],
      ["terai-west", { name: "Western Terai", country: "NPL" }],
    ]);
  });

  it("names the rule a new place breaks", () => {
    const lucknow = polygon(box(80.6, 26.6, 81.2, 27.1));
    const bad: [unknown, RegExp][] = [
      [collection(feature({ code: "IN-UP-LKO", country: "IND" }, lucknow)), /mine\.geojson: feature 1 \(IN-UP-LKO\): not a place of the catalogue: a new place needs its name \(properties\.name\)/],
      [collection(feature({ code: "IN-UP-LKO", name: "  ", country: "IND" }, lucknow)), /feature 1 \(IN-UP-LKO\): not a place of the catalogue: a new place needs its name/],
      [collection(feature({ code: "IN-UP-LKO", name: "Lucknow" }, lucknow)), /feature 1 \(IN-UP-LKO\): a new place needs its country \(properties\.country, one of AFG, BGD, BTN, IND, LKA, MDV, NPL, PAK\)$/],
      [collection(feature({ code: "IN-UP-LKO", name: "Lucknow", country: "India" }, lucknow)), /feature 1 \(IN-UP-LKO\): a new place needs its country \(.*\), not "India"/],
      [collection(feature({ code: "IN-UP-LKO", name: "Lucknow", country: "CHN" }, lucknow)), /a new place needs its country .*, not "CHN"/],
      [collection(feature({ code: "IN-UP-LKO", name: "Lucknow", country: "NPL" }, lucknow)), /feature 1 \(IN-UP-LKO\): an ISO 3166-2 code of NPL starts with NP-, not IN-/],
      [collection(feature({ code: "Lucknow", name: "Lucknow", country: "IND" }, lucknow)), /feature 1 \(Lucknow\): not a place of the catalogue, nor a code for a new place: an ISO 3166-2 code of its country such as IN-UP-LKO, or a lowercase code/],
      // the code is a catalogue place's address, or its code in other letters
      [collection(feature({ code: "uttar-pradesh", name: "Uttar Pradesh (official)", country: "IND" }, lucknow)), /feature 1 \(uttar-pradesh\): the code uttar-pradesh is the address of Uttar Pradesh \(IN-UP\) \(\/profiles\/uttar-pradesh\); give it another code/],
      [collection(feature({ code: "in-up", name: "Uttar Pradesh (official)", country: "IND" }, lucknow)), /feature 1 \(in-up\): the code in-up is IN-UP in other letters \(Uttar Pradesh \(IN-UP\)\)/],
      // the name gives the address of a place of the catalogue, or of another added place
      [collection(feature({ code: "IN-UP-X", name: "Uttar Pradesh", country: "IND" }, lucknow)), /feature 1 \(IN-UP-X\): its name "Uttar Pradesh" is Uttar Pradesh \(IN-UP\)'s, whose address \/profiles\/uttar-pradesh would become \/profiles\/uttar-pradesh-india; give it another name/],
      [collection(feature({ code: "IN-PB-X", name: "Punjab", country: "IND" }, lucknow)), /feature 1 \(IN-PB-X\): its name "Punjab" gives it the address \/profiles\/punjab-india, which is Punjab \(IN-PB\)'s; give it another name/],
      [
        collection(feature({ code: "IN-UP-LKO", name: "Lucknow", country: "IND" }, lucknow), feature({ code: "lucknow-city", name: "Lucknow", country: "IND" }, lucknow)),
        /feature 1 \(IN-UP-LKO\): its name "Lucknow" gives it the address \/profiles\/lucknow-india, which is Lucknow \(lucknow-city\)'s/,
      ],
      [collection(feature({ code: "lucknow", name: "Lucknow", country: "IND" }, lucknow), feature({ code: "lucknow", name: "Lucknow", country: "IND" }, lucknow)), /feature 2 \(lucknow\): a second outline for lucknow \(feature 1 has one\)/],
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
