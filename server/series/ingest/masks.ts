import { createHash } from "node:crypto";

/**
 * Which grid cells belong to each country and basin: a cell belongs to a polygon when its centre lies
 * inside (even-odd rule, so holes are left out). Each cell is weighted by cos(latitude), its relative
 * area on a regular latitude-longitude grid. A place too small to hold any cell centre (an atoll at
 * 0.25 degrees) takes the cells nearest to its outline's points instead. Masks are computed once per
 * grid and set of outlines, and kept (in memory and in the series database) for later files and runs.
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
  /** Indices of the cells (row * columns + column). */
  cells: Uint32Array;
  /** cos(latitude) of each cell. */
  weights: Float64Array;
  /** True when no cell centre fell inside and the nearest cells were taken. */
  nearest: boolean;
}

export interface GridMasks {
  fingerprint: string;
  masks: GeoMask[];
  /** Rows and columns spanning every masked cell: the slab to read. */
  rows: [number, number];
  columns: [number, number];
}

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

function nearestIndex(axis: Float64Array, value: number): number {
  let best = 0;
  for (let i = 1; i < axis.length; i++) if (Math.abs(axis[i] - value) < Math.abs(axis[best] - value)) best = i;
  return best;
}

export function computeMasks(lat: Float64Array, lon: Float64Array, features: readonly GeoFeature[]): GridMasks {
  const columns = lon.length;
  const step = (axis: Float64Array) => (axis.length > 1 ? Math.abs(axis[1] - axis[0]) : 1);
  const [dLat, dLon] = [step(lat), step(lon)];
  let rowMin = Infinity, rowMax = -1, colMin = Infinity, colMax = -1;
  const masks = features.map((feature): GeoMask => {
    const polygons = polygonsOf(feature);
    const cells: number[] = [];
    for (const polygon of polygons) {
      let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
      for (const [x, y] of polygon[0]) {
        x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y);
      }
      for (let r = 0; r < lat.length; r++) {
        const y = lat[r];
        if (y < y0 || y > y1) continue;
        for (let c = 0; c < columns; c++) {
          const x = lon[c];
          if (x < x0 || x > x1) continue;
          let inside = false;
          for (const ring of polygon) if (insideRing(x, y, ring)) inside = !inside;
          if (inside) cells.push(r * columns + c);
        }
      }
    }
    let nearest = false;
    if (cells.length === 0) {
      // a place smaller than a cell: the cells nearest to its outline, where the grid reaches it
      for (const polygon of polygons) {
        for (const [x, y] of polygon[0]) {
          const r = nearestIndex(lat, y);
          const c = nearestIndex(lon, x);
          if (Math.abs(lat[r] - y) <= dLat && Math.abs(lon[c] - x) <= dLon) cells.push(r * columns + c);
        }
      }
      nearest = cells.length > 0;
    }
    const unique = Uint32Array.from(new Set(cells)).sort();
    const weights = new Float64Array(unique.length);
    unique.forEach((cell, i) => {
      const r = Math.floor(cell / columns);
      const c = cell % columns;
      weights[i] = Math.cos((lat[r] * Math.PI) / 180);
      rowMin = Math.min(rowMin, r); rowMax = Math.max(rowMax, r);
      colMin = Math.min(colMin, c); colMax = Math.max(colMax, c);
    });
    return { code: feature.code, cells: unique, weights, nearest };
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
    this.outlines = createHash("sha256").update(JSON.stringify(features)).digest("hex").slice(0, 16);
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
