import { aggregateMonths, aggregationOf } from "../../../app/features/cmip6/indicatorRules";
import { dailyThi, THI_CODES, thiCodeInfo } from "../../../app/features/cmip6/livestockHeat";
import { DAYS_IN_MONTH } from "../../../app/features/cmip6/periods";
import type { SeriesFrequency } from "../../../app/features/cmip6/seriesQuery";
import { combine, hashString, normalCdf, Random } from "./random";
import { MONTHS, type SampleRun } from "./run";

/**
 * The indicators of a run. Daily statistics are not simulated day by day: each month's daily values are
 * taken as normal around the monthly mean (temperature, with the spread across the area for threshold
 * counts) or as wet days with exponential amounts (precipitation), which gives ETCCDI indices in closed
 * form that move with their variables. Dry and wet spells (CDD, CWD) need the order of days and are
 * counted on a simulated daily wet/dry sequence.
 */

export const VARIABLE_CODES = ["pr", "tas", "tasmax", "tasmin", "hurs", "huss", "rsds", "rlds", "sfcWind"] as const;
export const MONTHLY_INDEX_CODES = ["txx", "tnx", "txn", "tnn", "tn10p", "tx10p", "tn90p", "tx90p", "dtr", "rx1day", "rx5day", ...THI_CODES.map((c) => c.code)] as const;
export const ANNUAL_INDEX_CODES = [
  "fd", "su", "id", "tr", "gsl", "wsdi", "csdi", "sdii", "r10mm", "r20mm", "rnnmm", "cdd", "cwd", "r95ptot", "r99ptot", "prcptot",
] as const;

/** Threshold of Rnnmm, mm. */
export const RNN_THRESHOLD = 25;

const MONTHLY_CODES = new Set<string>([...VARIABLE_CODES, ...MONTHLY_INDEX_CODES]);
const ANNUAL_CODES = new Set<string>([...MONTHLY_CODES, ...ANNUAL_INDEX_CODES]);

export function generates(code: string, frequency: SeriesFrequency): boolean {
  return (frequency === "monthly" ? MONTHLY_CODES : ANNUAL_CODES).has(code);
}

/** Standard normal quantile of 0.9. */
const Z90 = 1.2815515655446004;
/** Persistence of warm or cold days from one day to the next, and of wet or dry days. */
export const TEMPERATURE_PERSISTENCE = 0.6;
export const WET_PERSISTENCE = 0.5;
/** Largest share of wet days (precipitation of 1 mm or more) and the mean rate at which it saturates, mm/day. */
const MAX_WET_FRACTION = 0.95;
const WET_SCALE = 6;
const ALL_MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

/** The series of `code` at `frequency`; undefined when the generator does not make it. */
export function indicatorSeries(run: SampleRun, code: string, frequency: SeriesFrequency): Float64Array | undefined {
  if (!generates(code, frequency)) return undefined;
  if (frequency === "annual") {
    const annual = ANNUAL_INDEX[code];
    if (annual) return annual(run);
    return toAnnual(monthlySeries(run, code), aggregationOf(code));
  }
  return monthlySeries(run, code);
}

function toAnnual(monthly: Float64Array, rule: ReturnType<typeof aggregationOf>): Float64Array {
  const years = monthly.length / MONTHS;
  const out = new Float64Array(years);
  for (let y = 0; y < years; y++) out[y] = aggregateMonths(monthly.subarray(y * MONTHS, (y + 1) * MONTHS), ALL_MONTHS, rule);
  return out;
}

/** Standard normals for one index, one per month, from a stream of their own (the index's own noise). */
function indexNoise(run: SampleRun, code: string): Float64Array {
  const out = new Float64Array(run.years * MONTHS);
  const codeHash = hashString(code);
  for (let y = 0; y < run.years; y++) {
    const random = new Random(combine(run.seed, codeHash, run.period.start + y));
    random.normals(out.subarray(y * MONTHS, (y + 1) * MONTHS));
  }
  return out;
}

function mapMonths(run: SampleRun, f: (i: number, m: number) => number): Float64Array {
  const out = new Float64Array(run.years * MONTHS);
  for (let i = 0; i < out.length; i++) out[i] = f(i, i % MONTHS);
  return out;
}

/** Sum over each year of f(month index, calendar month index, days in month). */
function sumYears(run: SampleRun, f: (i: number, m: number, days: number) => number): Float64Array {
  const out = new Float64Array(run.years);
  for (let y = 0; y < run.years; y++) {
    let sum = 0;
    for (let m = 0; m < MONTHS; m++) sum += f(y * MONTHS + m, m, DAYS_IN_MONTH[m]);
    out[y] = sum;
  }
  return out;
}

/** Spread of daily temperature over the days of a month and over the area. */
const areaSpread = (run: SampleRun, m: number) => Math.hypot(run.clim.dailySd[m], run.clim.geo.spatialSd);
/** Spread that a percentile threshold of the base period is set in: daily and year-to-year variation. */
const poolSpread = (run: SampleRun, m: number) => Math.hypot(run.clim.dailySd[m], run.tasSd[m]);

/** Wet-day frequency, mean wet-day amount above 1 mm (the exponential scale) of a mean rate, mm/day. */
export function wetDays(pr: number): { fraction: number; scale: number } {
  const fraction = MAX_WET_FRACTION * (1 - Math.exp(-pr / WET_SCALE));
  if (fraction <= 0) return { fraction: 0, scale: 0.3 };
  return { fraction, scale: Math.max(0.3, pr / fraction - 1) };
}

function monthlySeries(run: SampleRun, code: string): Float64Array {
  switch (code) {
    case "pr":
    case "tas":
    case "tasmax":
    case "tasmin":
    case "hurs":
    case "huss":
    case "rsds":
    case "rlds":
    case "sfcWind":
      return run[code];
    case "dtr":
      return mapMonths(run, (i) => run.tasmax[i] - run.tasmin[i]);
    case "txx":
    case "tnx":
    case "txn":
    case "tnn": {
      // the expected extreme of a month of normal days is about two standard deviations out
      const field = code === "txx" || code === "txn" ? run.tasmax : run.tasmin;
      const sign = code === "txx" || code === "tnx" ? 1 : -1;
      const reach = code === "tnn" ? 2.2 : code === "tnx" ? 1.8 : 2.0;
      const noise = indexNoise(run, code);
      return mapMonths(run, (i, m) => field[i] + sign * reach * run.clim.dailySd[m] + 0.35 * run.clim.dailySd[m] * noise[i]);
    }
    case "tn10p":
    case "tx10p":
    case "tn90p":
    case "tx90p": {
      const field = code[1] === "n" ? run.tasmin : run.tasmax;
      const base = code[1] === "n" ? run.tasminBase : run.tasmaxBase;
      const warm = code.endsWith("90p");
      return mapMonths(run, (i, m) => {
        const sd = run.clim.dailySd[m];
        const threshold = base[m] + (warm ? 1 : -1) * Z90 * poolSpread(run, m);
        return 100 * normalCdf(((warm ? 1 : -1) * (field[i] - threshold)) / sd);
      });
    }
    case "rx1day":
    case "rx5day": {
      const noise = indexNoise(run, "rx1day");
      return mapMonths(run, (i, m) => {
        const pr = run.pr[i];
        const { fraction, scale } = wetDays(pr);
        const n = DAYS_IN_MONTH[m] * fraction;
        const wettest = n >= 1 ? 1 + scale * (Math.log(n) + 0.5772 + 1 / (2 * n)) : n * (1 + scale);
        const rx1day = wettest * Math.exp(0.2 * noise[i] - 0.02);
        // the days around the wettest day are wetter than the month's average
        return code === "rx1day" ? rx1day : rx1day + 4.8 * pr;
      });
    }
    default:
      if (thiCodeInfo(code)) return thiDays(run, code);
      throw new Error(`No monthly generator for ${code}`);
  }
}

/**
 * Livestock heat-stress days (days with THI at or above a threshold) without days to count: each day's THI
 * taken as normal around the THI of the month's values (tas with hurs, or tasmax with the humidity at
 * tasmax from huss), with the spread of daily temperature over the days and the area times the index's
 * slope in temperature at the month's humidity; the expected count is the month's days times the share
 * of that distribution at or above the threshold.
 */
function thiDays(run: SampleRun, code: string): Float64Array {
  const { definition, threshold } = thiCodeInfo(code)!;
  const t = definition === "mean" ? run.tas : run.tasmax;
  const humidity = definition === "mean" ? run.hurs : run.huss;
  return mapMonths(run, (i, m) => {
    const thi = dailyThi(definition, t[i], humidity[i]);
    const slope = dailyThi(definition, t[i] + 0.5, humidity[i]) - dailyThi(definition, t[i] - 0.5, humidity[i]);
    const sd = Math.max(0.1, Math.abs(slope) * areaSpread(run, m));
    return DAYS_IN_MONTH[m] * normalCdf((thi - threshold.value) / sd);
  });
}

/** Expected days per year beyond a threshold, with daily values spread over the days and the area. */
function thresholdDays(run: SampleRun, field: Float64Array, threshold: number, above: boolean): Float64Array {
  return sumYears(run, (i, m, days) => days * normalCdf(((above ? 1 : -1) * (field[i] - threshold)) / areaSpread(run, m)));
}

/**
 * Days in spells of six or more days beyond the 90th (or under the 10th) percentile: with day-to-day
 * persistence a, a share a^5 (6 - 5a) of such days fall in runs of at least six.
 */
function spellDays(run: SampleRun, percent: Float64Array): Float64Array {
  return sumYears(run, (i, _m, days) => {
    const p = percent[i] / 100;
    const a = p + TEMPERATURE_PERSISTENCE * (1 - p);
    return days * p * a ** 5 * (6 - 5 * a);
  });
}

function wetDayCounts(run: SampleRun, thresholdMm: number): Float64Array {
  return sumYears(run, (i, _m, days) => {
    const { fraction, scale } = wetDays(run.pr[i]);
    return days * fraction * Math.exp(-(thresholdMm - 1) / scale);
  });
}

/** Precipitation on days above the base period's wet-day percentile (95 or 99), mm per year. */
function percentileTotal(run: SampleRun, exceedance: number): Float64Array {
  const thresholds = new Float64Array(MONTHS);
  for (let m = 0; m < MONTHS; m++) thresholds[m] = 1 + wetDays(run.prBase[m]).scale * Math.log(1 / exceedance);
  return sumYears(run, (i, m, days) => {
    const { fraction, scale } = wetDays(run.pr[i]);
    const q = thresholds[m];
    return days * fraction * Math.exp(-(q - 1) / scale) * (q + scale);
  });
}

/**
 * Longest dry (CDD) and wet (CWD) spells of each year, on a daily wet/dry sequence drawn from each
 * month's wet-day frequency with day-to-day persistence. As climdex counts them by default, a spell
 * belongs to the year of its last day and counts in full there, days of the year before included; the
 * end of the run ends a spell; a year that is one spell from end to end has no value.
 */
function spells(run: SampleRun): { dry: Float64Array; wet: Float64Array } {
  const dry = new Float64Array(run.years);
  const wet = new Float64Array(run.years);
  const dryCount = new Uint16Array(run.years);
  const wetCount = new Uint16Array(run.years);
  const random = new Random(combine(run.seed, hashString("spells"), run.period.start));
  let isWet = false;
  let dryRun = 0;
  let wetRun = 0;
  // the year of the day before (-1: the warm-up, whose spells are not counted)
  let dayBefore = -1;
  // the days of one month: chance of a wet day after a wet day and after a dry day
  const month = (year: number, fraction: number, days: number) => {
    const afterWet = fraction + WET_PERSISTENCE * (1 - fraction);
    const afterDry = fraction * (1 - WET_PERSISTENCE);
    for (let d = 0; d < days; d++) {
      isWet = random.next() < (isWet ? afterWet : afterDry);
      if (isWet) {
        // a dry spell ended yesterday
        if (dryRun > 0 && dayBefore >= 0 && dryRun > dry[dayBefore]) dry[dayBefore] = dryRun;
        dryRun = 0;
        wetRun++;
        if (year >= 0) wetCount[year]++;
      } else {
        if (wetRun > 0 && dayBefore >= 0 && wetRun > wet[dayBefore]) wet[dayBefore] = wetRun;
        wetRun = 0;
        dryRun++;
        if (year >= 0) dryCount[year]++;
      }
      dayBefore = year;
    }
  };
  // warm-up over the last quarter of the year before, so the first January starts mid-spell
  for (let m = 9; m < MONTHS; m++) month(-1, wetDays(run.pr[m]).fraction, DAYS_IN_MONTH[m]);
  for (let y = 0; y < run.years; y++) {
    for (let m = 0; m < MONTHS; m++) month(y, wetDays(run.pr[y * MONTHS + m]).fraction, DAYS_IN_MONTH[m]);
  }
  // the run's last day ends the spell it is in
  const last = run.years - 1;
  if (dryRun > dry[last]) dry[last] = dryRun;
  if (wetRun > wet[last]) wet[last] = wetRun;
  for (let y = 0; y < run.years; y++) {
    if (dry[y] === 0 && dryCount[y] === YEAR_DAYS) dry[y] = NaN;
    if (wet[y] === 0 && wetCount[y] === YEAR_DAYS) wet[y] = NaN;
  }
  return { dry, wet };
}

const YEAR_DAYS = DAYS_IN_MONTH.reduce((sum, days) => sum + days, 0);

const ANNUAL_INDEX: Readonly<Record<string, (run: SampleRun) => Float64Array>> = {
  fd: (run) => thresholdDays(run, run.tasmin, 0, false),
  id: (run) => thresholdDays(run, run.tasmax, 0, false),
  su: (run) => thresholdDays(run, run.tasmax, 25, true),
  tr: (run) => thresholdDays(run, run.tasmin, 20, true),
  // days warm enough to grow (mean above 5 °C), daily means vary less than the extremes
  gsl: (run) =>
    sumYears(run, (i, m, days) => days * normalCdf((run.tas[i] - 5) / Math.hypot(0.8 * run.clim.dailySd[m], run.clim.geo.spatialSd))),
  wsdi: (run) => spellDays(run, monthlySeries(run, "tx90p")),
  csdi: (run) => spellDays(run, monthlySeries(run, "tn10p")),
  r10mm: (run) => wetDayCounts(run, 10),
  r20mm: (run) => wetDayCounts(run, 20),
  rnnmm: (run) => wetDayCounts(run, RNN_THRESHOLD),
  prcptot: (run) => sumYears(run, (i, _m, days) => days * run.pr[i]),
  sdii: (run) => {
    const total = sumYears(run, (i, _m, days) => days * run.pr[i]);
    const wet = wetDayCounts(run, 1);
    return total.map((t, y) => (wet[y] > 0 ? t / wet[y] : 0));
  },
  r95ptot: (run) => percentileTotal(run, 0.05),
  r99ptot: (run) => percentileTotal(run, 0.01),
  cdd: (run) => spells(run).dry,
  cwd: (run) => spells(run).wet,
};
