import { AGREEMENT_RULE } from "~/features/cmip6/windows";
import { changeRange, rampFor, type RampName } from "~/features/maps/colorScale";
import { GRID_BASELINE, gridWindow, isChangeStatistic, type GridFieldResponse, type GridFieldSet, type GridScale, type GridStatistic } from "./grid";

/**
 * What the map viewer shows about a gridded field besides its picture: the field answer of
 * `/api/cmip6/grid` without its values (units, window, models, the range of the values, the method and
 * its source, sample or not). The page primes it for the first screen; later fields come from the field
 * answer (`gridApi.ts`), of which the browser keeps only this.
 */
export type GridSummary = Omit<GridFieldResponse, "values">;

export const summaryOfResponse = ({ values: _values, ...rest }: GridFieldResponse): GridSummary => rest;

/** The p-th percentile (0-100) of sorted values, interpolated between ranks. */
function percentile(sorted: readonly number[], p: number): number | null {
  if (!sorted.length) return null;
  const at = ((sorted.length - 1) * p) / 100;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo);
}

/** The range of a statistic's cell values (the field answer's `range`). */
export function valueRange(values: ArrayLike<number>): GridSummary["range"] {
  const finite = Array.from(values).filter(Number.isFinite).sort((a, b) => a - b);
  if (!finite.length) return { min: null, max: null, p2: null, p98: null };
  return { min: finite[0], max: finite[finite.length - 1], p2: percentile(finite, 2), p98: percentile(finite, 98) };
}

/**
 * The summary of one statistic of a field from the store's field set (what the page's loader primes; the
 * same content as the field answer without its values).
 */
export function gridSummaryOf(set: GridFieldSet, statistic: GridStatistic): GridSummary {
  const choice = gridWindow(set.query.window);
  const window: GridSummary["window"] =
    choice?.kind === "years"
      ? { code: choice.code, label: choice.label, kind: "years", start: choice.period.start, end: choice.period.end }
      : { code: set.query.window, label: choice?.label ?? set.query.window, kind: "gwl", ...(set.windows ? { windows: set.windows } : {}) };
  return {
    indicator: set.indicator,
    scenario: set.query.scenario,
    season: set.query.season,
    window,
    baseline: `${GRID_BASELINE.start}-${GRID_BASELINE.end}`,
    statistic,
    units: statistic === "agreement" ? "1" : set.indicator.units,
    axes: set.axes,
    range: valueRange(set[statistic]),
    models: set.models,
    excluded: set.excluded,
    agreementRule: AGREEMENT_RULE,
    method: set.method,
    source: set.source,
    version: set.version,
    sample: set.sample,
  };
}

/**
 * The colour scale of a field when the URL does not set one: a change centred on zero and symmetric to the
 * larger of |p2| and |p98|; a value from p2 to p98; the agreement share from 0 to 1. The painted image
 * (`/api/cmip6/grid/image.png`) fits its scale by the same rule.
 */
export function fittedScale(statistic: GridStatistic, range: GridSummary["range"]): GridScale | undefined {
  if (statistic === "agreement") return { min: 0, max: 1 };
  const { p2, p98 } = range;
  if (p2 === null || p98 === null) return undefined;
  if (isChangeStatistic(statistic)) {
    const reach = changeRange([p2, p98]);
    return reach ? { min: reach[0], max: reach[1] } : undefined;
  }
  return p2 < p98 ? { min: p2, max: p98 } : { min: p2 - 1, max: p98 + 1 };
}

/** The legend's ramp of a statistic (the map's ramps, `colorScale.ts`). */
export const gridRamp = (indicator: string, units: string, statistic: GridStatistic): RampName =>
  statistic === "agreement" ? "precipitation" : rampFor(indicator, units, isChangeStatistic(statistic));
