import { isChangeStatistic, type GridStatistic } from "../../../app/features/grids/grid";
import { quantileSorted } from "../../../app/features/cmip6/ensemble";
import { rampFor, scaleColor, type RampName } from "../../../app/features/maps/colorScale";

/**
 * The colour scale of a served field, as the portal paints it: a change (median, p10, p90) on a diverging
 * ramp centred on zero reaching the larger of the field's 2nd and 98th percentiles; a value (baseline,
 * future) on a sequential ramp from the 2nd to the 98th percentile; the share of models agreeing from 0 to 1.
 * Ramps are the map's (`app/features/maps/colorScale.ts`: precipitation-like units brown to blue-green,
 * everything else blue to red). MapServer draws it as classes (`scaleClasses`).
 */
export interface FieldScale {
  min: number;
  max: number;
  ramp: RampName;
}

/** Classes of a scale: odd, so that a diverging scale has one class centred on zero. */
export const SCALE_CLASSES = 11;

/** The 2nd and 98th percentiles of the finite values (type 7), or undefined when there is none. */
export function percentileRange(values: ArrayLike<number>): { p2: number; p98: number } | undefined {
  const finite = Float64Array.from(Array.prototype.filter.call(values, (v: number) => Number.isFinite(v)) as number[]).sort();
  if (finite.length === 0) return undefined;
  return { p2: quantileSorted(finite, 0.02), p98: quantileSorted(finite, 0.98) };
}

/** Rounds outwards to one decimal, as the map's fitted ranges are. */
const outward = (v: number, up: boolean) => (up ? Math.ceil(v * 10 - 1e-9) : Math.floor(v * 10 + 1e-9)) / 10;

export function fieldScale(statistic: GridStatistic, indicator: string, units: string, values: ArrayLike<number>): FieldScale {
  const change = isChangeStatistic(statistic);
  if (statistic === "agreement") return { min: 0, max: 1, ramp: "precipitation" };
  const ramp = rampFor(indicator, units, change);
  const range = percentileRange(values);
  if (!range) return change ? { min: -1, max: 1, ramp } : { min: 0, max: 1, ramp };
  if (change) {
    const reach = Math.max(outward(Math.max(Math.abs(range.p2), Math.abs(range.p98)), true), 0.1);
    return { min: -reach, max: reach, ramp };
  }
  let [min, max] = [outward(range.p2, false), outward(range.p98, true)];
  if (min === max) [min, max] = [min - 1, max + 1];
  return { min, max, ramp };
}

/** One class of a scale: values in [from, to) (the first open below, the last open above) and its colour. */
export interface ScaleClass {
  from: number;
  to: number;
  /** `#rrggbb`: the ramp's colour at the class's middle value. */
  color: string;
  openBelow: boolean;
  openAbove: boolean;
}

export function scaleClasses(scale: FieldScale, count = SCALE_CLASSES): ScaleClass[] {
  const width = (scale.max - scale.min) / count;
  // bounds as the mapfile writes them, so that `classOf` and MapServer agree
  const bound = (v: number) => Number(v.toPrecision(6));
  return Array.from({ length: count }, (_, i) => {
    const from = bound(scale.min + i * width);
    const to = bound(i === count - 1 ? scale.max : scale.min + (i + 1) * width);
    return { from, to, color: scaleColor((from + to) / 2, scale.min, scale.max, scale.ramp), openBelow: i === 0, openAbove: i === count - 1 };
  });
}

/** The class a value falls in (NaN: none), by the same rules as the mapfile's expressions. */
export function classOf(classes: readonly ScaleClass[], value: number): ScaleClass | undefined {
  if (!Number.isFinite(value)) return undefined;
  return classes.find((c) => (c.openBelow || value >= c.from) && (c.openAbove || value < c.to));
}
