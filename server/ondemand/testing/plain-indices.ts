import type { CalendarDate } from "../../series/ingest/calendar";

/**
 * The on-demand indices written the plain way, for tests: one cell's days as a list of dates and values,
 * the season year as the list of (year, month) pairs it holds, and each index by its definition in words
 * (`ONDEMAND_INDICES`), with nothing shared with `../indices.ts` or `../season.ts`.
 */

export interface PlainRequest {
  index: string;
  threshold?: number;
  minDays?: number;
  base?: number;
}

/** Whether a date is in a season year given as (year, month) pairs. */
export const inPairs = (pairs: readonly (readonly [number, number])[]) => (date: CalendarDate) => pairs.some(([y, m]) => y === date.year && m === date.month);

/** The value of an index for one cell over the days `inSeason` picks; NaN when one of them is missing. */
export function plainIndex(dates: readonly CalendarDate[], values: ArrayLike<number>, inSeason: (date: CalendarDate, i: number) => boolean, request: PlainRequest): number {
  const picked: number[] = [];
  // spells: the days of the season in order, a day outside it breaking the run (NaN marks the break)
  const sequence: number[] = [];
  for (let i = 0; i < dates.length; i++) {
    if (inSeason(dates[i], i)) {
      picked.push(values[i]);
      sequence.push(values[i]);
    } else if (sequence.length > 0 && !Number.isNaN(sequence[sequence.length - 1])) sequence.push(NaN);
  }
  if (picked.some((v) => Number.isNaN(v))) return NaN;
  const t = request.threshold!;
  const runs = (holds: (v: number) => boolean) => {
    const lengths: number[] = [];
    let run = 0;
    for (const v of [...sequence, NaN]) {
      if (!Number.isNaN(v) && holds(v)) run++;
      else {
        if (run > 0) lengths.push(run);
        run = 0;
      }
    }
    return lengths;
  };
  switch (request.index) {
    case "days-above":
      return picked.filter((v) => v > t).length;
    case "days-below":
      return picked.filter((v) => v < t).length;
    case "wet-days":
      return picked.filter((v) => v >= t).length;
    case "warm-spell-longest":
      return Math.max(0, ...runs((v) => v > t));
    case "warm-spell-count":
      return runs((v) => v > t).filter((n) => n >= request.minDays!).length;
    case "dry-spell-longest":
      return Math.max(0, ...runs((v) => v < t));
    case "dry-spell-count":
      return runs((v) => v < t).filter((n) => n >= request.minDays!).length;
    case "growing-degree-days":
    case "cooling-degree-days":
      return picked.reduce((sum, v) => sum + Math.max(0, v - request.base!), 0);
    case "heating-degree-days":
      return picked.reduce((sum, v) => sum + Math.max(0, request.base! - v), 0);
    case "season-total":
      return picked.reduce((sum, v) => sum + v, 0);
    case "season-mean":
      return picked.reduce((sum, v) => sum + v, 0) / picked.length;
    case "season-max":
      return Math.max(...picked);
    case "season-min":
      return Math.min(...picked);
    default:
      throw new Error(`no plain definition of ${request.index}`);
  }
}
