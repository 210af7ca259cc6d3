import type { YearRange } from "../../app/features/cmip6/periods";
import { SAMPLE_SOURCE_ID } from "../../app/features/cmip6/sources";
import { daysInMonth } from "../series/ingest/calendar";
import { TEMPERATURE_PERSISTENCE, WET_PERSISTENCE, wetDays } from "../series/sample/indices";
import { combine, hashString, Random } from "../series/sample/random";
import type { SampleSeriesStore } from "../series/sample/sample-store";
import { unitSeries, type UnitShare } from "../series/sample/units";
import type { BlockVariable, DailyBlock } from "./daily";
import { nextWave } from "../grids/sample/pattern";

/**
 * Daily sample data for the on-demand indices where the portal has no daily store (a fresh install): per
 * grid cell, model and year, tasmax, tasmin, tas and pr whose monthly means are, exactly, those of the
 * portal's sample place series, and whose days have an annual cycle, day-to-day persistence and wet and
 * dry spells. Generated, not model output: every block says so (`source: "sample"`, `SAMPLE_DAILY_SOURCE`).
 *
 * **What it follows.** The place's monthly series of the sample generator (`SampleSeriesStore`, the series
 * the series API and the place pages answer for a country, basin, state or province; historical run until
 * 2014, the scenario after), per model and year. The sample grid's fields (`server/grids/sample/`) are
 * fitted to the same place series' period means, so over the place's outline the generator, the place
 * pages and the map agree on each model's 1995-2014 and window means. The place series are the cheapest
 * consistent source: they have every year (the grid's fields have only 20-year means), and the generator
 * computes them in microseconds.
 *
 * **Per cell, per month.** The place's value spread over the region's cells with a smooth pattern of long
 * waves (4 to 16 degrees) and a lapse of -0.45 °C per degree of latitude, per model, whose weighted mean
 * over the cells is zero (temperature, °C) or one (precipitation, a factor), with a share of the change
 * that varies smoothly too (±15 %): `unitSeries`, the formulas that make a state's series from its
 * country's, with the cells' mask weights as the areas. So **the weighted mean of the cells' monthly means
 * is the place's monthly value** (to float32 rounding), for every model, year and month.
 *
 * **Per day.** Temperature: an AR(1) anomaly (lag-one correlation 0.6, `TEMPERATURE_PERSISTENCE`; the day-to-day
 * standard deviation of the place's climatology for the month, `dailySd`), half shared by the region's
 * cells and half the cell's own, less its mean over the month, so that the month's mean is kept; tasmax
 * and tasmin move with tas, closer together on wet days and further apart on dry ones (by 15 % of the
 * month's diurnal range on each side, of mean zero over the month). Precipitation: a two-state Markov chain of wet days (1 mm or more) whose wet-day
 * share is the sample generator's for the month's mean (`wetDays`: the share behind its R10mm and R20mm)
 * with its persistence (`WET_PERSISTENCE`), the cells' draws partly shared; wet-day amounts of 1 mm plus an
 * exponential excess with the same generator's mean, scaled so that the month's total is the month's
 * mean times its days (a month that draws no wet day gets its total as an even drizzle).
 *
 * **Determinism.** A cell's draws are a hash of the model, the cell's position, the year and the day of
 * the year, and the region's shared draws a stream per model, place and year, so a year's days are the
 * same whatever span is asked. The chains start each year from the last 31
 * days of the year before, replayed with that year's draws: they meet the chain's own December within
 * float precision, so the new year follows on from the old (spells run across it).
 *
 * The 365-day calendar of the sample series (`noleap`).
 */

export const SAMPLE_DAILY_SOURCE =
  "Generated sample data, not model output: daily values made from the portal's NEX-GDDP-CMIP6 sample generator (its monthly series of the place per model, spread over the cells with smooth patterns), with an annual cycle, day-to-day persistence and wet and dry spells.";

/** Bump when the generator's formulas change. */
export const SAMPLE_DAILY_VERSION = "1";

const CALENDAR = "noleap" as const;
const YEAR_DAYS = 365;
/** Share of a day's temperature anomaly common to the region's cells (as variance). */
const SHARED_TEMPERATURE = 0.5;
/** How much of each cell's wet-day draw is its own (0: all cells draw alike; 1: independent). */
const OWN_RAIN_DRAW = 0.5;
/**
 * On a wet day tasmax is lower and tasmin higher than on the month's average day by this share of the
 * month's diurnal range times (1 - the month's share of wet days); on a dry day the other way, by the share
 * times the wet share: the month's means are kept.
 */
const WET_DAY_DTR = 0.15;
/** Size of the cells' climate pattern: degrees for temperature, the log of a factor for rain; and of their share of the change. */
const PATTERN = { temperature: 1.2, rain: 0.15, change: 0.15 } as const;
/** Days of December replayed to start a year's chains. */
const WARM_UP = 31;

/** The cells of a block: centre latitude and longitude, and weight in the region (`GeoMask.weights`). */
export interface SampleCells {
  lat: ArrayLike<number>;
  lon: ArrayLike<number>;
  weights: ArrayLike<number>;
}

export interface SampleDailyRequest {
  /** The place whose sample series the days follow (a country, basin, state or province of the catalogue). */
  geo: string;
  /** The scenario of years after 2014 (years up to 2014 are the historical run's). */
  scenario: string;
  model: string;
  /** Calendar years, in full. */
  years: YearRange;
  cells: SampleCells;
  /** The variables to keep (default all four): an index needs one, and a block of 400 cells over 20 years is 12 MB a variable. */
  variables?: readonly BlockVariable[];
  /**
   * A block this one may be written over (its arrays of the right length are reused): a caller that reduces
   * each block before asking the next saves allocating and clearing fresh memory for each.
   */
  reuse?: DailyBlock;
}

const VARIABLES: readonly BlockVariable[] = ["tas", "tasmax", "tasmin", "pr"];
const LAST_HISTORICAL = 2014;

/** The place's monthly values of a variable for years [from, to] (12 per year), or undefined without them. */
function placeMonths(store: SampleSeriesStore, request: SampleDailyRequest, variable: BlockVariable, from: number, to: number): { values: Float64Array; reference: Float64Array } | undefined {
  const key = { indicator: variable, geo: request.geo, model: request.model, frequency: "monthly" as const };
  const historical = store.getOne({ ...key, scenario: "historical" });
  const future = to > LAST_HISTORICAL ? store.getOne({ ...key, scenario: request.scenario }) : undefined;
  if (!historical || (to > LAST_HISTORICAL && !future)) return undefined;
  const at = (year: number, m: number) => {
    const series = year > LAST_HISTORICAL ? future! : historical;
    // the data's first and last years stand in for the years around them (the warm-up's December)
    const last = series.startYear + series.values.length / 12 - 1;
    const y = Math.min(last, Math.max(series.startYear, year));
    return series.values[(y - series.startYear) * 12 + m];
  };
  const values = new Float64Array((to - from + 1) * 12);
  for (let y = from; y <= to; y++) for (let m = 0; m < 12; m++) values[(y - from) * 12 + m] = at(y, m);
  const reference = new Float64Array(12);
  for (let m = 0; m < 12; m++) {
    let sum = 0;
    for (let y = 1995; y <= 2014; y++) sum += at(y, m);
    reference[m] = sum / 20;
  }
  return { values, reference };
}

/** A smooth field over the cells in [-1, 1]: three long waves, deterministic from the seed. */
function waves(cells: SampleCells, seed: number): Float64Array {
  const random = new Random(seed);
  const n = cells.lat.length;
  const out = new Float64Array(n);
  let total = 0;
  for (let wave = 0; wave < 3; wave++) {
    const { weight, kx, ky, phase } = nextWave(random);
    for (let i = 0; i < n; i++) out[i] += weight * Math.sin(kx * cells.lon[i] + ky * cells.lat[i] + phase);
    total += weight;
  }
  for (let i = 0; i < n; i++) out[i] /= total;
  return out;
}

/** Each cell's share of the place (`UnitShare`): offsets and changes of weighted mean zero, factors of weighted mean one. */
function cellShares(cells: SampleCells, geo: string, model: string): UnitShare[] {
  const n = cells.lat.length;
  let total = 0;
  for (let i = 0; i < n; i++) total += cells.weights[i];
  const weight = (i: number) => (total > 0 ? cells.weights[i] / total : 1 / n);
  const mean = (values: Float64Array) => values.reduce((sum, v, i) => sum + weight(i) * v, 0);
  const key = hashString(`ondemand-daily|${model}`);
  const climate = waves(cells, combine(key, 1));
  const rain = waves(cells, combine(key, 2));
  const change = waves(cells, combine(key, 3));
  const centre = mean(Float64Array.from(cells.lat));
  const offsets = climate.map((w, i) => PATTERN.temperature * w - 0.45 * (cells.lat[i] - centre));
  const factors = rain.map((w) => Math.exp(PATTERN.rain * w));
  const changes = change.map((w) => PATTERN.change * w);
  const [offsetMean, factorMean, changeMean] = [mean(offsets), mean(factors), mean(changes)];
  return Array.from({ length: n }, (_, i) => ({
    country: geo,
    offset: offsets[i] - offsetMean,
    factor: factors[i] / factorMean,
    bounded: 0,
    change: changes[i] - changeMean,
    weight: weight(i),
  }));
}

/** Standard normal quantile (Acklam's rational approximation, relative error below 1.2e-9). */
function normalQuantile(p: number): number {
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  if (p > 1 - low) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

/**
 * Normal and exponential draws by table: 12 bits of a hash pick one of 4096 equally likely quantiles (the
 * tables stay in the processor's first-level cache; the normal's tails end at ±3.7, the exponential's at 9).
 */
const QUANTILES = 4096;
const NORMAL = Float32Array.from({ length: QUANTILES }, (_, i) => normalQuantile((i + 0.5) / QUANTILES));
const EXPONENTIAL = Float32Array.from({ length: QUANTILES }, (_, i) => -Math.log(1 - (i + 0.5) / QUANTILES));
/** Uniform draws of rain are 16-bit. */
const TABLE = 65536;

/**
 * The hash of one cell's draw on one day of a year: murmur3's finaliser (`mix32`) of the cell-year's seed
 * plus the day's key, in int32 arithmetic (the generator's inner loop; `mix32` itself returns uint32).
 */
const DAY_KEY = Int32Array.from({ length: YEAR_DAYS }, (_, d) => Math.imul(d + 1, 0x9e3779b9));
function drawOf(seed: number, day: number): number {
  let h = (seed + DAY_KEY[day]) | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** A draw's normal (its high 12 bits), its 16-bit uniform (the low bits) and, from it, an exponential. */
const normalOf = (h: number) => NORMAL[h >>> 20];
const uniformOf = (h: number) => h & 0xffff;
const exponentialOf = (h: number) => EXPONENTIAL[drawOf(h ^ 0x5bd1e995, 0) >>> 20];

/** The region's shared draws of one year: a normal and a 16-bit uniform per day. */
function sharedDraws(seed: number, year: number): { normal: Float64Array; uniform: Int32Array } {
  const random = new Random(combine(seed, year));
  const normal = new Float64Array(YEAR_DAYS);
  const uniform = new Int32Array(YEAR_DAYS);
  for (let d = 0; d < YEAR_DAYS; d++) {
    normal[d] = random.normal();
    uniform[d] = Math.floor(random.next() * TABLE);
  }
  return { normal, uniform };
}

/**
 * A cell's 16-bit uniform of a day, partly the region's: (shared + own share x own) mod 1, which is uniform
 * whatever the own draw (the shared one is), so every cell keeps its chain's wet-day share.
 */
const OWN_RAIN_SHIFT = Math.round(Math.log2(1 / OWN_RAIN_DRAW));
const rainDraw = (shared: number, h: number) => (shared + (uniformOf(h) >> OWN_RAIN_SHIFT)) & 0xffff;
/** A probability as a 16-bit threshold: a draw below it happens. */
const chance = (p: number) => Math.round(p * TABLE);

/** First day of each month in a 365-day year, and the month's days. */
const MONTH_START = new Int32Array(13);
for (let m = 0; m < 12; m++) MONTH_START[m + 1] = MONTH_START[m] + daysInMonth(CALENDAR, 2001, m + 1);

type SharedDraws = ReturnType<typeof sharedDraws>;
const PERSISTENCE = TEMPERATURE_PERSISTENCE;
const INNOVATION = Math.sqrt(1 - PERSISTENCE * PERSISTENCE);
const [SHARED, OWN] = [Math.sqrt(SHARED_TEMPERATURE), Math.sqrt(1 - SHARED_TEMPERATURE)];

/**
 * One cell's temperature anomalies of one year, °C, into `anomaly` (365 days): the AR(1) chain from the
 * year before's last days, less its mean over each month, times the month's day-to-day spread.
 */
function temperatureYear(seed: number, last: number, now: SharedDraws, before: SharedDraws, sd: ArrayLike<number>, anomaly: Float64Array): void {
  let state = 0;
  const nowNormal = now.normal;
  const beforeNormal = before.normal;
  for (let d = YEAR_DAYS - WARM_UP; d < YEAR_DAYS; d++) state = PERSISTENCE * state + INNOVATION * (SHARED * beforeNormal[d] + OWN * normalOf(drawOf(last, d)));
  for (let m = 0; m < 12; m++) {
    const first = MONTH_START[m];
    const end = MONTH_START[m + 1];
    let sum = 0;
    for (let d = first; d < end; d++) {
      state = PERSISTENCE * state + INNOVATION * (SHARED * nowNormal[d] + OWN * normalOf(drawOf(seed, d)));
      anomaly[d] = state;
      sum += state;
    }
    const mean = sum / (end - first);
    const spread = sd[m];
    for (let d = first; d < end; d++) anomaly[d] = spread * (anomaly[d] - mean);
  }
}

/** Wet-day amounts before the month's scaling (one year's days). */
const amounts = new Float64Array(YEAR_DAYS);

/**
 * One cell's wet days of one year into `wet` (365 flags), each month's share of wet days into `share`, and
 * the rain of each day into `rain` from `offset` (when asked), from the cell's monthly means (`months`,
 * the year's January at `base`).
 */
function rainYear(seed: number, last: number, now: SharedDraws, before: SharedDraws, months: Float64Array, base: number, wet: Uint8Array, share: Float64Array, rain: Float32Array | undefined, offset: number): void {
  const nowUniform = now.uniform;
  const beforeUniform = before.uniform;
  let isWet = false;
  const december = wetDays(months[base - 1]).fraction;
  const decemberWet = chance(december + WET_PERSISTENCE * (1 - december));
  const decemberDry = chance(december * (1 - WET_PERSISTENCE));
  for (let d = YEAR_DAYS - WARM_UP; d < YEAR_DAYS; d++) isWet = rainDraw(beforeUniform[d], drawOf(last, d)) < (isWet ? decemberWet : decemberDry);
  for (let m = 0; m < 12; m++) {
    const first = MONTH_START[m];
    const end = MONTH_START[m + 1];
    const p = months[base + m];
    const { fraction, scale } = wetDays(p);
    const afterWet = chance(fraction + WET_PERSISTENCE * (1 - fraction));
    const afterDry = chance(fraction * (1 - WET_PERSISTENCE));
    let drawn = 0;
    let raw = 0;
    for (let d = first; d < end; d++) {
      const h = drawOf(seed, d);
      isWet = rainDraw(nowUniform[d], h) < (isWet ? afterWet : afterDry);
      wet[d] = isWet ? 1 : 0;
      if (!isWet) continue;
      drawn++;
      if (!rain) continue;
      const amount = 1 + scale * exponentialOf(h);
      amounts[d] = amount;
      raw += amount;
    }
    share[m] = drawn / (end - first);
    if (!rain) continue;
    // the month's total kept exactly; a month without a wet day gets it as an even drizzle
    if (drawn === 0) {
      for (let d = first; d < end; d++) rain[offset + d] = p;
      continue;
    }
    const factor = (p * (end - first)) / raw;
    for (let d = first; d < end; d++) rain[offset + d] = wet[d] ? amounts[d] * factor : 0;
  }
}

/**
 * The block of one model run over the cells for the years asked; undefined where the sample generator has
 * no series of the place (an unknown place, a scenario it does not make). A model the archive has no
 * tasmax or tasmin for has none here either.
 */
export function sampleDailyBlock(store: SampleSeriesStore, request: SampleDailyRequest): DailyBlock | undefined {
  const { years, cells, model, geo } = request;
  const clim = store.climatology(geo);
  if (!clim || years.end < years.start) return undefined;
  const n = cells.lat.length;
  const nYears = years.end - years.start + 1;
  const days = nYears * YEAR_DAYS;
  const keep = new Set(request.variables ?? VARIABLES);
  // the months of the variables kept and of pr (its wet days shape every variable but tas) per cell, from
  // the year before (its December starts the chains)
  const from = years.start - 1;
  const shares = cellShares(cells, geo, model);
  const monthly: Partial<Record<BlockVariable, Float64Array[]>> = {};
  for (const variable of VARIABLES) {
    // tasmax and tasmin are made together (each day's range parts them), whichever of them is kept
    const partner = variable === "tasmax" ? "tasmin" : variable === "tasmin" ? "tasmax" : undefined;
    if (!keep.has(variable) && variable !== "pr" && !(partner && keep.has(partner))) continue;
    const place = placeMonths(store, request, variable, from, years.end);
    if (place) monthly[variable] = shares.map((share) => unitSeries(variable, true, place.values, place.reference, share));
  }
  if (!monthly.pr || (keep.has("tas") && !monthly.tas)) return undefined;
  const values: DailyBlock["values"] = {};
  for (const variable of VARIABLES) {
    if (!monthly[variable] || !keep.has(variable)) continue;
    const old = request.reuse?.values[variable];
    values[variable] = old && old.length === n * days ? old : new Float32Array(n * days);
  }
  const { tas, tasmax, tasmin, pr } = values;
  const [tasM, txM, tnM, prM] = [monthly.tas, monthly.tasmax, monthly.tasmin, monthly.pr];
  const anyTemperature = Boolean(tas || tasmax || tasmin);
  const needsWet = Boolean(pr || tasmax || tasmin);

  const modelSeed = hashString(`ondemand-daily|${model}`);
  const regionSeed = combine(modelSeed, hashString(geo));
  const cellSeeds = Uint32Array.from({ length: n }, (_, i) => combine(modelSeed, hashString(`${cells.lat[i].toFixed(4)},${cells.lon[i].toFixed(4)}`)));
  const anomaly = new Float64Array(YEAR_DAYS);
  const wet = new Uint8Array(YEAR_DAYS);
  const wetShare = new Float64Array(12);
  // the region's draws of each year, from the year before the first
  const draws = Array.from({ length: nYears + 1 }, (_, y) => sharedDraws(regionSeed, from + y));
  for (let c = 0; c < n; c++) {
    // cell by cell, the years in order: each cell's days are written in one sweep
    let last = combine(cellSeeds[c], from);
    for (let y = 0; y < nYears; y++) {
      const seed = combine(cellSeeds[c], years.start + y);
      const now = draws[y + 1];
      const before = draws[y];
      // the cell's months: the year's January at `base`
      const base = (y + 1) * 12;
      const out = c * days + y * YEAR_DAYS;
      // a temperature draw and a rain draw share a day's hash: the two chains are independent of each other
      if (needsWet) rainYear(seed, last, now, before, prM[c], base, wet, wetShare, pr, out);
      if (anyTemperature) temperatureYear(seed, last, now, before, clim.dailySd, anomaly);
      last = seed;
      if (!anyTemperature) continue;
      if (tas) {
        const t = tasM![c];
        for (let m = 0; m < 12; m++) {
          const mean = t[base + m];
          for (let d = MONTH_START[m]; d < MONTH_START[m + 1]; d++) tas[out + d] = mean + anomaly[d];
        }
      }
      // tasmax and tasmin move with tas, the diurnal range narrower on wet days (mean zero over the month)
      const tx = txM?.[c];
      const tn = tnM?.[c];
      if (!tx || !tn) continue;
      for (let m = 0; m < 12; m++) {
        const high = tx[base + m];
        const low = tn[base + m];
        const narrowing = WET_DAY_DTR * Math.max(0, high - low);
        const share = wetShare[m];
        for (let d = MONTH_START[m]; d < MONTH_START[m + 1]; d++) {
          const range = narrowing * (wet[d] - share);
          if (tasmax) tasmax[out + d] = high + anomaly[d] - range;
          if (tasmin) tasmin[out + d] = low + anomaly[d] + range;
        }
      }
    }
  }
  return { calendar: CALENDAR, start: { year: years.start, month: 1, day: 1 }, days, cells: n, values, source: SAMPLE_SOURCE_ID };
}
