import type { GridIndicator, GridSeason } from "../../../app/features/grids/grid";
import { combine, hashString, Random } from "../../series/sample/random";
import type { SampleGeometry } from "./geometry";

/**
 * The generated starting field of a model's period mean, before the fit to the place values: the places'
 * values spread smoothly over their cells (each land cell takes the bump-weighted mean of the values of
 * the places around it), then a smooth pattern of a few long waves and a north-south gradient,
 * deterministic from the model, the indicator and the season, with a second, weaker pattern for the window
 * (so each model's change varies within a place, differently from model to model). Temperatures vary by
 * degrees around the place values; amounts and counts of days by a share of them (they stay near zero
 * where the places are near zero).
 */

/** Temperature indicators: the pattern adds degrees Celsius. The others: it scales the values. */
const TEMPERATURES: readonly GridIndicator[] = ["tas", "tasmax", "tasmin", "txx", "tnn"];
/** Size of the pattern: degrees for temperatures, a share for the others; in the baseline and added for the window. */
const AMPLITUDE = { additive: { baseline: 1.2, window: 0.4 }, relative: { baseline: 0.15, window: 0.05 } } as const;

/**
 * One long wave of a smooth sample pattern, drawn from `random`: its weight (0.5 to 1.5), a wavelength of 4
 * to 16 degrees in any direction (`kx`, `ky`, radians per degree of longitude and latitude) and its phase.
 */
export function nextWave(random: Random): { weight: number; kx: number; ky: number; phase: number } {
  const weight = 0.5 + random.next();
  const direction = random.next() * 2 * Math.PI;
  const wavenumber = (2 * Math.PI) / (4 + 12 * random.next());
  const phase = random.next() * 2 * Math.PI;
  return { weight, kx: wavenumber * Math.cos(direction), ky: wavenumber * Math.sin(direction), phase };
}

/** A smooth field in [-1, 1] over the land cells. */
function waves(geometry: SampleGeometry, seed: number): Float64Array {
  const random = new Random(seed);
  const { lat, lon, landRow, landColumn } = geometry;
  const n = landRow.length;
  const out = new Float64Array(n);
  const gradient = random.next() * 2 - 1;
  for (let j = 0; j < n; j++) out[j] = gradient * ((lat[landRow[j]] - 22.5) / 17.5);
  let total = Math.abs(gradient);
  for (let wave = 0; wave < 3; wave++) {
    // sin(kx x + ky y + phase) from per-column and per-row terms
    const { weight, kx, ky, phase } = nextWave(random);
    const sx = lon.map((x) => weight * Math.sin(kx * x));
    const cx = lon.map((x) => weight * Math.cos(kx * x));
    const sy = lat.map((y) => Math.sin(ky * y + phase));
    const cy = lat.map((y) => Math.cos(ky * y + phase));
    for (let j = 0; j < n; j++) {
      const r = landRow[j];
      const c = landColumn[j];
      out[j] += sx[c] * cy[r] + cx[c] * sy[r];
    }
    total += weight;
  }
  for (let j = 0; j < n; j++) out[j] /= total;
  return out;
}

/**
 * The places' values spread over the land cells: per cell, the bump-weighted mean of the values. Places
 * without a value (NaN) are skipped; a cell near none with a value takes the mean of the values.
 */
export function spread(geometry: SampleGeometry, values: Float64Array): Float64Array {
  const out = new Float64Array(geometry.landCells.length);
  const { bumps, bumpNorm } = geometry;
  const complete = values.every((v) => !Number.isNaN(v));
  const weight = complete ? undefined : new Float64Array(out.length);
  for (let p = 0; p < bumps.length; p++) {
    const { land, values: bump } = bumps[p];
    const v = values[p];
    if (Number.isNaN(v)) continue;
    for (let k = 0; k < land.length; k++) out[land[k]] += bump[k] * v;
    if (weight) for (let k = 0; k < land.length; k++) weight[land[k]] += bump[k];
  }
  if (!weight) {
    for (let j = 0; j < out.length; j++) out[j] *= bumpNorm[j];
    return out;
  }
  const known = values.filter((v) => !Number.isNaN(v));
  const mean = known.reduce((sum, v) => sum + v, 0) / known.length;
  for (let j = 0; j < out.length; j++) out[j] = weight[j] > 0 ? out[j] / weight[j] : mean;
  return out;
}

export interface ModelPattern {
  kind: "additive" | "relative";
  baseline: Float32Array;
  window: Float32Array;
}

/** A model's patterns for an indicator and season (land cells). */
export function modelPattern(geometry: SampleGeometry, model: string, indicator: GridIndicator, season: GridSeason): ModelPattern {
  const key = hashString(`${model}|${indicator}|${season}`);
  return {
    kind: TEMPERATURES.includes(indicator) ? "additive" : "relative",
    baseline: Float32Array.from(waves(geometry, combine(key, 1))),
    window: Float32Array.from(waves(geometry, combine(key, 2))),
  };
}

/**
 * The starting field of one period over the land cells: the places' values spread, with the baseline
 * pattern, plus the window pattern for a window.
 */
export function startingField(geometry: SampleGeometry, pattern: ModelPattern, values: Float64Array, period: "baseline" | "window"): Float64Array {
  const out = spread(geometry, values);
  const amplitude = AMPLITUDE[pattern.kind];
  const windowShare = period === "window" ? amplitude.window : 0;
  const { baseline, window } = pattern;
  for (let j = 0; j < out.length; j++) {
    const wave = amplitude.baseline * baseline[j] + windowShare * window[j];
    out[j] = pattern.kind === "additive" ? out[j] + wave : out[j] * (1 + wave);
  }
  return out;
}
