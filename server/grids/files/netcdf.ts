import { existsSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import type { GridAxes } from "../../../app/features/grids/grid";
import { loadH5 } from "../../series/ingest/netcdf";

/**
 * CF-1.8 NetCDF-4 files of gridded fields (HDF5 with netCDF dimension scales, written with h5wasm): the
 * `lat` and `lon` coordinates of a regular grid, further dimensions with their coordinate variables
 * (`window`, `model`), data variables over named dimensions, and global attributes. Written to a temporary
 * file beside the target and renamed over it, so a reader never sees half a file. The ingest's field files
 * (`../ingest/build.ts`) and the API's download of one field both write through `writeGridNetcdf`.
 */

export type AttributeValue = string | number | Float32Array | Float64Array | Int32Array;
export type NetcdfData = Float32Array | Float64Array | Int32Array | Uint8Array | Int8Array;

/** A dimension with its coordinate variable (same name). */
export interface NetcdfDimension {
  name: string;
  values: Float64Array | Int32Array;
  attributes?: Record<string, AttributeValue>;
}

export interface NetcdfVariable {
  name: string;
  /** Dimension names, slowest first; `lat` and `lon` are the grid's. */
  dims: readonly string[];
  data: NetcdfData;
  attributes?: Record<string, AttributeValue>;
}

export interface GridNetcdf {
  axes: GridAxes;
  /** Dimensions besides lat and lon (e.g. window, model). */
  dims?: readonly NetcdfDimension[];
  variables: readonly NetcdfVariable[];
  attributes: Record<string, AttributeValue>;
}

/** The latitudes and longitudes of a grid's cell centres (south to north, west to east). */
export function axisValues(axes: GridAxes): { lat: Float64Array; lon: Float64Array } {
  return {
    lat: Float64Array.from({ length: axes.rows }, (_, i) => round(axes.lat0 + i * axes.dlat)),
    lon: Float64Array.from({ length: axes.columns }, (_, i) => round(axes.lon0 + i * axes.dlon)),
  };
}
const round = (x: number) => Math.round(x * 1e9) / 1e9;

/** The grid of regular lat/lon coordinates, or undefined when they are not regular. */
export function axesOf(lat: ArrayLike<number>, lon: ArrayLike<number>): GridAxes | undefined {
  const step = (a: ArrayLike<number>) => {
    if (a.length < 2) return undefined;
    const d = a[1] - a[0];
    for (let i = 2; i < a.length; i++) if (Math.abs(a[i] - a[i - 1] - d) > 1e-6) return undefined;
    return d > 0 ? d : undefined;
  };
  const dlat = step(lat);
  const dlon = step(lon);
  if (!dlat || !dlon) return undefined;
  return { lat0: lat[0], lon0: lon[0], dlat, dlon, rows: lat.length, columns: lon.length };
}

/** Writes a CF NetCDF-4 file atomically (temporary file, then rename). */
export async function writeGridNetcdf(target: string, content: GridNetcdf): Promise<void> {
  const h5 = await loadH5();
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.tmp`);
  if (existsSync(temp)) rmSync(temp);
  const file = new h5.File(temp, "w");
  try {
    for (const [k, v] of Object.entries(content.attributes)) setAttribute(file, k, v);
    const { lat, lon } = axisValues(content.axes);
    const dims: NetcdfDimension[] = [
      ...(content.dims ?? []),
      { name: "lat", values: lat, attributes: { units: "degrees_north", standard_name: "latitude", long_name: "latitude", axis: "Y" } },
      { name: "lon", values: lon, attributes: { units: "degrees_east", standard_name: "longitude", long_name: "longitude", axis: "X" } },
    ];
    // the coordinate reference system (CF grid mapping): WGS 84 latitude-longitude
    const crs = file.create_dataset({ name: "crs", data: Int32Array.of(0), shape: [] });
    for (const [k, v] of Object.entries(CRS_ATTRIBUTES)) setAttribute(crs, k, v);
    const lengths = new Map<string, number>();
    for (const d of dims) {
      const ds = file.create_dataset({ name: d.name, data: d.values, shape: [d.values.length] });
      for (const [k, v] of Object.entries(d.attributes ?? {})) setAttribute(ds, k, v);
      ds.make_scale(d.name);
      lengths.set(d.name, d.values.length);
    }
    for (const v of content.variables) {
      const shape = v.dims.map((name) => {
        const n = lengths.get(name);
        if (n === undefined) throw new Error(`${v.name}: no dimension ${name}`);
        return n;
      });
      const size = shape.reduce((a, b) => a * b, 1);
      if (size !== v.data.length) throw new Error(`${v.name}: ${v.data.length} values for dimensions ${v.dims.join(" x ")} (${size})`);
      // chunks of one 2-D field (a window, a model's window), compressed
      const chunks = shape.map((n, k) => (k >= shape.length - 2 ? n : 1));
      const ds = file.create_dataset({ name: v.name, data: v.data, shape, chunks, compression: 4 });
      for (const [k, a] of Object.entries(v.attributes ?? {})) setAttribute(ds, k, a);
      if (v.dims.includes("lat") && v.dims.includes("lon") && !v.attributes?.grid_mapping) setAttribute(ds, "grid_mapping", "crs");
      v.dims.forEach((name, k) => ds.attach_scale(k, name));
    }
  } catch (error) {
    file.close();
    rmSync(temp, { force: true });
    throw error;
  }
  file.close();
  renameSync(temp, target);
}

/** CF grid mapping of WGS 84 latitude-longitude (the `crs` variable every data variable points to). */
const CRS_ATTRIBUTES: Record<string, AttributeValue> = {
  grid_mapping_name: "latitude_longitude",
  long_name: "WGS 84",
  semi_major_axis: 6378137,
  inverse_flattening: 298.257223563,
  longitude_of_prime_meridian: 0,
  crs_wkt: 'GEOGCRS["WGS 84",DATUM["World Geodetic System 1984",ELLIPSOID["WGS 84",6378137,298.257223563]],CS[ellipsoidal,2],AXIS["latitude",north],AXIS["longitude",east],ANGLEUNIT["degree",0.0174532925199433],ID["EPSG",4326]]',
};

type H5Lib = Awaited<ReturnType<typeof loadH5>>;
type Attributable = Pick<InstanceType<H5Lib["Dataset"]>, "create_attribute">;
function setAttribute(target: Attributable, name: string, value: AttributeValue) {
  if (typeof value === "string") target.create_attribute(name, value);
  else if (typeof value === "number") target.create_attribute(name, Float64Array.of(value), [1], "<d");
  else if (value instanceof Float32Array) target.create_attribute(name, value, [value.length], "<f");
  else if (value instanceof Int32Array) target.create_attribute(name, value, [value.length], "<i");
  else target.create_attribute(name, value, [value.length], "<d");
}

/** An open field file: its attributes and coordinates, and slabs of its variables. */
export interface GridNetcdfReader {
  attributes: Record<string, string | number>;
  axes: GridAxes;
  /** A coordinate's or variable's attributes. */
  variableAttributes(name: string): Record<string, string | number>;
  has(name: string): boolean;
  /** A variable's values, whole or the slab `ranges` gives per dimension ([start, end) or all when absent). */
  read(name: string, ranges?: ([number, number] | undefined)[]): NetcdfData;
  shape(name: string): number[];
  close(): void;
}

const plain = (value: unknown): string | number => {
  if (typeof value === "string" || typeof value === "number") return value;
  if (typeof value === "bigint") return Number(value);
  if (ArrayBuffer.isView(value) && (value as unknown as ArrayLike<number>).length === 1) return Number((value as unknown as ArrayLike<number>)[0]);
  if (Array.isArray(value) && value.length === 1) return plain(value[0]);
  return String(value);
};
const attributesOf = (node: { attrs: Record<string, { value: unknown }> }) => Object.fromEntries(Object.entries(node.attrs).map(([k, a]) => [k, plain(a.value)]));

export async function openGridNetcdf(file: string): Promise<GridNetcdfReader> {
  const h5 = await loadH5();
  const f = new h5.File(file, "r");
  try {
    type Ds = { value: unknown; shape: number[] | null; slice: (ranges: number[][]) => unknown; attrs: Record<string, { value: unknown }> };
    const dataset = (name: string) => {
      const ds = f.get(name) as unknown as Ds | null;
      if (!ds || !("shape" in ds)) throw new Error(`${path.basename(file)}: no variable ${name}`);
      return ds;
    };
    const lat = dataset("lat").value as Float64Array;
    const lon = dataset("lon").value as Float64Array;
    const axes = axesOf(lat, lon);
    if (!axes) throw new Error(`${path.basename(file)}: lat/lon are not a regular grid`);
    return {
      attributes: attributesOf(f as unknown as Ds),
      axes,
      variableAttributes: (name) => attributesOf(dataset(name)),
      has: (name) => f.keys().includes(name),
      shape: (name) => dataset(name).shape ?? [],
      read(name, ranges) {
        const ds = dataset(name);
        if (!ranges || ranges.every((r) => r === undefined)) return ds.value as NetcdfData;
        const shape = ds.shape ?? [];
        return ds.slice(shape.map((n, k) => ranges[k] ?? [0, n])) as NetcdfData;
      },
      close: () => f.close(),
    };
  } catch (error) {
    f.close();
    throw error;
  }
}
