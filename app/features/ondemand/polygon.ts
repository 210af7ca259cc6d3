/**
 * A user's own region as a polygon: read from a GeoJSON file (or the GeoJSON a zipped shapefile is read
 * into), and written into the page's address in few characters, so that a question over it can be shared
 * as a link like any other.
 *
 * The portal's server checks a polygon (`server/ondemand/request.ts`, `polygonProblem`: the rules
 * `geometry-type`, `positions`, `ring-size`, `closed-rings`, `max-vertices`, `within-grid`, `area`) and
 * names the rule a polygon breaks; this module does not check them again, so that one place decides. It
 * only takes the polygons out of what a file holds, and rounds positions to a ten-thousandth of a degree
 * (11 m; the grid's cells are 0.25°, 28 km), which the address can carry.
 */

export type Geometry = { type: "Polygon"; coordinates: number[][][] } | { type: "MultiPolygon"; coordinates: number[][][][] };

/** Positions are kept to this many parts of a degree in the address. */
const SCALE = 1e4;
/** URL-safe digits (base64url's): the address carries them as they are. */
const DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const RING_SEPARATOR = ".";
const POLYGON_SEPARATOR = "*";
/**
 * The longest polygon text read from an address: a polygon of the most positions the server accepts
 * (2,000) at six characters each, with room. Longer text is not decoded (bounded work for any address).
 */
export const MAX_POLYGON_TEXT = 16_000;
/**
 * A polygon whose text is longer than this is not written into the address (proxies refuse request lines
 * of more than 8 KB): the address names the job instead, which keeps the polygon with its inputs.
 */
export const MAX_ADDRESS_POLYGON = 6_000;

const round = (v: number) => Math.round(v * SCALE) / SCALE;

/** Each ring's positions as [longitude, latitude] rounded to the address's precision. */
export function roundedGeometry(g: Geometry): Geometry {
  const ring = (r: number[][]) => r.map(([x, y]) => [round(x), round(y)]);
  return g.type === "Polygon" ? { type: "Polygon", coordinates: g.coordinates.map(ring) } : { type: "MultiPolygon", coordinates: g.coordinates.map((p) => p.map(ring)) };
}

function writeNumber(value: number, out: string[]) {
  // zigzag: small magnitudes of either sign are small numbers
  let n = value >= 0 ? value * 2 : -value * 2 - 1;
  do {
    const chunk = n % 32;
    n = Math.floor(n / 32);
    out.push(DIGITS[n > 0 ? chunk + 32 : chunk]);
  } while (n > 0);
}

/**
 * A polygon as address text: per ring, its positions in ten-thousandths of a degree, each the difference
 * from the one before, five bits a character with a continuation bit; rings separated by ".", polygons
 * (of a MultiPolygon) by "*". A MultiPolygon of one polygon is written as a Polygon.
 */
export function encodePolygon(g: Geometry): string {
  const polygons = g.type === "Polygon" ? [g.coordinates] : g.coordinates;
  return polygons
    .map((rings) =>
      rings
        .map((ring) => {
          const out: string[] = [];
          let [px, py] = [0, 0];
          for (const [x, y] of ring) {
            const [ix, iy] = [Math.round(x * SCALE), Math.round(y * SCALE)];
            writeNumber(ix - px, out);
            writeNumber(iy - py, out);
            [px, py] = [ix, iy];
          }
          return out.join("");
        })
        .join(RING_SEPARATOR),
    )
    .join(POLYGON_SEPARATOR);
}

/** The polygon of address text (`encodePolygon`); undefined for text that is not one. */
export function decodePolygon(text: string): Geometry | undefined {
  if (text.length === 0 || text.length > MAX_POLYGON_TEXT) return undefined;
  const polygons: number[][][][] = [];
  for (const part of text.split(POLYGON_SEPARATOR)) {
    const rings: number[][][] = [];
    for (const ringText of part.split(RING_SEPARATOR)) {
      const values: number[] = [];
      let n = 0;
      let factor = 1;
      for (const char of ringText) {
        const digit = DIGITS.indexOf(char);
        if (digit < 0) return undefined;
        n += (digit % 32) * factor;
        factor *= 32;
        if (factor > 2 ** 40) return undefined;
        if (digit < 32) {
          values.push(n % 2 === 0 ? n / 2 : -(n + 1) / 2);
          n = 0;
          factor = 1;
        }
      }
      if (factor !== 1 || values.length === 0 || values.length % 2 !== 0) return undefined;
      const ring: number[][] = [];
      let [x, y] = [0, 0];
      for (let i = 0; i < values.length; i += 2) {
        x += values[i];
        y += values[i + 1];
        ring.push([x / SCALE, y / SCALE]);
      }
      rings.push(ring);
    }
    polygons.push(rings);
  }
  return polygons.length === 1 ? { type: "Polygon", coordinates: polygons[0] } : { type: "MultiPolygon", coordinates: polygons };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The polygons of a GeoJSON object (a geometry, a Feature, a FeatureCollection or a GeometryCollection),
 * as one Polygon or a MultiPolygon of them all, positions rounded (`roundedGeometry`) and cut to longitude
 * and latitude. Anything else (points, lines, no polygon at all) is an error in words; the positions
 * themselves are the server's to check.
 */
export function geometryFromGeoJson(value: unknown): { geometry: Geometry } | { error: string } {
  const polygons: unknown[] = [];
  const others = new Set<string>();
  const visit = (v: unknown, depth: number): void => {
    if (!isRecord(v) || depth > 4) return;
    if (v.type === "FeatureCollection" && Array.isArray(v.features)) v.features.forEach((f) => visit(f, depth + 1));
    else if (v.type === "Feature") visit(v.geometry, depth + 1);
    else if (v.type === "GeometryCollection" && Array.isArray(v.geometries)) v.geometries.forEach((g) => visit(g, depth + 1));
    else if (v.type === "Polygon") polygons.push(v.coordinates);
    else if (v.type === "MultiPolygon" && Array.isArray(v.coordinates)) polygons.push(...v.coordinates);
    else if (typeof v.type === "string") others.add(v.type);
  };
  visit(value, 0);
  if (polygons.length === 0) {
    if (!isRecord(value) || typeof value.type !== "string") return { error: "the file is not GeoJSON: no \"type\" of a geometry, Feature or FeatureCollection" };
    return { error: `the file has no polygon${others.size ? ` (it has ${[...others].join(", ")})` : ""}: a region is a Polygon or MultiPolygon` };
  }
  // positions that are not pairs of numbers go to the server as they are: its rule `positions` names them
  const cut = (ring: unknown) => (Array.isArray(ring) ? ring.map((p) => (Array.isArray(p) && p.length > 2 ? p.slice(0, 2) : p)) : ring);
  const rings = polygons.map((p) => (Array.isArray(p) ? p.map(cut) : p)) as number[][][][];
  const numeric = rings.every((p) => Array.isArray(p) && p.every((r) => Array.isArray(r) && r.every((q) => Array.isArray(q) && q.length === 2 && q.every((n) => typeof n === "number" && Number.isFinite(n)))));
  const geometry: Geometry = rings.length === 1 ? { type: "Polygon", coordinates: rings[0] } : { type: "MultiPolygon", coordinates: rings };
  return { geometry: numeric ? roundedGeometry(geometry) : geometry };
}

/** "2 polygons, 14 positions, 84.1 to 85.3 °E, 27.0 to 28.2 °N": what a chosen polygon is, in words. */
export function polygonSummary(g: Geometry): string {
  const polygons = g.type === "Polygon" ? [g.coordinates] : g.coordinates;
  const positions = polygons.flat(2).filter((p): p is number[] => Array.isArray(p) && typeof p[0] === "number" && typeof p[1] === "number");
  const xs = positions.map((p) => p[0]);
  const ys = positions.map((p) => p[1]);
  const span = (v: number[], unit: string) => (v.length ? `${Math.min(...v).toFixed(2)} to ${Math.max(...v).toFixed(2)} ${unit}` : "");
  const count = `${polygons.length} polygon${polygons.length === 1 ? "" : "s"}, ${positions.length} positions`;
  return positions.length ? `${count}, ${span(xs, "°E")}, ${span(ys, "°N")}` : count;
}
