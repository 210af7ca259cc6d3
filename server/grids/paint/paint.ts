import { isChangeStatistic, type GridFieldSet, type GridScale, type GridStatistic } from "../../../app/features/grids/grid";
import { fieldRange, gridColorScale, PAINT_LEVELS, scaleLevel, scalePalette, type GridColorScale } from "../../../app/features/grids/scale";
import { robustShare } from "../ensemble";
import { frameLon, mercatorLat, type ImageFrame } from "./frame";
import { encodeIndexedPng } from "./png";

/**
 * A field painted for the map: each pixel takes the colour of the grid cell under its centre on the field's
 * colour scale (`app/features/grids/scale.ts`), transparent where the cell has no value (the sea) or the
 * pixel is outside the region's mask; for a change, diagonal hatching where fewer than 80 % of the models
 * agree on its sign (IPCC AR6 WGI Atlas, simple approach, Cross-Chapter Box Atlas.1), so that colour alone
 * is read only where the change is robust.
 */

/** Colour levels of a smooth scale (a change or a value; the agreement has one per class: `GridColorScale.levels`). */
export { PAINT_LEVELS };
/** Hatching: one-pixel diagonal lines ("/") every `HATCH_SPACING` pixels, dark grey. */
export const HATCH_SPACING = 6;
export const HATCH_COLOR = [51, 51, 51, 255] as const;
/** Palette indices: transparent, the scale's levels (1 to `levels`), the hatching after them. */
export const TRANSPARENT = 0;
/** The hatching's palette index in the image of a scale (a change's: `PAINT_LEVELS` + 1). */
export const hatchIndex = (scale: Pick<GridColorScale, "levels">) => scale.levels + 1;

/** The values of one statistic of a field, row-major from the south-west. */
export function statisticValues(field: GridFieldSet, statistic: GridStatistic): Float32Array {
  return field[statistic];
}

/** Whether the pixel at (x, y) lies on a hatching line. */
export const onHatch = (x: number, y: number) => (x + y) % HATCH_SPACING === 0;

export interface PaintedField {
  png: Uint8Array<ArrayBuffer>;
  frame: ImageFrame;
  scale: GridColorScale;
}

/** Paints one statistic of a field in a frame, inside `mask` (one byte per pixel, 1: show). */
export function paintField(field: GridFieldSet, statistic: GridStatistic, frame: ImageFrame, mask: Uint8Array, override?: GridScale): PaintedField {
  const values = statisticValues(field, statistic);
  const scale = gridColorScale(field.indicator.code, statistic, fieldRange(values), override);
  const { axes } = field;
  const { width, height } = frame;
  const hatch = isChangeStatistic(statistic);
  const south = axes.lat0 - axes.dlat / 2;
  const west = axes.lon0 - axes.dlon / 2;
  // the grid column under each pixel column (-1 outside the grid)
  const columnOf = new Int32Array(width);
  for (let x = 0; x < width; x++) {
    const c = Math.floor((frameLon(frame, x + 0.5) - west) / axes.dlon);
    columnOf[x] = c >= 0 && c < axes.columns ? c : -1;
  }
  // each cell's palette index, and whether it is hatched
  const cells = axes.rows * axes.columns;
  const colour = new Uint8Array(cells);
  const hatched = new Uint8Array(cells);
  const hatchAt = hatchIndex(scale);
  for (let i = 0; i < cells; i++) {
    const level = scaleLevel(scale, values[i]);
    colour[i] = level < 0 ? TRANSPARENT : level + 1;
    hatched[i] = hatch && level >= 0 && !robustShare(field.agreement[i]) ? 1 : 0;
  }
  const pixels = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = Math.floor((mercatorLat(frame, y + 0.5) - south) / axes.dlat);
    if (row < 0 || row >= axes.rows) continue;
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const column = columnOf[x];
      if (column < 0 || !mask[p]) continue;
      const cell = row * axes.columns + column;
      pixels[p] = hatched[cell] && onHatch(x, y) ? hatchAt : colour[cell];
    }
  }
  const palette: [number, number, number, number][] = [[0, 0, 0, 0], ...scalePalette(scale).map(([r, g, b]) => [r, g, b, 255] as [number, number, number, number]), [...HATCH_COLOR]];
  return { png: encodeIndexedPng({ width, height, pixels, palette }), frame, scale };
}
