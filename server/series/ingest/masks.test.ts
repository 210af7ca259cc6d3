import { describe, expect, it } from "vitest";
import { SOUTH_ASIA_AXES } from "../../../app/features/grids/grid";
import { loadGeoFeatures, shippedGeoDir } from "../../places/outlines.server";
import { loadSeeds } from "../../seeds.server";
import { computeMasks, type GeoFeature } from "./masks";

/**
 * The masks against a second, plainer implementation written here: every cell of the outline's box clipped
 * from the whole outline (Sutherland-Hodgman against the cell's four sides, in the same equal-area
 * coordinates), holes subtracted. `computeMasks` shares each row's strip of the outline out among the
 * row's cells instead; both must give the same cells and weights, on outlines whose long edges cross many
 * cells (where a cell can be cut by an edge with no vertex near it), concave ones, holes, the shipped
 * places, and a grid running north to south.
 */

const RAD = Math.PI / 180;
const S = (lat: number) => Math.sin(lat * RAD);
type Pt = [number, number];

function clip(points: Pt[], inside: (p: Pt) => boolean, cross: (a: Pt, b: Pt) => Pt): Pt[] {
  const out: Pt[] = [];
  points.forEach((b, i) => {
    const a = points[(i + points.length - 1) % points.length];
    if (inside(b)) {
      if (!inside(a)) out.push(cross(a, b));
      out.push(b);
    } else if (inside(a)) out.push(cross(a, b));
  });
  return out;
}

function cellArea(ring: Pt[], x0: number, x1: number, y0: number, y1: number): number {
  const atX = (x: number) => (a: Pt, b: Pt): Pt => [x, a[1] + ((b[1] - a[1]) * (x - a[0])) / (b[0] - a[0])];
  const atY = (y: number) => (a: Pt, b: Pt): Pt => [a[0] + ((b[0] - a[0]) * (y - a[1])) / (b[1] - a[1]), y];
  let p = clip(ring, (q) => q[0] >= x0, atX(x0));
  p = clip(p, (q) => q[0] <= x1, atX(x1));
  p = clip(p, (q) => q[1] >= y0, atY(y0));
  p = clip(p, (q) => q[1] <= y1, atY(y1));
  let twice = 0;
  p.forEach((b, i) => {
    const a = p[(i + p.length - 1) % p.length];
    twice += a[0] * b[1] - b[0] * a[1];
  });
  return Math.abs(twice) / 2;
}

/** Every cell's weight, the plain way: a map of cell index to area. */
function plainMasks(lat: Float64Array, lon: Float64Array, feature: GeoFeature): Map<number, number> {
  const dLat = Math.abs(lat[1] - lat[0]);
  const dLon = Math.abs(lon[1] - lon[0]);
  const polygons = feature.geometry.type === "Polygon" ? [feature.geometry.coordinates] : feature.geometry.coordinates;
  const out = new Map<number, number>();
  for (const polygon of polygons) {
    const rings = polygon.map((ring) => ring.slice(0, -1).map(([x, y]): Pt => [x, S(y)]));
    const xs = polygon[0].map((p) => p[0]);
    const ys = polygon[0].map((p) => p[1]);
    lat.forEach((y, r) => {
      if (y + dLat / 2 < Math.min(...ys) || y - dLat / 2 > Math.max(...ys)) return;
      lon.forEach((x, c) => {
        if (x + dLon / 2 < Math.min(...xs) || x - dLon / 2 > Math.max(...xs)) return;
        const [y0, y1] = [S(y - dLat / 2), S(y + dLat / 2)];
        const area = rings.reduce((sum, ring, k) => sum + (k === 0 ? 1 : -1) * cellArea(ring, x - dLon / 2, x + dLon / 2, y0, y1), 0);
        if (area > 1e-12) out.set(r * lon.length + c, (out.get(r * lon.length + c) ?? 0) + area);
      });
    });
  }
  return out;
}

function expectSame(lat: Float64Array, lon: Float64Array, feature: GeoFeature) {
  const [mask] = computeMasks(lat, lon, [feature]).masks;
  const plain = plainMasks(lat, lon, feature);
  const cellSize = Math.abs(lon[1] - lon[0]) * Math.abs(S(lat[0] + 0.5 * Math.abs(lat[1] - lat[0])) - S(lat[0] - 0.5 * Math.abs(lat[1] - lat[0])));
  expect(Array.from(mask.cells)).toEqual([...plain.keys()].sort((a, b) => a - b));
  mask.cells.forEach((cell, i) => expect(Math.abs(mask.weights[i] - plain.get(cell)!) / cellSize).toBeLessThan(1e-9));
}

const axis = (first: number, step: number, n: number) => Float64Array.from({ length: n }, (_, i) => first + i * step);

describe("place masks against a plain per-cell clipping", () => {
  it("an outline of long edges, each crossing many cells with no vertex near most of them", () => {
    // a zigzag between two latitudes, then back along the south: every edge crosses every row
    const ring: number[][] = [];
    for (let i = 0; i < 41; i++) ring.push([70 + i * 0.5, i % 2 ? 34.9 : 20.1]);
    ring.push([90, 19.9], [70, 19.9], [70, 20.1]);
    const zigzag: GeoFeature = { code: "Z", geometry: { type: "Polygon", coordinates: [ring] } };
    expectSame(axis(19.875, 0.25, 64), axis(69.875, 0.25, 84), zigzag);
    // and a long diagonal sliver across the whole grid
    const sliver: GeoFeature = { code: "D", geometry: { type: "Polygon", coordinates: [[[70.05, 20.05], [89.9, 34.8], [89.7, 34.9], [70.05, 20.05]]] } };
    expectSame(axis(19.875, 0.25, 64), axis(69.875, 0.25, 84), sliver);
  });

  it("concave outlines with holes, vertices on the cells' edges, and a grid running north to south", () => {
    const comb: GeoFeature = {
      code: "C",
      geometry: {
        type: "MultiPolygon",
        coordinates: [
          [
            [[80, 25], [84, 25], [84, 29], [83, 29], [83, 26], [82, 26], [82, 29], [81, 29], [81, 26.3], [80, 29], [80, 25]],
            [[80.5, 25.5], [81.5, 25.5], [81.5, 25.75], [80.5, 25.75], [80.5, 25.5]],
          ],
          [[[85.1, 27.1], [85.2, 27.1], [85.15, 27.17], [85.1, 27.1]]],
        ],
      },
    };
    expectSame(axis(24.125, 0.25, 24), axis(79.125, 0.25, 32), comb);
    expectSame(axis(30.25, -0.5, 14), axis(79.25, 0.5, 16), comb);
  });

  it("the shipped outlines of the countries and some states, on the portal's grid", () => {
    const seeds = loadSeeds();
    const features = loadGeoFeatures(shippedGeoDir(), seeds).filter((f) => ["NPL", "LKA", "BTN", "IN-UP", "IN-KL", "PK-BA"].includes(f.code));
    const lat = axis(SOUTH_ASIA_AXES.lat0, SOUTH_ASIA_AXES.dlat, SOUTH_ASIA_AXES.rows);
    const lon = axis(SOUTH_ASIA_AXES.lon0, SOUTH_ASIA_AXES.dlon, SOUTH_ASIA_AXES.columns);
    expect(features.length).toBeGreaterThanOrEqual(5);
    for (const feature of features) expectSame(lat, lon, feature);
  });
});
