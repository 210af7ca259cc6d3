import type { GridStatistic } from "../../../app/features/grids/grid";
import { fieldRange, gridColorScale, scaleLevel, scalePalette, type GridColorScale } from "../../../app/features/grids/scale";

/**
 * The colour scale of a served field is the portal's own (`gridColorScale`: a change diverging about
 * zero to the larger of the field's |p2| and |p98|, a value from p2 to p98, the agreement from 0 to 1, on
 * the indicator family's ramp), and its classes are the painted image's colour levels: class i holds the
 * values the painter colours with level i (`scaleLevel`), in that level's colour (`scalePalette`). So a
 * cell has one colour in the portal's image and in MapServer's: 32 classes for a change or a value, the
 * agreement's five (0-0.2, ..., 0.8-1, robust from 0.8).
 */
export type FieldScale = GridColorScale;

/** The portal's scale fitted to a field's values (NaN: no value). */
export function fieldScale(statistic: GridStatistic, indicator: string, values: ArrayLike<number>): FieldScale {
  return gridColorScale(indicator, statistic, fieldRange(values));
}

/** One class of a scale: values in [from, to) (the first open below, the last open above) and its colour. */
export interface ScaleClass {
  from: number;
  to: number;
  /** `#rrggbb`: the painter's colour of the level. */
  color: string;
  openBelow: boolean;
  openAbove: boolean;
}

const hex = (rgb: readonly number[]) => `#${rgb.map((c) => c.toString(16).padStart(2, "0")).join("")}`;

/** The classes of a scale: one per level of the painter (`scale.levels`). */
export function scaleClasses(scale: FieldScale): ScaleClass[] {
  const count = scale.levels;
  const palette = scalePalette(scale);
  const width = (scale.max - scale.min) / count;
  // bounds as the mapfile writes them, so that `classOf` and MapServer agree
  const bound = (v: number) => Number(v.toPrecision(8));
  return Array.from({ length: count }, (_, i) => ({
    from: bound(scale.min + i * width),
    to: bound(i === count - 1 ? scale.max : scale.min + (i + 1) * width),
    color: hex(palette[i]),
    openBelow: i === 0,
    openAbove: i === count - 1,
  }));
}

/** The class a value falls in (NaN: none), by the same rules as the mapfile's expressions. */
export function classOf(classes: readonly ScaleClass[], value: number): ScaleClass | undefined {
  if (!Number.isFinite(value)) return undefined;
  return classes.find((c) => (c.openBelow || value >= c.from) && (c.openAbove || value < c.to));
}

/** The painter's level of a value on a scale (for the tests: the class of a value is this level). */
export const paintLevel = (scale: FieldScale, value: number) => scaleLevel(scale, value);
