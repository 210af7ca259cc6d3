import { mercator } from "../../../app/components/map/viewport";
import { gridBounds, type GridAxes } from "../../../app/features/grids/grid";

/**
 * The frame of a painted field: the grid's bounds in Web Mercator (EPSG:3857, the projection of the
 * viewers' map: `app/components/map/viewport.ts`), so that a map stretching the image over the bounds puts
 * every cell where it is. Columns are even in longitude; rows are even in Mercator y, so each grid row
 * (even in latitude) is taller in the north, as on the map.
 */
export interface ImageFrame {
  width: number;
  height: number;
  /** The image's edges in degrees: the grid's outer bounds (`gridBounds`). */
  bounds: { west: number; south: number; east: number; north: number };
}

/**
 * Pixels per grid column: South Asia's 160 x 140 quarter-degree cells give a 640 x 619 image, sharp at
 * the map's country zooms and under 60 KB as an indexed PNG.
 */
export const PIXELS_PER_CELL = 4;

/** The frame of a grid at `pixelsPerCell` pixels per column, its height from the Mercator aspect. */
export function imageFrame(axes: GridAxes, pixelsPerCell = PIXELS_PER_CELL): ImageFrame {
  const bounds = gridBounds(axes);
  const width = axes.columns * pixelsPerCell;
  const [x0, y0] = mercator([bounds.west, bounds.south]);
  const [x1, y1] = mercator([bounds.east, bounds.north]);
  return { width, height: Math.max(1, Math.round((width * (y1 - y0)) / (x1 - x0))), bounds };
}

/** The latitude at `y` pixels from the top of a frame (fractional: a pixel's centre is at row + 0.5). */
export function mercatorLat(frame: ImageFrame, y: number): number {
  const north = mercator([0, frame.bounds.north])[1];
  const south = mercator([0, frame.bounds.south])[1];
  const my = north - (y / frame.height) * (north - south);
  return (Math.atan(Math.sinh(my)) * 180) / Math.PI;
}

/** The longitude at `x` pixels from the left of a frame. */
export const frameLon = (frame: ImageFrame, x: number) => frame.bounds.west + (x / frame.width) * (frame.bounds.east - frame.bounds.west);

/** The pixel (fractional, from the top-left) of a place in a frame. */
export function framePixel(frame: ImageFrame, lon: number, lat: number): [number, number] {
  const north = mercator([0, frame.bounds.north])[1];
  const south = mercator([0, frame.bounds.south])[1];
  const my = mercator([lon, lat])[1];
  return [((lon - frame.bounds.west) / (frame.bounds.east - frame.bounds.west)) * frame.width, ((north - my) / (north - south)) * frame.height];
}
