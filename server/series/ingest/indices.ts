import { aggregateMonths, aggregationOf } from "../../../app/features/cmip6/indicatorRules";
import { daysInMonth, daysInYear, nextDay, type Calendar, type CalendarDate } from "./calendar";
import type { GeoMask } from "./masks";
import { placeMeans, resolveSpellYear, SpellCounter, type SpellYear } from "./spells";

/**
 * Monthly means and ETCCDI indices from daily fields. Every index is computed per grid cell from that
 * cell's days (as ETCCDI defines it), then averaged over each place with cos(latitude) weights. A cell
 * with a missing day in a month (or year) has no value for that month (or year); a place's value is the
 * weighted mean over the cells that have one, and missing when none has.
 */

/** Variables averaged per month (the CMIP6 daily variables the portal shows). */
export const MEAN_VARIABLES = ["tas", "tasmax", "tasmin", "pr", "hurs", "huss", "rsds", "rlds", "sfcWind"] as const;
export type DailyVariable = (typeof MEAN_VARIABLES)[number];

/** Threshold of Rnnmm, mm (the portal's user-defined threshold, as in the sample generator). */
export const RNN_THRESHOLD = 25;

/** GSL: daily mean temperature that starts and ends the growing season, degC, and the spell length, days. */
const GSL_THRESHOLD = 5;
const GSL_SPELL = 6;

/** Indices with a value per month, the variables they need, and indices with a value per year. */
export const MONTHLY_INDICES: Record<string, readonly DailyVariable[]> = {
  txx: ["tasmax"], txn: ["tasmax"], tnx: ["tasmin"], tnn: ["tasmin"], dtr: ["tasmax", "tasmin"], rx1day: ["pr"], rx5day: ["pr"],
};
export const ANNUAL_INDICES: Record<string, readonly DailyVariable[]> = {
  fd: ["tasmin"], tr: ["tasmin"], su: ["tasmax"], id: ["tasmax"], gsl: ["tas"],
  r10mm: ["pr"], r20mm: ["pr"], rnnmm: ["pr"], prcptot: ["pr"], sdii: ["pr"], cdd: ["pr"], cwd: ["pr"],
};

/** Indices whose spells may run across the new year (see ./spells.ts). */
export const SPELL_INDICES = ["cdd", "cwd"] as const;
export type SpellIndex = (typeof SPELL_INDICES)[number];

/** What the indexer produced: per code, geo and year, twelve monthly values or one annual value. */
export interface IndexerOutput {
  monthly: Map<string, Map<string, Map<number, Float64Array>>>;
  annual: Map<string, Map<string, Map<number, number>>>;
  /** Per year, each cell's runs of dry and wet days (cells numbered as the indexer's). */
  spells: Map<number, Record<SpellIndex, SpellYear>>;
}

/** The codes computed from a set of variables. */
export function producedCodes(variables: ReadonlySet<string>): { monthly: string[]; annual: string[] } {
  const has = (needs: readonly string[]) => needs.every((v) => variables.has(v));
  const means = MEAN_VARIABLES.filter((v) => variables.has(v));
  const monthly = [...means, ...Object.keys(MONTHLY_INDICES).filter((c) => has(MONTHLY_INDICES[c]))];
  const annual = Object.keys(ANNUAL_INDICES).filter((c) => has(ANNUAL_INDICES[c]));
  return { monthly, annual };
}

/**
 * Indices computed outside the indexer from the same days (e.g. ./percentiles.ts): each day's values, and
 * per month and year each cell's value by code; the indexer averages them over places like its own. A
 * code a hook gives no cell values for in a month or year gets no value there.
 */
export interface IndexerHook {
  readonly codes: { monthly: string[]; annual: string[] };
  day(date: CalendarDate, values: Partial<Record<DailyVariable, ArrayLike<number>>>): void;
  endMonth(year: number, month: number): Record<string, (i: number) => number>;
  endYear(year: number): Record<string, (i: number) => number>;
}

/**
 * A daily field computed per cell from the day's variables (potential evapotranspiration, ./pet.ts), kept
 * as a monthly mean like the variables: a cell with a day the field has no value for has no value that month.
 */
export interface DerivedDaily {
  readonly code: string;
  /** The field of one day, per cell (NaN where it cannot be computed). */
  day(date: CalendarDate, values: Partial<Record<DailyVariable, ArrayLike<number>>>): ArrayLike<number>;
}

/**
 * Receives each cell's values as the indexer computes them, before they are averaged over places (the
 * gridded fields, `server/grids/ingest/cell-sink.ts`): at the end of each month and year the value
 * functions of every code (cells numbered as the indexer's), and CDD/CWD once their spells are resolved.
 */
export interface CellSink {
  endMonth(year: number, month: number, cellValues: Readonly<Record<string, (i: number) => number>>): void;
  endYear(year: number, cellValues: Readonly<Record<string, (i: number) => number>>): void;
  setSpells(code: string, year: number, values: ArrayLike<number>): void;
}

export class DailyIndexer {
  readonly output: IndexerOutput = { monthly: new Map(), annual: new Map(), spells: new Map() };
  readonly codes: { monthly: string[]; annual: string[] };
  private readonly n: number;
  /** the variables read, then the derived fields */
  private readonly vars: string[];
  private readonly has: (v: DailyVariable) => boolean;
  // per cell, this month
  private readonly mSum: Record<string, Float64Array> = {};
  private readonly mCount: Record<string, Uint16Array> = {};
  private readonly txx: Float64Array;
  private readonly txn: Float64Array;
  private readonly tnx: Float64Array;
  private readonly tnn: Float64Array;
  private readonly dtrSum: Float64Array;
  private readonly dtrCount: Uint16Array;
  private readonly rx1: Float64Array;
  private readonly rx5: Float64Array;
  /** the last five days of rain per cell (ring), and how many consecutive valid days precede today */
  private readonly ring: Float64Array;
  private readonly validRun: Uint16Array;
  // per cell, this year
  private readonly yCount: Record<string, Uint16Array> = {};
  private readonly counts: Record<"fd" | "tr" | "su" | "id" | "r10mm" | "r20mm" | "rnnmm" | "wet", Uint16Array>;
  private readonly prcptot: Float64Array;
  private readonly dry: SpellCounter;
  private readonly wet: SpellCounter;
  /** GSL per cell: the current warm and cold spell lengths, the season's first and last day (-1: none yet) */
  private readonly warmRun: Uint16Array;
  private readonly coldRun: Uint16Array;
  private readonly seasonStart: Int16Array;
  private readonly seasonEnd: Int16Array;
  /** day of the year, from 0 */
  private yearDay = 0;
  /** whether this year's days began on 1 January */
  private fromJanuary = false;
  private current: CalendarDate | undefined;
  private dayIndex = 0;
  /** place values of this year's months, per monthly code and geo */
  private yearMonths = new Map<string, Map<string, Float64Array>>();

  constructor(
    private readonly calendar: Calendar,
    /** masks with cell indices into the indexer's cells (0..cellCount-1) */
    private readonly masks: readonly GeoMask[],
    cellCount: number,
    variables: readonly DailyVariable[],
    /** codes to keep (those the catalogue lists), all when absent */
    keep?: ReadonlySet<string>,
    private readonly hooks: readonly IndexerHook[] = [],
    private readonly derived: readonly DerivedDaily[] = [],
    /** Where each cell's values go besides the place means (optional). */
    private readonly sink?: CellSink,
  ) {
    this.n = cellCount;
    this.vars = [...variables, ...derived.map((d) => d.code)];
    const set = new Set<string>(variables);
    this.has = (v) => set.has(v);
    const own = producedCodes(set);
    const produced = {
      monthly: [...own.monthly, ...hooks.flatMap((h) => h.codes.monthly)],
      annual: [...own.annual, ...hooks.flatMap((h) => h.codes.annual)],
    };
    produced.monthly.push(...derived.map((d) => d.code));
    this.codes = keep
      ? { monthly: produced.monthly.filter((c) => keep.has(c)), annual: produced.annual.filter((c) => keep.has(c)) }
      : produced;
    const f64 = (fill = 0) => new Float64Array(this.n).fill(fill);
    for (const v of this.vars) {
      this.mSum[v] = f64();
      this.mCount[v] = new Uint16Array(this.n);
      this.yCount[v] = new Uint16Array(this.n);
    }
    this.txx = f64(-Infinity);
    this.tnx = f64(-Infinity);
    this.txn = f64(Infinity);
    this.tnn = f64(Infinity);
    this.dtrSum = f64();
    this.dtrCount = new Uint16Array(this.n);
    this.rx1 = f64(-Infinity);
    this.rx5 = f64(-Infinity);
    this.ring = new Float64Array(this.n * 5);
    this.validRun = new Uint16Array(this.n);
    this.counts = {
      fd: new Uint16Array(this.n), tr: new Uint16Array(this.n), su: new Uint16Array(this.n), id: new Uint16Array(this.n),
      r10mm: new Uint16Array(this.n), r20mm: new Uint16Array(this.n), rnnmm: new Uint16Array(this.n), wet: new Uint16Array(this.n),
    };
    this.prcptot = f64();
    this.dry = new SpellCounter(this.n);
    this.wet = new SpellCounter(this.n);
    this.warmRun = new Uint16Array(this.n);
    this.coldRun = new Uint16Array(this.n);
    this.seasonStart = new Int16Array(this.n).fill(-1);
    this.seasonEnd = new Int16Array(this.n).fill(-1);
  }

  /**
   * One day: the value of each variable per cell (index = cell), in the portal's units. Days must come
   * in order without gaps.
   */
  day(date: CalendarDate, values: Partial<Record<DailyVariable, ArrayLike<number>>>): void {
    if (this.current) {
      const expected = nextDay(this.calendar, this.current);
      if (expected.year !== date.year || expected.month !== date.month || expected.day !== date.day) {
        throw new Error(`time steps are not consecutive days: ${fmt(this.current)} then ${fmt(date)}`);
      }
      if (date.month !== this.current.month) this.endMonth(this.current.year, this.current.month);
      if (date.year !== this.current.year) this.endYear(this.current.year);
    }
    if (this.yearDay === 0) this.fromJanuary = date.month === 1 && date.day === 1;
    this.current = date;
    const n = this.n;
    const fields: Record<string, ArrayLike<number> | undefined> = { ...values };
    for (const d of this.derived) fields[d.code] = d.day(date, values);
    for (const v of this.vars) {
      const x = fields[v];
      if (!x) throw new Error(`no ${v} values for ${fmt(date)}`);
      const sum = this.mSum[v];
      const count = this.mCount[v];
      const yCount = this.yCount[v];
      for (let i = 0; i < n; i++) {
        const value = x[i];
        if (value === value) {
          sum[i] += value;
          count[i]++;
          yCount[i]++;
        }
      }
    }
    const tx = values.tasmax;
    const tn = values.tasmin;
    if (tx) {
      for (let i = 0; i < n; i++) {
        const t = tx[i];
        if (t !== t) continue;
        if (t > this.txx[i]) this.txx[i] = t;
        if (t < this.txn[i]) this.txn[i] = t;
        if (t > 25) this.counts.su[i]++;
        if (t < 0) this.counts.id[i]++;
      }
    }
    if (tn) {
      for (let i = 0; i < n; i++) {
        const t = tn[i];
        if (t !== t) continue;
        if (t > this.tnx[i]) this.tnx[i] = t;
        if (t < this.tnn[i]) this.tnn[i] = t;
        if (t < 0) this.counts.fd[i]++;
        if (t > 20) this.counts.tr[i]++;
      }
    }
    if (tx && tn) {
      for (let i = 0; i < n; i++) {
        const d = tx[i] - tn[i];
        if (d === d) {
          this.dtrSum[i] += d;
          this.dtrCount[i]++;
        }
      }
    }
    const tg = values.tas;
    if (tg) this.growingSeason(tg, date.month);
    const pr = values.pr;
    if (pr) {
      const slot = this.dayIndex % 5;
      for (let i = 0; i < n; i++) {
        const p = pr[i];
        if (p !== p) {
          this.validRun[i] = 0;
          this.dry.day(i, undefined);
          this.wet.day(i, undefined);
          continue;
        }
        if (p > this.rx1[i]) this.rx1[i] = p;
        this.ring[i * 5 + slot] = p;
        if (this.validRun[i] < 5) this.validRun[i]++;
        if (this.validRun[i] === 5) {
          const o = i * 5;
          const five = this.ring[o] + this.ring[o + 1] + this.ring[o + 2] + this.ring[o + 3] + this.ring[o + 4];
          if (five > this.rx5[i]) this.rx5[i] = five;
        }
        if (p >= 1) {
          this.counts.wet[i]++;
          this.prcptot[i] += p;
          if (p >= 10) this.counts.r10mm[i]++;
          if (p >= 20) this.counts.r20mm[i]++;
          if (p >= RNN_THRESHOLD) this.counts.rnnmm[i]++;
        }
        this.dry.day(i, p < 1);
        this.wet.day(i, p >= 1);
      }
    }
    for (const hook of this.hooks) hook.day(date, values);
    this.dayIndex++;
    this.yearDay++;
  }

  /**
   * GSL (northern hemisphere, as ETCCDI defines it): the season starts on the first day of the first spell
   * of six days with daily mean temperature above 5 degC, and ends on the first day of the first spell of
   * six days below 5 degC that starts on or after 1 July; no start is 0 days, no end runs to 31 December.
   */
  private growingSeason(tg: ArrayLike<number>, month: number) {
    const day = this.yearDay;
    for (let i = 0; i < this.n; i++) {
      const t = tg[i];
      if (t !== t) {
        this.warmRun[i] = 0;
        this.coldRun[i] = 0;
        continue;
      }
      if (this.seasonStart[i] < 0) {
        this.warmRun[i] = t > GSL_THRESHOLD ? this.warmRun[i] + 1 : 0;
        if (this.warmRun[i] === GSL_SPELL) this.seasonStart[i] = day - GSL_SPELL + 1;
      } else if (this.seasonEnd[i] < 0 && month >= 7) {
        this.coldRun[i] = t < GSL_THRESHOLD ? this.coldRun[i] + 1 : 0;
        if (this.coldRun[i] === GSL_SPELL) this.seasonEnd[i] = day - GSL_SPELL + 1;
      }
    }
  }

  /**
   * Closes the last month and year (values of incomplete ones are missing), and resolves the spells of
   * every year read, as if the data started and ended with these days (the ingest resolves them again
   * with the years of other files).
   */
  finish(): IndexerOutput {
    if (this.current) {
      this.endMonth(this.current.year, this.current.month);
      this.endYear(this.current.year);
      this.current = undefined;
    }
    const spells = this.output.spells;
    for (const code of this.codes.annual) {
      if (!(SPELL_INDICES as readonly string[]).includes(code)) continue;
      const index = code as SpellIndex;
      for (const year of spells.keys()) {
        const values = resolveSpellYear(year, (y) => spells.get(y)?.[index])!;
        this.sink?.setSpells(code, year, values);
        this.setAnnual(code, year, this.placeMeans((i) => values[i]));
      }
    }
    return this.output;
  }

  private placeMeans(cellValue: (i: number) => number): Map<string, number> {
    return placeMeans(this.masks, cellValue);
  }

  private endMonth(year: number, month: number) {
    const days = daysInMonth(this.calendar, year, month);
    const complete = (v: string) => (i: number) => this.mCount[v][i] === days;
    const cellValues: Record<string, (i: number) => number> = {};
    for (const v of this.vars) {
      const full = complete(v);
      cellValues[v] = (i) => (full(i) ? this.mSum[v][i] / days : NaN);
    }
    if (this.has("tasmax")) {
      const full = complete("tasmax");
      cellValues.txx = (i) => (full(i) ? this.txx[i] : NaN);
      cellValues.txn = (i) => (full(i) ? this.txn[i] : NaN);
    }
    if (this.has("tasmin")) {
      const full = complete("tasmin");
      cellValues.tnx = (i) => (full(i) ? this.tnx[i] : NaN);
      cellValues.tnn = (i) => (full(i) ? this.tnn[i] : NaN);
    }
    cellValues.dtr = (i) => (this.dtrCount[i] === days ? this.dtrSum[i] / days : NaN);
    if (this.has("pr")) {
      const full = complete("pr");
      cellValues.rx1day = (i) => (full(i) ? this.rx1[i] : NaN);
      cellValues.rx5day = (i) => (full(i) && this.rx5[i] > -Infinity ? this.rx5[i] : NaN);
    }
    for (const hook of this.hooks) Object.assign(cellValues, hook.endMonth(year, month));
    this.sink?.endMonth(year, month, cellValues);
    for (const code of this.codes.monthly) {
      if (!cellValues[code]) continue;
      const means = this.placeMeans(cellValues[code]);
      let byGeo = this.yearMonths.get(code);
      if (!byGeo) this.yearMonths.set(code, (byGeo = new Map()));
      for (const [geo, value] of means) {
        let months = byGeo.get(geo);
        if (!months) byGeo.set(geo, (months = new Float64Array(12).fill(NaN)));
        months[month - 1] = value;
      }
    }
    // reset the month
    for (const v of this.vars) {
      this.mSum[v].fill(0);
      this.mCount[v].fill(0);
    }
    this.txx.fill(-Infinity);
    this.tnx.fill(-Infinity);
    this.txn.fill(Infinity);
    this.tnn.fill(Infinity);
    this.dtrSum.fill(0);
    this.dtrCount.fill(0);
    this.rx1.fill(-Infinity);
    this.rx5.fill(-Infinity);
  }

  private endYear(year: number) {
    const days = daysInYear(this.calendar, year);
    const full = (v: DailyVariable) => (i: number) => this.has(v) && this.yCount[v][i] === days;
    const count = (c: Uint16Array, v: DailyVariable) => {
      const ok = full(v);
      return (i: number) => (ok(i) ? c[i] : NaN);
    };
    const prOk = full("pr");
    const cellValues: Record<string, (i: number) => number> = {
      fd: count(this.counts.fd, "tasmin"),
      tr: count(this.counts.tr, "tasmin"),
      su: count(this.counts.su, "tasmax"),
      id: count(this.counts.id, "tasmax"),
      r10mm: count(this.counts.r10mm, "pr"),
      r20mm: count(this.counts.r20mm, "pr"),
      rnnmm: count(this.counts.rnnmm, "pr"),
      prcptot: (i) => (prOk(i) ? this.prcptot[i] : NaN),
      sdii: (i) => (prOk(i) ? (this.counts.wet[i] > 0 ? this.prcptot[i] / this.counts.wet[i] : 0) : NaN),
      gsl: (i) => {
        if (!full("tas")(i)) return NaN;
        const start = this.seasonStart[i];
        if (start < 0) return 0;
        const end = this.seasonEnd[i];
        return (end < 0 ? days : end) - start;
      },
    };
    for (const hook of this.hooks) Object.assign(cellValues, hook.endYear(year));
    this.sink?.endYear(year, cellValues);
    for (const code of this.codes.annual) if (cellValues[code]) this.setAnnual(code, year, this.placeMeans(cellValues[code]));
    if (this.has("pr")) {
      const last = this.current!;
      const span = { fromStart: this.fromJanuary, toEnd: last.month === 12 && last.day === daysInMonth(this.calendar, year, 12) };
      this.output.spells.set(year, { cdd: this.dry.endYear(days, prOk, span), cwd: this.wet.endYear(days, prOk, span) });
    }
    // monthly codes: twelve place values, and their annual value by the indicator's rule
    for (const [code, byGeo] of this.yearMonths) {
      let monthly = this.output.monthly.get(code);
      if (!monthly) this.output.monthly.set(code, (monthly = new Map()));
      const annual = new Map<string, number>();
      for (const [geo, months] of byGeo) {
        let years = monthly.get(geo);
        if (!years) monthly.set(geo, (years = new Map()));
        years.set(year, months);
        annual.set(geo, annualOfMonths(this.calendar, code, year, months));
      }
      this.setAnnual(code, year, annual);
    }
    this.yearMonths = new Map();
    for (const v of this.vars) this.yCount[v].fill(0);
    for (const c of Object.values(this.counts)) c.fill(0);
    this.prcptot.fill(0);
    // the growing season is counted within a year
    this.warmRun.fill(0);
    this.coldRun.fill(0);
    this.seasonStart.fill(-1);
    this.seasonEnd.fill(-1);
    this.yearDay = 0;
  }

  private setAnnual(code: string, year: number, values: Map<string, number>) {
    let annual = this.output.annual.get(code);
    if (!annual) this.output.annual.set(code, (annual = new Map()));
    for (const [geo, value] of values) {
      let years = annual.get(geo);
      if (!years) annual.set(geo, (years = new Map()));
      years.set(year, value);
    }
  }
}

const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

/** The year's value of a monthly series: weighted by the days of the calendar's months for means. */
export function annualOfMonths(calendar: Calendar, code: string, year: number, months: Float64Array): number {
  const rule = aggregationOf(code);
  if (rule !== "mean") return aggregateMonths(months, MONTHS, rule);
  let sum = 0;
  let days = 0;
  for (let m = 0; m < 12; m++) {
    const d = daysInMonth(calendar, year, m + 1);
    sum += months[m] * d;
    days += d;
  }
  return sum / days;
}
const fmt = (d: CalendarDate) => `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;
