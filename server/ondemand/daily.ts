import { nextDay, type Calendar, type CalendarDate } from "../series/ingest/calendar";

/**
 * A block of daily values for some grid cells: what the daily store (or the sample generator,
 * `./sample-daily.ts`) hands to the on-demand indices (`./indices.ts`). One block is one model run's days
 * over one span, for the cells of one question, in the run's own calendar (a `360_day` model keeps its
 * 30-day months).
 *
 * Layout: each variable is one `Float32Array` of `cells * days` values, cell-major (`cell * days + day`),
 * so that one cell's days are contiguous. Units: temperatures in °C, precipitation in mm/day (a daily
 * total); NaN is a missing value. A variable the run does not have (the archive has no `tasmax` for
 * CESM2) is absent.
 */

export const BLOCK_VARIABLES = ["tasmax", "tasmin", "tas", "pr"] as const;
export type BlockVariable = (typeof BLOCK_VARIABLES)[number];

export interface DailyBlock {
  calendar: Calendar;
  /** The first day. */
  start: CalendarDate;
  /** Consecutive days from `start`. */
  days: number;
  cells: number;
  /** Per variable, `cells * days` values, `cell * days + day`. */
  values: Partial<Record<BlockVariable, Float32Array>>;
  /**
   * Id of the source the days come from (`SeriesSource.id`: `SAMPLE_SOURCE_ID` for the generator, the
   * ingest's id for real data), for the one-source rule of a change (`mixedSourceReason`).
   */
  source: string;
}

/** Throws when a block's arrays do not have `cells * days` values. */
export function checkBlock(block: DailyBlock): void {
  const expected = block.cells * block.days;
  for (const [variable, values] of Object.entries(block.values)) {
    if (values && values.length !== expected) {
      throw new Error(`daily block: ${variable} has ${values.length} values, expected ${block.cells} cells x ${block.days} days = ${expected}`);
    }
  }
}

/** The date of each day of a block: year, month (1-12) and day of month, per day index. */
export interface BlockDates {
  year: Int32Array;
  month: Uint8Array;
  day: Uint8Array;
}

export function blockDates(block: Pick<DailyBlock, "calendar" | "start" | "days">): BlockDates {
  const out: BlockDates = { year: new Int32Array(block.days), month: new Uint8Array(block.days), day: new Uint8Array(block.days) };
  let date = block.start;
  for (let d = 0; d < block.days; d++) {
    out.year[d] = date.year;
    out.month[d] = date.month;
    out.day[d] = date.day;
    date = nextDay(block.calendar, date);
  }
  return out;
}
