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

/**
 * The window's values, sorted ascending, with their base years, per threshold day. The first day's window
 * is merged from its days; each following day's comes from the previous one in one pass that leaves out
 * the day leaving the window and merges in the day entering it (sorted on its own), so the window is never
 * sorted as a whole.
 */
class Windows {
  values: Float64Array;
  years: Int32Array;
  n = 0;
  /** The threshold day each value comes from. */
  private from: Int32Array;
  /** The buffers the next window is merged into. */
  private nextValues: Float64Array;
  private nextYears: Int32Array;
  private nextFrom: Int32Array;
  /** One day's values of the base years, sorted, and their years, to merge in. */
  private readonly addValues: Float64Array;
  private readonly addYears: Int32Array;
  private day = -1;
  constructor(private readonly base: CellBase) {
    const size = WINDOW_DAYS * base.years;
    this.values = new Float64Array(size);
    this.years = new Int32Array(size);
    this.from = new Int32Array(size);
    this.nextValues = new Float64Array(size);
    this.nextYears = new Int32Array(size);
    this.nextFrom = new Int32Array(size);
    this.addValues = new Float64Array(base.years);
    this.addYears = new Int32Array(base.years);
  }
  /** Fills the window of threshold day `day`, sorted ascending. */
  load(day: number): void {
    const { dpy } = this.base;
    const half = Math.floor(WINDOW_DAYS / 2);
    // a year shorter than the window holds a day more than once in it: rebuilt each time
    if (day === this.day + 1 && this.day >= 0 && dpy >= WINDOW_DAYS) this.merge((day - 1 - half + dpy) % dpy, (day + half) % dpy);
    else {
      this.n = 0;
      for (let d = day - half; d <= day + half; d++) this.merge(-1, (d + dpy) % dpy);
    }
    this.day = day;
  }
  /** Leaves out the values of threshold day `out` (none for -1) and merges in those of threshold day `slot`. */
  private merge(out: number, slot: number): void {
    const { years: nyr, dpy, days } = this.base;
    const { values, years, from, nextValues, nextYears, nextFrom, addValues, addYears } = this;
    let c = 0;
    for (let y = 0; y < nyr; y++) {
      const v = days[y * dpy + slot];
      if (v !== v) continue;
      let i = c++;
      for (; i > 0 && addValues[i - 1] > v; i--) {
        addValues[i] = addValues[i - 1];
        addYears[i] = addYears[i - 1];
      }
      addValues[i] = v;
      addYears[i] = y;
    }
    const n = this.n;
    let a = 0;
    let b = 0;
    let w = 0;
    while (a < n) {
      if (from[a] === out) a++;
      else if (b < c && addValues[b] < values[a]) {
        nextValues[w] = addValues[b];
        nextYears[w] = addYears[b];
        nextFrom[w++] = slot;
        b++;
      } else {
        nextValues[w] = values[a];
        nextYears[w] = years[a];
        nextFrom[w++] = from[a];
        a++;
      }
    }
    for (; b < c; b++) {
      nextValues[w] = addValues[b];
      nextYears[w] = addYears[b];
      nextFrom[w++] = slot;
    }
    this.n = w;
    this.values = nextValues;
    this.years = nextYears;
    this.from = nextFrom;
    this.nextValues = values;
    this.nextYears = years;
    this.nextFrom = from;
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
 *
 * Per threshold day the window S (n values) is kept sorted (`Windows`), never re-sorted per replacement.
 * With year j's cj values taken out it is a sorted sample R; adding year k's m values (sorted, K) gives the
 * replaced sample, whose order statistics p and p + 1 (all quantile type 8 needs) follow from
 * R[p - m .. p + 1] and K alone: with i the number of K's values among the first p + 1 of the merge (K[i]
 * is among them while K[i] <= R[p - i]), statistic p is max(K[i - 1], R[p - i]) and p + 1 is
 * min(K[i], R[p + 1 - i]). So every threshold of year j and an m-value year k lies in [R[p - m], R[p + 1]],
 * itself within [S[p - m], S[p + 1 + cj]], up to rounding: a day's value clearly outside that band is
 * beyond all of those thresholds or none, and only values inside it (a few per cent of them) are compared
 * with each year k's threshold, computed with the same arithmetic as quantileType8.
 */
export function inBaseRates(base: CellBase, quantiles: readonly number[], compare: readonly Compare[]): { days: Float64Array; feb29: Float64Array }[] {
  const { years, dpy } = base;
  const W = WINDOW_DAYS;
  const nq = quantiles.length;
  const out = quantiles.map(() => ({ days: new Float64Array(years * dpy), feb29: new Float64Array(years).fill(NaN) }));
  const w = new Windows(base);
  const slab = W * years;
  /** Per year, its values in the window (sorted: `own[y * W + i]`), their positions in it and their count. */
  const own = new Float64Array(years * W);
  const at = new Int32Array(years * W);
  const count = new Int32Array(years);
  /** The years with m values in the window: `byCount[m * years + i]`, i < `withCount[m]`; the counts present. */
  const byCount = new Int32Array((W + 1) * years);
  const withCount = new Int32Array(W + 1);
  const present = new Int32Array(W + 1);
  /**
   * Type 8 of a replaced sample of `size` values, as quantileType8, per quantile and size n - W .. n + W
   * (`[q * (2W + 1) + size - n + W]`): the threshold is statistic p (mode 0), or g * a + h * b with a, b
   * the statistics p and p + 1 (mode 2), or p twice (mode 1, clamped at an end).
   */
  const P = new Int32Array(nq * (2 * W + 1));
  const G = new Float64Array(nq * (2 * W + 1));
  const H = new Float64Array(nq * (2 * W + 1));
  const MODE = new Int32Array(nq * (2 * W + 1));
  const around = new Float64Array(W + 2);
  for (let day = 0; day < dpy; day++) {
    w.load(day);
    const { values, years: of, n } = w;
    count.fill(0);
    withCount.fill(0);
    for (let i = 0; i < n; i++) {
      const y = of[i];
      const c = count[y]++;
      own[y * W + c] = values[i];
      at[y * W + c] = i;
    }
    let classes = 0;
    for (let y = 0; y < years; y++) {
      const m = count[y];
      if (withCount[m] === 0) present[classes++] = m;
      byCount[m * years + withCount[m]++] = y;
    }
    for (let q = 0; q < nq; q++) {
      for (let size = Math.max(1, n - W); size <= n + W; size++) {
        const e = q * (2 * W + 1) + size - n + W;
        P[e] = 0;
        G[e] = H[e] = MODE[e] = 0;
        if (size === 1) continue;
        const nppm = 1 / 3 + quantiles[q] * (size + 1 / 3) - 1;
        const lo = Math.floor(nppm + FUZZ);
        const h = Math.abs(nppm - lo) <= FUZZ ? 0 : nppm - lo;
        const p = Math.max(0, Math.min(lo, size - 1));
        const right = Math.max(0, Math.min(lo + 1, size - 1));
        P[e] = p;
        G[e] = 1 - h;
        H[e] = h;
        MODE[e] = h === 0 ? 0 : right === p ? 1 : 2;
      }
    }
    for (let j = 0; j < years; j++) {
      const x = base.days[j * dpy + day];
      const x29 = day === 58 ? base.feb29[j] : NaN;
      const hasX = x === x;
      const hasX29 = x29 === x29;
      if (!hasX && !hasX29) {
        for (let q = 0; q < nq; q++) out[q].days[j * dpy + day] = NaN;
        continue;
      }
      const cj = count[j];
      const r = n - cj;
      for (let q = 0; q < nq; q++) {
        const above = compare[q] === ">";
        let hits = 0;
        let hits29 = 0;
        for (let c = 0; c < classes; c++) {
          const m = present[c];
          const others = withCount[m] - (cj === m ? 1 : 0);
          const size = r + m;
          if (others === 0 || size / slab < MIN_BASE_FRACTION) continue;
          const e = q * (2 * W + 1) + size - n + W;
          const p = P[e];
          // the thresholds lie in [R[p - m], R[p + 1]] (R: S without year j's cj values), so in
          // [S[p - m], S[p + 1 + cj]], but for rounding (a few units in the last place)
          const lo = p - m >= 0 ? values[p - m] : -Infinity;
          const hi = p + 1 + cj < n ? values[p + 1 + cj] : Infinity;
          const margin = 8 * Number.EPSILON * (Math.abs(lo) + Math.abs(hi)) + 8 * Number.MIN_VALUE;
          const low = lo - margin;
          const high = hi + margin;
          // beyond all (others) or none of them, or compared with each (-1)
          const all = hasX ? (x > high ? (above ? others : 0) : x < low ? (above ? 0 : others) : -1) : 0;
          const all29 = hasX29 ? (x29 > high ? (above ? others : 0) : x29 < low ? (above ? 0 : others) : -1) : 0;
          if (all >= 0 && all29 >= 0) {
            hits += all;
            hits29 += all29;
            continue;
          }
          // R[p - m .. p + 1], -/+Infinity beyond its ends
          let s = 0;
          let idx = p - m;
          for (; s < m + 2 && idx < 0; s++, idx++) around[s] = -Infinity;
          if (s < m + 2) {
            let t = 0;
            while (t < cj && at[j * W + t] <= idx + t) t++;
            for (let i = idx + t; s < m + 2; s++, i++) {
              while (i < n && of[i] === j) i++;
              around[s] = i < n ? values[i] : Infinity;
            }
          }
          const first = m * years;
          const last = first + withCount[m];
          const lowHalf = p < size / 2;
          hits += all >= 0 ? all : replacedHits(x, above, own, byCount, first, last, j, m, around, MODE[e], G[e], H[e], others, lowHalf);
          hits29 += all29 >= 0 ? all29 : replacedHits(x29, above, own, byCount, first, last, j, m, around, MODE[e], G[e], H[e], others, lowHalf);
        }
        out[q].days[j * dpy + day] = hasX ? hits / (years - 1) : NaN;
        if (day === 58) out[q].feb29[j] = hasX29 ? hits29 / (years - 1) : NaN;
      }
    }
  }
  return out;
}

/**
 * How many of the years k = `byCount[from .. to - 1]` (each with m values in the window, `own[k * W ..]`;
 * year j skipped; `others` of them) give a threshold that `v` is beyond (`above`: v > t, else v < t), the
 * threshold being type 8 of the window without year j (`around` = R[p - m .. p + 1]) and with year k twice:
 * t = statistic p (mode 0), g * a + h * a (mode 1) or g * a + h * b (mode 2), a and b statistics p and p + 1.
 * `low`: statistic p lies in the lower half (K's values are then tested from the smallest, else the largest).
 */
function replacedHits(v: number, above: boolean, own: Float64Array, byCount: Int32Array, from: number, to: number, j: number, m: number, around: Float64Array, mode: number, g: number, h: number, others: number, low: boolean): number {
  // the narrower band [R[p - m], R[p + 1]]
  const lo = around[0];
  const hi = around[m + 1];
  const margin = 8 * Number.EPSILON * (Math.abs(lo) + Math.abs(hi)) + 8 * Number.MIN_VALUE;
  if (v > hi + margin) return above ? others : 0;
  if (v < lo - margin) return above ? 0 : others;
  let hits = 0;
  for (let e = from; e < to; e++) {
    const k = byCount[e];
    if (k === j) continue;
    const o = k * WINDOW_DAYS;
    // i: how many of K's values are among the first p + 1 of the merge (K[i] there iff K[i] <= R[p - i])
    let i: number;
    if (low) {
      i = 0;
      while (i < m && own[o + i] <= around[m - i]) i++;
    } else {
      i = m;
      while (i > 0 && !(own[o + i - 1] <= around[m + 1 - i])) i--;
    }
    let a = around[m - i];
    if (i > 0 && own[o + i - 1] > a) a = own[o + i - 1];
    let t: number;
    if (mode === 0) t = a;
    else if (mode === 1) t = g * a + h * a;
    // statistic p + 1 is min(K[i], R[p + 1 - i]), and that is R[p + 1 - i]: K's values are in R too (year k
    // is in the window without year j), so K[i] not among the first p + 1 lies at R[p + 1 - i] or above
    else t = g * a + h * around[m + 1 - i];
    if (above ? v > t : v < t) hits++;
  }
  return hits;
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
