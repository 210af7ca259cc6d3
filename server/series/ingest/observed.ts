import { observationDataset, OBSERVED, OBSERVED_FLAGS, type ObservationDataset } from "../../../app/features/observations/datasets";
import type { DailyVariable } from "./indices";

/**
 * Which observational dataset a NetCDF file holds, and which of its variables are the portal's: from the
 * producer's global attributes (CHIRPS: title "CHIRPS Version 2.0", institution "Climate Hazards Group";
 * ERA5 and ERA5-Land from the Climate Data Store: institution "European Centre for Medium-Range Weather
 * Forecasts", GRIB_centre "ecmf", told apart by their names in the attributes or else by the grid, 0.25°
 * or 0.1°; IMD: "India Meteorological Department" or IMD in title, source or institution), or from the
 * operator's `--observed NAME`. Only recognition and mapping live here; reading and indices are the
 * ingest's, as for model files.
 */

/** A variable of a dataset's files and the portal variable it is, with the units the file may state. */
export interface ObservedVariableMap {
  /** Names in the files (matched case-insensitively). */
  names: readonly string[];
  variable: DailyVariable;
  /** Units beyond the portal's own list (`VARIABLE_UNITS`), as [scale, offset] to the portal's unit. */
  units?: Readonly<Record<string, [number, number]>>;
  /** Missing-data markers the producer uses without a _FillValue attribute. */
  fills?: readonly number[];
  /** Negative values down to this (portal units) are zero (packing noise). */
  negligibleNegative?: number;
}

/** Daily totals in mm or m: a daily file's "mm" is mm/day, ERA5's "m" a day's depth of water in metres. */
const DAILY_MM = { mm: [1, 0], "mm/day": [1, 0] } as const satisfies Record<string, [number, number]>;
const DAILY_M = { m: [1000, 0], "m/day": [1000, 0], "m day-1": [1000, 0], "m d-1": [1000, 0] } as const satisfies Record<string, [number, number]>;
const CELSIUS = { "°c": [1, 0], "degree c": [1, 0], "degrees c": [1, 0], "deg_c": [1, 0], "degrees celsius": [1, 0], "degree celsius": [1, 0] } as const satisfies Record<string, [number, number]>;

export const OBSERVED_VARIABLES: Readonly<Record<string, readonly ObservedVariableMap[]>> = {
  "chirps-v2.0": [{ names: ["precip", "prcp", "precipitation"], variable: "pr", units: DAILY_MM }],
  // ERA5 daily statistics keep the hourly names: t2m (K) for the daily mean, tp (m) for the daily total; daily
  // maxima and minima come as t2m too and are told apart only by the request: rename them mx2t and mn2t
  era5: [
    { names: ["t2m"], variable: "tas" },
    { names: ["mx2t", "tmax"], variable: "tasmax" },
    { names: ["mn2t", "tmin"], variable: "tasmin" },
    { names: ["tp"], variable: "pr", units: DAILY_M, negligibleNegative: 0.01 },
  ],
  "era5-land": [
    { names: ["t2m"], variable: "tas" },
    { names: ["mx2t", "tmax"], variable: "tasmax" },
    { names: ["mn2t", "tmin"], variable: "tasmin" },
    { names: ["tp"], variable: "pr", units: DAILY_M, negligibleNegative: 0.01 },
  ],
  imd: [
    { names: ["rf", "rain", "rainfall"], variable: "pr", units: DAILY_MM, fills: [-999] },
    { names: ["tmax", "maxt", "max_temp"], variable: "tasmax", units: CELSIUS, fills: [99.9] },
    { names: ["tmin", "mint", "min_temp"], variable: "tasmin", units: CELSIUS, fills: [99.9] },
  ],
};

/** What a file says about itself: its global attributes, its variables and its grid spacing. */
export interface FileDescription {
  attributes: Readonly<Record<string, string>>;
  /** Names of the datasets (variables) in the file. */
  variables: readonly string[];
  /** Latitude spacing, degrees (absolute); undefined without a latitude axis of two or more points. */
  latStep?: number;
}

export type Recognition =
  | { ok: true; dataset: ObservationDataset; variables: { name: string; map: ObservedVariableMap }[]; how: string }
  | { ok: false; reason: string };

/** An unknown `--observed NAME`: the message lists the names it accepts. */
export class ObservedNameError extends Error {
  readonly code = "observed-name";
}

/** The dataset of `--observed NAME`; unknown names throw, listing the known ones. */
export function observedFlag(name: string): ObservationDataset {
  const dataset = observationDataset(name);
  if (!dataset) throw new ObservedNameError(`--observed ${name}: not a dataset the portal knows (${OBSERVED_FLAGS.join(", ")})`);
  return dataset;
}

const near = (a: number | undefined, b: number) => a !== undefined && Math.abs(a - b) < 1e-3;

/** The dataset the attributes name, or undefined when they name none. */
export function datasetFromMetadata(file: FileDescription): { dataset: ObservationDataset; how: string } | { dataset: undefined; reason: string } {
  const a = Object.fromEntries(Object.entries(file.attributes).map(([k, v]) => [k.toLowerCase(), v]));
  const text = ["title", "source", "product", "institution", "history", "references", "reference", "dataset", "summary"].map((k) => a[k] ?? "").join(" | ");
  if (/\bCHIRPS\b/i.test(text)) {
    const version = /(?:version|\bv)\s*(\d+(?:\.\d+)?)/i.exec(`${a.version ?? ""} ${a.title ?? ""}`)?.[1];
    if (version && !/^2(\.0)?$/.test(version)) return { dataset: undefined, reason: `CHIRPS version ${version}: only version 2.0 is known (--observed chirps takes it as 2.0)` };
    return { dataset: observationDataset("chirps")!, how: `title "${a.title ?? a.source ?? "CHIRPS"}"` };
  }
  if (/India Meteorological Department|\bIMD\b/i.test(text)) return { dataset: observationDataset("imd")!, how: "India Meteorological Department in the attributes" };
  if (/ERA5[-_ ]?Land|reanalysis-era5-land/i.test(text)) return { dataset: observationDataset("era5-land")!, how: "ERA5-Land in the attributes" };
  if (/\bERA5\b|reanalysis-era5/i.test(text)) return { dataset: observationDataset("era5")!, how: "ERA5 in the attributes" };
  if (/European Centre for Medium-Range Weather Forecasts|\bECMWF\b/i.test(text) || (a.grib_centre ?? "").toLowerCase() === "ecmf") {
    if (near(file.latStep, 0.1)) return { dataset: observationDataset("era5-land")!, how: "ECMWF file on the 0.1° ERA5-Land grid" };
    if (near(file.latStep, 0.25)) return { dataset: observationDataset("era5")!, how: "ECMWF file on the 0.25° ERA5 grid" };
    return { dataset: undefined, reason: `an ECMWF file on a ${file.latStep ?? "?"}° grid: neither ERA5 (0.25°) nor ERA5-Land (0.1°); say which with --observed era5 or --observed era5-land` };
  }
  return { dataset: undefined, reason: "its attributes name no observational dataset the portal knows (CHIRPS, ERA5, ERA5-Land, IMD)" };
}

/**
 * The dataset and variables of a file: the operator's `--observed` choice when given (a file whose
 * attributes name another dataset is refused: one of the two is wrong), else what its attributes say.
 */
export function recogniseObservation(file: FileDescription, flag?: ObservationDataset): Recognition {
  const found = datasetFromMetadata(file);
  let dataset: ObservationDataset;
  let how: string;
  if (flag) {
    if (found.dataset && found.dataset.id !== flag.id) {
      return { ok: false, reason: `--observed ${flag.flags[0]}, but the file's attributes say ${found.dataset.id} (${found.how}); nothing was taken` };
    }
    dataset = flag;
    how = `--observed ${flag.flags[0]}`;
  } else {
    if (!found.dataset) return { ok: false, reason: found.reason };
    dataset = found.dataset;
    how = found.how;
  }
  const maps = OBSERVED_VARIABLES[dataset.id] ?? [];
  const variables = file.variables.flatMap((name) => {
    const map = maps.find((m) => m.names.includes(name.toLowerCase()));
    return map ? [{ name, map }] : [];
  });
  if (variables.length === 0) {
    const known = maps.flatMap((m) => m.names).join(", ");
    return { ok: false, reason: `${dataset.id} file (${how}) without a variable the portal maps (${known}); it has ${file.variables.join(", ") || "none"}` };
  }
  return { ok: true, dataset, variables, how };
}

/** The grid label of an observed file's variable in the ingest's records, e.g. "0.25deg". */
export const gridLabel = (step: number | undefined) => (step === undefined ? "point" : `${Number(step.toFixed(4))}deg`);

export { OBSERVED };
