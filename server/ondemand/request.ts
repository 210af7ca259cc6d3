import { createHash } from "node:crypto";
import { BASELINE_PERIOD, type YearRange } from "../../app/features/cmip6/periods";
import { levelWindows, parseWindowChoice, WARMING_LEVEL_SCENARIOS, type ModelMember, type WarmingLevels, type WindowChoice } from "../../app/features/cmip6/warmingLevels";
import { cellBounds, cellOf, gridBounds, type GridAxes } from "../../app/features/grids/grid";
import { INDEX_CODES, resolveIndex, type IndexCode, type IndexRequestError, type OnDemandIndex } from "./indices";

/**
 * A request to compute an index on demand (an OGC API - Processes execution's `inputs`), checked field by
 * field and put in one canonical form: the index with every parameter set, the scenario, the baseline,
 * the window (years, or a warming level with each model's own years), the models and the region (a place,
 * one grid cell, or a GeoJSON polygon). The canonical form is what a job runs, what its answer repeats,
 * and, hashed with the data's version (`requestKey`), the key its results are kept by: two requests that
 * ask the same question in different words (months in another order, a cell named by any point inside it,
 * the models in another order, a parameter left to its default) share one answer.
 *
 * Pure: the catalogue (places, models, scenarios, the warming-level table, the grid) is given.
 */

/** The inputs of a process besides the index's own parameters (`ONDEMAND_INDICES`). */
export const COMMON_INPUTS = ["months", "scenario", "baseline", "window", "models", "geo", "cell", "polygon"] as const;

/** Most positions a polygon may have, over all its rings. */
export const MAX_POLYGON_VERTICES = 2000;

/** What the portal knows that a request is checked against. */
export interface RequestCatalog {
  /** The scenarios of the window (not `historical`). */
  scenarios: readonly string[];
  /** The models, in the catalogue's order, with their downscaled member (for the warming-level table). */
  models: readonly ModelMember[];
  /** Codes of the places a region may name. */
  places: ReadonlySet<string>;
  warmingLevels: Pick<WarmingLevels, "rows">;
  grid: GridAxes;
  /** The years a window may take (the scenarios' span). */
  years: YearRange;
}

export type Geometry = { type: "Polygon"; coordinates: number[][][] } | { type: "MultiPolygon"; coordinates: number[][][][] };

export type RegionRequest =
  | { kind: "geo"; code: string }
  | { kind: "cell"; row: number; column: number; lat: number; lon: number }
  | { kind: "polygon"; geometry: Geometry };

export interface OnDemandRequest {
  process: IndexCode;
  index: OnDemandIndex;
  scenario: string;
  baseline: YearRange;
  /** Its code ("2041-2060", "gwl:2.0"), and each model's years. */
  window: { code: string; choice: WindowChoice; byModel: Record<string, YearRange> };
  /** Models asked for that have a window, in the catalogue's order. */
  models: string[];
  /** Models asked for that have no window at the warming level (not reached by 2100, or not in the table), and why. */
  withoutWindow: Record<string, string>;
  region: RegionRequest;
}

/** A field of the request that is wrong: its name, what is wrong (the rule), and what it accepts. */
export interface RequestProblem extends IndexRequestError {
  /** The rule broken, for a client to act on ("closed-rings", "max-vertices"). */
  rule?: string;
}

type Parsed = { ok: true; request: OnDemandRequest } | { ok: false; errors: RequestProblem[] };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The inputs of an execution checked against the catalogue: the canonical request, or every field that is wrong. */
export function parseRequest(process: string, inputs: unknown, catalog: RequestCatalog): Parsed {
  if (!(INDEX_CODES as readonly string[]).includes(process)) return { ok: false, errors: [{ field: "process", message: `unknown process "${process}"`, allowed: INDEX_CODES }] };
  if (!isRecord(inputs)) return { ok: false, errors: [{ field: "inputs", message: "inputs must be an object of named inputs", rule: "inputs-object" }] };
  const errors: RequestProblem[] = [];
  const indexFields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(inputs)) if (!(COMMON_INPUTS as readonly string[]).includes(name) || name === "months") indexFields[name] = value;
  const index = resolveIndex({ ...indexFields, index: process });
  if (!index.ok) errors.push(...index.errors);

  const scenario = inputs.scenario ?? "ssp245";
  if (typeof scenario !== "string" || !catalog.scenarios.includes(scenario)) errors.push({ field: "scenario", message: `scenario must be one of ${catalog.scenarios.join(", ")}`, allowed: catalog.scenarios });

  const baselineText = inputs.baseline ?? `${BASELINE_PERIOD.start}-${BASELINE_PERIOD.end}`;
  const baselineCode = `${BASELINE_PERIOD.start}-${BASELINE_PERIOD.end}`;
  if (baselineText !== baselineCode) errors.push({ field: "baseline", message: `the baseline is ${baselineCode}, the portal's`, allowed: [baselineCode] });

  const windowText = inputs.window ?? "2041-2060";
  const choice = typeof windowText === "string" ? parseWindowChoice(windowText, catalog.years) : undefined;
  if (!choice) {
    errors.push({
      field: "window",
      message: `window must be years within ${catalog.years.start}-${catalog.years.end} ("2040-2059") or a warming level ("gwl:2.0")`,
      allowed: ["YYYY-YYYY", "gwl:1.5", "gwl:2.0", "gwl:3.0", "gwl:4.0"],
      rule: "window-form",
    });
  } else if (choice.kind === "years" && choice.period.end - choice.period.start + 1 > 30) {
    errors.push({ field: "window", message: "a window is at most 30 years", rule: "window-length" });
  } else if (choice.kind === "gwl" && typeof scenario === "string" && !(WARMING_LEVEL_SCENARIOS as readonly string[]).includes(scenario)) {
    errors.push({ field: "window", message: `warming levels are given for ${WARMING_LEVEL_SCENARIOS.join(", ")}`, allowed: WARMING_LEVEL_SCENARIOS, rule: "window-scenario" });
  }

  const known = catalog.models.map((m) => m.code);
  let asked: string[] = known;
  if (inputs.models !== undefined) {
    const list = inputs.models;
    const unknown = Array.isArray(list) ? list.filter((m) => typeof m !== "string" || !known.includes(m)) : [];
    if (!Array.isArray(list) || list.length === 0) errors.push({ field: "models", message: "models must be a list of model ids (default all)", allowed: known });
    else if (unknown.length > 0) errors.push({ field: "models", message: `unknown models: ${unknown.map(String).join(", ")}`, allowed: known });
    else asked = known.filter((m) => list.includes(m));
  }

  const region = parseRegion(inputs, catalog, errors);
  if (errors.length > 0 || !index.ok || !choice || !region) return { ok: false, errors };

  const byModel: Record<string, YearRange> = {};
  const withoutWindow: Record<string, string> = {};
  if (choice.kind === "years") for (const m of asked) byModel[m] = { start: choice.period.start, end: choice.period.end };
  else {
    const level = levelWindows(catalog.warmingLevels, scenario as string, choice.level, catalog.models.filter((m) => asked.includes(m.code)));
    Object.assign(byModel, level.periods);
    for (const m of level.notReached) withoutWindow[m] = `does not reach ${choice.label} by 2100`;
    for (const m of level.notInTable) withoutWindow[m] = "not in the warming-level table";
  }
  const models = asked.filter((m) => byModel[m]);
  if (models.length === 0) return { ok: false, errors: [{ field: "window", message: `no model asked for reaches ${choice.label} under ${String(scenario)}`, rule: "window-models" }] };
  return {
    ok: true,
    request: { process: process as IndexCode, index: index.index, scenario: scenario as string, baseline: BASELINE_PERIOD, window: { code: choice.code, choice, byModel }, models, withoutWindow, region },
  };
}

function parseRegion(inputs: Record<string, unknown>, catalog: RequestCatalog, errors: RequestProblem[]): RegionRequest | undefined {
  const given = (["geo", "cell", "polygon"] as const).filter((k) => inputs[k] !== undefined);
  if (given.length !== 1) {
    errors.push({ field: "region", message: "give exactly one region: geo (a place's code), cell (\"lat,lon\") or polygon (a GeoJSON Polygon or MultiPolygon)", allowed: ["geo", "cell", "polygon"], rule: "one-region" });
    return undefined;
  }
  if (given[0] === "geo") {
    const code = inputs.geo;
    if (typeof code !== "string" || !catalog.places.has(code)) {
      errors.push({ field: "geo", message: `unknown place "${String(code)}": a country, basin, state, province or disputed area of /api/cmip6/list/geos`, rule: "known-place" });
      return undefined;
    }
    return { kind: "geo", code };
  }
  if (given[0] === "cell") {
    const text = inputs.cell;
    const match = typeof text === "string" ? /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text) : null;
    const bounds = gridBounds(catalog.grid);
    const at = match ? cellOf(catalog.grid, Number(match[1]), Number(match[2])) : undefined;
    if (!at) {
      errors.push({ field: "cell", message: `cell must be "lat,lon" within the grid (latitude ${bounds.south} to ${bounds.north}, longitude ${bounds.west} to ${bounds.east})`, rule: "cell-in-grid" });
      return undefined;
    }
    const { lat, lon } = cellBounds(catalog.grid, at.row, at.column);
    return { kind: "cell", row: at.row, column: at.column, lat, lon };
  }
  const problem = polygonProblem(inputs.polygon, catalog.grid);
  if (problem) {
    errors.push({ field: "polygon", message: problem.message, rule: problem.rule });
    return undefined;
  }
  return { kind: "polygon", geometry: canonicalGeometry(inputs.polygon as Geometry) };
}

/** Positions rounded to a micro-degree: the polygon as it is computed and keyed. */
function canonicalGeometry(g: Geometry): Geometry {
  const round = (ring: number[][]) => ring.map(([x, y]) => [Math.round(x * 1e6) / 1e6, Math.round(y * 1e6) / 1e6]);
  return g.type === "Polygon" ? { type: "Polygon", coordinates: g.coordinates.map(round) } : { type: "MultiPolygon", coordinates: g.coordinates.map((p) => p.map(round)) };
}

/** Twice the signed area of a ring in degrees (shoelace). */
function ringArea2(ring: readonly (readonly number[])[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) sum += (ring[j][0] - ring[i][0]) * (ring[j][1] + ring[i][1]);
  return sum;
}

/**
 * What is wrong with a polygon, naming the rule: a GeoJSON Polygon or MultiPolygon (`geometry-type`) of
 * rings of [longitude, latitude] pairs (`positions`), each of at least four positions (`ring-size`) whose
 * first and last are the same (`closed-rings`), at most `MAX_POLYGON_VERTICES` positions in all
 * (`max-vertices`), every position within the grid (`within-grid`), and each polygon's outer ring
 * enclosing an area (`area`). Undefined when it is a valid region.
 */
export function polygonProblem(value: unknown, grid: GridAxes): { rule: string; message: string } | undefined {
  if (!isRecord(value) || (value.type !== "Polygon" && value.type !== "MultiPolygon") || !Array.isArray(value.coordinates)) {
    return { rule: "geometry-type", message: 'polygon must be a GeoJSON geometry of type "Polygon" or "MultiPolygon" with coordinates' };
  }
  const polygons = (value.type === "Polygon" ? [value.coordinates] : value.coordinates) as unknown[];
  if (polygons.length === 0) return { rule: "geometry-type", message: "polygon has no coordinates" };
  const bounds = gridBounds(grid);
  let vertices = 0;
  for (const polygon of polygons) {
    if (!Array.isArray(polygon) || polygon.length === 0) return { rule: "ring-size", message: "every polygon needs an outer ring" };
    for (const ring of polygon as unknown[]) {
      if (!Array.isArray(ring)) return { rule: "positions", message: "a ring must be a list of [longitude, latitude] positions" };
      for (const p of ring) {
        if (!Array.isArray(p) || p.length < 2 || !p.slice(0, 2).every((v) => typeof v === "number" && Number.isFinite(v))) {
          return { rule: "positions", message: "every position must be [longitude, latitude] in degrees" };
        }
      }
      vertices += ring.length;
      if (vertices > MAX_POLYGON_VERTICES) return { rule: "max-vertices", message: `polygon has more than ${MAX_POLYGON_VERTICES} positions in all; simplify it` };
      if (ring.length < 4) return { rule: "ring-size", message: "every ring needs at least four positions (a triangle and its first position again)" };
      const [first, last] = [ring[0] as number[], ring[ring.length - 1] as number[]];
      if (first[0] !== last[0] || first[1] !== last[1]) return { rule: "closed-rings", message: "every ring must be closed: its last position the same as its first" };
      for (const [x, y] of ring as number[][]) {
        if (!(x >= bounds.west && x <= bounds.east && y >= bounds.south && y <= bounds.north)) {
          return { rule: "within-grid", message: `every position must be within the grid: longitude ${bounds.west} to ${bounds.east}, latitude ${bounds.south} to ${bounds.north}` };
        }
      }
    }
    if (Math.abs(ringArea2((polygon as number[][][])[0])) < 1e-12) return { rule: "area", message: "a polygon's outer ring must enclose an area" };
  }
  return undefined;
}

/**
 * The canonical inputs of a request, as a job and its answer repeat them: every parameter (defaults filled
 * in), the months sorted, the window's code, the models, the region.
 */
export function canonicalInputs(request: OnDemandRequest): Record<string, unknown> {
  const region = request.region;
  const where = region.kind === "geo" ? { geo: region.code } : region.kind === "cell" ? { cell: `${region.lat},${region.lon}` } : { polygon: region.geometry };
  return {
    ...sortedRecord(request.index.parameters),
    scenario: request.scenario,
    baseline: `${request.baseline.start}-${request.baseline.end}`,
    window: request.window.code,
    models: request.models,
    ...where,
  };
}

function sortedRecord<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.keys(record).sort().map((k) => [k, record[k]]));
}

/**
 * The key an answer is kept by: a hash of the process, its canonical inputs and the version of the data
 * it is computed from (a new daily store, or a change of the sample generator, is a new answer).
 */
export function requestKey(request: OnDemandRequest, dataVersion: string): string {
  const text = JSON.stringify([request.process, canonicalInputs(request), dataVersion]);
  return createHash("sha256").update(text).digest("hex").slice(0, 32);
}

/** Calendar years read per model: the baseline's and the window's, each with the year before for a season crossing the new year. */
export function yearsRead(request: OnDemandRequest, model: string): YearRange[] {
  const before = request.index.season.months[0] > request.index.season.end ? 1 : 0;
  const window = request.window.byModel[model];
  const spans = [
    { start: request.baseline.start - before, end: request.baseline.end },
    { start: window.start - before, end: window.end },
  ].sort((a, b) => a.start - b.start);
  // overlapping spans are read once
  if (spans[1].start <= spans[0].end + 1) return [{ start: spans[0].start, end: Math.max(spans[0].end, spans[1].end) }];
  return spans;
}

/** Cell-years x models a request reads: the measure of the admission limit. */
export function requestSize(request: OnDemandRequest, cells: number): number {
  let years = 0;
  for (const model of request.models) for (const span of yearsRead(request, model)) years += span.end - span.start + 1;
  return cells * years;
}
