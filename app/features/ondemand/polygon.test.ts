import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodePolygon, encodePolygon, geometryFromGeoJson, MAX_POLYGON_TEXT, polygonSummary, type Geometry } from "./polygon";

const square: Geometry = { type: "Polygon", coordinates: [[[85, 27], [86, 27], [86, 28], [85, 28], [85, 27]]] };

describe("a polygon in the page's address", () => {
  it("comes back as it was written, for polygons with holes and for several polygons", () => {
    const holed: Geometry = { type: "Polygon", coordinates: [...square.coordinates, [[85.2, 27.2], [85.4, 27.2], [85.4, 27.4], [85.2, 27.2]]] };
    const several: Geometry = { type: "MultiPolygon", coordinates: [square.coordinates, [[[70.5, 30.25], [71.1234, 30.25], [71, 31], [70.5, 30.25]]]] };
    for (const g of [square, holed, several]) expect(decodePolygon(encodePolygon(g))).toEqual(g);
  });

  it("holds any position to a ten-thousandth of a degree, in characters an address carries as they are", () => {
    const position = fc.tuple(fc.double({ min: -180, max: 180, noNaN: true }), fc.double({ min: -90, max: 90, noNaN: true }));
    fc.assert(
      fc.property(fc.array(position, { minLength: 1, maxLength: 40 }), (ring) => {
        const text = encodePolygon({ type: "Polygon", coordinates: [ring] });
        expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(new URLSearchParams({ polygon: text }).toString()).toBe(`polygon=${text}`);
        const back = decodePolygon(text) as { coordinates: number[][][] };
        back.coordinates[0].forEach(([x, y], i) => {
          expect(Math.abs(x - ring[i][0])).toBeLessThanOrEqual(0.00005 + 1e-9);
          expect(Math.abs(y - ring[i][1])).toBeLessThanOrEqual(0.00005 + 1e-9);
        });
      }),
    );
  });

  it("is a few characters a position for a drawn or uploaded outline", () => {
    const ring = Array.from({ length: 200 }, (_, i) => [80 + Math.cos((i / 200) * 2 * Math.PI), 25 + Math.sin((i / 200) * 2 * Math.PI)]);
    ring.push(ring[0]);
    expect(encodePolygon({ type: "Polygon", coordinates: [ring] }).length).toBeLessThan(201 * 6);
  });

  it("reads no polygon from text that is not one, nor from text longer than any polygon's", () => {
    for (const text of ["", "!!", "A", "gA.", "g", "zzzzzzzzzzzzzz", "A".repeat(MAX_POLYGON_TEXT + 2)]) expect(decodePolygon(text), text).toBeUndefined();
  });
});

describe("the polygons of a GeoJSON file", () => {
  it("takes a geometry, a Feature, or every polygon of a FeatureCollection as one MultiPolygon", () => {
    expect(geometryFromGeoJson(square)).toEqual({ geometry: square });
    expect(geometryFromGeoJson({ type: "Feature", properties: {}, geometry: square })).toEqual({ geometry: square });
    const collection = {
      type: "FeatureCollection",
      features: [
        { type: "Feature", properties: { name: "a" }, geometry: square },
        { type: "Feature", properties: {}, geometry: { type: "Point", coordinates: [1, 2] } },
        { type: "Feature", properties: {}, geometry: { type: "MultiPolygon", coordinates: [[[[70, 30, 120], [71, 30, 120], [71, 31, 120], [70, 30, 120]]]] } },
      ],
    };
    expect(geometryFromGeoJson(collection)).toEqual({
      geometry: { type: "MultiPolygon", coordinates: [square.coordinates, [[[70, 30], [71, 30], [71, 31], [70, 30]]]] },
    });
  });

  it("rounds positions to the address's precision", () => {
    const fine = { type: "Polygon", coordinates: [[[85.123456, 27.000049], [86, 27], [86, 28], [85.123456, 27.000049]]] };
    expect(geometryFromGeoJson(fine)).toEqual({ geometry: { type: "Polygon", coordinates: [[[85.1235, 27], [86, 27], [86, 28], [85.1235, 27]]] } });
  });

  it("says what a file without a polygon holds", () => {
    expect(geometryFromGeoJson({ type: "Feature", geometry: { type: "LineString", coordinates: [] } })).toEqual({ error: expect.stringContaining("no polygon (it has LineString)") });
    expect(geometryFromGeoJson([1, 2])).toEqual({ error: expect.stringContaining("not GeoJSON") });
  });

  it("leaves positions that are not numbers for the server's rule to name", () => {
    const odd = { type: "Polygon", coordinates: [[["85", 27], [86, 27], [86, 28], ["85", 27]]] };
    expect(geometryFromGeoJson(odd)).toEqual({ geometry: odd });
  });
});

it("summarises a polygon in words", () => {
  expect(polygonSummary(square)).toBe("1 polygon, 5 positions, 85.00 to 86.00 °E, 27.00 to 28.00 °N");
});
