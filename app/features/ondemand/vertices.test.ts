import { describe, expect, it } from "vitest";
import { polygonProblem } from "~server/ondemand/request";
import { SOUTH_ASIA_AXES } from "../grids/grid";
import { decodePolygon, encodePolygon, geometryFromGeoJson } from "./polygon";
import { parseVertices, verticesText } from "./vertices";

const ring = (text: string) => {
  const parsed = parseVertices(text);
  if (!("geometry" in parsed)) throw new Error(`no polygon: ${JSON.stringify(parsed)}`);
  return parsed.geometry;
};

describe("a polygon typed as its vertices", () => {
  it("is the GeoJSON Polygon a file of the same corners gives, whichever way the pairs are written", () => {
    const file = geometryFromGeoJson({ type: "Polygon", coordinates: [[[85.1, 27.4], [85.7, 27.4], [85.7, 28], [85.1, 28], [85.1, 27.4]]] });
    const typed = ring("85.1, 27.4\n85.7,27.4\r\n  85.7 28.0\n\n+85.1 ,  28\n85.1, 27.4\n");
    expect(typed).toEqual({ type: "Polygon", coordinates: [[[85.1, 27.4], [85.7, 27.4], [85.7, 28], [85.1, 28], [85.1, 27.4]]] });
    expect(typed).toEqual("geometry" in file && file.geometry);
    // the server takes it as a region, and the address carries it as it does a drawn one
    expect(polygonProblem(typed, SOUTH_ASIA_AXES)).toBeUndefined();
    expect(decodePolygon(encodePolygon(typed))).toEqual(typed);
  });

  it("is closed for the user: the first vertex again at the end, once", () => {
    expect(ring("80, 20\n81, 20\n81, 21").coordinates).toEqual([[[80, 20], [81, 20], [81, 21], [80, 20]]]);
    expect(ring("80, 20\n81, 20\n81, 21\n80, 20").coordinates).toEqual([[[80, 20], [81, 20], [81, 21], [80, 20]]]);
  });

  it("keeps positions to a ten-thousandth of a degree, as a drawn polygon", () => {
    expect(ring("80.123456, 20.00004\n81, 20\n81, -21.99996").coordinates[0]).toEqual([[80.1235, 20], [81, 20], [81, -22], [80.1235, 20]]);
  });

  it("names the first line that is wrong, as the field shows it (blank lines counted)", () => {
    expect(parseVertices("80, 20\n81, 20\n81, 95\n80, 21")).toEqual({ error: "line 3: latitude 95 is outside -90..90" });
    expect(parseVertices("80, 20\n\n181.5, 20\n81, 95")).toEqual({ error: "line 3: longitude 181.5 is outside -180..180" });
    expect(parseVertices("80, 20\n81 20 5\n81, 21")).toEqual({ error: 'line 2: "81 20 5" is not a "longitude, latitude" pair of numbers' });
    expect(parseVertices("80, 20\n81°E, 20°N\n81, 21")).toEqual({ error: 'line 2: "81°E, 20°N" is not a "longitude, latitude" pair of numbers' });
    expect(parseVertices("80, 20\n0x51, 20\n81, 21")).toMatchObject({ error: expect.stringMatching(/^line 2: /) });
    expect(parseVertices("80, 20\n81,\n81, 21")).toMatchObject({ error: expect.stringMatching(/^line 2: /) });
  });

  it("needs three vertices at least", () => {
    expect(parseVertices("80, 20\n81, 21")).toEqual({ error: "a polygon needs at least three vertices: 2 were given" });
    expect(parseVertices("80, 20\n81, 21\n80, 20")).toEqual({ error: "a polygon needs at least three vertices: 2 were given" });
    expect(parseVertices("80, 20")).toEqual({ error: "a polygon needs at least three vertices: one was given" });
  });

  it("is nothing at all when no position is typed", () => {
    expect(parseVertices("")).toEqual({ empty: true });
    expect(parseVertices(" \n\n ")).toEqual({ empty: true });
  });

  it("leaves the server's rules to the server: a ring outside the grid parses, and the server names it", () => {
    const far = ring("120, 27\n121, 27\n121, 28");
    expect(polygonProblem(far, SOUTH_ASIA_AXES)?.rule).toBe("within-grid");
  });

  it("shows a polygon of one ring as its vertices, which read back to it; other polygons as nothing", () => {
    const typed = ring("85.1, 27.4\n85.7, 27.4\n85.7, 28");
    expect(verticesText(typed)).toBe("85.1, 27.4\n85.7, 27.4\n85.7, 28");
    expect(ring(verticesText(typed))).toEqual(typed);
    expect(verticesText({ type: "MultiPolygon", coordinates: [typed.coordinates as number[][][], typed.coordinates as number[][][]] })).toBe("");
    expect(verticesText(undefined)).toBe("");
  });
});
