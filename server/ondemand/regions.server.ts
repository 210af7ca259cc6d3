import type { GridAxes } from "../../app/features/grids/grid";
import { LruCache } from "../series/lru";
import { computeMasks, type GeoFeature, type GeoMask } from "../series/ingest/masks";
import type { RegionRequest } from "./request";

/**
 * A request's region on the grid: the cells it overlaps, each cell's weight (the area of the cell inside
 * the outline, as the ingest's fractional masks `computeMasks` give it, so that a region's value is the
 * place series' method), their centres, and the catalogue place whose climate the region is in (the
 * place itself; for a cell or a polygon, the country most of it lies in) for the sample generator.
 */
export interface ResolvedRegion {
  /** Grid cells (row * columns + column), ascending. */
  cells: Uint32Array;
  weights: Float64Array;
  lat: Float64Array;
  lon: Float64Array;
  place: string;
  /** "Nepal (NPL)", "the cell at 27.625 N, 85.375 E", "a polygon": for the answer's method text. */
  label: string;
}

export type RegionAnswer = { ok: true; region: ResolvedRegion } | { ok: false; field: string; rule: string; message: string };

/** Places whose masks are kept (a state's is a few kilobytes, a country's some tens). */
const KEPT_MASKS = 64;

export class RegionResolver {
  private readonly lat: Float64Array;
  private readonly lon: Float64Array;
  private readonly masks = new LruCache<string, GeoMask>(KEPT_MASKS, undefined, "ondemand-region-masks");
  private countryOfCell?: { codes: string[]; best: Int16Array };
  private readonly features: Map<string, GeoFeature>;

  constructor(
    private readonly grid: GridAxes,
    features: readonly GeoFeature[],
    private readonly countries: readonly string[],
    private readonly names: ReadonlyMap<string, string>,
  ) {
    this.lat = Float64Array.from({ length: grid.rows }, (_, r) => grid.lat0 + r * grid.dlat);
    this.lon = Float64Array.from({ length: grid.columns }, (_, c) => grid.lon0 + c * grid.dlon);
    this.features = new Map(features.map((f) => [f.code, f]));
  }

  resolve(region: RegionRequest): RegionAnswer {
    if (region.kind === "geo") {
      const feature = this.features.get(region.code);
      if (!feature) return { ok: false, field: "geo", rule: "known-place", message: `the place "${region.code}" has no outline` };
      let mask = this.masks.get(region.code);
      if (!mask) {
        mask = computeMasks(this.lat, this.lon, [feature]).masks[0];
        this.masks.set(region.code, mask);
      }
      if (mask.cells.length === 0) return { ok: false, field: "geo", rule: "within-grid", message: `the place "${region.code}" has no cell of the grid` };
      return { ok: true, region: this.of(mask.cells, mask.weights, region.code, `${this.names.get(region.code) ?? region.code} (${region.code})`) };
    }
    if (region.kind === "cell") {
      const cell = region.row * this.grid.columns + region.column;
      const place = this.countryOf(Uint32Array.of(cell), Float64Array.of(1));
      if (!place) return { ok: false, field: "cell", rule: "in-a-country", message: "the cell lies in none of the portal's countries" };
      return { ok: true, region: this.of(Uint32Array.of(cell), Float64Array.of(1), place, `the cell at ${region.lat} N, ${region.lon} E`) };
    }
    const mask = computeMasks(this.lat, this.lon, [{ code: "polygon", geometry: region.geometry }]).masks[0];
    if (mask.cells.length === 0) return { ok: false, field: "polygon", rule: "area", message: "the polygon covers no area of the grid's cells" };
    const place = this.countryOf(mask.cells, mask.weights);
    if (!place) return { ok: false, field: "polygon", rule: "in-a-country", message: "the polygon lies in none of the portal's countries" };
    return { ok: true, region: this.of(mask.cells, mask.weights, place, "the polygon given") };
  }

  private of(cells: Uint32Array, weights: Float64Array, place: string, label: string): ResolvedRegion {
    const lat = Float64Array.from(cells, (c) => this.lat[Math.floor(c / this.grid.columns)]);
    const lon = Float64Array.from(cells, (c) => this.lon[c % this.grid.columns]);
    return { cells, weights, lat, lon, place, label };
  }

  /** The country holding most of the cells' weight (the country of each cell: the one covering most of it). */
  private countryOf(cells: Uint32Array, weights: Float64Array): string | undefined {
    if (!this.countryOfCell) {
      const features = this.countries.map((code) => this.features.get(code)).filter((f): f is GeoFeature => Boolean(f));
      const masks = computeMasks(this.lat, this.lon, features).masks;
      const best = new Int16Array(this.grid.rows * this.grid.columns).fill(-1);
      const top = new Float64Array(best.length);
      masks.forEach((mask, k) => {
        mask.cells.forEach((cell, i) => {
          if (mask.weights[i] > top[cell]) {
            top[cell] = mask.weights[i];
            best[cell] = k;
          }
        });
      });
      this.countryOfCell = { codes: features.map((f) => f.code), best };
    }
    const { codes, best } = this.countryOfCell;
    const total = new Float64Array(codes.length);
    cells.forEach((cell, i) => {
      if (best[cell] >= 0) total[best[cell]] += weights[i];
    });
    let k = -1;
    total.forEach((w, i) => {
      if (w > 0 && (k < 0 || w > total[k])) k = i;
    });
    return k < 0 ? undefined : codes[k];
  }
}
