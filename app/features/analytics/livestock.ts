import { ensembleStats } from "../cmip6/ensemble";
import { thiCode, thresholdsOf } from "../cmip6/livestockHeat";
import { MONTH_NAMES, SEASONS } from "../cmip6/periods";
import type { WarmingLevels } from "../cmip6/warmingLevels";
import { signAgreement, type Agreement } from "../cmip6/windows";
import { windowQueries, type AnalysisQuery } from "./queries";
import type { AnalysisSelection } from "./selection";

/**
 * The livestock heat-stress analysis: the series it draws for the selection's species and THI definition
 * (`species`, `thi` in the page URL), and its table of days per month, season and year at or above each
 * threshold.
 */

/** The day-count codes of a selection, one per threshold of its species, lowest threshold first. */
export const livestockCodes = (s: Pick<AnalysisSelection, "species" | "thi">) => thresholdsOf(s.species).map((t) => ({ code: thiCode(s.thi, t.value), threshold: t }));

/** Baseline and future monthly series of each threshold's days: two queries per threshold, in threshold order. */
export function livestockQueries(s: AnalysisSelection, table?: Pick<WarmingLevels, "rows">): AnalysisQuery[] {
  return windowQueries(s, livestockCodes(s).map((c) => c.code), table);
}

/** The rows of the table: the months, the portal's DJF, MAM and JJAS seasons, and the year. */
export const LIVESTOCK_ROWS: readonly { label: string; months: readonly number[] }[] = [
  ...MONTH_NAMES.map((name, m) => ({ label: name.slice(0, 3), months: [m + 1] })),
  ...(["DJF", "MAM", "JJAS"] as const).map((code) => ({ label: `${code}: ${SEASONS[code].name}`, months: SEASONS[code].months })),
  { label: "Year", months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] },
];

export interface RangeStat {
  median: number | null;
  p10: number | null;
  p90: number | null;
}

export interface HeatDayRow {
  label: string;
  baseline: RangeStat;
  future: RangeStat;
  /** Median across models of each model's own change, days. */
  change: number | null;
  agreement: Agreement | null;
}

/** A model's days over some calendar months: the sum of its mean days of each month; null with a month missing. */
function daysOver(cycle: readonly (number | null)[], months: readonly number[]): number | null {
  let sum = 0;
  for (const m of months) {
    const v = cycle[m - 1];
    if (v === null || v === undefined || Number.isNaN(v)) return null;
    sum += v;
  }
  return sum;
}

/**
 * Per row (month, season, year): the ensemble median and p10-p90 of the models' mean days in the
 * baseline and in the future, each model's change (its future minus its own baseline) and the models'
 * agreement on its sign. Inputs are each model's mean days per calendar month (`variableModelCycles`).
 */
export function heatDayRows(base: Readonly<Record<string, (number | null)[]>>, future: Readonly<Record<string, (number | null)[]>>): HeatDayRow[] {
  const stat = (cycles: Readonly<Record<string, (number | null)[]>>, months: readonly number[]): RangeStat => {
    const s = ensembleStats(Object.values(cycles).map((c) => [daysOver(c, months)]), 1);
    return { median: s.median[0], p10: s.p10[0], p90: s.p90[0] };
  };
  return LIVESTOCK_ROWS.map(({ label, months }) => {
    const changes = Object.keys(future)
      .filter((m) => base[m])
      .map((m) => {
        const [b, f] = [daysOver(base[m], months), daysOver(future[m], months)];
        return b === null || f === null ? null : f - b;
      });
    return {
      label,
      baseline: stat(base, months),
      future: stat(future, months),
      change: ensembleStats(changes.map((c) => [c]), 1).median[0],
      agreement: signAgreement(changes),
    };
  });
}
