import { DAYS_IN_MONTH } from "../../../app/features/cmip6/periods";
import type { GeoClimate, RainRegime } from "./geo-climates";

/**
 * The monthly climatology (1995-2014) of a geo, derived from its compact parameters: rainfall from the
 * shapes of the rain regimes, temperature from an annual harmonic with monsoon cooling, humidity, cloud
 * and radiation from how wet each month is and from the sun at that latitude.
 */

/** Monthly shape of each rain regime, January to December; each sums to 1. */
export const REGIME_SHAPES: Readonly<Record<RainRegime, readonly number[]>> = {
  monsoon: [0, 0, 0, 0, 0.04, 0.17, 0.29, 0.28, 0.22, 0, 0, 0],
  premonsoon: [0, 0, 0.1, 0.35, 0.55, 0, 0, 0, 0, 0, 0, 0],
  northeast: [0.13, 0, 0, 0, 0, 0, 0, 0, 0, 0.3, 0.35, 0.22],
  westerly: [0.15, 0.2, 0.27, 0.2, 0.1, 0, 0, 0, 0, 0, 0, 0.08],
};
const MONSOON_COOLING_SHAPE = [0, 0, 0, 0, 0, 0.6, 1, 1, 0.7, 0, 0, 0];
const MONSOON_WIND_SHAPE = [0, 0, 0, 0, 0, 0.8, 1, 0.8, 0, 0, 0, 0];

const SOLAR_CONSTANT = 1361;
/** Day of year of the middle of each month (365-day calendar). */
const MID_MONTH_DAY = DAYS_IN_MONTH.map((d, m) => DAYS_IN_MONTH.slice(0, m).reduce((a, b) => a + b, 0) + (d + 1) / 2);

export interface Climatology {
  geo: GeoClimate;
  /** Mean precipitation, mm/day. */
  pr: Float64Array;
  /** How wet the month is relative to the wettest month, 0-1. */
  wetness: Float64Array;
  /** Year-to-year standard deviation of log monthly precipitation. */
  prLogSd: Float64Array;
  tas: Float64Array;
  dtr: Float64Array;
  hurs: Float64Array;
  wind: Float64Array;
  /** Cloud fraction, 0-1. */
  cloud: Float64Array;
  /** Daily mean insolation at the top of the atmosphere, W/m². */
  toa: Float64Array;
  /** Clear-sky transmissivity of the atmosphere (thinner air higher up). */
  transmissivity: number;
  /** Mean surface pressure, hPa. */
  pressure: number;
  /** Year-to-year standard deviation of monthly temperature: the part common to a year, and per month. */
  tasSdYear: number;
  tasSdMonth: Float64Array;
  /** Day-to-day standard deviation of daily temperature at a place. */
  dailySd: Float64Array;
  /** Seasonal pattern of warming: winters warm faster away from the tropics. */
  warmingSeason: Float64Array;
  /** Drop of relative humidity per degree of local warming, % per °C (land dries, the ocean hardly). */
  hursDrying: number;
}

const cos2pi = (x: number) => Math.cos(2 * Math.PI * x);
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** Daily mean top-of-atmosphere insolation, W/m² (FAO-56 equations 21-25). */
export function toaInsolation(latDeg: number, dayOfYear: number): number {
  const phi = (latDeg * Math.PI) / 180;
  const dr = 1 + 0.033 * Math.cos((2 * Math.PI * dayOfYear) / 365);
  const delta = 0.409 * Math.sin((2 * Math.PI * dayOfYear) / 365 - 1.39);
  const omega = Math.acos(clamp(-Math.tan(phi) * Math.tan(delta), -1, 1));
  return (SOLAR_CONSTANT / Math.PI) * dr * (omega * Math.sin(phi) * Math.sin(delta) + Math.cos(phi) * Math.cos(delta) * Math.sin(omega));
}

export function climatologyOf(geo: GeoClimate): Climatology {
  const month = (m: number) => m + 1;
  const twelve = () => new Float64Array(12);

  const prShare = twelve();
  const regimeTotal = Object.values(geo.regimes).reduce((a, b) => a + (b ?? 0), 0);
  for (let m = 0; m < 12; m++) {
    let share = (1 - regimeTotal) / 12;
    for (const [regime, weight] of Object.entries(geo.regimes) as [RainRegime, number][]) share += weight * REGIME_SHAPES[regime][m];
    prShare[m] = share;
  }
  const maxShare = Math.max(...prShare);
  const pr = prShare.map((s, m) => (geo.prAnnual * s) / DAYS_IN_MONTH[m]);
  const wetness = prShare.map((s) => s / maxShare);

  const coolingMean = MONSOON_COOLING_SHAPE.reduce((a, b) => a + b, 0) / 12;
  const windMean = MONSOON_WIND_SHAPE.reduce((a, b) => a + b, 0) / 12;
  const extratropical = clamp((geo.lat - 10) / 20, 0, 1);
  const continental = clamp((geo.tasAmplitude - 6) / 8, 0, 1);

  const tas = twelve();
  const dtr = twelve();
  const hurs = twelve();
  const wind = twelve();
  const cloud = twelve();
  const toa = twelve();
  const prLogSd = twelve();
  const tasSdMonth = twelve();
  const dailySd = twelve();
  const warmingSeason = twelve();
  for (let m = 0; m < 12; m++) {
    const w = wetness[m];
    const winter = cos2pi((month(m) - 1) / 12);
    tas[m] =
      geo.tasMean +
      geo.tasAmplitude * cos2pi((month(m) - geo.tasPeakMonth) / 12) -
      geo.monsoonCooling * (MONSOON_COOLING_SHAPE[m] - coolingMean);
    dtr[m] = geo.dtrDry - (geo.dtrDry - geo.dtrWet) * w;
    hurs[m] = geo.hursDry + (geo.hursWet - geo.hursDry) * w ** 0.8;
    wind[m] = geo.windMean + geo.windMonsoon * (MONSOON_WIND_SHAPE[m] - windMean);
    cloud[m] = 0.12 + 0.6 * w ** 0.8;
    toa[m] = toaInsolation(geo.lat, MID_MONTH_DAY[m]);
    prLogSd[m] = 0.2 + 0.55 * (1 - w);
    tasSdMonth[m] = (0.3 + 0.6 * extratropical + 0.3 * continental) * (1 + 0.35 * winter * extratropical) * (1 - 0.25 * w);
    dailySd[m] = geo.dailySd * (1 + 0.25 * winter * extratropical);
    warmingSeason[m] = 1 + 0.12 * winter * extratropical;
  }
  // the seasonal pattern redistributes warming over the year, it does not add to it
  const seasonMean = warmingSeason.reduce((a, b) => a + b, 0) / 12;
  for (let m = 0; m < 12; m++) warmingSeason[m] /= seasonMean;

  return {
    geo,
    pr,
    wetness,
    prLogSd,
    tas,
    dtr,
    hurs,
    wind,
    cloud,
    toa,
    transmissivity: Math.min(0.8, 0.72 + 2.5e-5 * geo.elevation),
    pressure: 1013.25 * Math.exp(-geo.elevation / 8434),
    tasSdYear: 0.15 + 0.25 * extratropical + 0.15 * continental,
    tasSdMonth,
    dailySd,
    warmingSeason,
    hursDrying: 0.7 * clamp((geo.warmingRatio - 0.7) / 0.5, 0.1, 1),
  };
}

/** Saturation vapour pressure over water, hPa (Bolton 1980). */
export function saturationVapourPressure(tasC: number): number {
  return 6.112 * Math.exp((17.67 * tasC) / (tasC + 243.5));
}
