import { closeSync, existsSync, openSync, readSync, statSync } from "node:fs";
import path from "node:path";
import { loadH5 } from "./netcdf";

/**
 * The operator's elevation grid for PET at ingest (`--elevation FILE.nc`): a CF NetCDF4 file with an
 * orography or elevation variable in metres on a regular latitude-longitude grid (CMIP6 `orog`, a DEM such
 * as GMTED2010 or ETOPO resampled), read whole and sampled at each grid cell's centre (nearest neighbour).
 */

export class ElevationError extends Error {
  readonly code = "elevation-file";
}

/** Variable names taken as elevation, in this order. */
export const ELEVATION_VARIABLES = ["orog", "elevation", "elev", "height", "altitude", "z", "topo", "dem"] as const;
const METRES = new Set(["m", "meter", "meters", "metre", "metres", "m a.s.l.", "m asl"]);

export interface ElevationGrid {
  /** File name (without folders), for the method line. */
  file: string;
  variable: string;
  /** Elevation (m) of the grid cell nearest to a point; NaN outside the grid or where the file has no value. */
  at(lat: number, lon: number): number;
}

type Attrs = { attrs: Record<string, { value: unknown }> };
const attr = (ds: Attrs, name: string): unknown => {
  const v = ds.attrs[name]?.value;
  if (ArrayBuffer.isView(v) && !(v instanceof DataView)) return (v as unknown as ArrayLike<number>)[0];
  return Array.isArray(v) ? v[0] : v;
};

/** Reads an elevation grid; ElevationError says what is wrong with the file. */
export async function readElevationGrid(file: string): Promise<ElevationGrid> {
  if (!existsSync(file) || !statSync(file).isFile()) throw new ElevationError(`no such file: ${file}`);
  const head = Buffer.alloc(8);
  const fd = openSync(file, "r");
  try {
    readSync(fd, head, 0, 8, 0);
  } finally {
    closeSync(fd);
  }
  if (head.subarray(0, 3).toString("latin1") === "CDF") throw new ElevationError("classic netCDF (netCDF-3) file; convert it to NetCDF4 first (nccopy -k nc4 in.nc out.nc)");
  if (!head.equals(Buffer.from([0x89, 0x48, 0x44, 0x46, 0x0d, 0x0a, 0x1a, 0x0a]))) throw new ElevationError("not a NetCDF4/HDF5 file (no HDF5 signature)");
  const lib = await loadH5();
  let h5: InstanceType<typeof lib.File>;
  try {
    h5 = new lib.File(file, "r");
  } catch (error) {
    throw new ElevationError(`not a NetCDF4/HDF5 file (${error instanceof Error ? error.message : error})`);
  }
  try {
    const keys = h5.keys();
    const find = (names: readonly string[]) => {
      for (const name of names) {
        const key = keys.find((k) => k.toLowerCase() === name);
        if (key) return { key, ds: h5.get(key) as unknown as Attrs & { shape: number[] | null; value: unknown; type: string } };
      }
      return undefined;
    };
    const data = find(ELEVATION_VARIABLES);
    if (!data) throw new ElevationError(`no elevation variable (looked for ${ELEVATION_VARIABLES.join(", ")}; the file has ${keys.join(", ") || "none"})`);
    const lat = find(["lat", "latitude"]);
    const lon = find(["lon", "longitude"]);
    if (!lat || !lon) throw new ElevationError("needs lat and lon coordinate variables");
    const units = attr(data.ds, "units");
    if (typeof units !== "string" || !METRES.has(units.trim().toLowerCase())) {
      throw new ElevationError(`"${data.key}" has units ${units === undefined ? "(none)" : `"${units}"`}, expected metres ("m")`);
    }
    const lats = Float64Array.from(lat.ds.value as ArrayLike<number>, Number);
    const lons = Float64Array.from(lon.ds.value as ArrayLike<number>, (x) => (Number(x) > 180 ? Number(x) - 360 : Number(x)));
    const shape = (data.ds.shape ?? []).filter((d, i, all) => !(d === 1 && all.length > 2 && i === 0));
    if (shape.length !== 2 || shape[0] !== lats.length || shape[1] !== lons.length) {
      throw new ElevationError(`"${data.key}" has shape ${(data.ds.shape ?? []).join("x")}, expected (lat, lon) = ${lats.length}x${lons.length}`);
    }
    const regular = (xs: Float64Array) => {
      if (xs.length < 2) return false;
      const step = xs[1] - xs[0];
      return step !== 0 && xs.every((x, i) => i === 0 || Math.abs(x - xs[i - 1] - step) < Math.abs(step) * 1e-3 + 1e-9);
    };
    if (!regular(lats)) throw new ElevationError("latitudes are not a regular grid");
    // longitudes may wrap at 180 after the 0..360 conversion: sort them with their columns
    const order = Array.from(lons.keys()).sort((a, b) => lons[a] - lons[b]);
    const sortedLons = Float64Array.from(order, (k) => lons[k]);
    if (!regular(sortedLons)) throw new ElevationError("longitudes are not a regular grid");
    const values = Float64Array.from(data.ds.value as ArrayLike<number>, Number);
    const fill = [attr(data.ds, "_FillValue"), attr(data.ds, "missing_value")].filter((v): v is number => typeof v === "number");
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (v !== v || fill.includes(v) || Math.abs(v) > 1e5) values[i] = NaN;
      else if (v < -500 || v > 9000) throw new ElevationError(`"${data.key}" holds ${v} m: outside -500..9000 m (wrong units or a damaged file)`);
    }
    const latStep = lats[1] - lats[0];
    const lonStep = sortedLons[1] - sortedLons[0];
    // the nearest column or row; a point more than half a step outside the grid has none
    // (a global longitude axis wraps around)
    const globalLon = Math.abs(Math.abs(lonStep) * sortedLons.length - 360) < 1e-6;
    const nearest = (x: number, first: number, step: number, n: number, wraps = false) => {
      const k = Math.round((x - first) / step);
      if (wraps) return ((k % n) + n) % n;
      return k >= 0 && k < n ? k : -1;
    };
    return {
      file: path.basename(file),
      variable: data.key,
      at(la, lo) {
        const r = nearest(la, lats[0], latStep, lats.length);
        const c = nearest(lo > 180 ? lo - 360 : lo, sortedLons[0], lonStep, sortedLons.length, globalLon);
        return r < 0 || c < 0 ? NaN : values[r * lons.length + order[c]];
      },
    };
  } catch (error) {
    if (error instanceof ElevationError) throw error;
    throw new ElevationError(`cannot read the file (${error instanceof Error ? error.message : error})`);
  } finally {
    try {
      h5.close();
    } catch {
      // a file HDF5 could not read may not close cleanly either
    }
  }
}
