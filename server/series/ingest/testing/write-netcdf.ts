import { loadH5 } from "../netcdf";

/**
 * Writes a small NetCDF4 file (HDF5 with netCDF dimension scales) with h5wasm, for tests: one daily
 * variable on a lat-lon grid. `value(t, row, column)` gives each value in the file's units.
 */
export interface TestGrid {
  path: string;
  variable: string;
  units: string;
  lat: number[];
  lon: number[];
  /** Time values (e.g. 0.5, 1.5, ... days since the origin). */
  time: number[];
  timeUnits: string;
  calendar?: string;
  value: (t: number, row: number, column: number) => number;
  fillValue?: number;
  /** Chunk of days for the variable (default: the whole axis). */
  chunkDays?: number;
  /** Global attributes (title, institution, ...), as observational datasets carry them. */
  attributes?: Record<string, string>;
  /** Coordinate names (default time, lat, lon; CHIRPS says latitude/longitude, ERA5 from the CDS valid_time). */
  names?: { time?: string; lat?: string; lon?: string };
  /** Further daily variables on the same grid (name, units, value). */
  more?: { variable: string; units: string; value: (t: number, row: number, column: number) => number }[];
}

export async function writeTestNetcdf(grid: TestGrid): Promise<void> {
  const h5 = await loadH5();
  const file = new h5.File(grid.path, "w");
  try {
    const coordinate = (name: string, data: number[], attrs: Record<string, string>) => {
      const ds = file.create_dataset({ name, data: Float64Array.from(data), shape: [data.length], dtype: "<d" });
      for (const [k, v] of Object.entries(attrs)) ds.create_attribute(k, v);
      ds.make_scale(name);
      return ds;
    };
    const [timeName, latName, lonName] = [grid.names?.time ?? "time", grid.names?.lat ?? "lat", grid.names?.lon ?? "lon"];
    for (const [k, v] of Object.entries(grid.attributes ?? {})) file.create_attribute(k, v);
    coordinate(timeName, grid.time, { units: grid.timeUnits, ...(grid.calendar ? { calendar: grid.calendar } : {}), standard_name: "time" });
    coordinate(latName, grid.lat, { units: "degrees_north", standard_name: "latitude" });
    coordinate(lonName, grid.lon, { units: "degrees_east", standard_name: "longitude" });
    const [nt, ny, nx] = [grid.time.length, grid.lat.length, grid.lon.length];
    for (const v of [{ variable: grid.variable, units: grid.units, value: grid.value }, ...(grid.more ?? [])]) {
      const data = new Float32Array(nt * ny * nx);
      for (let t = 0; t < nt; t++) for (let r = 0; r < ny; r++) for (let c = 0; c < nx; c++) data[(t * ny + r) * nx + c] = v.value(t, r, c);
      const ds = file.create_dataset({
        name: v.variable,
        data,
        shape: [nt, ny, nx],
        dtype: "<f",
        chunks: [Math.min(nt, grid.chunkDays ?? nt), ny, nx],
        compression: 4,
      });
      ds.create_attribute("units", v.units);
      if (grid.fillValue !== undefined) ds.create_attribute("_FillValue", Float32Array.of(grid.fillValue), [1], "<f");
      ds.attach_scale(0, timeName);
      ds.attach_scale(1, latName);
      ds.attach_scale(2, lonName);
    }
  } finally {
    file.close();
  }
}

/** Writes a 2-D (lat, lon) field such as orography, for tests of `--elevation`. */
export async function writeTestField(grid: { path: string; variable: string; units?: string; lat: number[]; lon: number[]; value: (row: number, column: number) => number }): Promise<void> {
  const h5 = await loadH5();
  const file = new h5.File(grid.path, "w");
  try {
    for (const [name, data] of [["lat", grid.lat], ["lon", grid.lon]] as const) {
      const ds = file.create_dataset({ name, data: Float64Array.from(data), shape: [data.length], dtype: "<d" });
      ds.create_attribute("units", name === "lat" ? "degrees_north" : "degrees_east");
      ds.make_scale(name);
    }
    const data = new Float32Array(grid.lat.length * grid.lon.length);
    for (let r = 0; r < grid.lat.length; r++) for (let c = 0; c < grid.lon.length; c++) data[r * grid.lon.length + c] = grid.value(r, c);
    const ds = file.create_dataset({ name: grid.variable, data, shape: [grid.lat.length, grid.lon.length], dtype: "<f" });
    if (grid.units !== undefined) ds.create_attribute("units", grid.units);
    ds.attach_scale(0, "lat");
    ds.attach_scale(1, "lon");
  } finally {
    file.close();
  }
}
