import type { Position } from "geojson";
import { geography, polygons, type Area } from "../../../app/features/maps/geometry.server";
import { LruCache } from "../../series/lru";
import { mercatorLat, type ImageFrame } from "./frame";

/**
 * Where a painted field shows: the outline of a region (a country's ISO3 code or a basin's slug; without
 * one, the eight countries together), rasterised at the image's pixels (a pixel is inside when its centre
 * is, even-odd within each polygon so that holes stay out). The outlines are the basemap's (`seeds/geo`),
 * so the painted field meets the drawn borders.
 */

/** The regions an image can be clipped to: the eight countries (ISO3) and the 16 basins (slugs). */
export function gridRegions(): { countries: string[]; basins: string[] } {
  const { countries, basins } = geography();
  return {
    countries: countries.filter((c) => c.properties.focus === true && typeof c.properties.iso3 === "string").map((c) => String(c.properties.iso3)),
    basins: basins.map((b) => String(b.properties.code)),
  };
}

/** The areas of a region, or undefined for an unknown one; no region: the eight countries. */
export function regionAreas(region: string | undefined): Area[] | undefined {
  const { countries, basins } = geography();
  if (region === undefined) return countries.filter((c) => c.properties.focus === true);
  const country = countries.find((c) => c.properties.focus === true && c.properties.iso3 === region);
  if (country) return [country];
  const basin = basins.find((b) => b.properties.code === region);
  return basin ? [basin] : undefined;
}

/** One byte per pixel, row-major from the top-left: 1 inside the areas. */
export function rasterise(areas: readonly Area[], frame: ImageFrame): Uint8Array {
  const { width, height, bounds } = frame;
  const mask = new Uint8Array(width * height);
  const rowLat = Array.from({ length: height }, (_, r) => mercatorLat(frame, r + 0.5));
  const xOf = (lon: number) => ((lon - bounds.west) / (bounds.east - bounds.west)) * width;
  for (const area of areas) {
    for (const polygon of polygons(area)) {
      // per image row, where the polygon's edges cross the row's centre line
      const crossings: number[][] = Array.from({ length: height }, () => []);
      for (const ring of polygon) addCrossings(ring, rowLat, xOf, crossings);
      for (let r = 0; r < height; r++) {
        const xs = crossings[r];
        if (xs.length < 2) continue;
        xs.sort((a, b) => a - b);
        for (let k = 0; k + 1 < xs.length; k += 2) {
          // pixels whose centre (c + 0.5) lies between the two crossings
          const from = Math.max(0, Math.ceil(xs[k] - 0.5));
          const to = Math.min(width - 1, Math.floor(xs[k + 1] - 0.5));
          for (let c = from; c <= to; c++) mask[r * width + c] = 1;
        }
      }
    }
  }
  return mask;
}

function addCrossings(ring: Position[], rowLat: number[], xOf: (lon: number) => number, crossings: number[][]) {
  const height = rowLat.length;
  // rows run north to south: latitude falls as the row grows
  const firstRowBelow = (lat: number) => {
    // the first row whose latitude is below `lat` (binary search on a decreasing array)
    let lo = 0;
    let hi = height;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (rowLat[mid] < lat) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  for (let i = 0; i < ring.length; i++) {
    const [lon1, lat1] = ring[i];
    const [lon2, lat2] = ring[(i + 1) % ring.length];
    if (lat1 === lat2) continue;
    const top = Math.max(lat1, lat2);
    const bottom = Math.min(lat1, lat2);
    // half-open: a row on the edge's lower end counts, one on its upper end does not (vertices count once)
    for (let r = firstRowBelow(top); r < height && rowLat[r] >= bottom; r++) {
      const lat = rowLat[r];
      crossings[r].push(xOf(lon1 + ((lat - lat1) / (lat2 - lat1)) * (lon2 - lon1)));
    }
  }
}

/** A region's mask is the same for every field on one grid: kept per region and frame (bytes). */
const masks = new LruCache<string, Uint8Array>(16 * 1024 * 1024, (m) => m.length, "grid-masks");

/** The mask of a region (undefined: the eight countries) in a frame, rasterised once; undefined for an unknown region. */
export function regionMask(region: string | undefined, frame: ImageFrame): Uint8Array | undefined {
  const { west, south, east, north } = frame.bounds;
  const key = `${region ?? ""}|${frame.width}x${frame.height}|${west},${south},${east},${north}`;
  const kept = masks.get(key);
  if (kept) return kept;
  const areas = regionAreas(region);
  if (!areas) return undefined;
  const mask = rasterise(areas, frame);
  masks.set(key, mask);
  return mask;
}
