// Daily NetCDF4 files of generated data for the ingest benchmarks (bench/ingest.mjs, bench/ingest-scale.mjs):
// 0.25-degree South Asia box (60-100 E, 0-40 N: 160 x 160 cells), 365-day (noleap) years, one day per
// HDF5 chunk, deflate level 4 (as NEX-GDDP-CMIP6 files are), written with h5wasm. Values are plausible for
// each variable (seasonal cycle, latitude or longitude gradient, deterministic noise), in the units of
// the NEX-GDDP-CMIP6 files.
import { statSync } from "node:fs";
import path from "node:path";

const h5 = await import("h5wasm/node");
await h5.ready;

export const STEP = 0.25;
export const LAT = Array.from({ length: 160 }, (_, i) => 0 + STEP / 2 + i * STEP);
export const LON = Array.from({ length: 160 }, (_, i) => 60 + STEP / 2 + i * STEP);
export const DAYS = 365;
export const GRID = "0.25 degree, 60-100 E x 0-40 N (160 x 160 cells)";
export const CHUNKING = "one day per HDF5 chunk, deflate level 4";

/** Deterministic pseudo-random numbers in [0, 1). */
export function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const season = (t) => Math.sin((2 * Math.PI * (t - 105)) / 365);

/**
 * Units and value of each variable on day t (0-based) at a cell; `warming` is degrees above the 2015
 * climate (0 for 2015, so that a 2015 file is the same whatever other years are written).
 */
export const VARIABLES = {
  tas: { units: "K", value: (t, lat, _lon, rnd, warming) => 273.15 + 30 - 0.6 * (lat - 10) + 8 * season(t) + 3 * (rnd() - 0.5) + warming },
  tasmax: { units: "K", value: (t, lat, _lon, rnd, warming) => 273.15 + 36 - 0.6 * (lat - 10) + 8 * season(t) + 3 * (rnd() - 0.5) + warming },
  tasmin: { units: "K", value: (t, lat, _lon, rnd, warming) => 273.15 + 22 - 0.7 * (lat - 10) + 9 * season(t) + 3 * (rnd() - 0.5) + warming },
  pr: {
    units: "kg m-2 s-1",
    value: (t, _lat, lon, rnd) => {
      const monsoon = t > 150 && t < 270 ? 0.7 : 0.15;
      return rnd() < monsoon ? (-Math.log(1 - rnd()) * (lon > 85 ? 14 : 8)) / 86400 : 0;
    },
  },
  hurs: { units: "%", value: (t, lat, _lon, rnd) => 45 + 30 * Math.max(0, season(t)) + 0.3 * (lat - 20) + 10 * (rnd() - 0.5) },
  huss: { units: "kg/kg", value: (t, lat, _lon, rnd) => 0.008 + 0.008 * Math.max(0, season(t)) - 0.0001 * (lat - 20) + 0.002 * (rnd() - 0.5) },
  rsds: { units: "W m-2", value: (t, lat, _lon, rnd) => 230 + 40 * season(t) - 1.5 * (lat - 20) + 30 * (rnd() - 0.5) },
  sfcWind: { units: "m s-1", value: (t, _lat, lon, rnd) => 2.5 + 1.2 * Math.max(0, season(t)) + 0.01 * (lon - 80) + rnd() },
};

export const fileName = ({ variable, model = "ACCESS-CM2", scenario = "ssp245", variant = "r1i1p1f1", year = 2015 }) =>
  `${variable}_day_${model}_${scenario}_${variant}_gn_${year}.nc`;

/**
 * Writes one year of one variable into `dir`, named as NEX-GDDP-CMIP6 names its files; resolves with the
 * name and size. Year 2015 of ACCESS-CM2 ssp245 is the file bench/ingest.mjs has always written; other
 * years have their own noise and 0.03 degrees of warming a year.
 */
export function writeDaily(dir, { variable, model = "ACCESS-CM2", scenario = "ssp245", variant = "r1i1p1f1", year = 2015 }) {
  const { units, value } = VARIABLES[variable];
  const name = fileName({ variable, model, scenario, variant, year });
  const file = new h5.File(path.join(dir, name), "w");
  const coordinate = (n, data, attrs) => {
    const ds = file.create_dataset({ name: n, data: Float64Array.from(data), shape: [data.length], dtype: "<d" });
    for (const [k, v] of Object.entries(attrs)) ds.create_attribute(k, v);
    ds.make_scale(n);
  };
  coordinate("time", Array.from({ length: DAYS }, (_, t) => t + 0.5), { units: `days since ${year}-01-01 00:00:00`, calendar: "noleap" });
  coordinate("lat", LAT, { units: "degrees_north" });
  coordinate("lon", LON, { units: "degrees_east" });
  const [ny, nx] = [LAT.length, LON.length];
  const data = new Float32Array(DAYS * ny * nx);
  const rnd = random(variable.length * 7919 + (year - 2015) * 104729 + (model === "ACCESS-CM2" ? 0 : model.length * 15485863));
  const warming = 0.03 * (year - 2015);
  for (let t = 0; t < DAYS; t++) for (let r = 0; r < ny; r++) for (let c = 0; c < nx; c++) data[(t * ny + r) * nx + c] = value(t, LAT[r], LON[c], rnd, warming);
  const ds = file.create_dataset({ name: variable, data, shape: [DAYS, ny, nx], dtype: "<f", chunks: [1, ny, nx], compression: 4 });
  ds.create_attribute("units", units);
  ds.create_attribute("_FillValue", Float32Array.of(1e20), [1], "<f");
  ds.attach_scale(0, "time");
  ds.attach_scale(1, "lat");
  ds.attach_scale(2, "lon");
  file.close();
  return { name, bytes: statSync(path.join(dir, name)).size };
}
