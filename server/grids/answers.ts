import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { AGREEMENT_RULE, windowDecimals } from "../../app/features/cmip6/windows";
import {
  cellBounds,
  cellOf,
  GRID_BASELINE,
  gridBounds,
  gridWindow,
  isChangeStatistic,
  STATISTIC_LABELS,
  type GridFieldResponse,
  type GridFieldSet,
  type GridPointResponse,
  type GridQuery,
  type GridStatistic,
} from "../../app/features/grids/grid";
import { fieldRange } from "../../app/features/grids/scale";
import { robustShare } from "./ensemble";
import { writeGridNetcdf } from "./files/netcdf";
import { writeGeoTiff } from "./formats/geotiff";
import { GRID_REFERENCES } from "./method";

/**
 * The grid API's answers built from a field (no HTTP here: `server/api/grid.server.ts` serves them): the
 * JSON of one statistic, the JSON of one cell, the GeoTIFF of one statistic, and the downloads' names.
 */

export { GRID_REFERENCES };

/** Decimals of an agreement share: three, so that a share just under 0.8 never rounds up to it. */
export const AGREEMENT_DECIMALS = 3;

/** The decimals of a statistic's values: the indicator's plus one (`windowDecimals`), as the place series. */
export const statisticDecimals = (field: Pick<GridFieldSet, "indicator">, statistic: GridStatistic) =>
  statistic === "agreement" ? AGREEMENT_DECIMALS : windowDecimals(field.indicator.decimals);

/** The units of a statistic: the indicator's, or "1" for a share. */
export const statisticUnits = (field: Pick<GridFieldSet, "indicator">, statistic: GridStatistic) => (statistic === "agreement" ? "1" : field.indicator.units);

const roundTo = (value: number, decimals: number): number | null => (Number.isFinite(value) ? Math.round(value * 10 ** decimals) / 10 ** decimals + 0 : null);

/** The window of a field's answers: its years, or the warming level with each model's window. */
export function fieldWindow(field: GridFieldSet): GridFieldResponse["window"] {
  const choice = gridWindow(field.query.window);
  if (!choice) throw new Error(`no window "${field.query.window}"`);
  if (choice.kind === "years") return { code: choice.code, label: choice.label, kind: "years", start: choice.period.start, end: choice.period.end };
  const windows = field.windows && Object.fromEntries(Object.entries(field.windows).map(([model, w]) => [model, { start: w.start, end: w.end }]));
  return { code: choice.code, label: choice.label, kind: "gwl", ...(windows ? { windows } : {}) };
}

/** The answer of `/api/cmip6/grid`: one statistic of a field, rounded as the place series are. */
export function fieldResponse(field: GridFieldSet, statistic: GridStatistic): GridFieldResponse {
  const decimals = statisticDecimals(field, statistic);
  const raw = field[statistic];
  const values = Array.from(raw, (v) => roundTo(v, decimals));
  const range = fieldRange(values);
  const r = (v: number | null) => (v === null ? null : roundTo(v, decimals));
  return {
    indicator: field.indicator,
    scenario: field.query.scenario,
    season: field.query.season,
    window: fieldWindow(field),
    baseline: `${GRID_BASELINE.start}-${GRID_BASELINE.end}`,
    statistic,
    units: statisticUnits(field, statistic),
    axes: field.axes,
    values,
    range: { min: r(range.min), max: r(range.max), p2: r(range.p2), p98: r(range.p98) },
    models: field.models,
    excluded: field.excluded,
    agreementRule: AGREEMENT_RULE,
    method: `${STATISTIC_LABELS[statistic]}. ${field.method}`,
    source: field.source,
    version: field.version,
    sample: field.sample,
  };
}

/** The cell of a point and every statistic there, rounded as the field answer rounds them. */
export function pointResponse(field: GridFieldSet, lat: number, lon: number): GridPointResponse | undefined {
  const cell = cellOf(field.axes, lat, lon);
  if (!cell) return undefined;
  const i = cell.row * field.axes.columns + cell.column;
  const value = (s: GridStatistic) => roundTo(field[s][i], statisticDecimals(field, s));
  const count = field.count[i];
  const agreement =
    count > 0
      ? { share: value("agreement")!, agree: field.agree[i], count, sign: field.sign[i] as 1 | -1 | 0, robust: robustShare(field.agreement[i]) }
      : null;
  const values = { baseline: value("baseline"), future: value("future"), change: value("change"), p10: value("p10"), p90: value("p90"), agreement };
  const empty = values.baseline === null && values.future === null && values.change === null;
  return {
    indicator: field.indicator,
    scenario: field.query.scenario,
    season: field.query.season,
    window: fieldWindow(field),
    baseline: `${GRID_BASELINE.start}-${GRID_BASELINE.end}`,
    point: { lat, lon },
    cell: { row: cell.row, column: cell.column, ...cellBounds(field.axes, cell.row, cell.column) },
    values,
    ...(empty
      ? { note: "No value in this cell: it is sea, or no model has enough years there." }
      : values.change === null
        ? { note: "No change in this cell: no model has both a baseline and a window mean there." }
        : {}),
    models: field.models,
    units: field.indicator.units,
    agreementRule: AGREEMENT_RULE,
    method: field.method,
    source: field.source,
    version: field.version,
    sample: field.sample,
  };
}

/** "sacap_tas_ssp245_annual_2040-2059_change" (a warming level as "gwl2.0"), and the region when clipped. */
export function gridFileName(query: GridQuery, statistic?: GridStatistic, region?: string): string {
  return ["sacap", query.indicator, query.scenario, query.season, query.window.replace(":", ""), ...(statistic ? [statistic] : []), ...(region ? [region] : [])].join("_");
}

/** One statistic of a field as a GeoTIFF (float32, unrounded, NaN where no value), with its provenance. */
export function fieldGeoTiff(field: GridFieldSet, statistic: GridStatistic): Uint8Array<ArrayBuffer> {
  const { axes } = field;
  const { west, north } = gridBounds(axes);
  // the field runs from the south-west; a GeoTIFF's first row is the northernmost
  const values = new Float32Array(axes.rows * axes.columns);
  const source = field[statistic];
  for (let row = 0; row < axes.rows; row++) values.set(source.subarray(row * axes.columns, (row + 1) * axes.columns), (axes.rows - 1 - row) * axes.columns);
  const window = fieldWindow(field);
  const what = `${STATISTIC_LABELS[statistic]} of ${field.indicator.name} (${field.indicator.code}), ${field.query.scenario}, ${field.query.season}, ${window.label}${isChangeStatistic(statistic) ? `, change from ${GRID_BASELINE.start}-${GRID_BASELINE.end}` : ""}`;
  return writeGeoTiff({
    width: axes.columns,
    height: axes.rows,
    values,
    west,
    north,
    dx: axes.dlon,
    dy: axes.dlat,
    description: `${what}. ${field.sample ? "Generated sample data. " : ""}${field.method}`,
    metadata: {
      title: what,
      institution: "SACAP",
      indicator: field.indicator.code,
      statistic,
      units: statisticUnits(field, statistic),
      scenario: field.query.scenario,
      season: field.query.season,
      window: field.query.window,
      baseline_period: `${GRID_BASELINE.start}-${GRID_BASELINE.end}`,
      models: field.models.join(" "),
      excluded: field.excluded.map((e) => `${e.model} (${e.reason})`).join("; "),
      method: field.method,
      agreement_rule: AGREEMENT_RULE,
      source: field.source,
      references: GRID_REFERENCES,
      sample: String(field.sample),
      sacap_version: field.version,
    },
  });
}

/**
 * A field as a CF-1.8 NetCDF-4 download: every statistic of its one window over lat and lon (the ensemble
 * median, p10 and p90 of the change, the baseline and window medians, the agreement share and counts), with
 * the method, the models and the provenance in its attributes. Written through the store's own writer.
 */
export async function fieldNetcdf(field: GridFieldSet): Promise<Uint8Array<ArrayBuffer>> {
  const dir = mkdtempSync(path.join(tmpdir(), "sacap-grid-"));
  const file = path.join(dir, "field.nc");
  try {
    const window = fieldWindow(field);
    const season = field.query.season;
    const what = `${field.indicator.name} (${field.indicator.code}), ${field.query.scenario}, ${season}, ${window.label}`;
    const nan = Float32Array.of(NaN);
    const units = field.indicator.units;
    const stat = (name: GridStatistic, long: string, method: string) => ({
      name,
      dims: ["lat", "lon"],
      data: field[name],
      attributes: { _FillValue: nan, units: statisticUnits(field, name), long_name: `${long} (${season})`, cell_methods: `area: mean time: mean (${method} of the models)` },
    });
    await writeGridNetcdf(file, {
      axes: field.axes,
      variables: [
        stat("change", `${field.indicator.name}: change from ${GRID_BASELINE.start}-${GRID_BASELINE.end}, ensemble median`, "median"),
        stat("p10", `${field.indicator.name}: change, 10th percentile of the models`, "10th percentile"),
        stat("p90", `${field.indicator.name}: change, 90th percentile of the models`, "90th percentile"),
        stat("baseline", `${field.indicator.name}: ${GRID_BASELINE.start}-${GRID_BASELINE.end} mean, ensemble median`, "median"),
        stat("future", `${field.indicator.name}: ${window.label} mean, ensemble median`, "median"),
        stat("agreement", "share of models agreeing on the sign of the change (IPCC AR6 simple approach, robust at 0.8)", "share"),
        { name: "model_count", dims: ["lat", "lon"], data: field.count, attributes: { long_name: "models with a change", units: "1" } },
        { name: "agree_count", dims: ["lat", "lon"], data: field.agree, attributes: { long_name: "models with the majority sign", units: "1" } },
        { name: "sign", dims: ["lat", "lon"], data: field.sign, attributes: { long_name: "sign of the change most models have (1, -1, 0)", units: "1" } },
      ],
      attributes: {
        Conventions: "CF-1.8",
        title: `${what}: change from ${GRID_BASELINE.start}-${GRID_BASELINE.end} per grid cell, CMIP6 ensemble${field.sample ? " (generated sample data)" : ""}`,
        institution: "SACAP",
        source: field.source,
        history: `${new Date().toISOString()}: downloaded from the SACAP grid API`,
        references: GRID_REFERENCES,
        comment: field.sample ? "Generated sample data, not model output: for trying the portal, not for analysis." : "",
        indicator: field.indicator.code,
        indicator_name: field.indicator.name,
        units,
        scenario: field.query.scenario,
        season,
        window: field.query.window,
        window_label: window.label,
        ...(window.windows ? { model_windows: Object.entries(window.windows).map(([m, w]) => `${m}: ${w.start}-${w.end}`).join("; ") } : {}),
        baseline_period: `${GRID_BASELINE.start}-${GRID_BASELINE.end}`,
        models: field.models.join(" "),
        excluded: field.excluded.map((e) => `${e.model} (${e.reason})`).join("; "),
        agreement_rule: AGREEMENT_RULE,
        method: field.method,
        sample: String(field.sample),
        sacap_version: field.version,
      },
    });
    const bytes = readFileSync(file);
    return new Uint8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
