import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from "geojson";
import { geoJson } from "../../../server/api/maps.server";
import { BASEMAP_COLORS } from "~/components/map/style";
import { svgLabel } from "~/lib/svg-label";
import type { ProfilePlace } from "./profile";

/**
 * A small locator map of a place, drawn on the server as an SVG string: the countries around South Asia,
 * the eight focus countries in a stronger fill, and the place (a country or a river basin) highlighted.
 * Web Mercator like the interactive map, fitted to the focus countries (and the place, when it reaches
 * beyond them). Colours are classes with inline defaults, so the file also reads by itself (data pack);
 * styles/profile-graphics.css recolours it for the dark theme and print.
 */

type Area = Feature<Polygon | MultiPolygon, Record<string, unknown>>;
type Box = [x0: number, y0: number, x1: number, y1: number];

export interface PlaceMapOptions {
  width?: number;
  height?: number;
  /** Prefix of the ids of the title and description (unique on the page). */
  idPrefix?: string;
}

/** Room around the fitted extent, in pixels. */
const PADDING = 12;
/** Outlines are simplified to within this many pixels. */
const TOLERANCE = 0.5;
/** Below this projected area (px²) the place also gets a ring, so it shows at this size. */
const SMALL_AREA = 150;

let layers: { countries: Area[]; basins: Area[] } | undefined;
function geography() {
  layers ??= {
    countries: (JSON.parse(geoJson("countries").body) as FeatureCollection<Polygon | MultiPolygon>).features as Area[],
    basins: (JSON.parse(geoJson("basins").body) as FeatureCollection<Polygon | MultiPolygon>).features as Area[],
  };
  return layers;
}

/** Web Mercator in radians: x = λ, y = ln tan(π/4 + φ/2). */
const mercator = ([lon, lat]: Position): [number, number] => {
  const phi = (Math.max(-85, Math.min(85, lat)) * Math.PI) / 180;
  return [(lon * Math.PI) / 180, Math.log(Math.tan(Math.PI / 4 + phi / 2))];
};

const polygons = (area: Area): Position[][][] => (area.geometry.type === "Polygon" ? [area.geometry.coordinates] : area.geometry.coordinates);

function bounds(areas: readonly Area[]): Box {
  const box: Box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const area of areas)
    for (const polygon of polygons(area))
      for (const [x, y] of polygon[0].map(mercator)) {
        box[0] = Math.min(box[0], x);
        box[1] = Math.min(box[1], y);
        box[2] = Math.max(box[2], x);
        box[3] = Math.max(box[3], y);
      }
  return box;
}

const union = (a: Box, b: Box): Box => [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
const overlaps = (a: Box, b: Box) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

/** Sutherland-Hodgman: the part of a ring inside an axis-aligned box. */
function clipRing(ring: [number, number][], [x0, y0, x1, y1]: Box): [number, number][] {
  const edges: [(p: [number, number]) => boolean, (a: [number, number], b: [number, number]) => [number, number]][] = [
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

const round = (v: number) => Math.round(v * 10) / 10;

/** Douglas-Peucker: the points of a ring that keep its shape within `tolerance` px, rounded to 0.1 px. */
function thin(ring: [number, number][], tolerance: number): [number, number][] {
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
  const kept: [number, number][] = [];
  line.slice(0, -1).forEach(([x, y], i) => {
    const last = kept[kept.length - 1];
    const p: [number, number] = [round(x), round(y)];
    if (keep[i] && !(last && last[0] === p[0] && last[1] === p[1])) kept.push(p);
  });
  return kept;
}

/** The area of a ring (shoelace), in px²; holes count as area too, which is all a size check needs. */
function ringArea(ring: [number, number][]) {
  let twice = 0;
  ring.forEach(([x, y], i) => {
    const [nx, ny] = ring[(i + 1) % ring.length];
    twice += x * ny - nx * y;
  });
  return Math.abs(twice) / 2;
}

/** The locator map of a place as an SVG string (about 320×240, a few KB). */
export function placeMapSvg(place: ProfilePlace, options: PlaceMapOptions = {}): string {
  const { width = 320, height = 240, idPrefix = `placemap-${place.slug}` } = options;
  const { countries, basins } = geography();
  const isBasin = place.type === "Basin";
  const area = (isBasin ? basins.find((b) => b.properties.code === place.code) : countries.find((c) => c.properties.iso3 === place.code)) ?? null;

  // the view: the focus countries, and the whole place when it reaches beyond them
  const focus = countries.filter((c) => c.properties.focus === true);
  let extent = bounds(focus);
  if (area) extent = union(extent, bounds([area]));
  const scale = Math.min((width - 2 * PADDING) / (extent[2] - extent[0]), (height - 2 * PADDING) / (extent[3] - extent[1]));
  const dx = (width - scale * (extent[2] - extent[0])) / 2;
  const dy = (height - scale * (extent[3] - extent[1])) / 2;
  const toScreen = ([x, y]: [number, number]): [number, number] => [dx + (x - extent[0]) * scale, height - dy - (y - extent[1]) * scale];
  const toPixel = (p: Position) => toScreen(mercator(p));
  // clip a little outside the frame, so clipped edges (and their strokes) stay out of sight
  const frame: Box = [-2, -2, width + 2, height + 2];
  const view: Box = [extent[0] - dx / scale, extent[1] - dy / scale, extent[2] + dx / scale, extent[3] + dy / scale];

  /** A path's `d` and its drawn area (px²); rings that vanish at this size are dropped, except the place's. */
  const draw = (feature: Area, keepSmall = false) => {
    let d = "";
    let size = 0;
    for (const polygon of polygons(feature))
      for (const ring of polygon) {
        const clipped = clipRing(ring.map(toPixel), frame);
        let points = thin(clipped, TOLERANCE);
        if (points.length < 3 && keepSmall) points = thin(clipped, 0);
        if (points.length < 3) continue;
        d += `M${points.map(([x, y]) => `${x},${y}`).join(" ")}Z`;
        size += ringArea(points);
      }
    return { d, size };
  };
  const paths = (features: Area[]) =>
    features
      .filter((f) => f !== area && overlaps(bounds([f]), view))
      .map((f) => draw(f).d)
      .filter(Boolean)
      .map((d) => `<path d="${d}"/>`)
      .join("");

  const c = BASEMAP_COLORS;
  const approximate = isBasin && area?.properties.approximate === true;
  const label = svgLabel(
    idPrefix,
    isBasin ? `${place.name} basin on a map of South Asia` : `${place.name} on a map of South Asia`,
    (isBasin
      ? `The ${place.name} river basin${approximate ? " (approximate outline)" : ""}, highlighted over the countries of South Asia.`
      : `${place.name}, a country of South Asia, highlighted among its neighbours.`) + (area ? "" : " Its outline is not available."),
  );
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" ${label.attributes} class="sacap-placemap">`,
    label.elements,
    `<g stroke-width="0.5" stroke-linejoin="round">`,
    `<g class="sacap-placemap__land" fill="${c.land}" stroke="${c.border}">${paths(countries.filter((f) => f.properties.focus !== true))}</g>`,
    `<g class="sacap-placemap__focus" fill="${c.focusLand}" stroke="${c.border}">${paths(focus)}</g>`,
    `</g>`,
  ];
  if (area) {
    const { d, size } = draw(area, true);
    const accent = isBasin ? c.basin : c.selected;
    parts.push(
      `<path class="sacap-placemap__place${isBasin ? " sacap-placemap__basin" : ""}" d="${d}" fill="${accent}" fill-opacity="0.35" stroke="${accent}" stroke-width="1.2" stroke-linejoin="round"/>`,
    );
    if (size < SMALL_AREA) {
      // a ring around a place too small to see at this size (Maldives, Bhutan, small basins)
      const box = bounds([area]);
      const [x0, y0] = toScreen([box[0], box[3]]);
      const [x1, y1] = toScreen([box[2], box[1]]);
      const r = Math.min(26, Math.max(7, Math.max(x1 - x0, y1 - y0) / 2 + 4));
      parts.push(
        `<circle class="sacap-placemap__marker" cx="${round((x0 + x1) / 2)}" cy="${round((y0 + y1) / 2)}" r="${round(r)}" fill="none" stroke="${accent}" stroke-width="1.5"/>`,
      );
    }
  }
  parts.push("</svg>");
  return parts.join("");
}
