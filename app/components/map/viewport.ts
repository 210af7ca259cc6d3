/**
 * Web Mercator as the interactive map uses it: MapLibre's (and Mapbox's) tiles are 512 px, so at zoom z the
 * world is 512 * 2^z CSS px wide, x growing east from 180° W and y growing south from 85.05° N. The server's
 * map drawing and the drawing's pan and zoom before the map library loads use these, so the drawing and the
 * map that replaces it put every place on the same pixel. Small and free of dependencies: it ships to the
 * browser with the map slot.
 */

export const TILE_SIZE = 512;
/** Where Web Mercator ends: the latitude whose square world is square. */
export const MAX_LATITUDE = 85.051129;

/** Longitude and latitude in degrees (a GeoJSON position will do). */
export type LonLat = readonly [lon: number, lat: number] | readonly number[];
export type Pixel = [x: number, y: number];

/** Web Mercator in radians: x = λ, y = ln tan(π/4 + φ/2). */
export function mercator(point: LonLat): Pixel {
  const [lon, lat] = point;
  const phi = (Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat)) * Math.PI) / 180;
  return [(lon * Math.PI) / 180, Math.log(Math.tan(Math.PI / 4 + phi / 2))];
}

/** The world's width (and height) in CSS px at a zoom. */
export const worldSize = (zoom: number) => TILE_SIZE * 2 ** zoom;

/** A place's pixel in the world at a zoom (0,0 at the north-west corner). */
export function project(point: LonLat, zoom: number): Pixel {
  const [x, y] = mercator(point);
  const size = worldSize(zoom);
  return [((x + Math.PI) / (2 * Math.PI)) * size, ((Math.PI - y) / (2 * Math.PI)) * size];
}

/** The place at a pixel of the world at a zoom. */
export function unproject([x, y]: readonly [number, number], zoom: number): [lon: number, lat: number] {
  const size = worldSize(zoom);
  const lon = (x / size) * 360 - 180;
  const lat = (Math.atan(Math.sinh(Math.PI - (2 * Math.PI * y) / size)) * 180) / Math.PI;
  return [lon, Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat))];
}

/**
 * The view after moving the pixel `from` (relative to the view's centre) to `to`, zooming by `dz` about
 * `to`: what dragging, the wheel and the keys do to a map. Centre as longitude and latitude.
 */
export function moveView(
  center: LonLat,
  zoom: number,
  { from = [0, 0], to = [0, 0], dz = 0 }: { from?: readonly [number, number]; to?: readonly [number, number]; dz?: number },
  [minZoom, maxZoom]: readonly [number, number] = [0, 18],
): { center: [number, number]; zoom: number } {
  const next = Math.max(minZoom, Math.min(maxZoom, zoom + dz));
  // zooming about the centre keeps the centre exactly (a URL's default view stays the default)
  if (from[0] === 0 && from[1] === 0 && to[0] === 0 && to[1] === 0) return { center: [center[0], center[1]], zoom: next };
  const f = 2 ** (next - zoom);
  const [cx, cy] = project(center, zoom);
  // the place under `from` now, at the new zoom, lands under `to`
  const [px, py] = [(cx + from[0]) * f, (cy + from[1]) * f];
  const [lon, lat] = unproject([px - to[0], py - to[1]], next);
  return { center: [lon, lat], zoom: next };
}

/**
 * The area the server draws around the view's centre, in CSS px at the view's zoom: larger than the map's
 * slot on most screens, so the drawing shows at the map's own scale, centred as the map centres its view;
 * a larger slot scales it up to cover.
 */
export const DRAWING_SIZE = { width: 1600, height: 1200 } as const;

/** Where a place is in the server's drawing of a view (px from its top left corner). */
export function drawingPixel(point: LonLat, center: LonLat, zoom: number): Pixel {
  const [x, y] = project(point, zoom);
  const [cx, cy] = project(center, zoom);
  return [x - cx + DRAWING_SIZE.width / 2, y - cy + DRAWING_SIZE.height / 2];
}
