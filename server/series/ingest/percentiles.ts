import { daysInMonth, daysInYear, type Calendar, type CalendarDate } from "./calendar";

/**
 * ETCCDI percentile indices as climdex.pcic computes them (Zhang et al. 2005, 2011; climdex.pcic 1.2,
 * R/stats_utils.R, R/threshold_utils.R, src/zhang_running_quantile.cc), per grid cell:
 *
 * - TX/TN 10th and 90th percentiles per calendar day from the base years' values in a 5-day window centred
 *   on the day, the window wrapping round within each base year (as climdex's C code does: 1 January's
 *   window is 30, 31 December and 1-3 January of the same year), quantile type 8 (Hyndman and Fan 1996,
 *   R's `quantile(type = 8)`, climdex's `c_quantile`). 29 February is left out of the base; it is compared
 *   with 28 February's threshold (climdex's `get.jdays.replaced.feb29`). 360-day calendars have 360
 *   calendar days, 365- and 366-day (all_leap) calendars 365. A threshold needs at least 10 % of the
 *   window's days present (climdex's `min.base.data.fraction.present = 0.1`), else it is missing.
 * - In-base years (the bootstrap of Zhang et al. 2005): a base day's exceedance is the share of the
 *   nyr - 1 thresholds, computed with its year replaced by each other base year, that it exceeds.
 * - R95p/R99p thresholds: the 95th and 99th percentile (type 8) of the base's wet days (>= 1 mm), not per
 *   calendar day.
 */

export const TEMPERATURE_QUANTILES = [0.1, 0.9] as const;
export const PRECIPITATION_QUANTILES = [0.95, 0.99] as const;
/** climdex's `n`: days in the window centred on each calendar day. */
export const WINDOW_DAYS = 5;
/** climdex's `min.base.data.fraction.present`. */
export const MIN_BASE_FRACTION = 0.1;
/** WSDI/CSDI: the shortest spell counted, days. */
export const SPELL_DAYS = 6;
/** Wet day for the R95p/R99p thresholds, mm. */
export const WET_DAY = 1;

export const PERCENTILE_MONTHLY = ["tx90p", "tx10p", "tn90p", "tn10p"] as const;
export const PERCENTILE_ANNUAL = ["wsdi", "csdi", "r95ptot", "r99ptot"] as const;
/** The codes each variable's thresholds give. */
export const PERCENTILE_CODES_OF = {
  tasmax: ["tx90p", "tx10p", "wsdi"],
  tasmin: ["tn90p", "tn10p", "csdi"],
  pr: ["r95ptot", "r99ptot"],
} as const;
export type PercentileVariable = keyof typeof PERCENTILE_CODES_OF;
export const PERCENTILE_VARIABLES = Object.keys(PERCENTILE_CODES_OF) as PercentileVariable[];

/** Calendar days of the thresholds: 360 for 360-day calendars, else 365 (29 February left out). */
export const thresholdDays = (calendar: Calendar) => (calendar === "360_day" ? 360 : 365);

/** Day of the year, from 0, in the year's own days (29 February counted). */
export function dayOfYear(calendar: Calendar, date: CalendarDate): number {
  let d = date.day - 1;
  for (let m = 1; m < date.month; m++) d += daysInMonth(calendar, date.year, m);
  return d;
}

/** The threshold day (0..thresholdDays-1) of a date: 29 February takes 28 February's (climdex). */
export function thresholdDay(calendar: Calendar, date: CalendarDate): number {
  const d = dayOfYear(calendar, date);
  if (calendar === "360_day" || daysInYear(calendar, date.year) < 366) return Math.min(d, 364);
  return date.month > 2 ? d - 1 : Math.min(d, 58);
}

const FUZZ = 4 * Number.EPSILON;

/**
 * Quantile type 8 of `n` values sorted ascending, read through `at(index)`, as climdex's `c_quantile`
 * (and R's quantile type 8): NaN for no values.
 */
export function quantileType8(n: number, q: number, at: (index: number) => number): number {
  if (n === 0) return NaN;
  if (n === 1) return at(0);
  const nppm = 1 / 3 + q * (n + 1 / 3) - 1;
  const j = Math.floor(nppm + FUZZ);
  const h = Math.abs(nppm - j) <= FUZZ ? 0 : nppm - j;
  const clamp = (i: number) => Math.max(0, Math.min(i, n - 1));
  const left = at(clamp(j));
  if (h === 0) return left;
  const right = at(clamp(j + 1));
  return (1 - h) * left + h * right;
}

/**
 * One cell's base values of one variable: `days[year * dpy + day]` for the base years and threshold days
 * (NaN missing), and `feb29[year]` (NaN when none): 29 February is kept apart (not in the window).
 */
export interface CellBase {
  years: number;
  dpy: number;
  days: Float64Array;
  feb29: Float64Array;
}

/** The window's values (sorted) and their base years, per threshold day. */
class Windows {
  readonly values: Float64Array;
  readonly years: Int32Array;
  n = 0;
  constructor(private readonly base: CellBase) {
    this.values = new Float64Array(WINDOW_DAYS * base.years);
    this.years = new Int32Array(WINDOW_DAYS * base.years);
  }
  /** Fills the window of threshold day `day`, sorted ascending. */
  load(day: number): void {
    const { years, dpy, days } = this.base;
    const half = Math.floor(WINDOW_DAYS / 2);
    const pairs: [number, number][] = [];
    for (let y = 0; y < years; y++) {
      for (let d = day - half; d <= day + half; d++) {
        const v = days[y * dpy + ((d + dpy) % dpy)];
        if (v === v) pairs.push([v, y]);
      }
    }
    pairs.sort((a, b) => a[0] - b[0]);
    this.n = pairs.length;
    for (let i = 0; i < pairs.length; i++) {
      this.values[i] = pairs[i][0];
      this.years[i] = pairs[i][1];
    }
  }
}

/** Out-of-base thresholds: `[q][day]` (NaN where the window has < 10 % of its days). */
export function dayThresholds(base: CellBase, quantiles: readonly number[]): Float64Array[] {
  const out = quantiles.map(() => new Float64Array(base.dpy));
  const w = new Windows(base);
  const slab = WINDOW_DAYS * base.years;
  for (let day = 0; day < base.dpy; day++) {
    w.load(day);
    quantiles.forEach((q, k) => {
      out[k][day] = w.n / slab < MIN_BASE_FRACTION ? NaN : quantileType8(w.n, q, (i) => w.values[i]);
    });
  }
  return out;
}

export type Compare = ">" | "<";

/**
 * In-base exceedance rates (Zhang et al. 2005): for each base year j and threshold day, the share of the
 * years k != j for which the day's value is beyond the threshold computed from the base with year j
 * replaced by year k (year k counted twice). Missing thresholds count as not exceeded (climdex sums with
 * na.rm and divides by nyr - 1); a missing value gives NaN. `[q]` of `days[year * dpy + day]` and `feb29[year]`.
 */
export function inBaseRates(base: CellBase, quantiles: readonly number[], compare: readonly Compare[]): { days: Float64Array; feb29: Float64Array }[] {
  const { years, dpy } = base;
  const out = quantiles.map(() => ({ days: new Float64Array(years * dpy), feb29: new Float64Array(years).fill(NaN) }));
  const w = new Windows(base);
  const slab = WINDOW_DAYS * years;
  const perYear = new Int32Array(years);
  const hits = new Float64Array(quantiles.length);
  const hits29 = new Float64Array(quantiles.length);
  const pair = new Float64Array(2);
  for (let day = 0; day < dpy; day++) {
    w.load(day);
    const { values, years: of, n } = w;
    perYear.fill(0);
    for (let i = 0; i < n; i++) perYear[of[i]]++;
    for (let j = 0; j < years; j++) {
      const x = base.days[j * dpy + day];
      const x29 = day === 58 ? base.feb29[j] : NaN;
      hits.fill(0);
      hits29.fill(0);
      for (let k = 0; k < years; k++) {
        if (k === j) continue;
        const size = n - perYear[j] + perYear[k];
        if (size / slab < MIN_BASE_FRACTION) continue;
        for (let m = 0; m < quantiles.length; m++) {
          // quantile type 8 of the sample without year j and with year k twice (as quantileType8)
          let t: number;
          if (size === 1) t = replacedOrder(values, of, n, j, k, size, 0, pair);
          else {
            const nppm = 1 / 3 + quantiles[m] * (size + 1 / 3) - 1;
            const lo = Math.floor(nppm + FUZZ);
            const h = Math.abs(nppm - lo) <= FUZZ ? 0 : nppm - lo;
            const left = Math.max(0, Math.min(lo, size - 1));
            const right = Math.max(0, Math.min(lo + 1, size - 1));
            replacedOrder(values, of, n, j, k, size, left, pair);
            t = h === 0 ? pair[0] : (1 - h) * pair[0] + h * (right === left ? pair[0] : pair[1]);
          }
          const above = compare[m] === ">";
          if (above ? x > t : x < t) hits[m]++;
          if (above ? x29 > t : x29 < t) hits29[m]++;
        }
      }
      for (let m = 0; m < quantiles.length; m++) {
        out[m].days[j * dpy + day] = x === x ? hits[m] / (years - 1) : NaN;
        if (day === 58) out[m].feb29[j] = x29 === x29 ? hits29[m] / (years - 1) : NaN;
      }
    }
  }
  return out;
}

/**
 * The order statistics `index` and `index + 1` (into `pair`; NaN beyond the sample) of the sorted window
 * `values` (years `of`) with year `j` left out and year `k` counted twice, `size` values in all: read from
 * the nearer end, so a 10th or 90th percentile walks a tenth of the window. Returns `pair[0]`.
 */
function replacedOrder(values: Float64Array, of: Int32Array, n: number, j: number, k: number, size: number, index: number, pair: Float64Array): number {
  pair[0] = pair[1] = NaN;
  let seen = 0;
  if (index < size / 2) {
    for (let i = 0; i < n; i++) {
      const weight = of[i] === j ? 0 : of[i] === k ? 2 : 1;
      const next = seen + weight; // values[i] holds positions seen .. next - 1
      if (seen <= index && index < next) pair[0] = values[i];
      if (seen <= index + 1 && index + 1 < next) {
        pair[1] = values[i];
        return pair[0];
      }
      seen = next;
    }
    return pair[0];
  }
  // from the top: position p is size - 1 - p from the top
  const top0 = size - 1 - index;
  const top1 = top0 - 1;
  for (let i = n - 1; i >= 0; i--) {
    const weight = of[i] === j ? 0 : of[i] === k ? 2 : 1;
    const next = seen + weight;
    if (seen <= top1 && top1 < next) pair[1] = values[i];
    if (seen <= top0 && top0 < next) {
      pair[0] = values[i];
      return pair[0];
    }
    seen = next;
  }
  return pair[0];
}

/** Wet-day quantiles of the base (type 8 over every base day >= 1 mm, 29 February included). */
export function wetDayThresholds(values: ArrayLike<number>, quantiles: readonly number[]): number[] {
  const wet: number[] = [];
  for (let i = 0; i < values.length; i++) if (values[i] >= WET_DAY) wet.push(values[i]);
  const sorted = Float64Array.from(wet).sort();
  return quantiles.map((q) => quantileType8(sorted.length, q, (i) => sorted[i]));
}

/** Per variable, each cell's thresholds: temperature `[q10, q90]` as `[cell * dpy + day]`, precipitation `[q95, q99]` per cell. */
export type CellThresholds = Partial<Record<PercentileVariable, Float32Array[]>>;

/** In-base exceedance rates of one day per cell, by code (tx90p, tx10p, tn90p, tn10p). */
export type DayRates = Partial<Record<(typeof PERCENTILE_MONTHLY)[number], ArrayLike<number>>>;

/**
 * Per cell, the percentile indices of the days given: TX90p/TX10p/TN90p/TN10p per month (% of days,
 * climdex's `percent.days.op.threshold`: mean of the days' exceedances times 100), WSDI/CSDI per year
 * (days in spells of >= 6 days beyond the out-of-base threshold, spells cut at the year's ends as climdex's
 * default `spells.can.span.years = FALSE`; climdex uses the out-of-base thresholds in base years too), and
 * R95pTOT/R99pTOT per year (mm on days above the wet-day threshold; a cell without base wet days has no
 * threshold and 0 mm, as climdex's na.rm sum). A month or year with a missing day has no value, as the
 * portal's other indices. Years for which `active` is false are left out.
 */
export class PercentileDays {
  readonly codes: { monthly: string[]; annual: string[] };
  private readonly dpy: number;
  private readonly mSum: Record<string, Float64Array> = {};
  private readonly mValid: Partial<Record<PercentileVariable, Uint16Array>> = {};
  private readonly yValid: Partial<Record<PercentileVariable, Uint16Array>> = {};
  private readonly run: Record<string, Uint16Array> = {};
  private readonly spell: Record<string, Uint16Array> = {};
  private readonly total: Record<string, Float64Array> = {};
  private on = false;

  constructor(
    private readonly calendar: Calendar,
    private readonly n: number,
    private readonly thresholds: CellThresholds,
    private readonly active: (year: number) => boolean = () => true,
  ) {
    this.dpy = thresholdDays(calendar);
    const vars = PERCENTILE_VARIABLES.filter((v) => thresholds[v]);
    const codes = vars.flatMap((v) => [...PERCENTILE_CODES_OF[v]]);
    this.codes = { monthly: codes.filter((c) => (PERCENTILE_MONTHLY as readonly string[]).includes(c)), annual: codes.filter((c) => (PERCENTILE_ANNUAL as readonly string[]).includes(c)) };
    for (const c of this.codes.monthly) this.mSum[c] = new Float64Array(n);
    for (const v of vars) {
      this.mValid[v] = new Uint16Array(n);
      this.yValid[v] = new Uint16Array(n);
    }
    for (const c of ["wsdi", "csdi"]) {
      this.run[c] = new Uint16Array(n);
      this.spell[c] = new Uint16Array(n);
    }
    for (const c of ["r95ptot", "r99ptot"]) this.total[c] = new Float64Array(n);
  }

  day(date: CalendarDate, values: Partial<Record<string, ArrayLike<number>>>, rates?: DayRates): void {
    this.on = this.active(date.year);
    if (!this.on) return;
    const t = thresholdDay(this.calendar, date);
    const { n, dpy } = this;
    for (const v of ["tasmax", "tasmin"] as const) {
      const th = this.thresholds[v];
      const x = values[v];
      if (!th || !x) continue;
      const [hiCode, loCode, spellCode] = PERCENTILE_CODES_OF[v];
      const [q10, q90] = th;
      const hi = this.mSum[hiCode];
      const lo = this.mSum[loCode];
      const hiRate = rates?.[hiCode as keyof DayRates];
      const loRate = rates?.[loCode as keyof DayRates];
      const run = this.run[spellCode];
      const spell = this.spell[spellCode];
      const mValid = this.mValid[v]!;
      const yValid = this.yValid[v]!;
      for (let i = 0; i < n; i++) {
        const value = x[i];
        const t10 = q10[i * dpy + t];
        const t90 = q90[i * dpy + t];
        if (value !== value || t10 !== t10 || t90 !== t90) continue;
        mValid[i]++;
        yValid[i]++;
        hi[i] += hiRate ? hiRate[i] : value > t90 ? 1 : 0;
        lo[i] += loRate ? loRate[i] : value < t10 ? 1 : 0;
        const beyond = v === "tasmax" ? value > t90 : value < t10;
        if (beyond) run[i]++;
        else {
          if (run[i] >= SPELL_DAYS) spell[i] += run[i];
          run[i] = 0;
        }
      }
    }
    const pr = values.pr;
    const th = this.thresholds.pr;
    if (pr && th) {
      const [q95, q99] = th;
      const r95 = this.total.r95ptot;
      const r99 = this.total.r99ptot;
      const mValid = this.mValid.pr!;
      const yValid = this.yValid.pr!;
      for (let i = 0; i < n; i++) {
        const p = pr[i];
        if (p !== p) continue;
        mValid[i]++;
        yValid[i]++;
        if (p > q95[i]) r95[i] += p;
        if (p > q99[i]) r99[i] += p;
      }
    }
  }

  /** Each cell's value of the month, by code (none for a year left out). */
  endMonth(year: number, month: number): Record<string, (i: number) => number> {
    if (!this.on) return {};
    const days = daysInMonth(this.calendar, year, month);
    const out: Record<string, (i: number) => number> = {};
    for (const v of ["tasmax", "tasmin"] as const) {
      const valid = this.mValid[v];
      if (!valid || !this.thresholds[v]) continue;
      for (const code of PERCENTILE_CODES_OF[v].slice(0, 2)) {
        const sum = this.mSum[code].slice();
        const ok = valid.slice();
        out[code] = (i) => (ok[i] === days ? (100 * sum[i]) / days : NaN);
        this.mSum[code].fill(0);
      }
    }
    for (const valid of Object.values(this.mValid)) valid!.fill(0);
    return out;
  }

  /** Each cell's value of the year, by code (none for a year left out). */
  endYear(year: number): Record<string, (i: number) => number> {
    if (!this.on) return {};
    this.on = false;
    const days = daysInYear(this.calendar, year);
    const out: Record<string, (i: number) => number> = {};
    const full = (v: PercentileVariable) => {
      const valid = this.yValid[v]!.slice();
      return (i: number) => valid[i] === days;
    };
    for (const [v, code] of [["tasmax", "wsdi"], ["tasmin", "csdi"]] as const) {
      if (!this.thresholds[v]) continue;
      const ok = full(v);
      const run = this.run[code];
      const spell = this.spell[code];
      const total = Float64Array.from(spell, (s, i) => s + (run[i] >= SPELL_DAYS ? run[i] : 0));
      out[code] = (i) => (ok(i) ? total[i] : NaN);
      run.fill(0);
      spell.fill(0);
    }
    if (this.thresholds.pr) {
      const ok = full("pr");
      for (const code of ["r95ptot", "r99ptot"]) {
        const total = this.total[code].slice();
        out[code] = (i) => (ok(i) ? total[i] : NaN);
        this.total[code].fill(0);
      }
    }
    for (const valid of Object.values(this.yValid)) valid!.fill(0);
    return out;
  }
}
