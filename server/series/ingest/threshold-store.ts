import { createHash } from "node:crypto";
import type BetterSqlite3 from "better-sqlite3";
import { ETCCDI_BASE_PERIOD } from "../../../app/features/cmip6/periods";
import { encodeValues } from "../ingested-store.server";
import { daysInMonth, daysInYear, type Calendar, type CalendarDate } from "./calendar";
import { annualOfMonths, type DailyVariable, type IndexerHook } from "./indices";
import type { GeoMask } from "./masks";
import {
  dayOfYear, dayThresholds, inBaseRates, PERCENTILE_ANNUAL, PERCENTILE_CODES_OF, PERCENTILE_MONTHLY, PERCENTILE_VARIABLES,
  PercentileDays, PRECIPITATION_QUANTILES, TEMPERATURE_QUANTILES, thresholdDays, wetDayThresholds,
  type CellBase, type CellThresholds, type DayRates, type PercentileVariable,
} from "./percentiles";

/**
 * What the percentile indices keep between ingest runs (./percentiles.ts), in the series database:
 *
 * - `percentile_base_days`: the daily tasmax, tasmin and pr of each base year (1961-1990) of a model's
 *   historical run, per grid cell (float32, in blocks of cells), until the model's base is complete;
 * - `percentile_thresholds`: the thresholds computed from them (float32), per model, variable, grid and
 *   set of cells; the base days are then dropped;
 * - `percentile_pending`: years read before their model's thresholds existed.
 *
 * Order rule: a base year's days are stored when it is read; when the 30th base year of a variable is
 * read, the thresholds are computed and the indices of all 30 base years (with the bootstrap) written from
 * the stored days. A year outside the base read before its model's thresholds exist gets no percentile
 * indices and is recorded as pending: the ingest reads it again at the end of the same run when the base
 * completed in that run, and in a later run over its files once the thresholds exist (its files are then
 * not skipped). Thresholds belong to one grid and one set of cells (the places' outlines): another grid or
 * other outlines need their own base.
 */

export const PERCENTILE_SCHEMA = `
CREATE TABLE IF NOT EXISTS percentile_base_days (
  model TEXT NOT NULL,
  variable TEXT NOT NULL,
  grid TEXT NOT NULL,
  cells TEXT NOT NULL,
  year INTEGER NOT NULL,
  block INTEGER NOT NULL,
  calendar TEXT NOT NULL,
  written_by TEXT NOT NULL,
  -- float32, the block's cells one after the other, each with the year's days in order
  vals BLOB NOT NULL,
  PRIMARY KEY (model, variable, grid, cells, year, block)
);
CREATE TABLE IF NOT EXISTS percentile_thresholds (
  model TEXT NOT NULL,
  variable TEXT NOT NULL,
  grid TEXT NOT NULL,
  cells TEXT NOT NULL,
  base TEXT NOT NULL,
  calendar TEXT NOT NULL,
  computed_at TEXT NOT NULL,
  -- float32: tasmax/tasmin q10 then q90, [cell * days + day]; pr q95 then q99 per cell
  vals BLOB NOT NULL,
  PRIMARY KEY (model, variable, grid, cells)
);
CREATE TABLE IF NOT EXISTS percentile_pending (
  model TEXT NOT NULL,
  scenario TEXT NOT NULL,
  year INTEGER NOT NULL,
  variable TEXT NOT NULL,
  PRIMARY KEY (model, scenario, year, variable)
) WITHOUT ROWID;
`;

/** Cells per stored block of base days. */
const BLOCK = 1024;
const BASE_SCENARIO = "historical";

export interface PercentileKey {
  model: string;
  grid: string;
  /** hash of the cell list */
  cells: string;
}

export const cellsKey = (cells: Uint32Array) => createHash("sha256").update(Buffer.from(cells.buffer, cells.byteOffset, cells.byteLength)).digest("hex").slice(0, 16);

const f32 = (blob: Buffer) => {
  const out = new Float32Array(blob.length / 4);
  new Uint8Array(out.buffer).set(blob);
  return out;
};
const blobOf = (a: Float32Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

/** The dates of a year of a calendar, in order. */
function yearDates(calendar: Calendar, year: number): CalendarDate[] {
  const out: CalendarDate[] = [];
  for (let month = 1; month <= 12; month++) for (let day = 1; day <= daysInMonth(calendar, year, month); day++) out.push({ year, month, day });
  return out;
}

/** Rows the completion of a base writes, as the ingest writes its own. */
export type RowWriter = (code: string, geo: string, frequency: "monthly" | "annual", year: number, vals: Buffer, writer: string) => void;

/** A set's reading: its percentile hook, and what to keep after it. */
export class PercentileHook implements IndexerHook {
  readonly codes: { monthly: string[]; annual: string[] };
  private readonly days: PercentileDays;
  /** base days read, per variable and year: [cell * daysInYear + dayOfYear] */
  readonly recorded = new Map<PercentileVariable, Map<number, Float32Array>>();
  readonly yearsRead = new Set<number>();

  constructor(
    readonly key: PercentileKey,
    readonly scenario: string,
    readonly calendar: Calendar,
    readonly n: number,
    readonly variables: readonly PercentileVariable[],
    readonly thresholds: CellThresholds,
    readonly inBase: (year: number) => boolean,
  ) {
    this.days = new PercentileDays(calendar, n, thresholds, (year) => !(scenario === BASE_SCENARIO && inBase(year)));
    this.codes = this.days.codes;
  }

  day(date: CalendarDate, values: Partial<Record<DailyVariable, ArrayLike<number>>>): void {
    this.yearsRead.add(date.year);
    if (this.scenario === BASE_SCENARIO && this.inBase(date.year)) {
      const diy = daysInYear(this.calendar, date.year);
      const d = dayOfYear(this.calendar, date);
      for (const v of this.variables) {
        let years = this.recorded.get(v);
        if (!years) this.recorded.set(v, (years = new Map()));
        let buffer = years.get(date.year);
        if (!buffer) years.set(date.year, (buffer = new Float32Array(this.n * diy).fill(NaN)));
        const x = values[v]!;
        for (let i = 0; i < this.n; i++) buffer[i * diy + d] = x[i];
      }
      return;
    }
    this.days.day(date, values);
  }
  endMonth(year: number, month: number) {
    return this.days.endMonth(year, month);
  }
  endYear(year: number) {
    return this.days.endYear(year);
  }
}

export class ThresholdStore {
  readonly base: { start: number; end: number };
  private readonly baseLabel: string;
  constructor(private readonly db: BetterSqlite3.Database, base: { start: number; end: number } = ETCCDI_BASE_PERIOD) {
    this.base = { start: base.start, end: base.end };
    this.baseLabel = `${base.start}-${base.end}`;
  }

  inBase = (year: number) => year >= this.base.start && year <= this.base.end;

  thresholds(key: PercentileKey, variable: PercentileVariable, n: number, calendar: Calendar): Float32Array[] | undefined {
    const row = this.db.prepare("SELECT vals, base, calendar FROM percentile_thresholds WHERE model = ? AND variable = ? AND grid = ? AND cells = ?")
      .get(key.model, variable, key.grid, key.cells) as { vals: Buffer; base: string; calendar: string } | undefined;
    if (!row || row.base !== this.baseLabel) return undefined;
    const all = f32(row.vals);
    const per = variable === "pr" ? n : n * thresholdDays(calendar);
    if (all.length !== 2 * per) return undefined;
    return [all.subarray(0, per), all.subarray(per)];
  }

  /** The hook for a set of files of one model, scenario and grid. */
  hook(key: PercentileKey, scenario: string, calendar: Calendar, n: number, variables: readonly string[]): PercentileHook | undefined {
    const vars = PERCENTILE_VARIABLES.filter((v) => variables.includes(v));
    if (vars.length === 0) return undefined;
    const thresholds: CellThresholds = {};
    for (const v of vars) {
      const t = this.thresholds(key, v, n, calendar);
      if (t) thresholds[v] = t;
    }
    return new PercentileHook(key, scenario, calendar, n, vars, thresholds, this.inBase);
  }

  /** Base years stored for a variable (with this grid and cells). */
  storedYears(key: PercentileKey, variable: string): number[] {
    return (this.db.prepare("SELECT DISTINCT year FROM percentile_base_days WHERE model = ? AND variable = ? AND grid = ? AND cells = ? ORDER BY year")
      .all(key.model, variable, key.grid, key.cells) as { year: number }[]).map((r) => r.year);
  }

  /** Whether files recorded as ingested must be read again: a pending year whose model has thresholds now. */
  wantsAgain(model: string, scenario: string, years: { start: number; end: number }): boolean {
    const row = this.db.prepare(
      `SELECT 1 FROM percentile_pending p WHERE p.model = ? AND p.scenario = ? AND p.year BETWEEN ? AND ?
         AND EXISTS (SELECT 1 FROM percentile_thresholds t WHERE t.model = p.model AND t.variable = p.variable AND t.base = ?)`,
    ).get(model, scenario, years.start, years.end, this.baseLabel);
    return row !== undefined;
  }

  /**
   * After a set was read (inside its transaction): stores its base days, completes the base when its last
   * year came (thresholds, the base years' rows, base days dropped), records years left pending. Returns
   * notes for the summary.
   */
  afterSet(hook: PercentileHook, writerOf: (variable: string) => string, masks: readonly GeoMask[], write: RowWriter): string[] {
    const notes: string[] = [];
    const { key, scenario, calendar } = hook;
    const label = `${key.model} ${scenario}`;
    const insertBase = this.db.prepare(
      "INSERT OR REPLACE INTO percentile_base_days (model, variable, grid, cells, year, block, calendar, written_by, vals) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    );
    for (const [v, years] of hook.recorded) {
      if (hook.thresholds[v]) {
        notes.push(`${label} ${[...years.keys()].join(", ")}: ${v} thresholds of ${key.model} were computed before (their base days are no longer kept); the percentile indices of these base years were not recomputed`);
        continue;
      }
      for (const [year, buffer] of years) {
        const diy = daysInYear(calendar, year);
        for (let c0 = 0, block = 0; c0 < hook.n; c0 += BLOCK, block++) {
          const c1 = Math.min(hook.n, c0 + BLOCK);
          insertBase.run(key.model, v, key.grid, key.cells, year, block, calendar, writerOf(v), blobOf(buffer.slice(c0 * diy, c1 * diy)));
        }
      }
    }
    const clearPending = this.db.prepare("DELETE FROM percentile_pending WHERE model = ? AND scenario = ? AND year = ? AND variable = ?");
    const addPending = this.db.prepare("INSERT OR REPLACE INTO percentile_pending (model, scenario, year, variable) VALUES (?, ?, ?, ?)");
    const outside = [...hook.yearsRead].filter((y) => !(scenario === BASE_SCENARIO && this.inBase(y))).sort((a, b) => a - b);
    for (const v of hook.variables) {
      if (!hook.thresholds[v] && scenario === BASE_SCENARIO && hook.recorded.has(v)) {
        const stored = this.storedYears(key, v);
        const need = this.base.end - this.base.start + 1;
        if (stored.length === need) {
          this.complete(key, v, calendar, hook.n, masks, write);
          notes.push(`${key.model}: ${v} base ${this.baseLabel} complete; thresholds computed and the percentile indices of its ${need} base years written`);
        } else {
          notes.push(`${key.model}: ${v} base ${this.baseLabel} has ${stored.length} of ${need} years; percentile indices wait for the rest`);
        }
      }
      for (const year of outside) {
        if (hook.thresholds[v]) clearPending.run(key.model, scenario, year, v);
        else addPending.run(key.model, scenario, year, v);
      }
      if (!hook.thresholds[v] && outside.length > 0) {
        const codes = PERCENTILE_CODES_OF[v].map((c) => c.toUpperCase()).join(", ");
        notes.push(
          `${label} ${outside[0]}${outside.length > 1 ? `-${outside[outside.length - 1]}` : ""}: no ${codes} yet (the ${v} base ${this.baseLabel} of ${key.model} historical is not complete on this grid); these files are read again when it is`,
        );
      }
    }
    return notes;
  }

  /** Thresholds and the base years' indices from the stored base days of one variable. */
  private complete(key: PercentileKey, v: PercentileVariable, calendar: Calendar, n: number, masks: readonly GeoMask[], write: RowWriter): void {
    const years = Array.from({ length: this.base.end - this.base.start + 1 }, (_, i) => this.base.start + i);
    const nyr = years.length;
    const dpy = thresholdDays(calendar);
    const temperature = v !== "pr";
    const per = temperature ? n * dpy : n;
    const q = [new Float32Array(per), new Float32Array(per)];
    const writers = new Map(
      (this.db.prepare("SELECT year, written_by FROM percentile_base_days WHERE model = ? AND variable = ? AND grid = ? AND cells = ? AND block = 0")
        .all(key.model, v, key.grid, key.cells) as { year: number; written_by: string }[]).map((r) => [r.year, r.written_by]),
    );
    const selectBlock = this.db.prepare("SELECT year, vals FROM percentile_base_days WHERE model = ? AND variable = ? AND grid = ? AND cells = ? AND block = ?");
    // per cell, the masks it is in with its weight
    const cellMasks: [number, number][][] = Array.from({ length: n }, () => []);
    masks.forEach((m, g) => m.cells.forEach((cell, k) => cellMasks[cell].push([g, m.weights[k]])));
    const codes = PERCENTILE_CODES_OF[v] as readonly string[];
    const monthlyCodes = codes.filter((c) => (PERCENTILE_MONTHLY as readonly string[]).includes(c));
    const annualCodes = codes.filter((c) => (PERCENTILE_ANNUAL as readonly string[]).includes(c));
    // place sums: [year][code] -> per geo, 12 months (or 1) of sum and weight
    const sums = new Map<string, { sum: Float64Array; weight: Float64Array }>();
    const acc = (year: number, code: string, slots: number) => {
      const id = `${year}|${code}`;
      let s = sums.get(id);
      if (!s) sums.set(id, (s = { sum: new Float64Array(masks.length * slots), weight: new Float64Array(masks.length * slots) }));
      return s;
    };
    const addCells = (year: number, code: string, slot: number, slots: number, c0: number, count: number, value: (i: number) => number) => {
      const s = acc(year, code, slots);
      for (let i = 0; i < count; i++) {
        const x = value(i);
        if (x !== x) continue;
        for (const [g, w] of cellMasks[c0 + i]) {
          s.sum[g * slots + slot] += x * w;
          s.weight[g * slots + slot] += w;
        }
      }
    };

    for (let c0 = 0, block = 0; c0 < n; c0 += BLOCK, block++) {
      const count = Math.min(n, c0 + BLOCK) - c0;
      const rows = new Map((selectBlock.all(key.model, v, key.grid, key.cells, block) as { year: number; vals: Buffer }[]).map((r) => [r.year, f32(r.vals)]));
      // each cell's base as climdex lays it out (29 February apart), and its in-base rates
      const rates = temperature ? [new Float64Array(count * nyr * dpy), new Float64Array(count * nyr * dpy)] : [];
      const rates29 = temperature ? [new Float64Array(count * nyr), new Float64Array(count * nyr)] : [];
      for (let i = 0; i < count; i++) {
        const base: CellBase = { years: nyr, dpy, days: new Float64Array(nyr * dpy).fill(NaN), feb29: new Float64Array(nyr).fill(NaN) };
        const all: number[] = [];
        years.forEach((year, y) => {
          const vals = rows.get(year)!;
          const diy = daysInYear(calendar, year);
          const leap = diy === 366;
          for (let d = 0; d < diy; d++) {
            const x = vals[i * diy + d];
            all.push(x);
            if (leap && d === 59) base.feb29[y] = x;
            else base.days[y * dpy + (leap && d > 59 ? d - 1 : d)] = x;
          }
        });
        if (temperature) {
          const t = dayThresholds(base, TEMPERATURE_QUANTILES);
          q[0].set(t[0], (c0 + i) * dpy);
          q[1].set(t[1], (c0 + i) * dpy);
          const r = inBaseRates(base, TEMPERATURE_QUANTILES, ["<", ">"]);
          for (let k = 0; k < 2; k++) {
            rates[k].set(r[k].days, i * nyr * dpy);
            rates29[k].set(r[k].feb29, i * nyr);
          }
        } else {
          const [q95, q99] = wetDayThresholds(all, PRECIPITATION_QUANTILES);
          q[0][c0 + i] = q95;
          q[1][c0 + i] = q99;
        }
      }
      // the base years' indices of the block's cells, with the stored (float32) thresholds
      const th: CellThresholds = { [v]: temperature ? q.map((a) => a.subarray(c0 * dpy, (c0 + count) * dpy)) : q.map((a) => a.subarray(c0, c0 + count)) };
      const days = new PercentileDays(calendar, count, th);
      const [hiCode, loCode] = codes;
      years.forEach((year, y) => {
        const vals = rows.get(year)!;
        const diy = daysInYear(calendar, year);
        const x = new Float64Array(count);
        const hi = new Float64Array(count);
        const lo = new Float64Array(count);
        for (const date of yearDates(calendar, year)) {
          const d = dayOfYear(calendar, date);
          const leap = diy === 366;
          const feb29 = leap && d === 59;
          const td = leap && d > 59 ? d - 1 : d;
          for (let i = 0; i < count; i++) {
            x[i] = vals[i * diy + d];
            if (temperature) {
              hi[i] = feb29 ? rates29[1][i * nyr + y] : rates[1][i * nyr * dpy + y * dpy + td];
              lo[i] = feb29 ? rates29[0][i * nyr + y] : rates[0][i * nyr * dpy + y * dpy + td];
            }
          }
          days.day(date, { [v]: x }, temperature ? ({ [hiCode]: hi, [loCode]: lo } as DayRates) : undefined);
          if (date.day === daysInMonth(calendar, year, date.month)) {
            const cells = days.endMonth(year, date.month);
            for (const code of monthlyCodes) addCells(year, code, date.month - 1, 12, c0, count, cells[code]);
          }
        }
        const cells = days.endYear(year);
        for (const code of annualCodes) addCells(year, code, 0, 1, c0, count, cells[code]);
      });
    }

    for (const year of years) {
      const writer = writers.get(year) ?? "";
      for (const code of monthlyCodes) {
        const s = acc(year, code, 12);
        masks.forEach((m, g) => {
          const months = Float64Array.from({ length: 12 }, (_, k) => (s.weight[g * 12 + k] > 0 ? s.sum[g * 12 + k] / s.weight[g * 12 + k] : NaN));
          write(code, m.code, "monthly", year, encodeValues(months), writer);
          write(code, m.code, "annual", year, encodeValues(Float64Array.of(annualOfMonths(calendar, code, year, months))), writer);
        });
      }
      for (const code of annualCodes) {
        const s = acc(year, code, 1);
        masks.forEach((m, g) => write(code, m.code, "annual", year, encodeValues(Float64Array.of(s.weight[g] > 0 ? s.sum[g] / s.weight[g] : NaN)), writer));
      }
    }
    const blob = new Float32Array(2 * per);
    blob.set(q[0], 0);
    blob.set(q[1], per);
    this.db.prepare("INSERT OR REPLACE INTO percentile_thresholds (model, variable, grid, cells, base, calendar, computed_at, vals) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
      .run(key.model, v, key.grid, key.cells, this.baseLabel, calendar, new Date().toISOString(), blobOf(blob));
    this.db.prepare("DELETE FROM percentile_base_days WHERE model = ? AND variable = ? AND grid = ? AND cells = ?").run(key.model, v, key.grid, key.cells);
  }
}
