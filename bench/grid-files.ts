// Full-scale gridded field files for the benchmark (`bench/grid.mjs --files`): the layout the ingest writes
// (`server/grids/ingest/build.ts`: one CF NetCDF-4 file per indicator, scenario and season, written with
// `writeGridNetcdf`, the ensemble statistics per window and each model's means), for the catalogue's 35
// models on the South Asia 0.25° grid, with values that look like the real ones: smooth climatologies per
// indicator and season (a north-south gradient, the Himalaya and Tibet cold, the monsoon's rain), each
// model's own smooth bias and cell noise, and a change that grows with the window and the scenario (at a
// warming level, with the models' own windows from the warming-level table; models that do not reach it
// have no values). Cells outside every country and basin have no value, as the ingest's files (the ingest
// keeps the cells of the places' masks). Not the data: their sizes and read times are what is measured.
//
// Bundled and run by bench/grid.mjs; on its own: node bench/grid-files.mjs (after bundling) DIR [--all].
import { mkdirSync } from "node:fs";
import path from "node:path";
import { decimalsOf } from "../app/features/cmip6/indicatorRules";
import { levelWindows, modelMember, tableCitation } from "../app/features/cmip6/warmingLevels";
import { AGREEMENT_RULE } from "../app/features/cmip6/windows";
import {
  GRID_INDICATORS, GRID_SCENARIOS, gridWindowsOf, seasonsOf, SOUTH_ASIA_AXES,
  type GridIndicator, type GridScenario, type GridSeason,
} from "../app/features/grids/grid";
import { ensembleField } from "../server/grids/ensemble";
import { writeGridNetcdf, type NetcdfVariable } from "../server/grids/files/netcdf";
import { gridFileName, GRID_METHOD, GRID_REFERENCES } from "../server/grids/ingest/build";
import { sampleGeometry } from "../server/grids/sample/geometry";
import { loadSeeds } from "../server/seeds.server";
import { loadGeoFeatures } from "../server/series/ingest/ingest.server";

const axes = SOUTH_ASIA_AXES;
const size = axes.rows * axes.columns;
const lat = Float64Array.from({ length: axes.rows }, (_, r) => axes.lat0 + r * axes.dlat);
const lon = Float64Array.from({ length: axes.columns }, (_, c) => axes.lon0 + c * axes.dlon);

/** A small deterministic generator (xorshift), so every run writes the same files. */
function random(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}
const hash = (text: string) => [...text].reduce((h, ch) => (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0, 2166136261);

/** A smooth field of a few long waves in [-1, 1] over the grid, and noise from one cell to the next. */
function smooth(seed: number): Float32Array {
  const next = random(seed);
  const out = new Float32Array(size);
  const waves = Array.from({ length: 3 }, () => ({ k: (2 * Math.PI) / (5 + 15 * next()), d: next() * 2 * Math.PI, p: next() * 2 * Math.PI, w: 0.5 + next() }));
  const total = waves.reduce((s, w) => s + w.w, 0);
  for (let r = 0; r < axes.rows; r++) {
    for (let c = 0; c < axes.columns; c++) {
      let v = 0;
      for (const w of waves) v += w.w * Math.sin(w.k * (Math.cos(w.d) * lon[c] + Math.sin(w.d) * lat[r]) + w.p);
      out[r * axes.columns + c] = v / total;
    }
  }
  return out;
}
function noise(seed: number): Float32Array {
  const next = random(seed);
  return Float32Array.from({ length: size }, () => next() * 2 - 1);
}

/** Near-surface temperature climatology (°C) of a cell and season: cooler north, the plateau cold. */
function temperature(r: number, c: number, season: GridSeason): number {
  const y = lat[r];
  const x = lon[c];
  const plateau = Math.exp(-(((y - 33) / 4) ** 2) - (((x - 85) / 12) ** 2));
  const seasonal = { annual: 0, DJF: -7, MAM: 2, JJA: 5, SON: -1 }[season] * Math.min(1, Math.max(0, (y - 8) / 25));
  return 28 - 0.35 * Math.max(0, y - 12) - 22 * plateau + seasonal;
}
/** Rain climatology (mm/day): the monsoon over the east and the west coast, dry in the north-west. */
function rain(r: number, c: number, season: GridSeason): number {
  const y = lat[r];
  const x = lon[c];
  const monsoon = Math.exp(-(((y - 23) / 6) ** 2) - (((x - 90) / 10) ** 2)) * 8 + Math.exp(-(((x - 74) / 1.5) ** 2)) * 5 * Math.exp(-(((y - 14) / 6) ** 2));
  const arid = Math.exp(-(((y - 28) / 5) ** 2) - (((x - 65) / 8) ** 2));
  const share = { annual: 1, DJF: 0.25, MAM: 0.6, JJA: 2.6, SON: 0.8 }[season];
  return Math.max(0.05, (0.8 + monsoon) * (1 - 0.8 * arid) * share);
}
const logistic = (x: number) => 1 / (1 + Math.exp(-x));

/** What an indicator is per cell, from the temperature (°C) and rain (mm/day) of the cell: its units and value. */
const INDICATORS: Record<GridIndicator, { units: string; value: (t: number, p: number) => number; days?: boolean }> = {
  tas: { units: "degC", value: (t) => t },
  tasmax: { units: "degC", value: (t) => t + 6 },
  tasmin: { units: "degC", value: (t) => t - 6.5 },
  txx: { units: "degC", value: (t) => t + 12 },
  tnn: { units: "degC", value: (t) => t - 14 },
  pr: { units: "mm/day", value: (_, p) => p },
  rx1day: { units: "mm", value: (_, p) => 25 + 9 * p },
  rx5day: { units: "mm", value: (_, p) => 55 + 21 * p },
  prcptot: { units: "mm", value: (_, p) => 365 * p },
  r95ptot: { units: "mm", value: (_, p) => 80 * p },
  r20mm: { units: "days", value: (_, p) => 40 * logistic((p - 6) / 2), days: true },
  cdd: { units: "days", value: (_, p) => 15 + 140 * Math.exp(-p / 2), days: true },
  cwd: { units: "days", value: (_, p) => 3 + 30 * logistic((p - 5) / 2), days: true },
  su: { units: "days", value: (t) => 365 * logistic((t + 6 - 25) / 3), days: true },
  tr: { units: "days", value: (t) => 365 * logistic((t - 6.5 - 20) / 3), days: true },
  fd: { units: "days", value: (t) => 365 * logistic((-(t - 6.5)) / 3), days: true },
};

/** Warming of a 20-year window over 1995-2014 (°C, South Asia land, roughly the CMIP6 median). */
const WINDOW_WARMING: Record<GridScenario, Record<string, number>> = {
  ssp245: { "2020-2039": 0.6, "2040-2059": 1.2, "2060-2079": 1.7, "2080-2099": 2.1 },
  ssp585: { "2020-2039": 0.7, "2040-2059": 1.6, "2060-2079": 2.7, "2080-2099": 3.9 },
};

export interface WrittenFile {
  file: string;
  indicator: GridIndicator;
  scenario: GridScenario;
  season: GridSeason;
  models: number;
  bytes: number;
  ms: number;
}

/** The files of the whole set (every indicator, scenario and season the ingest writes) or of `only`. */
export async function writeGridBenchFiles(dir: string, only?: readonly { indicator: GridIndicator; scenario: GridScenario; season: GridSeason }[], log: (line: string) => void = () => {}): Promise<WrittenFile[]> {
  const { statSync } = await import("node:fs");
  const seeds = loadSeeds();
  const geometry = sampleGeometry(axes, loadGeoFeatures(path.resolve("seeds/geo"), seeds));
  const land = new Uint8Array(size);
  for (const cell of geometry.landCells) land[cell] = 1;
  const catalogue = seeds.cmip6Models.map(modelMember);
  const models = catalogue.map((m) => m.code);
  mkdirSync(dir, { recursive: true });
  const wanted = only ?? GRID_INDICATORS.flatMap((indicator) => GRID_SCENARIOS.flatMap((scenario) => seasonsOf(indicator).map((season) => ({ indicator, scenario, season }))));
  // per model: its bias of temperature and rain, its sensitivity, its pattern of change (the same in every file)
  const perModel = models.map((model) => ({
    bias: smooth(hash(`${model}|bias`)),
    wet: smooth(hash(`${model}|wet`)),
    change: smooth(hash(`${model}|change`)),
    sensitivity: 0.75 + 0.5 * random(hash(`${model}|sensitivity`))(),
  }));
  const out: WrittenFile[] = [];
  for (const { indicator, scenario, season } of wanted) {
    const t0 = performance.now();
    const info = INDICATORS[indicator];
    const climate = { t: new Float32Array(size), p: new Float32Array(size) };
    for (let r = 0; r < axes.rows; r++) for (let c = 0; c < axes.columns; c++) {
      climate.t[r * axes.columns + c] = temperature(r, c, season);
      climate.p[r * axes.columns + c] = rain(r, c, season);
    }
    const choices = gridWindowsOf(scenario);
    const windows = choices.map((w) => {
      if (w.kind === "years") return { code: w.code, periods: Object.fromEntries(models.map((m) => [m, w.period])) as Record<string, { start: number; end: number }>, excluded: [] as { model: string; reason: string }[], warming: () => WINDOW_WARMING[scenario][w.code] };
      const level = levelWindows(seeds.warmingLevels, scenario, w.level, catalogue);
      return {
        code: w.code,
        periods: level.periods,
        excluded: [...level.notReached.map((model) => ({ model, reason: `does not reach ${w.label} by 2100` })), ...level.notInTable.map((model) => ({ model, reason: "not in the warming-level table" }))],
        // over 1995-2014 (about 0.85 °C over 1850-1900 globally); land warms faster than the globe
        warming: () => 1.3 * (w.level - 0.85),
      };
    });
    const means = models.map((model, m) => {
      const own = perModel[m];
      const cellNoise = noise(hash(`${model}|${indicator}|${season}|noise`));
      const values = (warming: number, window: number) => {
        const out = new Float32Array(size).fill(NaN);
        const n = window < 0 ? cellNoise : noise(hash(`${model}|${indicator}|${season}|${window}`));
        for (let i = 0; i < size; i++) {
          if (!land[i]) continue;
          const dt = warming * own.sensitivity * (1 + 0.25 * own.change[i]);
          const t = climate.t[i] + 1.5 * own.bias[i] + dt + 0.08 * n[i];
          const p = climate.p[i] * (1 + 0.25 * own.wet[i]) * (1 + 0.04 * dt * own.change[i]) * (1 + 0.03 * n[i]);
          const v = info.value(t, p);
          // a count of days is the mean of 20 years' whole counts: a multiple of 1/20, none where it never happens
          out[i] = info.days ? Math.round(v * 20) / 20 : v;
        }
        return out;
      };
      return {
        model,
        baseline: values(0, -1),
        future: windows.map((w, k) => (w.periods[model] ? values(w.warming(), k) : new Float32Array(size).fill(NaN))),
      };
    });
    const file = path.join(dir, gridFileName(indicator, scenario, season));
    const seed = seeds.indicators.find((i) => i.field_value === indicator);
    await writeFieldFile(file, {
      indicator, scenario, season, units: seed?.field_var_unit ?? info.units, name: seed?.name ?? indicator, decimals: decimalsOf(indicator),
      models, windows, means, table: seeds.warmingLevels,
    });
    const bytes = statSync(file).size;
    const ms = performance.now() - t0;
    out.push({ file, indicator, scenario, season, models: models.length, bytes, ms });
    log(`${path.basename(file)}: ${(bytes / 2 ** 20).toFixed(1)} MiB in ${(ms / 1000).toFixed(1)} s`);
  }
  return out;
}

interface FieldFile {
  indicator: GridIndicator;
  scenario: GridScenario;
  season: GridSeason;
  units: string;
  name: string;
  decimals: number;
  models: string[];
  windows: { code: string; periods: Record<string, { start: number; end: number }>; excluded: { model: string; reason: string }[] }[];
  means: { model: string; baseline: Float32Array; future: Float32Array[] }[];
  table: ReturnType<typeof loadSeeds>["warmingLevels"];
}

/** One file with the variables, dimensions and attributes the ingest's `writeFieldFile` gives it. */
async function writeFieldFile(file: string, f: FieldFile): Promise<void> {
  const nw = f.windows.length;
  const stats = {
    change: new Float32Array(nw * size), p10: new Float32Array(nw * size), p90: new Float32Array(nw * size),
    baseline: new Float32Array(nw * size), future: new Float32Array(nw * size), agreement: new Float32Array(nw * size),
    model_count: new Uint8Array(nw * size), agree_count: new Uint8Array(nw * size), sign: new Int8Array(nw * size),
  };
  const windowInfo: Record<string, { models: string[]; excluded: { model: string; reason: string }[]; windows?: Record<string, { start: number; end: number }> }> = {};
  f.windows.forEach((w, k) => {
    const members = f.means.filter((m) => w.periods[m.model]).map((m) => ({ model: m.model, baseline: m.baseline, future: m.future[k] }));
    const e = ensembleField(members, size);
    const o = k * size;
    stats.change.set(e.change, o);
    stats.p10.set(e.p10, o);
    stats.p90.set(e.p90, o);
    stats.baseline.set(e.baseline, o);
    stats.future.set(e.future, o);
    stats.agreement.set(e.agreement, o);
    stats.model_count.set(e.count, o);
    stats.agree_count.set(e.agree, o);
    stats.sign.set(e.sign, o);
    windowInfo[w.code] = {
      models: e.models,
      excluded: w.excluded,
      ...(w.code.startsWith("gwl:") ? { windows: Object.fromEntries(Object.entries(w.periods).filter(([m]) => e.models.includes(m))) } : {}),
    };
  });
  const nm = f.means.length;
  const modelBaseline = new Float32Array(nm * size);
  const modelFuture = new Float32Array(nm * nw * size);
  f.means.forEach((m, i) => {
    modelBaseline.set(m.baseline, i * size);
    m.future.forEach((w, k) => modelFuture.set(w, (i * nw + k) * size));
  });
  const nan = Float32Array.of(NaN);
  const cellMethods = (what: string) => `window: ${what} (ensemble of models) lat: lon: point`;
  const stat = (name: string, data: Float32Array, long: string, units: string): NetcdfVariable => ({
    name, dims: ["window", "lat", "lon"], data, attributes: { _FillValue: nan, units, long_name: long, cell_methods: cellMethods(name === "agreement" ? "fraction" : name === "p10" || name === "p90" ? "percentile" : "median") },
  });
  const seasonText = f.season;
  const codes = f.windows.map((w) => w.code);
  await writeGridNetcdf(file, {
    axes,
    dims: [
      { name: "window", values: Int32Array.from(codes, (_, i) => i), attributes: { long_name: "period of the future window", codes: codes.join(" ") } },
      { name: "model", values: Int32Array.from(f.means, (_, i) => i), attributes: { long_name: "model index", codes: f.means.map((m) => m.model).join(" ") } },
    ],
    variables: [
      stat("change", stats.change, `${f.name}: change from 1995-2014, ensemble median (${seasonText})`, f.units),
      stat("p10", stats.p10, `${f.name}: change from 1995-2014, 10th percentile of the models (${seasonText})`, f.units),
      stat("p90", stats.p90, `${f.name}: change from 1995-2014, 90th percentile of the models (${seasonText})`, f.units),
      stat("baseline", stats.baseline, `${f.name}: 1995-2014 mean, ensemble median (${seasonText})`, f.units),
      stat("future", stats.future, `${f.name}: window mean, ensemble median (${seasonText})`, f.units),
      stat("agreement", stats.agreement, "share of models agreeing on the sign of the change (IPCC AR6 simple approach)", "1"),
      { name: "model_count", dims: ["window", "lat", "lon"], data: stats.model_count, attributes: { long_name: "models with a change", units: "1" } },
      { name: "agree_count", dims: ["window", "lat", "lon"], data: stats.agree_count, attributes: { long_name: "models with the majority sign", units: "1" } },
      { name: "sign", dims: ["window", "lat", "lon"], data: stats.sign, attributes: { long_name: "sign of the change most models have (1, -1, 0)", units: "1" } },
      { name: "model_baseline", dims: ["model", "lat", "lon"], data: modelBaseline, attributes: { _FillValue: nan, units: f.units, long_name: `${f.name}: each model's 1995-2014 mean (${seasonText})`, cell_methods: "time: mean" } },
      { name: "model_future", dims: ["model", "window", "lat", "lon"], data: modelFuture, attributes: { _FillValue: nan, units: f.units, long_name: `${f.name}: each model's window mean (${seasonText})`, cell_methods: "time: mean" } },
    ],
    attributes: {
      Conventions: "CF-1.8",
      title: `${f.name} (${f.indicator}), ${f.scenario}, ${seasonText}: change from 1995-2014 per grid cell, CMIP6 ensemble`,
      institution: "SACAP",
      source: `Benchmark fields (smooth climatologies with noise, not model output), ${f.models.length} model(s): ${f.models.join(", ")}`,
      history: `${new Date().toISOString()}: written by bench/grid-files.ts`,
      references: `${GRID_REFERENCES}; warming levels: ${tableCitation(f.table)}`,
      indicator: f.indicator,
      indicator_name: f.name,
      decimals: f.decimals,
      scenario: f.scenario,
      season: f.season,
      baseline_period: "1995-2014",
      windows: codes.join(", "),
      models: f.models.join(" "),
      agreement_rule: AGREEMENT_RULE,
      method: GRID_METHOD,
      sample: "true",
      sacap_version: "bench-1",
      sacap_windows: JSON.stringify(windowInfo),
    },
  });
}
