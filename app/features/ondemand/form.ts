import { readSubset, writeSubset } from "../cmip6/subsets";
import { decodePolygon, encodePolygon, MAX_ADDRESS_POLYGON, type Geometry } from "./polygon";

/**
 * The question the on-demand page asks, as one state with three forms: the page's address (every input
 * in the URL, so that a question and its job can be shared and opened again), the form's fields (a POST
 * without JavaScript, or read in the browser before it submits), and the inputs of an OGC API - Processes
 * execution (`/api/processes/{id}/execution`). Pure: the catalogue of indices, scenarios and models comes
 * from the page's loader (the server's `ONDEMAND_INDICES` and seeds).
 *
 * What a value means, and whether it is allowed, is the server's to say (`server/ondemand/request.ts`): a
 * value out of range travels as it was typed and comes back as a problem naming its field and rule. Only
 * what cannot be a value at all (an unknown index, a scenario that is not one) falls back to a default.
 */

/** A parameter of an index as the page offers it (`ONDEMAND_INDICES`' parameters). */
export type ParameterChoice =
  | { name: string; kind: "number" | "integer"; description: string; units: string; min: number; max: number; default: number }
  | { name: string; kind: "choice"; description: string; values: readonly string[]; default: string };

export interface IndexChoice {
  code: string;
  name: string;
  description: string;
  /** The standard the index follows (ETCCDI, ECA&D), and where it departs from it. */
  standard: string;
  units: string;
  parameters: readonly ParameterChoice[];
}

/** What a question may ask, from the server. */
export interface OnDemandCatalog {
  indices: readonly IndexChoice[];
  scenarios: readonly { code: string; name: string }[];
  /** Scenarios a warming level may be asked under. */
  levelScenarios: readonly string[];
  /** Warming levels, as the window's code ("gwl:2.0") and label ("+2 °C"). */
  levels: readonly { code: string; label: string }[];
  models: readonly string[];
  /** Years a window may take. */
  years: { start: number; end: number };
  /** Longest window, years. */
  maxWindowYears: number;
  baseline: string;
  /** The grid's extent: a cell or a polygon lies within it. */
  grid: { south: number; north: number; west: number; east: number };
  /** Most positions of a polygon. */
  maxVertices: number;
}

export type ModelChoice = { kind: "all" } | { kind: "pick"; models: string[] } | { kind: "subset"; name: string; models: string[] };
export type RegionChoice = { kind: "geo"; geo: string } | { kind: "cell"; cell: string } | { kind: "polygon"; polygon?: Geometry };

export interface OnDemandState {
  process: string;
  /** The index's parameters, as typed (text); the index's defaults where not given. */
  parameters: Record<string, string>;
  months: number[];
  scenario: string;
  /** "2041-2060", or a warming level's code ("gwl:2.0"). */
  window: string;
  models: ModelChoice;
  /** Undefined when the address names none (then the job's region, or the default place). */
  region?: RegionChoice;
  /** The job the page shows. */
  job?: string;
}

/** The page's path (`PORTAL_ROUTES`). */
export const ONDEMAND_PATH = "/analytics/my-index";
export const ALL_MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
export const DEFAULT_PROCESS = "days-above";
export const DEFAULT_WINDOW = "2041-2060";
export const DEFAULT_SCENARIO = "ssp245";
export const DEFAULT_REGION: RegionChoice = { kind: "geo", geo: "NPL" };
/** The parameter a page's field of a list of models is named by, as on the explorer (`model=A,B`, with `subset`). */
const MODEL_PARAM = "model";
/** Text longer than this is not a value of any field (bounded work and echo for any address). */
const MAX_VALUE = 40;
const JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const YEARS = /^\d{4}-\d{4}$/;
const CELL = /^\s*-?\d{1,3}(\.\d{1,6})?\s*,\s*-?\d{1,3}(\.\d{1,6})?\s*$/;

export const indexOf = (catalog: OnDemandCatalog, code: string): IndexChoice => catalog.indices.find((i) => i.code === code) ?? catalog.indices[0];

/** Month lists ("11,12,1,2,3", or repeated): each of 1-12 once, ascending; all twelve when none is valid. */
export function readMonths(values: readonly string[]): number[] {
  const months = new Set(values.flatMap((v) => v.split(",")).map((v) => Number(v.trim())).filter((m) => Number.isInteger(m) && m >= 1 && m <= 12));
  return months.size ? [...months].sort((a, b) => a - b) : [...ALL_MONTHS];
}

function readWindow(text: string | null | undefined, catalog: OnDemandCatalog): string {
  const t = text?.trim() ?? "";
  if (YEARS.test(t) || catalog.levels.some((l) => l.code === t)) return t;
  return DEFAULT_WINDOW;
}

function readParameters(index: IndexChoice, get: (name: string) => string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of index.parameters) {
    const given = get(p.name)?.trim().slice(0, MAX_VALUE);
    out[p.name] = given ? given : String(p.default);
  }
  return out;
}

/** Reads the question from the page's address; unknown values fall back to defaults (see the module). */
export function parseSearch(params: URLSearchParams, catalog: OnDemandCatalog): OnDemandState {
  const process = indexOf(catalog, params.get("process") ?? DEFAULT_PROCESS).code;
  const scenario = params.get("scenario");
  const subset = readSubset(params, MODEL_PARAM, catalog.models);
  const picked = catalog.models.filter((m) => params.getAll(MODEL_PARAM).flatMap((v) => v.split(",")).includes(m));
  const models: ModelChoice = subset ? { kind: "subset", ...subset } : picked.length ? { kind: "pick", models: picked } : { kind: "all" };
  const job = params.get("job") ?? "";
  return {
    process,
    parameters: readParameters(indexOf(catalog, process), (name) => params.get(name)),
    months: readMonths(params.getAll("months")),
    scenario: catalog.scenarios.some((s) => s.code === scenario) ? scenario! : DEFAULT_SCENARIO,
    window: readWindow(params.get("window"), catalog),
    models,
    region: readRegion(params.get("polygon"), params.get("cell"), params.get("geo")),
    ...(JOB_ID.test(job) ? { job } : {}),
  };
}

function readRegion(polygon: string | null, cell: string | null, geo: string | null): RegionChoice | undefined {
  const geometry = polygon ? decodePolygon(polygon) : undefined;
  if (geometry) return { kind: "polygon", polygon: geometry };
  if (cell && CELL.test(cell)) return { kind: "cell", cell: cell.replace(/\s+/g, "") };
  // a place's code is the server's to know: an unknown one comes back as the problem `known-place`
  if (geo && /^[A-Za-z0-9_-]{1,20}$/.test(geo)) return { kind: "geo", geo };
  return undefined;
}

/**
 * The page's address of a question: the index and its parameters, the months (when not the year), the
 * scenario, the window, the models (when not all), the region (a polygon only when it is short enough for
 * an address, `MAX_ADDRESS_POLYGON`) and the job.
 */
export function stateSearch(state: OnDemandState): string {
  const params = new URLSearchParams({ process: state.process, ...state.parameters });
  if (state.months.length < 12) params.set("months", state.months.join(","));
  params.set("scenario", state.scenario);
  params.set("window", state.window);
  if (state.models.kind === "pick") params.set(MODEL_PARAM, state.models.models.join(","));
  if (state.models.kind === "subset") writeSubset(params, MODEL_PARAM, { name: state.models.name, models: state.models.models });
  const region = state.region;
  if (region?.kind === "geo") params.set("geo", region.geo);
  if (region?.kind === "cell") params.set("cell", region.cell.replace(/\s+/g, ""));
  if (region?.kind === "polygon" && region.polygon) {
    const text = encodePolygon(region.polygon);
    if (text.length <= MAX_ADDRESS_POLYGON) params.set("polygon", text);
  }
  if (state.job) params.set("job", state.job);
  return params.toString();
}

/** Whether a question's polygon is too long for the page's address (it is then kept with its job). */
export const polygonOutOfAddress = (state: OnDemandState) => state.region?.kind === "polygon" && state.region.polygon !== undefined && encodePolygon(state.region.polygon).length > MAX_ADDRESS_POLYGON;

/** A field's text as the API's input: a number where the parameter is one and the text reads as one. */
function inputValue(p: ParameterChoice, text: string): string | number {
  if (p.kind === "choice") return text;
  const n = Number(text);
  return text.trim() !== "" && Number.isFinite(n) ? n : text;
}

/** The inputs of the question's execution (`POST /api/processes/{process}/execution`). */
export function executionInputs(state: OnDemandState, catalog: OnDemandCatalog): Record<string, unknown> {
  const index = indexOf(catalog, state.process);
  const inputs: Record<string, unknown> = {};
  for (const p of index.parameters) inputs[p.name] = inputValue(p, state.parameters[p.name] ?? String(p.default));
  inputs.months = state.months;
  inputs.scenario = state.scenario;
  inputs.window = state.window;
  if (state.models.kind !== "all") inputs.models = state.models.models;
  const region = state.region ?? DEFAULT_REGION;
  if (region.kind === "geo") inputs.geo = region.geo;
  else if (region.kind === "cell") inputs.cell = region.cell;
  // no polygon chosen yet: no region, which the server names (`one-region`)
  else if (region.polygon) inputs.polygon = region.polygon;
  return inputs;
}

/** The question of a job's canonical inputs (as `GET /api/jobs/{id}` repeats them), for its link and its form. */
export function stateFromInputs(process: string, inputs: Record<string, unknown>, catalog: OnDemandCatalog, job?: string): OnDemandState {
  const index = indexOf(catalog, process);
  const text = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v) : undefined);
  const listed = Array.isArray(inputs.models) ? inputs.models.filter((m): m is string => typeof m === "string") : [];
  const polygon = inputs.polygon as Geometry | undefined;
  const region: RegionChoice | undefined =
    typeof inputs.geo === "string" ? { kind: "geo", geo: inputs.geo } : typeof inputs.cell === "string" ? { kind: "cell", cell: inputs.cell } : polygon ? { kind: "polygon", polygon } : undefined;
  return {
    process: index.code,
    parameters: readParameters(index, (name) => text(inputs[name])),
    months: Array.isArray(inputs.months) ? readMonths(inputs.months.map(String)) : [...ALL_MONTHS],
    scenario: text(inputs.scenario) ?? DEFAULT_SCENARIO,
    window: readWindow(text(inputs.window), catalog),
    models: listed.length === 0 || listed.length === catalog.models.length ? { kind: "all" } : { kind: "pick", models: listed },
    region,
    ...(job ? { job } : {}),
  };
}

/**
 * The question of the form's fields: `process`; the shown index's parameters by name; `months` (each
 * month a checkbox); `scenario`; `period` ("years" or "gwl") with `start` and `end`, or `level`; `models`
 * ("all", "pick" with the `model` list, or "subset" with `subset` and `subsetModels`); `region` ("geo",
 * "cell" or "polygon") with `geo`, `cell`, or `polygon` (the polygon's address text, `encodePolygon`).
 * A polygon read from a file or typed as vertices is the caller's (`polygon` overrides the field).
 */
export function formState(data: FormData, catalog: OnDemandCatalog, polygon?: Geometry): OnDemandState {
  const get = (name: string) => {
    const v = data.get(name);
    return typeof v === "string" ? v : null;
  };
  const all = (name: string) => data.getAll(name).filter((v): v is string => typeof v === "string");
  const params = new URLSearchParams();
  params.set("process", get("process") ?? DEFAULT_PROCESS);
  // the parameters shown are the index's the form was drawn for: another index chosen without scripts
  // takes its own defaults
  if ((get("shown") ?? get("process")) === get("process")) for (const p of indexOf(catalog, get("process") ?? "").parameters) params.set(p.name, get(p.name) ?? "");
  for (const m of all("months")) params.append("months", m);
  params.set("scenario", get("scenario") ?? "");
  params.set("window", get("period") === "gwl" ? (get("level") ?? "") : `${get("start")?.trim() ?? ""}-${get("end")?.trim() ?? ""}`);
  const models = get("models");
  if (models === "pick") params.set(MODEL_PARAM, all("model").join(","));
  if (models === "subset") {
    params.set(MODEL_PARAM, get("subsetModels") ?? "");
    params.set("subset", get("subset") ?? "");
  }
  const kind = get("region");
  if (kind === "cell") params.set("cell", get("cell") ?? "");
  else if (kind === "polygon") params.set("polygon", get("polygon") ?? "");
  else params.set("geo", get("geo") ?? "");
  const state = parseSearch(params, catalog);
  if (kind === "polygon") state.region = { kind: "polygon", polygon: polygon ?? (state.region?.kind === "polygon" ? state.region.polygon : undefined) };
  // a window typed out of form is the server's to name (`window-form`), not a default
  const typed = params.get("window")!;
  if (typed !== state.window && typed !== "-") state.window = typed.slice(0, MAX_VALUE);
  return state;
}

/** The window's fields: years (start, end) or a warming level. */
export function windowFields(window: string): { period: "years" | "gwl"; start: string; end: string; level: string } {
  if (window.startsWith("gwl:")) return { period: "gwl", start: "2041", end: "2060", level: window };
  const [start = "", end = ""] = window.split("-");
  return { period: "years", start, end, level: "gwl:2.0" };
}

/** The part of the form a problem the server names belongs to, by its field. */
export type FormPart = "parameters" | "months" | "scenario" | "window" | "models" | "region" | "form";

export function partOf(field: string | undefined, index: IndexChoice): FormPart {
  if (field === "months" || field === "scenario" || field === "window" || field === "models") return field;
  if (field === "region" || field === "geo" || field === "cell" || field === "polygon" || field === "vertices") return "region";
  if (field && (field === "process" || index.parameters.some((p) => p.name === field))) return "parameters";
  return "form";
}
