import type { YearRange } from "../../app/features/cmip6/periods";
import { daysInMonth, type Calendar, type CalendarDate } from "../series/ingest/calendar";
import { blockDates, type DailyBlock } from "./daily";

/**
 * The season of an on-demand index: any set of calendar months (rabi wheat's November-March, a single
 * month, the whole year, even months apart such as January and July). A season is labelled with the year
 * it ends in, as DJF and NDJFM are in the portal (`SEASONS` in `app/features/cmip6/periods.ts`): rabi 2001
 * is November 2000 to March 2001.
 *
 * Where a season "ends" for a set of months that is not one run: its end month is the picked month
 * followed by the longest stretch of months not picked (going round the year); of two equally long
 * stretches, the one after the later calendar month. So November-March ends in March, December-February in
 * February, January and July in July (both in one calendar year), December, January and June in June
 * (December of the year before). A picked month after the end month falls in the calendar year before.
 */

/** The months of a season, 1-12, in the order they occur within a season year (from the first after the end month). */
export interface Season {
  months: readonly number[];
  /** The month the season ends in (its year is the season's label). */
  end: number;
}

/** Why a list of months is not a season, or undefined when it is one. */
export function seasonError(months: readonly unknown[]): string | undefined {
  if (months.length === 0) return "a season needs at least one month";
  for (const m of months) if (typeof m !== "number" || !Number.isInteger(m) || m < 1 || m > 12) return `month ${String(m)} is not a whole number from 1 to 12`;
  if (new Set(months).size !== months.length) return "a month is listed twice";
  return undefined;
}

/** The season of a set of months (throws on a set that `seasonError` refuses). */
export function seasonOf(months: readonly number[]): Season {
  const error = seasonError(months);
  if (error) throw new Error(`season: ${error}`);
  const picked = new Set(months);
  let end = 12;
  if (picked.size < 12) {
    let longest = -1;
    for (let m = 1; m <= 12; m++) {
      if (!picked.has(m)) continue;
      let gap = 0;
      while (gap < 11 && !picked.has(((m + gap) % 12) + 1)) gap++;
      // ties go to the later month: the comparison is >=
      if (gap >= longest) {
        longest = gap;
        end = m;
      }
    }
  }
  const ordered: number[] = [];
  for (let k = 1; k <= 12; k++) {
    const m = ((end + k - 1) % 12) + 1;
    if (picked.has(m)) ordered.push(m);
  }
  return { months: ordered, end };
}

/** The season year a day of `month` in calendar `year` belongs to (the day must be in the season). */
export const seasonYearOf = (season: Season, year: number, month: number) => (month > season.end ? year + 1 : year);

/** Days of a season year in a calendar. */
export function seasonDays(calendar: Calendar, season: Season, year: number): number {
  let days = 0;
  for (const m of season.months) days += daysInMonth(calendar, m > season.end ? year - 1 : year, m);
  return days;
}

/** The first and last day of the season years of `years`, and the calendar years to read for them. */
export function seasonSpan(calendar: Calendar, season: Season, years: YearRange): { first: CalendarDate; last: CalendarDate; calendarYears: YearRange } {
  const firstMonth = season.months[0];
  const before = firstMonth > season.end ? 1 : 0;
  return {
    first: { year: years.start - before, month: firstMonth, day: 1 },
    last: { year: years.end, month: season.end, day: daysInMonth(calendar, years.end, season.end) },
    calendarYears: { start: years.start - before, end: years.end },
  };
}

/**
 * The season years a block holds in full, and each one's days as runs of consecutive days (`from` to
 * `to`, day indices of the block, `to` exclusive). A season of months apart has several runs a year; a
 * run never spans two season years. Season years the block holds only in part are left out.
 */
export interface SeasonLayout {
  /** Season years, ascending, consecutive. */
  years: number[];
  /** Per season year, its runs of days: flat [from0, to0, from1, to1, ...]. */
  runs: Int32Array[];
}

export function seasonLayout(block: Pick<DailyBlock, "calendar" | "start" | "days">, season: Season): SeasonLayout {
  const dates = blockDates(block);
  const picked = new Uint8Array(13);
  for (const m of season.months) picked[m] = 1;
  const byYear = new Map<number, number[]>();
  const counts = new Map<number, number>();
  let open: { year: number; from: number } | undefined;
  const close = (to: number) => {
    if (!open) return;
    let runs = byYear.get(open.year);
    if (!runs) byYear.set(open.year, (runs = []));
    runs.push(open.from, to);
    open = undefined;
  };
  for (let d = 0; d < block.days; d++) {
    const month = dates.month[d];
    if (!picked[month]) {
      close(d);
      continue;
    }
    const year = seasonYearOf(season, dates.year[d], month);
    if (open && open.year !== year) close(d);
    if (!open) open = { year, from: d };
    counts.set(year, (counts.get(year) ?? 0) + 1);
  }
  close(block.days);
  const years = [...byYear.keys()].filter((y) => counts.get(y) === seasonDays(block.calendar, season, y)).sort((a, b) => a - b);
  return { years, runs: years.map((y) => Int32Array.from(byYear.get(y)!)) };
}
