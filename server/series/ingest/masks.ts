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

function insideRing(x: number, y: number, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

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

/**
 * Area of the part of a ring inside the rectangle [x0, x1] x [y0, y1] (Sutherland-Hodgman clipping against
 * the rectangle's four sides; exact for any simple ring, concave included).
 */
function clippedArea(points: Float64Array, x0: number, x1: number, y0: number, y1: number): number {
  let current: number[] = Array.from(points);
  const clip = (inside: (x: number, y: number) => boolean, cross: (ax: number, ay: number, bx: number, by: number) => [number, number]) => {
    const input = current;
    const output: number[] = [];
    const n = input.length / 2;
    for (let i = 0; i < n; i++) {
      const [ax, ay] = [input[2 * ((i + n - 1) % n)], input[2 * ((i + n - 1) % n) + 1]];
      const [bx, by] = [input[2 * i], input[2 * i + 1]];
      const aIn = inside(ax, ay);
      const bIn = inside(bx, by);
      if (bIn) {
        if (!aIn) output.push(...cross(ax, ay, bx, by));
        output.push(bx, by);
      } else if (aIn) output.push(...cross(ax, ay, bx, by));
    }
    current = output;
  };
  const atX = (x: number) => (ax: number, ay: number, bx: number, by: number): [number, number] => [x, ay + ((by - ay) * (x - ax)) / (bx - ax)];
  const atY = (y: number) => (ax: number, ay: number, bx: number, by: number): [number, number] => [ax + ((bx - ax) * (y - ay)) / (by - ay), y];
  clip((x) => x >= x0, atX(x0));
  if (current.length) clip((x) => x <= x1, atX(x1));
  if (current.length) clip((_, y) => y >= y0, atY(y0));
  if (current.length) clip((_, y) => y <= y1, atY(y1));
  return current.length >= 6 ? ringArea(current) : 0;
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
      // cells an edge passes through get the exact clipped area; the others are wholly in or out
      const boundary = new Set<number>();
      for (const ring of polygon) {
        for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
          const [r0, r1] = cellRange(lat, Math.min(ring[i][1], ring[j][1]), Math.max(ring[i][1], ring[j][1]));
          const [c0, c1] = cellRange(lon, Math.min(ring[i][0], ring[j][0]), Math.max(ring[i][0], ring[j][0]));
          for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) boundary.add(r * columns + c);
        }
      }
      const [r0, r1] = cellRange(lat, y0, y1);
      const [c0, c1] = cellRange(lon, x0, x1);
      for (let r = r0; r <= r1; r++) {
        for (let c = c0; c <= c1; c++) {
          const cell = r * columns + c;
          let area: number;
          if (boundary.has(cell)) {
            const [ex0, ex1, ey0, ey1] = [lon[c] - dLon / 2, lon[c] + dLon / 2, Math.min(rowLow[r], rowHigh[r]), Math.max(rowLow[r], rowHigh[r])];
            area = rings.reduce((sum, ring, k) => sum + (k === 0 ? 1 : -1) * clippedArea(ring, ex0, ex1, ey0, ey1), 0);
          } else {
            let inside = false;
            for (const ring of polygon) if (insideRing(lon[c], lat[r], ring)) inside = !inside;
            area = inside ? dLon * Math.abs(rowHigh[r] - rowLow[r]) : 0;
          }
          if (area > 1e-12) areas.set(cell, (areas.get(cell) ?? 0) + area);
        }
      }
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
