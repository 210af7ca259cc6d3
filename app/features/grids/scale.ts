import { colorAt, gradientCss } from "~/lib/legend";
import { stepDecimals } from "~/lib/chart-scale";
import { formatNumber } from "~/lib/format";
import { quantileSorted } from "~/features/cmip6/ensemble";
import { rampStops, type RampName } from "~/features/maps/colorScale";
import type { GradientLegend } from "~/features/pyaez/schema";
import { GRID_SCALE_RULE, isChangeStatistic, readGridScale, type GridProblem, type GridScale, type GridStatistic } from "./grid";

/**
 * The colour scale of a gridded field, shared by the painted image (`server/grids/paint/`) and the viewer's
 * legend (no Node built-ins). Fitted to the field as the IPCC AR6 WGI Interactive Atlas does:
 * - a change (`change`, `p10`, `p90`) is diverging and centred on zero, symmetric to the larger of |p2| and
 *   |p98| of the values, so white is "no change";
 * - a value (`baseline`, `future`) is sequential from the 2nd to the 98th percentile (a few outlying cells
 *   do not wash out the rest);
 * - agreement (a share of models) is fixed from 0 to 1;
 * each rounded outward to a readable class step. `scale=min,max` overrides the fitted range.
 *
 * The image paints a scale in `levels` colours, each the ramp at the middle of an equal step from min to
 * max (`scalePalette`, `scaleLevel`): 32 for a change or a value (`PAINT_LEVELS`, smooth to the eye, few
 * enough for deflate); the agreement one colour per legend class (0-0.2, ..., 0.8-1), so that the robust
 * share (0.8, IPCC AR6 simple approach) is a colour edge: 0.79 and 0.80 never share a colour, and the
 * legend (`gridLegend`) shows the same five steps.
 *
 * Ramps by indicator family (colour-blind-safe ColorBrewer ramps, `RAMPS` of the choropleth):
 * - temperature (tas, tasmax, tasmin, txx, tnn, su, tr): blue-white-red for a change, yellow-orange-red
 *   (YlOrRd) for values;
 * - precipitation and wet indices (pr, rx1day, rx5day, cwd, r20mm, prcptot, r95ptot): brown-white-blue-green
 *   (BrBG) for a change, yellow-green-blue (YlGnBu) for values;
 * - dry spells (cdd): BrBG the other way round, so that more dry days is brown like less rain, and
 *   yellow-orange-brown (YlOrBr) for values;
 * - frost days (fd): red-white-blue, so that more frost days (a colder climate) is blue and fewer is red
 *   like warming, and white-blue (Blues) for values.
 */

export type GridFamily = "temperature" | "wet" | "dry" | "cold";

const FAMILIES: Record<string, GridFamily> = {
  tas: "temperature", tasmax: "temperature", tasmin: "temperature", txx: "temperature", tnn: "temperature", su: "temperature", tr: "temperature",
  pr: "wet", rx1day: "wet", rx5day: "wet", cwd: "wet", r20mm: "wet", prcptot: "wet", r95ptot: "wet",
  cdd: "dry",
  fd: "cold",
};

/** The family of an indicator (temperature for one not listed). */
export const gridFamily = (indicator: string): GridFamily => FAMILIES[indicator] ?? "temperature";

const FAMILY_RAMPS: Record<GridFamily, { change: RampName; values: RampName }> = {
  temperature: { change: "temperatureChange", values: "warm" },
  wet: { change: "precipitationChange", values: "precipitation" },
  dry: { change: "dryChange", values: "dry" },
  cold: { change: "coldChange", values: "cold" },
};

/** The ramp of a statistic of an indicator. */
export function gridRamp(indicator: string, statistic: GridStatistic): RampName {
  if (statistic === "agreement") return "agreement";
  return FAMILY_RAMPS[gridFamily(indicator)][isChangeStatistic(statistic) ? "change" : "values"];
}

/** The minimum, maximum, 2nd and 98th percentiles (type 7) of a field's values (NaN and null: no value). */
export function fieldRange(values: ArrayLike<number | null>): { min: number | null; max: number | null; p2: number | null; p98: number | null } {
  const finite: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v !== null && Number.isFinite(v)) finite.push(v);
  }
  if (finite.length === 0) return { min: null, max: null, p2: null, p98: null };
  const sorted = Float64Array.from(finite).sort();
  return { min: sorted[0], max: sorted[sorted.length - 1], p2: quantileSorted(sorted, 0.02), p98: quantileSorted(sorted, 0.98) };
}

/**
 * A readable step (1, 2, 2.5 or 5 times a power of ten) that cuts `span` into about `classes` classes.
 * Always a positive finite number, for any input: a span that is not positive and finite gives 1, and one
 * whose step has no such readable form (a class narrower than the smallest power of ten a double holds,
 * or wider than the largest) gives the plain `span / classes`.
 */
export function niceStep(span: number, classes: number): number {
  if (!(span > 0) || !Number.isFinite(span)) return 1;
  const raw = span / classes;
  if (!(raw > 0) || !Number.isFinite(raw)) return span;
  const power = 10 ** Math.floor(Math.log10(raw));
  if (!(power > 0) || !Number.isFinite(power)) return raw;
  const f = raw / power;
  // the nearest on a log scale, so that the classes are about as many as asked
  const nice = [1, 2, 2.5, 5, 10].reduce((best, n) => (Math.abs(Math.log(n / f)) < Math.abs(Math.log(best / f)) ? n : best));
  const step = nice * power;
  return step > 0 && Number.isFinite(step) ? step : raw;
}

export interface GridColorScale {
  min: number;
  max: number;
  ramp: RampName;
  /** Diverging about zero (a change), sequential (a value) or fixed 0-1 (agreement). */
  kind: "diverging" | "sequential" | "fixed";
  /** False when `scale=min,max` set the range. */
  fitted: boolean;
  /** The legend's class breaks: multiples of `step` from min to max. */
  breaks: number[];
  step: number;
  /** Decimals of the breaks' labels. */
  decimals: number;
  /** Colour levels of the painted image and of MapServer's classes (`PAINT_LEVELS`, or one per class: `classedLevels`). */
  levels: number;
}

/** Colour levels of a smooth scale's image: smooth to the eye, few enough for deflate. */
export const PAINT_LEVELS = 32;

const CLASSES = { diverging: 8, sequential: 6 } as const;

/**
 * The levels of the agreement: one per legend class when the breaks run from min to max (the fixed 0-1
 * scale's 0, 0.2, ..., 1, or a `scale=` whose ends are breaks), so every break, 0.8 among them, is a colour
 * edge; otherwise the smooth levels.
 */
function classedLevels(min: number, max: number, breaks: readonly number[]): number {
  const classes = breaks.length - 1;
  const span = max - min;
  const onEnds = classes >= 1 && Math.abs(breaks[0] - min) <= 1e-9 * span && Math.abs(breaks[classes] - max) <= 1e-9 * span;
  return onEnds && classes <= PAINT_LEVELS ? classes : PAINT_LEVELS;
}

/**
 * The most class breaks a scale has. A readable step gives a handful (`CLASSES`; 4 to 9 for a `scale=`
 * within its bounds); this bound holds whatever the range (an override no one checked, a field's
 * percentiles): beyond it the breaks are only the two ends, so no range can make `breaksOf` run long or
 * allocate much.
 */
export const MAX_BREAKS = 200;

/** The multiples of `step` from `min` to `max` (at most `MAX_BREAKS`; otherwise the two ends). */
function breaksOf(min: number, max: number, step: number): number[] {
  const first = Math.ceil(min / step - 1e-9);
  const count = Math.floor(max / step + 1e-9) - first + 1;
  if (!(step > 0) || !(count >= 1 && count <= MAX_BREAKS)) return [...new Set([min, max])].filter(Number.isFinite);
  const decimals = stepDecimals(step);
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const value = Number(((first + i) * step).toFixed(decimals)) + 0;
    if (Number.isFinite(value)) out.push(value);
  }
  return out;
}

/**
 * The colour scale of one statistic of a field: fitted to its `range` (as `fieldRange` gives it, or the
 * field answer's `range`), or `override` (`scale=min,max`).
 */
export function gridColorScale(indicator: string, statistic: GridStatistic, range: { p2: number | null; p98: number | null }, override?: GridScale): GridColorScale {
  const ramp = gridRamp(indicator, statistic);
  const kind = statistic === "agreement" ? "fixed" : isChangeStatistic(statistic) ? "diverging" : "sequential";
  if (override) {
    const step = niceStep(override.max - override.min, CLASSES.sequential);
    const breaks = breaksOf(override.min, override.max, step);
    const levels = kind === "fixed" ? classedLevels(override.min, override.max, breaks) : PAINT_LEVELS;
    return { min: override.min, max: override.max, ramp, kind, fitted: false, breaks, step, decimals: stepDecimals(step), levels };
  }
  if (kind === "fixed") {
    const breaks = [0, 0.2, 0.4, 0.6, 0.8, 1];
    return { min: 0, max: 1, ramp, kind, fitted: true, breaks, step: 0.2, decimals: 1, levels: classedLevels(0, 1, breaks) };
  }
  return { ramp, kind, fitted: true, levels: PAINT_LEVELS, ...fittedScale(kind, range) };
}

/**
 * A range fitted to values' 2nd and 98th percentiles (`fieldRange`): diverging, centred on zero and
 * symmetric to the larger of |p2| and |p98|, or sequential from p2 to p98; each rounded outward to a
 * readable class step (`niceStep`: about 8 classes for a change, 6 for values), with its breaks. Without
 * values: -1 to 1 for a change, 0 to 1 otherwise. The gridded field's scale and the choropleth's.
 */
export function fittedScale(kind: "diverging" | "sequential", range: { p2: number | null; p98: number | null }): Pick<GridColorScale, "min" | "max" | "breaks" | "step" | "decimals"> {
  const { p2, p98 } = range;
  let min: number;
  let max: number;
  let step: number;
  if (kind === "diverging") {
    const reach = p2 === null || p98 === null ? 0 : Math.max(Math.abs(p2), Math.abs(p98));
    step = niceStep(2 * (reach > 0 ? reach : 1), CLASSES.diverging);
    max = Math.max(1, Math.ceil((reach > 0 ? reach : 1) / step - 1e-9)) * step;
    min = -max;
  } else {
    let lo = p2 ?? 0;
    let hi = p98 ?? 1;
    if (!(hi > lo)) [lo, hi] = [lo - 1, hi + 1];
    step = niceStep(hi - lo, CLASSES.sequential);
    min = Math.floor(lo / step + 1e-9) * step;
    max = Math.ceil(hi / step - 1e-9) * step;
  }
  const decimals = stepDecimals(step);
  const round = (v: number) => Number(v.toFixed(decimals)) + 0;
  return { min: round(min), max: round(max), breaks: breaksOf(min, max, step), step, decimals };
}

/**
 * Reads `scale=min,max` (absent: fitted): two numbers within the bounds of `gridScale` (`GRID_SCALE_RULE`),
 * so that the scale has readable breaks; a 400 names `scale` with the rule.
 */
export function parseGridScale(text: string | null): { ok: true; scale?: GridScale } | { ok: false; problem: GridProblem & { details: { value: string } } } {
  if (text === null) return { ok: true };
  const scale = readGridScale(text);
  if (!scale) {
    return { ok: false, problem: { status: 400, message: `Invalid scale "${text}": give ${GRID_SCALE_RULE}`, details: { field: "scale", allowed: [GRID_SCALE_RULE], value: text } } };
  }
  return { ok: true, scale };
}

/** The scale's `levels` colours a painted field uses, low to high: the ramp sampled at each level's middle. */
export function scalePalette(scale: Pick<GridColorScale, "ramp" | "levels">): [number, number, number][] {
  const stops = rampStops(scale.ramp);
  const { levels } = scale;
  return Array.from({ length: levels }, (_, i) => {
    const hex = colorAt(stops, (i + 0.5) / levels);
    return [parseInt(hex.slice(1, 3), 16), parseInt(hex.slice(3, 5), 16), parseInt(hex.slice(5, 7), 16)];
  });
}

/**
 * The level (0 to `levels` - 1) of a value on a scale, clamped at the ends; -1 for no value. A value on an
 * edge takes the level above it (0.8 of the agreement: the robust class).
 */
export function scaleLevel(scale: Pick<GridColorScale, "min" | "max" | "levels">, value: number): number {
  if (!Number.isFinite(value)) return -1;
  const { levels } = scale;
  const t = (value - scale.min) / (scale.max - scale.min);
  // t * levels a hair under a whole number is that edge (0.8 * 5 is 4, not 3.9999999999999996)
  const at = t * levels;
  return Math.min(levels - 1, Math.max(0, Math.floor(at + 1e-9)));
}

/** Whether a scale is painted one colour per legend class (the agreement). */
export const isClassed = (scale: Pick<GridColorScale, "levels" | "breaks">) => scale.levels === scale.breaks.length - 1;

/**
 * The legend of a scale for the shared Legend component, with the class breaks as labels: the ramp, or for
 * a scale painted one colour per class, those colours in hard steps, as the image shows them.
 */
export function gridLegend(title: string, unit: string, scale: GridColorScale): GradientLegend {
  const hex = (rgb: readonly number[]) => `#${rgb.map((c) => c.toString(16).padStart(2, "0")).join("")}`;
  const steps = scalePalette(scale).flatMap((rgb, i) => [
    { color: hex(rgb), offset: i / scale.levels },
    { color: hex(rgb), offset: (i + 1) / scale.levels },
  ]);
  return {
    type: "gradient",
    title,
    unit,
    min: scale.min,
    max: scale.max,
    style: gradientCss(isClassed(scale) ? steps : rampStops(scale.ramp)),
    labels: scale.breaks.map((b) => formatNumber(b, scale.decimals, { signed: scale.kind === "diverging" })),
  };
}
