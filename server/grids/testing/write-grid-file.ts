import { gridWindowsOf, type GridAxes, type GridIndicator, type GridScenario, type GridSeason } from "../../../app/features/grids/grid";
import { loadH5 } from "../../series/ingest/netcdf";
import { ensembleField } from "../ensemble";

/**
 * Writes one gridded file in the agreed layout (`docs/grids.md`: one file per indicator, scenario and
 * season; dimensions window, lat, lon, model; CF-1.8), with h5wasm as the ingest writes it, for tests.
 * The ensemble variables are computed from the members with `ensembleField`.
 */
export interface TestGridFile {
  path: string;
  indicator: GridIndicator;
  scenario: GridScenario;
  season: GridSeason;
  axes: GridAxes;
  units: string;
  longName: string;
  models: string[];
  /** A model's 1995-2014 mean of a cell (NaN: none). */
  baseline: (model: number, row: number, column: number) => number;
  /** A model's mean over a window (index into gridWindowsOf(scenario)) of a cell (NaN: none). */
  future: (model: number, window: number, row: number, column: number) => number;
  /** Global attributes besides the agreed ones (or overriding them). */
  attributes?: Record<string, string>;
  /** The window coordinate's `codes` (default: the scenario's windows). */
  windowCodes?: string;
}

export async function writeTestGridFile(grid: TestGridFile): Promise<void> {
  const h5 = await loadH5();
  const windows = gridWindowsOf(grid.scenario);
  const { rows, columns } = grid.axes;
  const cells = rows * columns;
  const file = new h5.File(grid.path, "w");
  try {
    const attributes: Record<string, string> = {
      Conventions: "CF-1.8",
      title: `${grid.longName}: change from 1995-2014, ${grid.scenario}, ${grid.season}`,
      institution: "SACAP",
      source: "test fixture",
      history: `${new Date().toISOString()} written by a test`,
      references: "IPCC AR6 WGI Atlas (Gutiérrez et al. 2021); CF Conventions 1.8",
      indicator: grid.indicator,
      indicator_name: grid.longName,
      scenario: grid.scenario,
      season: grid.season,
      baseline_period: "1995-2014",
      windows: windows.map((w) => w.code).join(" "),
      models: grid.models.join(" "),
      agreement_rule: "IPCC AR6 simple approach: at least 80 % of the models agree on the sign of the change",
      method: "per model, the period mean of each cell with 90 % of the window's years; the ensemble median, 10th and 90th percentiles of the changes",
      sample: "true",
      sacap_version: "test-1",
      ...grid.attributes,
    };
    for (const [k, v] of Object.entries(attributes)) file.create_attribute(k, v);

    const axis = (name: string, data: number[], attrs: Record<string, string>) => {
      const ds = file.create_dataset({ name, data: Float64Array.from(data), shape: [data.length], dtype: "<d" });
      for (const [k, v] of Object.entries(attrs)) ds.create_attribute(k, v);
      ds.make_scale(name);
    };
    const index = (name: string, codes: string[], longName: string, text = codes.join(" ")) => {
      const ds = file.create_dataset({ name, data: Int32Array.from(codes, (_, i) => i), shape: [codes.length], dtype: "<i" });
      ds.create_attribute("long_name", longName);
      ds.create_attribute("codes", text);
      ds.make_scale(name);
    };
    index("window", windows.map((w) => w.code), "period of the change (20-year window or global warming level)", grid.windowCodes);
    axis("lat", Array.from({ length: rows }, (_, r) => grid.axes.lat0 + r * grid.axes.dlat), { units: "degrees_north", standard_name: "latitude", long_name: "latitude", axis: "Y" });
    axis("lon", Array.from({ length: columns }, (_, c) => grid.axes.lon0 + c * grid.axes.dlon), { units: "degrees_east", standard_name: "longitude", long_name: "longitude", axis: "X" });
    index("model", grid.models, "climate model");

    const baselines = grid.models.map((_, m) => Float32Array.from({ length: cells }, (_, i) => grid.baseline(m, Math.floor(i / columns), i % columns)));
    const stats = ["change", "p10", "p90", "baseline", "future", "agreement", "model_count", "agree_count", "sign"] as const;
    const out = { change: new Float32Array(windows.length * cells), p10: new Float32Array(windows.length * cells), p90: new Float32Array(windows.length * cells), baseline: new Float32Array(windows.length * cells), future: new Float32Array(windows.length * cells), agreement: new Float32Array(windows.length * cells), model_count: new Uint8Array(windows.length * cells), agree_count: new Uint8Array(windows.length * cells), sign: new Int8Array(windows.length * cells) };
    const modelFuture = new Float32Array(grid.models.length * windows.length * cells);
    windows.forEach((_, w) => {
      const members = grid.models.map((model, m) => {
        const future = Float32Array.from({ length: cells }, (_, i) => grid.future(m, w, Math.floor(i / columns), i % columns));
        modelFuture.set(future, (m * windows.length + w) * cells);
        return { model, baseline: baselines[m], future };
      });
      const field = ensembleField(members, cells);
      const from = { change: field.change, p10: field.p10, p90: field.p90, baseline: field.baseline, future: field.future, agreement: field.agreement, model_count: field.count, agree_count: field.agree, sign: field.sign };
      for (const s of stats) out[s].set(from[s], w * cells);
    });

    const dims = ["window", "lat", "lon"];
    const variable = (name: string, data: Float32Array | Uint8Array | Int8Array, shape: number[], scales: string[], attrs: Record<string, string>) => {
      const dtype = data instanceof Float32Array ? "<f" : data instanceof Uint8Array ? "<B" : "<b";
      const ds = file.create_dataset({ name, data, shape, dtype, chunks: [1, ...shape.slice(1)], compression: 4 });
      if (data instanceof Float32Array) ds.create_attribute("_FillValue", Float32Array.of(NaN), [1], "<f");
      for (const [k, v] of Object.entries(attrs)) ds.create_attribute(k, v);
      scales.forEach((s, i) => ds.attach_scale(i, s));
    };
    const shape = [windows.length, rows, columns];
    const change = { units: grid.units, cell_methods: "window: mean model: median" };
    variable("change", out.change, shape, dims, { ...change, long_name: `${grid.longName}, change from 1995-2014 (ensemble median)` });
    variable("p10", out.p10, shape, dims, { ...change, long_name: `${grid.longName}, change from 1995-2014 (10th percentile of the models)`, cell_methods: "window: mean model: percentile(10)" });
    variable("p90", out.p90, shape, dims, { ...change, long_name: `${grid.longName}, change from 1995-2014 (90th percentile of the models)`, cell_methods: "window: mean model: percentile(90)" });
    variable("baseline", out.baseline, shape, dims, { ...change, long_name: `${grid.longName}, 1995-2014 mean (ensemble median)` });
    variable("future", out.future, shape, dims, { ...change, long_name: `${grid.longName}, period mean (ensemble median)` });
    variable("agreement", out.agreement, shape, dims, { units: "1", long_name: "share of the models agreeing on the sign of the change", cell_methods: "window: mean model: point" });
    variable("model_count", out.model_count, shape, dims, { units: "1", long_name: "models with a change" });
    variable("agree_count", out.agree_count, shape, dims, { units: "1", long_name: "models with the majority sign" });
    variable("sign", out.sign, shape, dims, { units: "1", long_name: "sign of the change most models have" });
    const baselineData = new Float32Array(grid.models.length * cells);
    baselines.forEach((b, m) => baselineData.set(b, m * cells));
    variable("model_baseline", baselineData, [grid.models.length, rows, columns], ["model", "lat", "lon"], { units: grid.units, long_name: `${grid.longName}, 1995-2014 mean of each model` });
    variable("model_future", modelFuture, [grid.models.length, windows.length, rows, columns], ["model", "window", "lat", "lon"], { units: grid.units, long_name: `${grid.longName}, period mean of each model` });
  } finally {
    file.close();
  }
}
