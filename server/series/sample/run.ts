import { ETCCDI_BASE_PERIOD, type YearRange } from "../../../app/features/cmip6/periods";
import { saturationVapourPressure, type Climatology } from "./climatology";
import { BASELINE_WARMING, globalWarming, meanGlobalWarming } from "./forcing";
import type { ModelTraits } from "./models";
import { combine, hashString, Random } from "./random";

/**
 * One model run over one geo for one scenario: the monthly fields of the nine NEX-GDDP-CMIP6 variables
 * and the random drivers behind them, from which every index is computed.
 *
 * Internal variability comes from one random stream per (geo, model, year). Years do not overlap
 * between the historical and the future experiments, so each model has one continuous realisation,
 * and SSP2-4.5 and SSP5-8.5 share it: their difference is the forced response alone. Within a year
 * the variables share their drivers, so a wet monsoon is also cloudier, more humid and cooler by day.
 */

export const MONTHS = 12;
const STEFAN_BOLTZMANN = 5.670374419e-8;
const PRECIP_YEAR_CORRELATION = 0.35;

export interface RunContext {
  geo: string;
  model: string;
  scenario: string;
  period: YearRange;
  clim: Climatology;
  traits: ModelTraits;
}

export interface SampleRun extends RunContext {
  years: number;
  /** Monthly fields, 12 per year from `period.start`: °C, mm/day, %, g/kg, W/m², m/s. */
  tas: Float64Array;
  tasmax: Float64Array;
  tasmin: Float64Array;
  pr: Float64Array;
  hurs: Float64Array;
  huss: Float64Array;
  rsds: Float64Array;
  rlds: Float64Array;
  sfcWind: Float64Array;
  /** Forced local warming of each month relative to 1995-2014, without variability. */
  warming: Float64Array;
  /** Year-to-year standard deviation of monthly temperature (common and monthly parts combined). */
  tasSd: Float64Array;
  /** Expected tasmin and tasmax of each calendar month in the ETCCDI base period 1961-1990. */
  tasminBase: Float64Array;
  tasmaxBase: Float64Array;
  /** Expected precipitation of each calendar month in 1961-1990, mm/day. */
  prBase: Float64Array;
  /** Seed of streams that belong to this run's geo and model (spells, index noise). */
  seed: number;
}

/** Local forced warming relative to the baseline for a model, per degree of its global warming. */
function localWarming(ctx: RunContext, globalAboveBaseline: number, m: number): number {
  return ctx.traits.warming * ctx.clim.geo.warmingRatio * globalAboveBaseline * ctx.clim.warmingSeason[m];
}

function dtrOf(clim: Climatology, m: number, warming: number): number {
  return Math.max(1, clim.dtr[m] - 0.1 * warming);
}

function prResponseOf(ctx: RunContext, warming: number): number {
  return Math.max(0.3, 1 + ((ctx.clim.geo.prChange + ctx.traits.prChangeOffset) / 100) * warming);
}

export function generateRun(ctx: RunContext): SampleRun {
  const { clim, traits, period } = ctx;
  const years = period.end - period.start + 1;
  const n = years * MONTHS;
  const field = () => new Float64Array(n);
  const run: SampleRun = {
    ...ctx,
    years,
    tas: field(),
    tasmax: field(),
    tasmin: field(),
    pr: field(),
    hurs: field(),
    huss: field(),
    rsds: field(),
    rlds: field(),
    sfcWind: field(),
    warming: field(),
    tasSd: new Float64Array(MONTHS),
    tasminBase: new Float64Array(MONTHS),
    tasmaxBase: new Float64Array(MONTHS),
    prBase: new Float64Array(MONTHS),
    seed: combine(hashString(ctx.geo), traits.seed),
  };

  const baseWarming = meanGlobalWarming("historical", ETCCDI_BASE_PERIOD) - BASELINE_WARMING;
  for (let m = 0; m < MONTHS; m++) {
    run.tasSd[m] = Math.hypot(clim.tasSdYear, clim.tasSdMonth[m]);
    const w = localWarming(ctx, baseWarming, m);
    const tas = clim.tas[m] + traits.tasBias + w;
    const dtr = dtrOf(clim, m, w);
    run.tasmaxBase[m] = tas + dtr / 2;
    run.tasminBase[m] = tas - dtr / 2;
    run.prBase[m] = clim.pr[m] * traits.prFactor * prResponseOf(ctx, w);
  }

  const drivers = {
    precipYear: 0,
    precip: new Float64Array(MONTHS),
    tasYear: 0,
    tas: new Float64Array(MONTHS),
    hurs: new Float64Array(MONTHS),
    cloud: new Float64Array(MONTHS),
    wind: new Float64Array(MONTHS),
  };
  const rYear = Math.sqrt(PRECIP_YEAR_CORRELATION);
  const rMonth = Math.sqrt(1 - PRECIP_YEAR_CORRELATION);

  for (let y = 0; y < years; y++) {
    const year = period.start + y;
    // fixed draw order: every variable sees the same drivers whichever indicator is asked for
    const random = new Random(combine(run.seed, year));
    drivers.precipYear = random.normal();
    random.normals(drivers.precip);
    drivers.tasYear = random.normal();
    random.normals(drivers.tas);
    random.normals(drivers.hurs);
    random.normals(drivers.cloud);
    random.normals(drivers.wind);

    const globalAbove = globalWarming(ctx.scenario, year) - BASELINE_WARMING;
    for (let m = 0; m < MONTHS; m++) {
      const i = y * MONTHS + m;
      const wet = clim.wetness[m];
      const warming = localWarming(ctx, globalAbove, m);
      run.warming[i] = warming;

      const eps = rYear * drivers.precipYear + rMonth * drivers.precip[m];
      const logSd = clim.prLogSd[m];
      const response = prResponseOf(ctx, warming);
      run.pr[i] = clim.pr[m] * traits.prFactor * response * Math.exp(logSd * eps - (logSd * logSd) / 2);

      const tas =
        clim.tas[m] +
        traits.tasBias +
        warming +
        clim.tasSdYear * drivers.tasYear +
        clim.tasSdMonth[m] * drivers.tas[m] -
        0.15 * clim.tasSdMonth[m] * eps * wet;
      const dtr = Math.max(1, dtrOf(clim, m, warming) * (1 - 0.08 * eps * wet));
      run.tas[i] = tas;
      run.tasmax[i] = tas + dtr / 2;
      run.tasmin[i] = tas - dtr / 2;

      const hurs = Math.min(
        100,
        Math.max(3, clim.hurs[m] + traits.hursBias + 4 * eps * (0.3 + 0.7 * wet) + 1.2 * drivers.hurs[m] - clim.hursDrying * warming),
      );
      run.hurs[i] = hurs;
      const vapour = (hurs / 100) * saturationVapourPressure(tas);
      run.huss[i] = (622 * vapour) / (clim.pressure - 0.378 * vapour);

      const cloud = Math.min(0.95, Math.max(0.02, clim.cloud[m] + 0.07 * eps + 0.02 * drivers.cloud[m]));
      run.rsds[i] = clim.toa[m] * clim.transmissivity * (1 - 0.62 * cloud) + traits.rsdsBias;
      const kelvin = tas + 273.15;
      const clearSky = Math.min(1, 1.24 * Math.pow(vapour / kelvin, 1 / 7));
      run.rlds[i] = (clearSky + (1 - clearSky) * 0.85 * cloud) * STEFAN_BOLTZMANN * kelvin ** 4;

      run.sfcWind[i] = Math.max(0.3, clim.wind[m] * traits.windFactor * (1 + 0.07 * drivers.wind[m]) * (1 - 0.01 * warming));
    }
  }
  return run;
}
