// Full-scale gridded field files for the benchmark (`bench/grid.mjs --files`): the layout the ingest writes
// (`server/grids/ingest/build.ts`: one CF NetCDF-4 file per indicator, scenario and season, written with
// the ingest's own `writeFieldFile`, the ensemble statistics per window and each model's means), for the catalogue's 35
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
import { levelWindows, modelMember } from "../app/features/cmip6/warmingLevels";
import {
  GRID_INDICATORS, GRID_SCENARIOS, gridWindowsOf, seasonsOf, SOUTH_ASIA_AXES,
  type GridIndicator, type GridScenario, type GridSeason,
} from "../app/features/grids/grid";
import { gridFileName, writeFieldFile } from "../server/grids/ingest/build";
import { sampleGeometry } from "../server/grids/sample/geometry";
import { loadSeeds } from "../server/seeds.server";
import { loadGeoFeatures } from "../server/places/outlines.server";

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
      indicator, scenario, season, axes, units: seed?.field_var_unit ?? info.units, name: seed?.name ?? indicator, decimals: decimalsOf(indicator),
      models, windows, excluded: [], means, version: "bench-1", table: seeds.warmingLevels,
      provenance: {
        source: `Benchmark fields (smooth climatologies with noise, not model output), ${models.length} model(s): ${models.join(", ")}`,
        history: "written by bench/grid-files.ts",
        sample: true,
      },
    });
    const bytes = statSync(file).size;
    const ms = performance.now() - t0;
    out.push({ file, indicator, scenario, season, models: models.length, bytes, ms });
    log(`${path.basename(file)}: ${(bytes / 2 ** 20).toFixed(1)} MiB in ${(ms / 1000).toFixed(1)} s`);
  }
  return out;
}
