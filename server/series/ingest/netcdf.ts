import { closeSync, openSync, readSync, statSync } from "node:fs";
import { CalendarError, decodeTimes, parseCalendar, parseTimeUnits, type Calendar, type CalendarDate } from "./calendar";

/**
 * Reads a gridded daily variable from a NetCDF4 (HDF5) file with h5wasm: the `lat`, `lon` and `time`
 * coordinates, CF attributes (units, calendar, _FillValue, missing_value, scale_factor, add_offset) and
 * slabs of days, converted to the portal's units. Only the asked slab is read, never the whole variable.
 */

type H5 = typeof import("h5wasm");
type H5Dataset = InstanceType<H5["Dataset"]>;
type H5File = InstanceType<H5["File"]>;

let h5: Promise<H5> | undefined;
/** h5wasm's Node build (the host file system through NODERAWFS), loaded once. */
export function loadH5(): Promise<H5> {
  h5 ??= (async () => {
    const module = (await import("h5wasm/node")) as unknown as H5 & { default?: H5 };
    const lib = (module.default ?? module) as H5;
    await lib.ready;
    return lib;
  })();
  return h5;
}

export class NetcdfError extends Error {}

/** How a variable's units become the portal's. */
export interface UnitConversion {
  from: string;
  to: string;
  scale: number;
  offset: number;
}

const norm = (u: string) => u.trim().toLowerCase().replace(/\s+/g, " ");
const TEMPERATURE: Record<string, [number, number]> = { k: [1, -273.15], kelvin: [1, -273.15], degk: [1, -273.15], degc: [1, 0], "deg c": [1, 0], celsius: [1, 0], c: [1, 0], "°c": [1, 0], degree_celsius: [1, 0], degrees_celsius: [1, 0] };
const PRECIPITATION: Record<string, [number, number]> = {
  "kg m-2 s-1": [86400, 0], "kg/m2/s": [86400, 0], "kg m^-2 s^-1": [86400, 0], "kg/m^2/s": [86400, 0], "mm s-1": [86400, 0], "mm/s": [86400, 0],
  "mm/day": [1, 0], "mm day-1": [1, 0], "mm d-1": [1, 0], "mm/d": [1, 0], "kg m-2 d-1": [1, 0], "kg m-2 day-1": [1, 0],
};
const SPECIFIC_HUMIDITY: Record<string, [number, number]> = { "1": [1000, 0], "kg/kg": [1000, 0], "kg kg-1": [1000, 0], "g/kg": [1, 0], "g kg-1": [1, 0] };
const PERCENT: Record<string, [number, number]> = { "%": [1, 0], percent: [1, 0] };
const FLUX: Record<string, [number, number]> = { "w m-2": [1, 0], "w/m2": [1, 0], "w/m^2": [1, 0], "w m^-2": [1, 0] };
const SPEED: Record<string, [number, number]> = { "m s-1": [1, 0], "m/s": [1, 0] };

/** Units the portal shows each CMIP6 variable in, and the units files may come in. */
export const VARIABLE_UNITS: Record<string, { to: string; accepted: Record<string, [number, number]> }> = {
  tas: { to: "°C", accepted: TEMPERATURE },
  tasmax: { to: "°C", accepted: TEMPERATURE },
  tasmin: { to: "°C", accepted: TEMPERATURE },
  pr: { to: "mm/day", accepted: PRECIPITATION },
  huss: { to: "g/kg", accepted: SPECIFIC_HUMIDITY },
  hurs: { to: "%", accepted: PERCENT },
  rsds: { to: "W/m²", accepted: FLUX },
  rlds: { to: "W/m²", accepted: FLUX },
  sfcWind: { to: "m/s", accepted: SPEED },
};

/**
 * How a variable's units become the portal's. `extra` adds units a dataset states in its own way (an
 * observed daily total in "mm" or ERA5's "m"), which are not valid for model output.
 */
export function unitConversion(variable: string, units: string | undefined, extra?: Readonly<Record<string, [number, number]>>, fileName = variable): UnitConversion {
  const known = VARIABLE_UNITS[variable];
  if (!known) throw new NetcdfError(`variable "${variable}" is not one the portal shows (${Object.keys(VARIABLE_UNITS).join(", ")})`);
  if (units === undefined) throw new NetcdfError(`variable "${fileName}" has no units attribute`);
  const accepted = { ...known.accepted, ...extra };
  const factor = accepted[norm(units)];
  if (!factor) throw new NetcdfError(`variable "${fileName}" has units "${units}", expected one of: ${Object.keys(accepted).join(", ")}`);
  return { from: units, to: known.to, scale: factor[0], offset: factor[1] };
}

export interface GridVariable {
  path: string;
  variable: string;
  lat: Float64Array;
  /** Longitudes in -180..180. */
  lon: Float64Array;
  calendar: Calendar;
  /** The date of each time step. */
  dates: CalendarDate[];
  conversion: UnitConversion;
  /**
   * Values of days [t0, t1) over rows [lat0, lat1) and columns [lon0, lon1), in the portal's units, NaN where
   * missing: index ((t * rows) + row) * columns + column. With `cells` (offsets row * columns + column in
   * that box), only those cells, in that order: index t * cells.length + k; the others are not converted.
   */
  read(t0: number, t1: number, lat0: number, lat1: number, lon0: number, lon1: number, cells?: Uint32Array): Float64Array;
  close(): void;
}

function attr(ds: { attrs: Record<string, { value: unknown }> }, name: string): unknown {
  const a = ds.attrs[name];
  if (!a) return undefined;
  const v = a.value;
  if (ArrayBuffer.isView(v) && !(v instanceof DataView)) return (v as unknown as ArrayLike<number>)[0];
  if (Array.isArray(v)) return v[0];
  return v;
}
const textAttr = (ds: { attrs: Record<string, { value: unknown }> }, name: string) => {
  const v = attr(ds, name);
  return v === undefined || v === null ? undefined : String(v);
};
const numberAttr = (ds: { attrs: Record<string, { value: unknown }> }, name: string) => {
  const v = attr(ds, name);
  return v === undefined || v === null ? undefined : Number(v);
};

function numbers(value: unknown, what: string): Float64Array {
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) return Float64Array.from(value as unknown as ArrayLike<number>, Number);
  if (Array.isArray(value)) return Float64Array.from(value as number[], Number);
  throw new NetcdfError(`${what} is not numeric`);
}

/** First bytes of the file: HDF5 signature, or a classic netCDF header (not readable here). */
function checkSignature(path: string) {
  const fd = openSync(path, "r");
  const head = Buffer.alloc(8);
  try {
    readSync(fd, head, 0, 8, 0);
  } finally {
    closeSync(fd);
  }
  if (head.subarray(0, 3).toString("latin1") === "CDF") {
    throw new NetcdfError("classic netCDF (netCDF-3) file; convert it to NetCDF4 first (nccopy -k nc4 in.nc out.nc)");
  }
  if (!head.equals(Buffer.from([0x89, 0x48, 0x44, 0x46, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    throw new NetcdfError("not a NetCDF4/HDF5 file (no HDF5 signature)");
  }
}

/** Most days one file may hold (200 years), and most cells along a grid axis (a 0.01° global grid has 36,000). */
export const MAX_TIME_STEPS = 200 * 366;
export const MAX_AXIS_CELLS = 50_000;

/**
 * Checks what a dataset declares before anything of it is read: its length against a sane limit, and for
 * data stored in one piece (not chunked) its size against the file's (a file cannot hold more than its bytes).
 */
function checkDeclared(what: string, ds: H5Dataset, fileBytes: number, limit?: { length: number; why: string }) {
  const shape = ds.shape ?? [];
  const values = shape.reduce((n, d) => n * d, 1);
  if (limit && (shape[0] ?? 0) > limit.length) {
    throw new NetcdfError(`${what} declares ${shape[0]} steps, more than ${limit.length} (${limit.why}); refused before reading`);
  }
  const { chunks, size } = ds.metadata;
  if (!chunks && values * size > fileBytes) {
    throw new NetcdfError(`${what} declares ${shape.join("x")} values (${values * size} bytes) but the whole file has ${fileBytes} bytes; refused before reading`);
  }
}

function findDataset(file: H5File, names: string[]): H5Dataset | undefined {
  const keys = file.keys();
  for (const name of names) {
    const key = keys.find((k) => k.toLowerCase() === name);
    if (key) {
      const entity = file.get(key);
      if (entity && (entity as H5Dataset).type === "Dataset") return entity as H5Dataset;
    }
  }
  return undefined;
}

/** Names of the time coordinate: CF files say `time`, the Climate Data Store's ERA5 files `valid_time`. */
const TIME_NAMES = ["time", "valid_time"];

/** How an observed file's variable is read: its name in the file and the extra units its dataset states. */
export interface VariableSource {
  name: string;
  units?: Readonly<Record<string, [number, number]>>;
  /** Values the producer uses for missing data without saying so in _FillValue (IMD: -999 rain, 99.9 temperature). */
  fills?: readonly number[];
  /**
   * Negative values down to this (portal units) read as 0: ERA5's packed precipitation has tiny negative
   * totals (-1e-9 m) that are zero rain, not an error.
   */
  negligibleNegative?: number;
}

/** A NetCDF4 (HDF5) file opened for reading, after its signature is checked. */
async function openH5(path: string): Promise<H5File> {
  checkSignature(path);
  const lib = await loadH5();
  try {
    return new lib.File(path, "r");
  } catch (error) {
    throw new NetcdfError(`cannot open as HDF5 (truncated or damaged?): ${error instanceof Error ? error.message : error}`);
  }
}

/**
 * What a file says about itself before anything is read: its global attributes (as text), the names of its
 * variables and its latitude spacing. For recognising observational datasets.
 */
export async function describeNetcdf(path: string): Promise<{ attributes: Record<string, string>; variables: string[]; latStep?: number; years?: { start: number; end: number } }> {
  const file = await openH5(path);
  try {
    const attributes: Record<string, string> = {};
    for (const name of Object.keys(file.attrs)) {
      const text = textAttr(file, name);
      if (text !== undefined) attributes[name] = text;
    }
    const variables = file.keys().filter((k) => (file.get(k) as H5Dataset | undefined)?.type === "Dataset");
    const latDs = findDataset(file, ["lat", "latitude"]);
    let latStep: number | undefined;
    if (latDs && (latDs.shape?.[0] ?? 0) >= 2 && (latDs.shape?.[0] ?? 0) <= MAX_AXIS_CELLS) {
      const lat = numbers(latDs.slice([[0, 2]]), "lat");
      latStep = Math.abs(lat[1] - lat[0]);
    }
    // the years of the time axis (first and last step), which group an observed dataset's files
    const timeDs = findDataset(file, TIME_NAMES);
    let years: { start: number; end: number } | undefined;
    const steps = timeDs?.shape?.[0] ?? 0;
    if (timeDs && steps > 0 && steps <= MAX_TIME_STEPS) {
      const ends = numbers(timeDs.slice([[0, 1]]), "time")[0];
      const last = numbers(timeDs.slice([[steps - 1, steps]]), "time")[0];
      try {
        const dates = decodeTimes([ends, last], parseTimeUnits(textAttr(timeDs, "units")), parseCalendar(textAttr(timeDs, "calendar")));
        years = { start: dates[0].year, end: dates[1].year };
      } catch (error) {
        if (error instanceof CalendarError) throw new NetcdfError(error.message);
        throw error;
      }
    }
    return { attributes, variables, latStep, years };
  } catch (error) {
    if (error instanceof NetcdfError) throw error;
    throw new NetcdfError(`cannot read the file's structure (truncated or damaged?): ${error instanceof Error ? error.message : error}`);
  } finally {
    try {
      file.close();
    } catch {
      // as in openGridVariable
    }
  }
}

/**
 * Opens `variable` of a NetCDF4 file, checking its coordinates and attributes. `source` names it in the
 * file when the file calls it otherwise (observed datasets: CHIRPS `precip` is the portal's `pr`).
 */
export async function openGridVariable(path: string, variable: string, source?: VariableSource): Promise<GridVariable> {
  const file = await openH5(path);
  const closeQuietly = () => {
    try {
      file.close();
    } catch {
      // a file HDF5 could not read may not close cleanly either
    }
  };
  try {
    const inFile = source?.name ?? variable;
    const data = findDataset(file, [inFile.toLowerCase()]);
    if (!data) throw new NetcdfError(`no variable "${inFile}" (has ${file.keys().join(", ")})`);
    const latDs = findDataset(file, ["lat", "latitude"]);
    const lonDs = findDataset(file, ["lon", "longitude"]);
    const timeDs = findDataset(file, TIME_NAMES);
    if (!latDs || !lonDs || !timeDs) throw new NetcdfError("needs lat, lon and time coordinate variables");
    const shape = data.shape ?? [];
    if (shape.length !== 3) throw new NetcdfError(`"${variable}" has ${shape.length} dimensions, expected (time, lat, lon)`);
    // the dimension scales attached by netCDF-4 name the order; files without them are taken as (time, lat, lon)
    const scales = [0, 1, 2].map((i) => {
      try {
        return data.get_attached_scales(i).map((s) => s.replace(/^\//, "").toLowerCase());
      } catch {
        return [];
      }
    });
    const expected = [TIME_NAMES, ["lat", "latitude"], ["lon", "longitude"]];
    scales.forEach((names, i) => {
      if (names.length > 0 && !names.some((n) => expected[i].includes(n))) {
        throw new NetcdfError(`"${variable}" has dimensions (${scales.map((s) => s[0] ?? "?").join(", ")}), expected (time, lat, lon)`);
      }
    });
    const fileBytes = statSync(path).size;
    checkDeclared("time", timeDs, fileBytes, { length: MAX_TIME_STEPS, why: "200 years of days" });
    checkDeclared("lat", latDs, fileBytes, { length: MAX_AXIS_CELLS, why: "a grid finer than 0.01°" });
    checkDeclared("lon", lonDs, fileBytes, { length: MAX_AXIS_CELLS, why: "a grid finer than 0.01°" });
    checkDeclared(`"${variable}"`, data, fileBytes);
    const lat = numbers(latDs.value, "lat");
    const lon = numbers(lonDs.value, "lon").map((x) => (x > 180 ? x - 360 : x));
    const time = numbers(timeDs.value, "time");
    if (shape[0] !== time.length || shape[1] !== lat.length || shape[2] !== lon.length) {
      throw new NetcdfError(`"${variable}" has shape ${shape.join("x")}, coordinates ${time.length}x${lat.length}x${lon.length}`);
    }
    const calendar = parseCalendar(textAttr(timeDs, "calendar"));
    const dates = decodeTimes(time, parseTimeUnits(textAttr(timeDs, "units")), calendar);
    const conversion = unitConversion(variable, textAttr(data, "units"), source?.units, inFile);
    const fills = [numberAttr(data, "_FillValue"), numberAttr(data, "missing_value")].filter((v): v is number => v !== undefined && !Number.isNaN(v));
    const scale = numberAttr(data, "scale_factor") ?? 1;
    const offset = numberAttr(data, "add_offset") ?? 0;
    // values this far out are fill values whatever the attributes say (CF default fill 1e20, 9.97e36)
    const LIMIT = 1e15;
    const ds = data;
    // the cells asked for are the same list on every read of an ingest: checked once per list
    let checkedCells: { cells: Uint32Array; perDay: number } | undefined;
    return {
      path,
      variable,
      lat,
      lon,
      calendar,
      dates,
      conversion,
      read(t0, t1, lat0, lat1, lon0, lon1, cells) {
        let raw: unknown;
        try {
          raw = ds.slice([[t0, t1], [lat0, lat1], [lon0, lon1]]);
        } catch (error) {
          throw new NetcdfError(`cannot read days ${t0}-${t1 - 1} (truncated or damaged?): ${error instanceof Error ? error.message : error}`);
        }
        const values = raw as ArrayLike<number>;
        const perDay = (lat1 - lat0) * (lon1 - lon0);
        if (!values || values.length !== (t1 - t0) * perDay) throw new NetcdfError(`short read of days ${t0}-${t1 - 1}`);
        if (cells && (checkedCells?.cells !== cells || checkedCells.perDay !== perDay)) {
          if (cells.some((c) => c >= perDay)) throw new RangeError(`a cell offset is outside the ${perDay} cells of the box`);
          checkedCells = { cells, perDay };
        }
        const width = cells ? cells.length : perDay;
        const out = new Float64Array((t1 - t0) * width);
        const a = conversion.scale * scale;
        const b = conversion.scale * offset + conversion.offset;
        // Fill values beyond LIMIT are caught by the range test; only fills inside it are compared one by one.
        const [fill1, fill2] = fills.filter((f) => f < LIMIT && f > -LIMIT).concat(NaN, NaN);
        const checkFills = fill1 === fill1;
        const marked = source?.fills ?? [];
        const checkMarked = marked.length > 0;
        const negligible = source?.negligibleNegative ?? 0;
        const zeroNegligible = negligible > 0;
        for (let t = 0, k = 0; t < t1 - t0; t++) {
          const base = t * perDay;
          for (let j = 0; j < width; j++, k++) {
            const v = values[base + (cells ? cells[j] : j)];
            // NaN fails the range test too
            let x = v < LIMIT && v > -LIMIT ? v * a + b : NaN;
            if (checkFills && (v === fill1 || v === fill2)) x = NaN;
            if (checkMarked && marked.some((m) => Math.abs(v - m) < 1e-4)) x = NaN;
            if (zeroNegligible && x < 0 && x >= -negligible) x = 0;
            out[k] = x;
          }
        }
        return out;
      },
      close() {
        closeQuietly();
      },
    };
  } catch (error) {
    closeQuietly();
    if (error instanceof NetcdfError) throw error;
    if (error instanceof CalendarError) throw new NetcdfError(error.message);
    throw new NetcdfError(`cannot read the file's structure (truncated or damaged?): ${error instanceof Error ? error.message : error}`);
  }
}
