import { BASELINE_PERIOD, SEASONS, type YearRange } from "~/features/cmip6/periods";
import { WINDOW_CHOICES, WARMING_LEVEL_SCENARIOS, type WindowChoice } from "~/features/cmip6/warmingLevels";

/**
 * Gridded fields: per grid cell, the period means of the map's indicators, each model's change from its
 * own 1995-2014 climatology, and the ensemble statistics of the change (median, p10, p90, the share of
 * models agreeing on its sign), as in the IPCC AR6 WGI Interactive Atlas. The rules are the place series'
 * rules (`../cmip6/windows.ts`): one source per model, 90 % of a window's years, the AR6 simple approach
 * to agreement. The types and constants here are shared by the API, the stores and the map viewer (no
 * Node built-ins, no zod).
 */

/** Indicators with a gridded field: the mean variables and the ETCCDI indices the map offers. */
export const GRID_INDICATORS = [
  "tas", "tasmax", "tasmin", "pr",
  "txx", "tnn", "rx1day", "rx5day",
  "su", "tr", "fd", "cdd", "cwd", "r20mm", "prcptot", "r95ptot",
] as const;
export type GridIndicator = (typeof GRID_INDICATORS)[number];

/** Indicators with monthly values, which have the four seasons besides the year. */
export const GRID_MONTHLY_INDICATORS: readonly GridIndicator[] = ["tas", "tasmax", "tasmin", "pr", "txx", "tnn", "rx1day", "rx5day"];

/** The year and the four meteorological seasons (a season that spans the new year belongs to the year it ends in). */
export const GRID_SEASONS = ["annual", "DJF", "MAM", "JJA", "SON"] as const;
export type GridSeason = (typeof GRID_SEASONS)[number];

export const seasonsOf = (indicator: GridIndicator): readonly GridSeason[] =>
  GRID_MONTHLY_INDICATORS.includes(indicator) ? GRID_SEASONS : ["annual"];

export const seasonLabel = (season: GridSeason) => (season === "annual" ? "Annual" : SEASONS[season].name);

/** Projection scenarios with fields (a change needs a projection). */
export const GRID_SCENARIOS = ["ssp245", "ssp585"] as const;
export type GridScenario = (typeof GRID_SCENARIOS)[number];

/** The windows of a field: the four 20-year windows and the four warming levels (`../cmip6/warmingLevels.ts`). */
export const GRID_WINDOWS: readonly WindowChoice[] = WINDOW_CHOICES;
export const gridWindowsOf = (scenario: string): readonly WindowChoice[] =>
  (WARMING_LEVEL_SCENARIOS as readonly string[]).includes(scenario) ? GRID_WINDOWS : GRID_WINDOWS.filter((w) => w.kind === "years");
/** The window choice of a code (`parseGridQuery` has checked it). */
export const gridWindow = (code: string): WindowChoice | undefined => GRID_WINDOWS.find((w) => w.code === code);

/** The baseline of every change. */
export const GRID_BASELINE: YearRange = BASELINE_PERIOD;

/**
 * What one field shows per cell:
 * - `change`: the ensemble median of the models' changes (window minus baseline), in the indicator's units;
 * - `p10`, `p90`: the 10th and 90th percentiles of those changes;
 * - `baseline`: the ensemble median of the models' 1995-2014 means;
 * - `future`: the ensemble median of the models' window means;
 * - `agreement`: the share of models (0-1) with the sign most of them have (robust at >= 0.8).
 */
export const GRID_STATISTICS = ["change", "p10", "p90", "baseline", "future", "agreement"] as const;
export type GridStatistic = (typeof GRID_STATISTICS)[number];
export const DEFAULT_GRID_STATISTIC: GridStatistic = "change";

export const STATISTIC_LABELS: Readonly<Record<GridStatistic, string>> = {
  change: "Change (ensemble median)",
  p10: "Change, 10th percentile",
  p90: "Change, 90th percentile",
  baseline: "Baseline mean 1995-2014 (ensemble median)",
  future: "Period mean (ensemble median)",
  agreement: "Models agreeing on the sign (share)",
};

/** Whether a statistic is a change (diverging scale centred on zero) or a value (sequential scale). */
export const isChangeStatistic = (s: GridStatistic) => s === "change" || s === "p10" || s === "p90";

/** A regular latitude-longitude grid: cell centres from the south-west corner. */
export interface GridAxes {
  /** Centre of the southernmost row and of the westernmost column, degrees. */
  lat0: number;
  lon0: number;
  /** Cell size, degrees. */
  dlat: number;
  dlon: number;
  rows: number;
  columns: number;
}

/** One field's selection (validated: `parseGridQuery`). */
export interface GridQuery {
  indicator: GridIndicator;
  scenario: GridScenario;
  season: GridSeason;
  /** A `GRID_WINDOWS` code: `2040-2059` or `gwl:2.0`. */
  window: string;
}

/** The ensemble statistics of one field, per cell (row-major from the south-west; NaN: no value). */
export interface GridFieldSet {
  query: GridQuery;
  axes: GridAxes;
  change: Float32Array;
  p10: Float32Array;
  p90: Float32Array;
  baseline: Float32Array;
  future: Float32Array;
  /** Share of the counted models with the majority sign (NaN without a change). */
  agreement: Float32Array;
  /** Per cell: models with a change, and models with the majority sign (`signAgreement`). */
  count: Uint8Array;
  agree: Uint8Array;
  /** The sign most models have per cell: 1, -1 or 0. */
  sign: Int8Array;
  /** Models in the ensemble (with a change somewhere), and those left out with why. */
  models: string[];
  excluded: { model: string; reason: string }[];
  /** At a warming level: each model's window. */
  windows?: Record<string, YearRange>;
  indicator: { code: string; name: string; units: string; decimals: number };
  /** True when the values are generated sample data. */
  sample: boolean;
  /** Where the values come from, and how they were computed (one line each). */
  source: string;
  method: string;
  /** The store's version of the field (changes when its data change). */
  version: string;
}

/** The answer of `/api/cmip6/grid`: one statistic of a field. */
export interface GridFieldResponse {
  indicator: GridFieldSet["indicator"];
  scenario: string;
  season: GridSeason;
  window: { code: string; label: string; kind: "years" | "gwl"; start?: number; end?: number; windows?: Record<string, YearRange> };
  baseline: string;
  statistic: GridStatistic;
  units: string;
  axes: GridAxes;
  /** Row-major from the south-west corner, rounded to the statistic's decimals; null: no value. */
  values: (number | null)[];
  /** The 2nd and 98th percentiles, minimum and maximum of the values (for the colour scale). */
  range: { min: number | null; max: number | null; p2: number | null; p98: number | null };
  models: string[];
  excluded: { model: string; reason: string }[];
  agreementRule: string;
  method: string;
  source: string;
  version: string;
  sample: boolean;
}

/** The answer of `/api/cmip6/grid/point`: every statistic of the cell that holds a point. */
export interface GridPointResponse {
  indicator: GridFieldSet["indicator"];
  scenario: string;
  season: GridSeason;
  window: GridFieldResponse["window"];
  baseline: string;
  point: { lat: number; lon: number };
  cell: { row: number; column: number; lat: number; lon: number; bounds: { south: number; west: number; north: number; east: number } };
  values: {
    baseline: number | null;
    future: number | null;
    change: number | null;
    p10: number | null;
    p90: number | null;
    agreement: { share: number; agree: number; count: number; sign: 1 | -1 | 0; robust: boolean } | null;
  };
  /** Why the values are null when they are (a sea cell, or a cell no model has a value for). */
  note?: string;
  models: string[];
  units: string;
  agreementRule: string;
  method: string;
  source: string;
  version: string;
  sample: boolean;
}

/**
 * The cell of a point, or undefined outside the grid's bounds (`gridBounds`, all four inclusive: the API's
 * `allowed: { min, max }`). A point on an edge between two cells belongs to the cell north or east of it; a
 * point on the grid's outer north or east edge (lat=40, lon=100 on the South Asia grid) to the edge cell.
 */
export function cellOf(axes: GridAxes, lat: number, lon: number): { row: number; column: number } | undefined {
  const { south, west, north, east } = gridBounds(axes);
  if (!(lat >= south && lat <= north && lon >= west && lon <= east)) return undefined;
  const row = Math.min(axes.rows - 1, Math.floor((lat - south) / axes.dlat));
  const column = Math.min(axes.columns - 1, Math.floor((lon - west) / axes.dlon));
  return { row, column };
}

/** The centre and bounds of a cell. */
export function cellBounds(axes: GridAxes, row: number, column: number) {
  const lat = axes.lat0 + row * axes.dlat;
  const lon = axes.lon0 + column * axes.dlon;
  return { lat, lon, bounds: { south: lat - axes.dlat / 2, west: lon - axes.dlon / 2, north: lat + axes.dlat / 2, east: lon + axes.dlon / 2 } };
}

/** The grid's outer bounds. */
export function gridBounds(axes: GridAxes) {
  return {
    south: axes.lat0 - axes.dlat / 2,
    west: axes.lon0 - axes.dlon / 2,
    north: axes.lat0 + (axes.rows - 0.5) * axes.dlat,
    east: axes.lon0 + (axes.columns - 0.5) * axes.dlon,
  };
}

/** The South Asia box the portal's fields cover (NEX-GDDP-CMIP6's 0.25-degree cells). */
export const SOUTH_ASIA_AXES: GridAxes = { lat0: 5.125, lon0: 60.125, dlat: 0.25, dlon: 0.25, rows: 140, columns: 160 };

export type GridProblem = { status: 400; message: string; details: { field: string; allowed?: readonly string[] } };

/** Reads and checks a field's selection; a 400 names the first bad parameter. */
export function parseGridQuery(params: URLSearchParams): { ok: true; query: GridQuery } | { ok: false; problem: GridProblem } {
  const bad = (field: string, value: string | null, allowed?: readonly string[]) =>
    ({ ok: false, problem: { status: 400, message: value === null ? `${field} is required` : `Invalid ${field} "${value}"`, details: { field, ...(allowed ? { allowed } : {}) } } }) as const;
  const indicator = params.get("indicator");
  if (!indicator || !(GRID_INDICATORS as readonly string[]).includes(indicator)) return bad("indicator", indicator, GRID_INDICATORS);
  const scenario = params.get("scenario") ?? "ssp245";
  if (!(GRID_SCENARIOS as readonly string[]).includes(scenario)) return bad("scenario", scenario, GRID_SCENARIOS);
  const season = params.get("season") ?? "annual";
  const seasons = seasonsOf(indicator as GridIndicator);
  if (!(seasons as readonly string[]).includes(season)) return bad("season", season, seasons);
  const windows = gridWindowsOf(scenario).map((w) => w.code);
  const window = params.get("window") ?? windows[1];
  if (!windows.includes(window)) return bad("window", window, windows);
  return { ok: true, query: { indicator: indicator as GridIndicator, scenario: scenario as GridScenario, season: season as GridSeason, window } };
}

/** The statistic of a request (default `change`), or a 400 naming it. */
export function parseGridStatistic(params: URLSearchParams): { ok: true; statistic: GridStatistic } | { ok: false; problem: GridProblem } {
  const s = params.get("statistic") ?? DEFAULT_GRID_STATISTIC;
  if (!(GRID_STATISTICS as readonly string[]).includes(s)) {
    return { ok: false, problem: { status: 400, message: `Invalid statistic "${s}"`, details: { field: "statistic", allowed: GRID_STATISTICS } } };
  }
  return { ok: true, statistic: s as GridStatistic };
}

export const gridKey = (q: GridQuery) => `${q.indicator}/${q.scenario}/${q.season}/${q.window}`;

/** The grid API's paths (`server/api/grid.server.ts`). */
export const GRID_API = {
  field: "/api/cmip6/grid",
  point: "/api/cmip6/grid/point",
  /** The painted field: PNG clipped to land and to the region, the map's colour scale, hatching where models disagree. */
  image: "/api/cmip6/grid/image.png",
  netcdf: "/api/cmip6/grid/field.nc",
  geotiff: "/api/cmip6/grid/field.tif",
} as const;

/** A field's colour scale as the URL carries it (`scale=min,max`); absent: fitted to the field. */
export interface GridScale {
  min: number;
  max: number;
}

/**
 * The bounds of a colour scale a URL may ask for. Its ends lie within ±`GRID_SCALE_LIMIT` (a trillion:
 * far beyond any indicator's values, and so the span is a finite number), and its span is at least
 * `GRID_SCALE_RESOLUTION` (a billionth) of the larger of 1, |min| and |max|: a narrower span has no
 * readable class step (below 1e-10 the legend cannot write it, and near float resolution the ends are
 * the same number), and the class breaks counted over it would never end. So a scale always has a handful
 * of breaks (`gridColorScale`), whatever the URL carries.
 */
export const GRID_SCALE_LIMIT = 1e12;
export const GRID_SCALE_RESOLUTION = 1e-9;
/** The rule in words, for the 400 answers and the documentation. */
export const GRID_SCALE_RULE = "<min>,<max>: numbers within ±1e12, min < max, and max - min at least 1e-9 times the larger of 1, |min| and |max|";

/** The scale from `min` to `max` when it keeps the bounds above (`GRID_SCALE_RULE`), else undefined. */
export function gridScale(min: number, max: number): GridScale | undefined {
  if (!(Math.abs(min) <= GRID_SCALE_LIMIT && Math.abs(max) <= GRID_SCALE_LIMIT && min < max)) return undefined;
  return max - min >= GRID_SCALE_RESOLUTION * Math.max(1, Math.abs(min), Math.abs(max)) ? { min, max } : undefined;
}

/** Reads `scale=min,max` (`GRID_SCALE_RULE`): the scale, or undefined when absent or not within the bounds. */
export function readGridScale(text: string | null): GridScale | undefined {
  if (text === null) return undefined;
  const parts = text.split(",");
  if (parts.length !== 2 || parts.some((p) => p.trim() === "")) return undefined;
  return gridScale(Number(parts[0]), Number(parts[1]));
}

/** The parameters of a field's URLs, in one order (so equal selections give equal URLs and cache keys). */
export function gridParams(q: GridQuery, extra: { statistic?: GridStatistic; scale?: GridScale; region?: string } = {}): URLSearchParams {
  const params = new URLSearchParams({ indicator: q.indicator, scenario: q.scenario, season: q.season, window: q.window });
  if (extra.statistic && extra.statistic !== DEFAULT_GRID_STATISTIC) params.set("statistic", extra.statistic);
  if (extra.scale) params.set("scale", `${extra.scale.min},${extra.scale.max}`);
  if (extra.region) params.set("region", extra.region);
  return params;
}
