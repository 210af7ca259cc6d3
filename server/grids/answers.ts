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

/** What a field's answers say of its selection: indicator, scenario, season, window and baseline. */
const selectionOf = (field: GridFieldSet) => ({
  indicator: field.indicator,
  scenario: field.query.scenario,
  season: field.query.season,
  window: fieldWindow(field),
  baseline: `${GRID_BASELINE.start}-${GRID_BASELINE.end}`,
});

/** The answer of `/api/cmip6/grid`: one statistic of a field, rounded as the place series are. */
export function fieldResponse(field: GridFieldSet, statistic: GridStatistic): GridFieldResponse {
  const decimals = statisticDecimals(field, statistic);
  const raw = field[statistic];
  const values = Array.from(raw, (v) => roundTo(v, decimals));
  const range = fieldRange(values);
  const r = (v: number | null) => (v === null ? null : roundTo(v, decimals));
  return {
    ...selectionOf(field),
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
    ...selectionOf(field),
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
