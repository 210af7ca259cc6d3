import { dailyThi, THI_CODES, THI_DEFINITIONS, THI_THRESHOLDS, thiCode, type ThiDefinition } from "../../../app/features/cmip6/livestockHeat";
import { daysInMonth, type Calendar, type CalendarDate } from "./calendar";
import type { DailyVariable, IndexerHook } from "./indices";

/**
 * Livestock heat-stress days per grid cell and month, a hook of the daily indexer (./indices.ts): each
 * day's THI (NRC 1971) under each definition whose two variables the files have, and per threshold the
 * days at or above it. A cell with a day missing either variable has no value for that month; places take
 * the area-weighted mean of the cells with a value, and the year adds the months (`aggregation: "sum"`).
 */

/** The THI day-count codes a set of daily variables gives (a definition needs both of its variables). */
export function thiProducedCodes(variables: ReadonlySet<string>): string[] {
  const definitions = THI_DEFINITIONS.filter((d) => d.variables.every((v) => variables.has(v))).map((d) => d.code);
  return THI_CODES.filter((c) => (definitions as string[]).includes(c.definition)).map((c) => c.code);
}

/** The hook for a set of files, or undefined when they have neither definition's variables. */
export function thiHook(calendar: Calendar, n: number, variables: readonly string[]): ThiDayCounter | undefined {
  const hook = new ThiDayCounter(calendar, n, new Set(variables));
  return hook.codes.monthly.length > 0 ? hook : undefined;
}

export class ThiDayCounter implements IndexerHook {
  readonly codes: { monthly: string[]; annual: string[] };
  private readonly definitions: { code: ThiDefinition; t: DailyVariable; humidity: DailyVariable; valid: Uint16Array; counts: Uint16Array[] }[];

  constructor(
    private readonly calendar: Calendar,
    private readonly n: number,
    variables: ReadonlySet<string>,
  ) {
    this.codes = { monthly: thiProducedCodes(variables), annual: [] };
    this.definitions = THI_DEFINITIONS.filter((d) => d.variables.every((v) => variables.has(v))).map((d) => ({
      code: d.code,
      t: d.variables[0],
      humidity: d.variables[1],
      valid: new Uint16Array(n),
      counts: THI_THRESHOLDS.map(() => new Uint16Array(n)),
    }));
  }

  /** One day's values per cell (NaN: missing). */
  day(_date: CalendarDate, values: Partial<Record<DailyVariable, ArrayLike<number>>>): void {
    for (const d of this.definitions) {
      const t = values[d.t];
      const h = values[d.humidity];
      if (!t || !h) continue;
      for (let i = 0; i < this.n; i++) {
        const thi = dailyThi(d.code, t[i], h[i]);
        if (thi !== thi) continue;
        d.valid[i]++;
        for (let k = 0; k < THI_THRESHOLDS.length; k++) if (thi >= THI_THRESHOLDS[k].value) d.counts[k][i]++;
      }
    }
  }

  /** Per code, each cell's days of the month that ends (NaN for a cell with a day missing); the counts start again. */
  endMonth(year: number, month: number): Record<string, (i: number) => number> {
    const days = daysInMonth(this.calendar, year, month);
    const out: Record<string, (i: number) => number> = {};
    for (const d of this.definitions) {
      THI_THRESHOLDS.forEach((threshold, k) => {
        const values = Float64Array.from(d.counts[k], (count, i) => (d.valid[i] === days ? count : NaN));
        out[thiCode(d.code, threshold.value)] = (i) => values[i];
        d.counts[k].fill(0);
      });
      d.valid.fill(0);
    }
    return out;
  }

  endYear(): Record<string, (i: number) => number> {
    return {};
  }
}
