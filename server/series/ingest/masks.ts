import { createHash } from "node:crypto";

/**
 * Which grid cells make each place (country, basin, state or province), and by how much: each cell is weighted by the area of its
 * intersection with the place's outline (holes left out), computed in the equal-area coordinates
 * (longitude, sin latitude) in which a latitude-longitude cell's area is its exact area on the sphere. A
 * small island inside one cell gets that cell with the island's area as its weight. Each place also gets
 * its coverage: the share of its outline's area that the grid's cells cover; a file whose grid covers a
 * place only in part is not used for it (see `minCoverage` of the ingest). Masks are computed once per grid
 * and set of outlines, and kept (in memory and in the series database) for later files and runs.
 */

type Ring = readonly (readonly number[])[];
type PolygonCoords = readonly Ring[];
export interface GeoFeature {
  /** Geo code (`field_value`). */
  code: string;
  geometry: { type: "Polygon"; coordinates: PolygonCoords } | { type: "MultiPolygon"; coordinates: readonly PolygonCoords[] };
}

export interface GeoMask {
  code: string;
  /** Indices of the cells (row * columns + column) that overlap the outline. */
  cells: Uint32Array;
  /** Area of each cell's intersection with the outline (equal-area units: degrees of longitude x sin latitude). */
  weights: Float64Array;
  /** Share of the outline's area covered by the grid's cells, 0..1. */
  coverage: number;
}

export interface GridMasks {
  fingerprint: string;
  masks: GeoMask[];
  /** Rows and columns spanning every masked cell: the slab to read. */
  rows: [number, number];
  columns: [number, number];
}

/** Changes when the way masks are computed changes: masks kept by an earlier method are computed again. */
export const MASK_METHOD = "area-fraction-1";

function polygonsOf(feature: GeoFeature): readonly PolygonCoords[] {
  return feature.geometry.type === "Polygon" ? [feature.geometry.coordinates] : feature.geometry.coordinates;
}

export function gridFingerprint(lat: Float64Array, lon: Float64Array): string {
  return createHash("sha256").update(new Uint8Array(lat.buffer, lat.byteOffset, lat.byteLength)).update(new Uint8Array(lon.buffer, lon.byteOffset, lon.byteLength)).digest("hex").slice(0, 16);
}

const RAD = Math.PI / 180;
const sinLat = (lat: number) => Math.sin(Math.max(-90, Math.min(90, lat)) * RAD);

/** A ring in equal-area coordinates: x = longitude, y = sin(latitude), as a flat [x0, y0, x1, y1, ...] list. */
function equalArea(ring: Ring): Float64Array {
  const out = new Float64Array(ring.length * 2);
  ring.forEach(([x, y], i) => {
    out[2 * i] = x;
    out[2 * i + 1] = sinLat(y);
  });
  return out;
}

/** Area of a flat ring [x0, y0, x1, y1, ...] (shoelace), unsigned. */
export function ringArea(points: ArrayLike<number>): number {
  let twice = 0;
  const n = points.length / 2;
  for (let i = 0, j = n - 1; i < n; j = i++) twice += points[2 * j] * points[2 * i + 1] - points[2 * i] * points[2 * j + 1];
  return Math.abs(twice) / 2;
}

/** Scratch space of the clipping, grown as needed and reused (`computeMasks` is synchronous). */
let scratch = [new Float64Array(256), new Float64Array(256)];

/** Scratch buffer `i` with room for `points` points. */
function room(i: number, points: number): Float64Array {
  if (scratch[i].length < 2 * points) scratch[i] = new Float64Array(4 * points);
  return scratch[i];
}

/**
 * One step of Sutherland-Hodgman clipping: the `n` points of a flat ring `src` clipped against the
 * half-plane `x >= bound` (`axis` 0, `keep` 1), `x <= bound` (0, -1), `y >= bound` (1, 1) or `y <= bound`
 * (1, -1), written to `dst` (room for `2 n` points); returns the points written.
 */
function clipTo(src: Float64Array, n: number, dst: Float64Array, axis: 0 | 1, keep: 1 | -1, bound: number): number {
  if (n === 0) return 0;
  let m = 0;
  let ax = src[2 * n - 2];
  let ay = src[2 * n - 1];
  let aIn = keep * ((axis === 0 ? ax : ay) - bound) >= 0;
  for (let i = 0; i < n; i++) {
    const bx = src[2 * i];
    const by = src[2 * i + 1];
    const bIn = keep * ((axis === 0 ? bx : by) - bound) >= 0;
    if (bIn !== aIn) {
      if (axis === 0) {
        dst[m++] = bound;
        dst[m++] = ay + ((by - ay) * (bound - ax)) / (bx - ax);
      } else {
        dst[m++] = ax + ((bx - ax) * (bound - ay)) / (by - ay);
        dst[m++] = bound;
      }
    }
    if (bIn) {
      dst[m++] = bx;
      dst[m++] = by;
    }
    ax = bx;
    ay = by;
    aIn = bIn;
  }
  return m / 2;
}

/**
 * A ring clipped to the strip y0 <= y <= y1 (a row of cells), as a flat list of points (`rowAreas` then
 * shares it out among the row's cells).
 */
function clipStrip(points: Float64Array, y0: number, y1: number): Float64Array {
  const n = points.length / 2;
  const a = room(0, 2 * n + 2);
  const k = clipTo(points, n, a, 1, 1, y0);
  const b = room(1, 2 * k + 2);
  const m = clipTo(a, k, b, 1, -1, y1);
  return b.slice(0, 2 * m);
}

/**
 * The area of a strip's ring (`clipStrip`) within each cell of the row, columns `c0..` (`out[c - c0]`,
 * signed by the ring's orientation): a polygon's area within the slab x0 <= x <= x1 is the integral of
 * y dx along its edges' parts within the slab (the slab's sides, vertical, add nothing), so each edge is
 * shared out among the columns it spans, and a row costs its strip's points and the columns they span,
 * not the points times the cells. Exact for any simple ring, concave included; heights are taken from the
 * strip's foot `base` so that the sums keep their digits.
 */
function rowAreas(strip: Float64Array, base: number, lon: Float64Array, dLon: number, c0: number, out: Float64Array): void {
  out.fill(0);
  const n = strip.length / 2;
  if (n < 3) return;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const [ax, ay, bx, by] = [strip[2 * j], strip[2 * j + 1] - base, strip[2 * i], strip[2 * i + 1] - base];
    if (ax === bx) continue;
    const [lo, hi] = [Math.min(ax, bx), Math.max(ax, bx)];
    const sign = bx > ax ? 1 : -1;
    const [ca, cb] = cellRange(lon, lo, hi);
    for (let c = Math.max(ca, c0); c <= Math.min(cb, c0 + out.length - 1); c++) {
      const x0 = Math.max(lo, lon[c] - dLon / 2);
      const x1 = Math.min(hi, lon[c] + dLon / 2);
      if (x1 <= x0) continue;
      const y0 = ay + ((by - ay) * (x0 - ax)) / (bx - ax);
      const y1 = ay + ((by - ay) * (x1 - ax)) / (bx - ax);
      out[c - c0] += sign * (x1 - x0) * (y0 + y1) * 0.5;
    }
  }
}

/**
 * The longitudes at which a horizontal line at `y` crosses the rings (flat, equal-area), sorted: a point
 * of the line is inside when an odd number of them lie east of it (the even-odd rule).
 */
function crossings(rings: readonly Float64Array[], y: number): Float64Array {
  const xs: number[] = [];
  for (const ring of rings) {
    const n = ring.length / 2;
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const [xi, yi, xj, yj] = [ring[2 * i], ring[2 * i + 1], ring[2 * j], ring[2 * j + 1]];
      if (yi > y !== yj > y) xs.push(((xj - xi) * (y - yi)) / (yj - yi) + xi);
    }
  }
  return Float64Array.from(xs).sort();
}

/** How many of the sorted crossings lie at or west of `x` (the rest lie east of it). */
function crossedBy(xs: Float64Array, x: number): number {
  let [lo, hi] = [0, xs.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (xs[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index range [first, last] of the cells of a regular axis whose extent meets [lo, hi]. */
function cellRange(axis: Float64Array, lo: number, hi: number): [number, number] {
  const n = axis.length;
  if (n === 0) return [0, -1];
  const step = n > 1 ? axis[1] - axis[0] : 1;
  const half = Math.abs(step) / 2;
  const index = (v: number) => (v - axis[0]) / step;
  let a = index(lo - half);
  let b = index(hi + half);
  if (a > b) [a, b] = [b, a];
  return [Math.max(0, Math.ceil(a - 1e-9)), Math.min(n - 1, Math.floor(b + 1e-9))];
}

export function computeMasks(lat: Float64Array, lon: Float64Array, features: readonly GeoFeature[]): GridMasks {
  const columns = lon.length;
  const step = (axis: Float64Array) => (axis.length > 1 ? Math.abs(axis[1] - axis[0]) : 1);
  const [dLat, dLon] = [step(lat), step(lon)];
  // cell extents in equal-area coordinates
  const rowLow = Float64Array.from(lat, (y) => sinLat(y - dLat / 2));
  const rowHigh = Float64Array.from(lat, (y) => sinLat(y + dLat / 2));
  let rowMin = Infinity, rowMax = -1, colMin = Infinity, colMax = -1;
  // the cells an edge of the polygon at hand passes through (cleared after each polygon)
  const boundary = new Uint8Array(lat.length * columns);
  const masks = features.map((feature): GeoMask => {
    const areas = new Map<number, number>();
    let outlineArea = 0;
    for (const polygon of polygonsOf(feature)) {
      const rings = polygon.map(equalArea);
      outlineArea += rings.reduce((sum, ring, k) => sum + (k === 0 ? 1 : -1) * ringArea(ring), 0);
      let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
      for (const [x, y] of polygon[0]) {
        x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y);
      }
      // cells an edge passes through get the exact clipped area; the others are wholly in or out. An edge
      // marks, row by row, the columns its part within the row spans (a long diagonal edge marks a line of
      // cells, not its bounding box).
      const marked: number[] = [];
      rings.forEach((ring, k) => {
        const degrees = polygon[k];
        const n = ring.length / 2;
        for (let i = 0, j = n - 1; i < n; j = i++) {
          const [xa, ya, xb, yb] = [ring[2 * j], ring[2 * j + 1], ring[2 * i], ring[2 * i + 1]];
          const [ra, rb] = cellRange(lat, Math.min(degrees[j][1], degrees[i][1]), Math.max(degrees[j][1], degrees[i][1]));
          for (let r = ra; r <= rb; r++) {
            let [xlo, xhi] = [Math.min(xa, xb), Math.max(xa, xb)];
            if (ya !== yb) {
              const at = (y: number) => xa + ((xb - xa) * (Math.max(Math.min(ya, yb), Math.min(Math.max(ya, yb), y)) - ya)) / (yb - ya);
              const [p, q] = [at(rowLow[r]), at(rowHigh[r])];
              [xlo, xhi] = [Math.min(p, q), Math.max(p, q)];
            }
            const [ca, cb] = cellRange(lon, xlo, xhi);
            for (let c = ca; c <= cb; c++) {
              const cell = r * columns + c;
              if (!boundary[cell]) {
                boundary[cell] = 1;
                marked.push(cell);
              }
            }
          }
        }
      });
      const [r0, r1] = cellRange(lat, y0, y1);
      const [c0, c1] = cellRange(lon, x0, x1);
      for (let r = r0; r <= r1; r++) {
        // each ring's area in each cell of the row (for its boundary cells) and the crossings of its centre line (for the others), when first needed
        let strips: Float64Array[] | undefined;
        let xs: Float64Array | undefined;
        for (let c = c0; c <= c1; c++) {
          const cell = r * columns + c;
          let area: number;
          if (boundary[cell]) {
            strips ??= rings.map((ring) => {
              const [foot, top] = [Math.min(rowLow[r], rowHigh[r]), Math.max(rowLow[r], rowHigh[r])];
              const out = new Float64Array(c1 - c0 + 1);
              rowAreas(clipStrip(ring, foot, top), foot, lon, dLon, c0, out);
              return out;
            });
            area = strips.reduce((sum, row, k) => sum + (k === 0 ? 1 : -1) * Math.abs(row[c - c0]), 0);
          } else {
            xs ??= crossings(rings, sinLat(lat[r]));
            const inside = (xs.length - crossedBy(xs, lon[c])) % 2 === 1;
            area = inside ? dLon * Math.abs(rowHigh[r] - rowLow[r]) : 0;
          }
          if (area > 1e-12) areas.set(cell, (areas.get(cell) ?? 0) + area);
        }
      }
      for (const cell of marked) boundary[cell] = 0;
    }
    const cells = Uint32Array.from(areas.keys()).sort();
    const weights = Float64Array.from(cells, (cell) => areas.get(cell)!);
    const covered = weights.reduce((sum, w) => sum + w, 0);
    for (const cell of cells) {
      const r = Math.floor(cell / columns);
      const c = cell % columns;
      rowMin = Math.min(rowMin, r); rowMax = Math.max(rowMax, r);
      colMin = Math.min(colMin, c); colMax = Math.max(colMax, c);
    }
    return { code: feature.code, cells, weights, coverage: outlineArea > 0 ? Math.min(1, covered / outlineArea) : 0 };
  });
  return {
    fingerprint: gridFingerprint(lat, lon),
    masks,
    rows: rowMax < 0 ? [0, 0] : [rowMin, rowMax + 1],
    columns: colMax < 0 ? [0, 0] : [colMin, colMax + 1],
  };
}

/** Where masks are kept between runs (the series database), keyed by grid and outlines fingerprints. */
export interface MaskStorage {
  load(grid: string, outlines: string): GridMasks | undefined;
  save(grid: string, outlines: string, masks: GridMasks): void;
}

/** Masks per grid: from memory, else from storage, else computed (and stored). */
export class MaskCache {
  private readonly grids = new Map<string, GridMasks>();
  /** Fingerprint of the outlines: masks of changed outlines are computed again. */
  readonly outlines: string;
  /** Grids whose masks were computed in this run (the others came from memory or storage). */
  computed = 0;
  constructor(
    private readonly features: readonly GeoFeature[],
    private readonly storage?: MaskStorage,
  ) {
    this.outlines = createHash("sha256").update(MASK_METHOD).update(JSON.stringify(features)).digest("hex").slice(0, 16);
  }
  get(lat: Float64Array, lon: Float64Array): GridMasks {
    const key = gridFingerprint(lat, lon);
    let found = this.grids.get(key) ?? this.storage?.load(key, this.outlines);
    if (!found) {
      found = computeMasks(lat, lon, this.features);
      this.computed++;
      this.storage?.save(key, this.outlines, found);
    }
    this.grids.set(key, found);
    return found;
  }
}
