import { DAYS_IN_MONTH } from "./periods";

/**
 * How monthly values of an indicator combine into a season or a year: a day-weighted mean for averages,
 * rates and shares; the maximum or minimum for block extremes (ETCCDI defines TXx as the maximum of the
 * daily maxima in the block, so the annual TXx is the largest monthly one).
 */
export type Aggregation = "mean" | "max" | "min";

const BLOCK_MAXIMA = ["txx", "tnx", "rx1day", "rx5day"];
const BLOCK_MINIMA = ["txn", "tnn"];

export function aggregationOf(code: string): Aggregation {
  if (BLOCK_MAXIMA.includes(code)) return "max";
  if (BLOCK_MINIMA.includes(code)) return "min";
  return "mean";
}

/**
 * Combines the values of the given calendar months (1-12). NaN when any of them is missing: a season or
 * year with a gap has no value rather than a biased one.
 */
export function aggregateMonths(values: ArrayLike<number>, months: readonly number[], rule: Aggregation): number {
  let acc = rule === "max" ? -Infinity : rule === "min" ? Infinity : 0;
  let days = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (Number.isNaN(v)) return NaN;
    if (rule === "max") acc = Math.max(acc, v);
    else if (rule === "min") acc = Math.min(acc, v);
    else {
      const d = DAYS_IN_MONTH[months[i] - 1];
      acc += v * d;
      days += d;
    }
  }
  if (values.length === 0) return NaN;
  return rule === "mean" ? acc / days : acc;
}
