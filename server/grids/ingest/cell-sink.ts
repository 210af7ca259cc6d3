import { aggregateMonths, aggregationOf } from "../../../app/features/cmip6/indicatorRules";
import { monthsInPreviousYear, SEASONS } from "../../../app/features/cmip6/periods";
import { GRID_INDICATORS, GRID_MONTHLY_INDICATORS, type GridSeason } from "../../../app/features/grids/grid";
import { daysInMonth, type Calendar } from "../../series/ingest/calendar";
import { annualOfMonths, type CellSink } from "../../series/ingest/indices";

/**
 * The per-cell values of the gridded indicators (`GRID_INDICATORS`), year by year, as the indexer
 * (`server/series/ingest/indices.ts`) computes them before it averages them over places: for a monthly
 * indicator the twelve monthly values of each cell and the year's value by the place series' rule
 * (`annualOfMonths`, weighted by the calendar's days for means); for an annual index its value directly;
 * CDD and CWD once the dry and wet spells are resolved as for the place values (`setSpells`).
 *
 * Seasons are the months of the season aggregated by the indicator's rule (`aggregateMonths`): block
 * maxima and minima over the months, means weighted by the days of each month in the run's own calendar
 * (`seasonValues`), so that a season's mean is the mean of its days, as the year's is; a season spanning
 * the new year (DJF) belongs to the year it ends in and takes the December of the year before; a season
 * missing a month has no value.
 */

const MONTHLY = new Set<string>(GRID_MONTHLY_INDICATORS);
const GRIDDED = new Set<string>(GRID_INDICATORS);

/** One year's values of one code: `annual` per cell, and for monthly codes `months[m]` per cell (m = 0..11). */
export interface CellYear {
  annual: Float32Array;
  months?: Float32Array[];
}

/** Whether a code has a gridded field and twelve monthly values. */
export const isGridCode = (code: string) => GRIDDED.has(code);
export const isMonthlyGridCode = (code: string) => MONTHLY.has(code);

export class GridCellSink implements CellSink {
  /** per code, per year */
  readonly years = new Map<string, Map<number, CellYear>>();

  constructor(
    private readonly calendar: Calendar,
    /** Cells the indexer reads (its cell i is `cells[i]`, an index into the grid, row-major from lat[0], lon[0]). */
    readonly cells: Uint32Array,
    /** Codes the indexer keeps (only gridded ones are taken). */
    codes: { monthly: readonly string[]; annual: readonly string[] },
  ) {
    this.monthlyCodes = codes.monthly.filter((c) => MONTHLY.has(c));
    this.annualCodes = codes.annual.filter((c) => GRIDDED.has(c) && !MONTHLY.has(c));
  }
  private readonly monthlyCodes: string[];
  private readonly annualCodes: string[];

  private year(code: string, year: number, monthly: boolean): CellYear {
    let byYear = this.years.get(code);
    if (!byYear) this.years.set(code, (byYear = new Map()));
    let entry = byYear.get(year);
    if (!entry) {
      const n = this.cells.length;
      entry = { annual: new Float32Array(n).fill(NaN), ...(monthly ? { months: Array.from({ length: 12 }, () => new Float32Array(n).fill(NaN)) } : {}) };
      byYear.set(year, entry);
    }
    return entry;
  }

  endMonth(year: number, month: number, cellValues: Readonly<Record<string, (i: number) => number>>): void {
    for (const code of this.monthlyCodes) {
      const value = cellValues[code];
      if (!value) continue;
      const out = this.year(code, year, true).months![month - 1];
      for (let i = 0; i < out.length; i++) out[i] = value(i);
    }
  }

  endYear(year: number, cellValues: Readonly<Record<string, (i: number) => number>>): void {
    const months = new Float64Array(12);
    for (const code of this.monthlyCodes) {
      const entry = this.years.get(code)?.get(year);
      if (!entry) continue;
      const planes = entry.months!;
      const rule = aggregationOf(code);
      if (rule === "mean") {
        // as annualOfMonths: weighted by the days of the calendar's months (a missing month: NaN)
        const days = Array.from({ length: 12 }, (_, m) => daysInMonth(this.calendar, year, m + 1));
        const total = days.reduce((a, b) => a + b, 0);
        for (let i = 0; i < entry.annual.length; i++) {
          let sum = 0;
          for (let m = 0; m < 12; m++) sum += planes[m][i] * days[m];
          entry.annual[i] = sum / total;
        }
        continue;
      }
      for (let i = 0; i < entry.annual.length; i++) {
        for (let m = 0; m < 12; m++) months[m] = planes[m][i];
        entry.annual[i] = annualOfMonths(this.calendar, code, year, months);
      }
    }
    for (const code of this.annualCodes) {
      const value = cellValues[code];
      // spell indices wait for their spells to be resolved (`setSpells`)
      if (!value || code === "cdd" || code === "cwd") continue;
      const out = this.year(code, year, false).annual;
      for (let i = 0; i < out.length; i++) out[i] = value(i);
    }
  }

  /** CDD or CWD of a year once its spells are resolved (cells numbered as the indexer's). */
  setSpells(code: string, year: number, values: ArrayLike<number>): void {
    if (!this.annualCodes.includes(code)) return;
    const out = this.year(code, year, false).annual;
    for (let i = 0; i < out.length; i++) out[i] = values[i];
  }

  /** A year's value of a season per cell (with the year before, for a season spanning the new year). */
  season(code: string, year: number, season: GridSeason): Float32Array | undefined {
    const byYear = this.years.get(code);
    return byYear?.get(year) && seasonValues(code, season, this.calendar, year, byYear.get(year)!, byYear.get(year - 1));
  }
}

/**
 * A year's values of a season per cell from the cells' monthly values: NaN where a month is missing (a
 * December of the year before that was not read included). A mean weighs each month by its days in the
 * run's calendar (`daysInMonth`: 29 days for a leap February of the standard, proleptic Gregorian and
 * all_leap calendars, 28 in noleap, 30 for every month of 360_day), as the year's value does
 * (`annualOfMonths`): the monthly values are means of complete months, so the season's is the mean of its
 * days. `previous` is the year before `year` in the same run (its December for DJF).
 */
export function seasonValues(code: string, season: GridSeason, calendar: Calendar, year: number, values: CellYear, previous: CellYear | undefined): Float32Array {
  if (season === "annual") return values.annual;
  const n = values.annual.length;
  const out = new Float32Array(n).fill(NaN);
  if (!values.months) return out;
  const s = SEASONS[season];
  const before = monthsInPreviousYear(s);
  if (before > 0 && !previous?.months) return out;
  const rule = aggregationOf(code);
  const picked = new Float64Array(s.months.length);
  const sources = s.months.map((month, k) => (k < before ? previous!.months![month - 1] : values.months![month - 1]));
  const days = s.months.map((month, k) => daysInMonth(calendar, k < before ? year - 1 : year, month));
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < sources.length; k++) picked[k] = sources[k][i];
    out[i] = aggregateMonths(picked, s.months, rule, days);
  }
  return out;
}
