import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from "geojson";
import { geoJson } from "~server/api/maps.server";
import { disputedPlaces } from "~server/places/outlines.server";
import { mercator } from "~/components/map/viewport";

/**
 * The basemap's geometry as the server draws it into SVG (the profiles' locator map, the viewers' map):
 * the outlines of `/api/geo/*` read once, Web Mercator (app/components/map/viewport.ts), clipping to a
 * frame, and thinning to what shows at the drawn size. One way to do each, for every server-drawn map.
 */

export type Area = Feature<Polygon | MultiPolygon, Record<string, unknown>>;
export type Box = [x0: number, y0: number, x1: number, y1: number];
export type Point = [x: number, y: number];

export { mercator };

let layers: { countries: Area[]; basins: Area[]; states: Area[]; disputed: Area[] } | undefined;
/**
 * The countries (`iso3`, `focus`), river basins (`code`, `approximate`) and states and provinces (`code`,
 * `country`; the simplified drawing of `seeds/geo/states.json`) of the basemap, and the disputed areas
 * (`code`; Natural Earth's 1:50m layer as shipped, drawn only as a place of its own), parsed once.
 */
export function geography() {
  const read = (name: "countries" | "basins" | "states") => (JSON.parse(geoJson(name).body) as FeatureCollection<Polygon | MultiPolygon>).features as Area[];
  const disputed = () => disputedPlaces().map((a): Area => ({ type: "Feature", properties: { code: a.code, name: a.name }, geometry: a.geometry as Polygon | MultiPolygon }));
  layers ??= { countries: read("countries"), basins: read("basins"), states: read("states"), disputed: disputed() };
  return layers;
}

/** The polygons of an area (a Polygon is a MultiPolygon of one). */
export const polygons = (area: Area): Position[][][] => (area.geometry.type === "Polygon" ? [area.geometry.coordinates] : area.geometry.coordinates);

/** The bounding box of points given by `toPoint` over the outer rings of areas. */
export function bounds(areas: readonly Area[], toPoint: (p: Position) => Point = mercator): Box {
  const box: Box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const area of areas)
    for (const polygon of polygons(area))
      for (const [x, y] of polygon[0].map(toPoint)) {
        box[0] = Math.min(box[0], x);
        box[1] = Math.min(box[1], y);
        box[2] = Math.max(box[2], x);
        box[3] = Math.max(box[3], y);
      }
  return box;
}

export const union = (a: Box, b: Box): Box => [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
export const overlaps = (a: Box, b: Box) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

/** Sutherland-Hodgman: the part of a ring inside an axis-aligned box. */
export function clipRing(ring: Point[], [x0, y0, x1, y1]: Box): Point[] {
  const edges: [(p: Point) => boolean, (a: Point, b: Point) => Point][] = [
    [(p) => p[0] >= x0, (a, b) => [x0, a[1] + ((b[1] - a[1]) * (x0 - a[0])) / (b[0] - a[0])]],
    [(p) => p[0] <= x1, (a, b) => [x1, a[1] + ((b[1] - a[1]) * (x1 - a[0])) / (b[0] - a[0])]],
    [(p) => p[1] >= y0, (a, b) => [a[0] + ((b[0] - a[0]) * (y0 - a[1])) / (b[1] - a[1]), y0]],
    [(p) => p[1] <= y1, (a, b) => [a[0] + ((b[0] - a[0]) * (y1 - a[1])) / (b[1] - a[1]), y1]],
  ];
  let out = ring;
  for (const [inside, cross] of edges) {
    const input = out;
    out = [];
    input.forEach((p, i) => {
      const prev = input[(i + input.length - 1) % input.length];
      if (inside(p)) {
        if (!inside(prev)) out.push(cross(prev, p));
        out.push(p);
      } else if (inside(prev)) out.push(cross(prev, p));
    });
  }
  return out;
}

/** A coordinate rounded to 0.1 px: finer than the eye, and short in the markup. */
export const round = (v: number) => Math.round(v * 10) / 10;

/**
 * Douglas-Peucker: the points of a ring that keep its shape within `tolerance` px, rounded to 0.1 px (or
 * to whole pixels with `decimals` 0, for outlines thinned coarsely enough that a tenth is noise).
 */
export function thin(ring: Point[], tolerance: number, decimals: 0 | 1 = 1): Point[] {
  if (ring.length === 0) return [];
  const line = [...ring, ring[0]];
  const keep = new Array<boolean>(line.length).fill(false);
  keep[0] = keep[line.length - 1] = true;
  const stack: [number, number][] = [[0, line.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop()!;
    const [ax, ay] = line[first];
    const [bx, by] = line[last];
    const length = Math.hypot(bx - ax, by - ay);
    let farthest = -1;
    let distance = tolerance;
    for (let i = first + 1; i < last; i++) {
      const [px, py] = line[i];
      const d = length === 0 ? Math.hypot(px - ax, py - ay) : Math.abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / length;
      if (d > distance) [farthest, distance] = [i, d];
    }
    if (farthest > 0) {
      keep[farthest] = true;
      stack.push([first, farthest], [farthest, last]);
    }
  }
  const kept: Point[] = [];
  const at = decimals === 1 ? round : Math.round;
  line.slice(0, -1).forEach(([x, y], i) => {
    const last = kept[kept.length - 1];
    const p: Point = [at(x), at(y)];
    if (keep[i] && !(last && last[0] === p[0] && last[1] === p[1])) kept.push(p);
  });
  return kept;
}

/** The area of a ring (shoelace), in px²; holes count as area too, which is all a size check needs. */
export function ringArea(ring: Point[]) {
  let twice = 0;
  ring.forEach(([x, y], i) => {
    const [nx, ny] = ring[(i + 1) % ring.length];
    twice += x * ny - nx * y;
  });
  return Math.abs(twice) / 2;
}

/**
 * An area's outline as a path's `d`, projected by `toPixel`, clipped to `frame` and thinned to `tolerance`
 * px, its points at `decimals` (0.1 px, or whole pixels with 0); rings that vanish at this size are left
 * out (unless `keepSmall`: then they are kept unthinned, at 0.1 px).
 * `relative` writes each point after a ring's first as its offset from the one before (shorter markup, the
 * same shape: offsets are taken between rounded points, so they add up exactly). Also its drawn area (px²).
 */
export function outline(
  area: Area,
  toPixel: (p: Position) => Point,
  frame: Box,
  { tolerance, keepSmall = false, relative = false, decimals = 1 }: { tolerance: number; keepSmall?: boolean; relative?: boolean; decimals?: 0 | 1 },
): { d: string; size: number } {
  let d = "";
  let size = 0;
  for (const polygon of polygons(area))
    for (const ring of polygon) {
      const clipped = clipRing(ring.map(toPixel), frame);
      let points = thin(clipped, tolerance, decimals);
      // a ring smaller than a pixel keeps its tenths too (an atoll collapses at whole pixels)
      if (points.length < 3 && keepSmall) points = thin(clipped, 0);
      if (points.length < 3) continue;
      d += relative ? relativePath(points) : `M${points.map(([x, y]) => `${x},${y}`).join(" ")}Z`;
      size += ringArea(points);
    }
  return { d, size };
}

/** A number as short as SVG reads it: "0.5" as ".5", "-0.5" as "-.5". */
const short = (v: number) => String(v).replace(/^(-?)0\./, "$1.");

/** A ring as `M x,y l dx,dy ... z` with the offsets between its rounded points. */
function relativePath(points: Point[]): string {
  let d = `M${short(points[0][0])} ${short(points[0][1])}l`;
  for (let i = 1; i < points.length; i++) {
    const dx = round(points[i][0] - points[i - 1][0]);
    const dy = round(points[i][1] - points[i - 1][1]);
    const x = short(dx);
    const y = short(dy);
    // a sign separates numbers by itself
    d += `${i > 1 && dx >= 0 ? " " : ""}${x}${dy >= 0 ? " " : ""}${y}`;
  }
  return `${d}z`;
}
