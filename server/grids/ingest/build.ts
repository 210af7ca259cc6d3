import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type BetterSqlite3 from "better-sqlite3";
import { indicatorVariables } from "../../../app/features/cmip6/availability";
import { decimalsOf } from "../../../app/features/cmip6/indicatorRules";
import { CMIP6_EXPERIMENT_PERIODS, type YearRange } from "../../../app/features/cmip6/periods";
import { levelWindows, modelMember, tableCitation, type WarmingLevels } from "../../../app/features/cmip6/warmingLevels";
import { AGREEMENT_RULE } from "../../../app/features/cmip6/windows";
import {
  GRID_BASELINE, GRID_INDICATORS, GRID_SCENARIOS, gridWindowsOf, SOUTH_ASIA_AXES, seasonsOf,
  type GridAxes, type GridIndicator, type GridScenario, type GridSeason,
} from "../../../app/features/grids/grid";
import type { Seeds } from "../../seeds.server";
import { parseCmip6FileName } from "../../series/ingest/filename";
import { openSeriesDatabase } from "../../series/ingest/ingest.server";
import { decodeSpellYear, resolveSpellYear, type SpellYear } from "../../series/ingest/spells";
import { cellPeriodMeans, ensembleField } from "../ensemble";
import { writeGridNetcdf, type NetcdfVariable } from "../files/netcdf";
import { seasonValues, type CellYear } from "./cell-sink";
import { GridCellStore, type CellSet } from "./cell-store";

/**
 * The gridded fields from the cells' yearly values the ingest stored (`./cell-store.ts`): per model its
 * 1995-2014 mean and window means per cell (`cellPeriodMeans`: 90 % of a window's years; at a warming
 * level the model's own window from the warming-level table), its historical and scenario runs joined as
 * the place series join them (one source per model), then the ensemble statistics per cell
 * (`ensembleField`), written as one CF-1.8 NetCDF-4 file per indicator, scenario and season
 * (`${gridDir}/${indicator}_${scenario}_${season}.nc`, the layout `docs/grids.md` describes).
 */

/** Raised when the computation of the files changes (part of each file's `sacap_version`). */
export const GRID_BUILD_VERSION = "1";

export const gridFileName = (indicator: string, scenario: string, season: string) => `${indicator}_${scenario}_${season}.nc`;

import { GRID_METHOD, GRID_REFERENCES } from "../method";
export { GRID_METHOD, GRID_REFERENCES };

export type BuildSeeds = Pick<Seeds, "indicators" | "cmip6Models" | "warmingLevels">;

export interface BuildGridOptions {
  db: BetterSqlite3.Database;
  gridDir: string;
  seeds: BuildSeeds;
  /** Only these indicators and scenarios (all with stored cells when absent). */
  only?: readonly { indicator: string; scenario: string }[];
  /** The grid of the files (default: the South Asia grid when the models' cells lie on it, else their own grid). */
  axes?: GridAxes;
  log?: (line: string) => void;
}

export interface BuildGridSummary {
  written: string[];
  /** Indicator and scenario pairs without a file, and models left out, with why. */
  skipped: { indicator: string; scenario: string; reason: string }[];
}

/** Per season: each year's values on the field grid. */
type SeasonYears = Map<GridSeason, Map<number, Float32Array>>;

/** Where each of a cell set's cells lies on the field grid (-1: outside it). */
function placement(cells: CellSet, axes: GridAxes): Int32Array {
  const columns = cells.lon.length;
  const out = new Int32Array(cells.indices.length);
  cells.indices.forEach((cell, i) => {
    const lat = cells.lat[Math.floor(cell / columns)];
    let lon = cells.lon[cell % columns];
    if (lon > 180) lon -= 360;
    const r = (lat - axes.lat0) / axes.dlat;
    const c = (lon - axes.lon0) / axes.dlon;
    const row = Math.round(r);
    const column = Math.round(c);
    const on = Math.abs(r - row) < 1e-4 && Math.abs(c - column) < 1e-4 && row >= 0 && row < axes.rows && column >= 0 && column < axes.columns;
    out[i] = on ? row * axes.columns + column : -1;
  });
  return out;
}

/**
 * The field grid for cells on a grid: the South Asia grid when the cells' grid lies on it (NEX-GDDP-CMIP6's
 * 0.25-degree cells; cells beyond it are left out), else the cells' own regular grid cut to the box of the
 * cells.
 */
export function fieldAxesFor(cells: CellSet): GridAxes | undefined {
  const { lat, lon } = cells;
  if (lat.length < 2 || lon.length < 2) return undefined;
  const east = (x: number) => (x > 180 ? x - 360 : x);
  const dlat = lat[1] - lat[0];
  const dlon = east(lon[1]) - east(lon[0]);
  if (!(dlat > 0 && dlon > 0)) return undefined;
  for (let i = 2; i < lat.length; i++) if (Math.abs(lat[i] - lat[i - 1] - dlat) > 1e-6) return undefined;
  for (let i = 2; i < lon.length; i++) if (Math.abs(east(lon[i]) - east(lon[i - 1]) - dlon) > 1e-6 && Math.abs(lon[i] - lon[i - 1] - dlon) > 1e-6) return undefined;
  const sa = SOUTH_ASIA_AXES;
  const aligned = (x0: number, step: number, sx0: number, sstep: number) => Math.abs(step - sstep) < 1e-6 && Math.abs((x0 - sx0) / sstep - Math.round((x0 - sx0) / sstep)) < 1e-4;
  if (aligned(lat[0], dlat, sa.lat0, sa.dlat) && aligned(east(lon[0]), dlon, sa.lon0, sa.dlon)) return sa;
  const columns = lon.length;
  let [r0, r1, c0, c1] = [Infinity, -1, Infinity, -1];
  for (const cell of cells.indices) {
    const r = Math.floor(cell / columns);
    const c = cell % columns;
    [r0, r1, c0, c1] = [Math.min(r0, r), Math.max(r1, r), Math.min(c0, c), Math.max(c1, c)];
  }
  if (r1 < 0) return undefined;
  return { lat0: lat[r0], lon0: east(lon[c0]), dlat, dlon, rows: r1 - r0 + 1, columns: c1 - c0 + 1 };
}

const mapPlane = (values: Float32Array | Float64Array, at: Int32Array, size: number) => {
  const out = new Float32Array(size).fill(NaN);
  for (let i = 0; i < at.length; i++) if (at[i] >= 0) out[at[i]] = values[i];
  return out;
};

/** The spells' states of a run, for CDD and CWD resolved with every year stored (as the place values are). */
function spellStates(db: BetterSqlite3.Database, code: string, scenario: string, model: string): Map<number, { grid: string; state: SpellYear }> {
  const rows = db.prepare("SELECT year, grid, state FROM spell_states WHERE indicator = ? AND scenario = ? AND model = ?").all(code, scenario, model) as {
    year: number;
    grid: string;
    state: Buffer;
  }[];
  return new Map(rows.map((r) => [r.year, { grid: r.grid, state: decodeSpellYear(r.state) }]));
}

/**
 * One model's yearly values of an indicator per season on the field grid, its historical run up to 2014
 * and its scenario run from 2015 (the place series' join). Cells not on the field grid are left out.
 */
export function modelSeasonYears(store: GridCellStore, db: BetterSqlite3.Database, indicator: string, scenario: string, model: string, axes: GridAxes): SeasonYears {
  const size = axes.rows * axes.columns;
  const seasons = seasonsOf(indicator as GridIndicator);
  const out: SeasonYears = new Map(seasons.map((s) => [s, new Map()]));
  const placements = new Map<string, Int32Array>();
  const placed = (cells: CellSet) => {
    const id = `${cells.grid}|${cells.key}`;
    if (!placements.has(id)) placements.set(id, placement(cells, axes));
    return placements.get(id)!;
  };
  const historicalEnd = CMIP6_EXPERIMENT_PERIODS.historical.end;
  for (const run of ["historical", scenario]) {
    const inRun = (year: number) => (run === "historical" ? year <= historicalEnd : year > historicalEnd);
    const spells = indicator === "cdd" || indicator === "cwd" ? spellStates(db, indicator, run, model) : undefined;
    let previous: { year: number; values: CellYear } | undefined;
    for (const row of store.years(indicator, run, model)) {
      if (!row.cells) continue;
      const at = placed(row.cells);
      let values = row.values;
      // the spells resolved with the years before and after the set, read in other sets
      const own = spells?.get(row.year);
      if (spells && own && own.grid === row.cells.grid) {
        const resolved = resolveSpellYear(row.year, (y) => {
          const s = spells.get(y);
          return s && s.grid === own.grid ? s.state : undefined;
        });
        if (resolved) {
          const index = new Map(Array.from(own.state.cells, (cell, k) => [cell, k]));
          values = { annual: Float32Array.from(row.cells.indices, (cell) => (index.has(cell) ? resolved[index.get(cell)!] : NaN)) };
        }
      }
      const mapped: CellYear = {
        annual: mapPlane(values.annual, at, size),
        ...(values.months ? { months: values.months.map((m) => mapPlane(m, at, size)) } : {}),
      };
      const before = previous && previous.year === row.year - 1 ? previous.values : undefined;
      if (inRun(row.year)) for (const season of seasons) out.get(season)!.set(row.year, seasonValues(indicator, season, mapped, before));
      previous = { year: row.year, values: mapped };
    }
  }
  return out;
}

/**
 * The variables `indicator` is computed from that none of the files a model's rows were written from gave
 * (`written_by`: when a set lacks them, the ingest still keeps the index's cells, all without a value, as
 * written by the set's other files). Empty when every variable was read, or the rows do not say.
 */
function variablesNotRead(db: BetterSqlite3.Database, indicator: string, scenario: string, model: string): string[] {
  const rows = db.prepare("SELECT DISTINCT written_by FROM grid_cell_years WHERE indicator = ? AND model = ? AND scenario IN ('historical', ?)").all(indicator, model, scenario) as { written_by: string | null }[];
  if (rows.length === 0 || rows.some((r) => r.written_by === null)) return [];
  const read = new Set(rows.flatMap((r) => r.written_by!.split(" + ").map((token) => parseCmip6FileName(token.slice(0, token.lastIndexOf("@")))?.variable)));
  return indicatorVariables(indicator).filter((v) => !read.has(v));
}

/** "no tasmax file was ingested (su is computed from tasmax)". */
const neededText = (indicator: string, missing: readonly string[]) =>
  `no ${missing.join(" or ")} file was ingested (${indicator} is computed from ${indicatorVariables(indicator).join(" and ")})`;

/** Each model's baseline and window means of one season (NaN: no mean; a model without a window at a level: all NaN). */
interface ModelMeans {
  model: string;
  baseline: Float32Array;
  /** per window, in `gridWindowsOf(scenario)` order */
  future: Float32Array[];
}

function windowPeriods(scenario: GridScenario, models: readonly string[], seeds: BuildSeeds): { code: string; periods: Record<string, YearRange>; excluded: { model: string; reason: string }[] }[] {
  const catalogue = seeds.cmip6Models.filter((m) => models.includes(m.field_value)).map(modelMember);
  // models the catalogue does not list are taken with the ingested member
  for (const model of models) if (!catalogue.some((m) => m.code === model)) catalogue.push({ code: model, variant: "" });
  return gridWindowsOf(scenario).map((w) => {
    if (w.kind === "years") return { code: w.code, periods: Object.fromEntries(models.map((m) => [m, { start: w.period.start, end: w.period.end }])), excluded: [] };
    const level = levelWindows(seeds.warmingLevels, scenario, w.level, catalogue);
    return {
      code: w.code,
      periods: level.periods,
      excluded: [
        ...level.notReached.map((model) => ({ model, reason: `does not reach ${w.label} by 2100` })),
        ...level.notInTable.map((model) => ({ model, reason: "not in the warming-level table" })),
      ],
    };
  });
}

/** Builds the files from a series database file (`npm run ingest -- --grids`). */
export async function buildGridFilesFrom(database: string, options: Omit<BuildGridOptions, "db">): Promise<BuildGridSummary> {
  const db = openSeriesDatabase(database);
  try {
    return await buildGridFiles({ ...options, db });
  } finally {
    db.close();
  }
}

/** Builds the files of the indicators and scenarios with stored cells. */
export async function buildGridFiles(options: BuildGridOptions): Promise<BuildGridSummary> {
  const { db, seeds } = options;
  const log = options.log ?? (() => {});
  const store = new GridCellStore(db);
  const summary: BuildGridSummary = { written: [], skipped: [] };
  const runs = store.runs();
  const pairs = new Map<string, { indicator: GridIndicator; scenario: GridScenario }>();
  for (const r of runs) {
    if (!(GRID_INDICATORS as readonly string[]).includes(r.indicator) || !(GRID_SCENARIOS as readonly string[]).includes(r.scenario)) continue;
    if (options.only && !options.only.some((o) => o.indicator === r.indicator && (o.scenario === r.scenario || o.scenario === "historical"))) continue;
    pairs.set(`${r.indicator}|${r.scenario}`, { indicator: r.indicator as GridIndicator, scenario: r.scenario as GridScenario });
  }
  for (const { indicator, scenario } of pairs.values()) {
    const historical = new Set(runs.filter((r) => r.indicator === indicator && r.scenario === "historical").map((r) => r.model));
    const models = runs.filter((r) => r.indicator === indicator && r.scenario === scenario).map((r) => r.model);
    const excluded: { model: string; reason: string }[] = [];
    const members = models.filter((m) => {
      if (historical.has(m)) return true;
      excluded.push({ model: m, reason: "no historical run ingested (baseline 1995-2014)" });
      return false;
    });
    for (const e of excluded) summary.skipped.push({ indicator, scenario, reason: `${e.model}: ${e.reason}` });
    if (members.length === 0) {
      summary.skipped.push({ indicator, scenario, reason: "no model with both the historical and the scenario run" });
      continue;
    }
    let axes = options.axes;
    if (!axes) {
      const row = db.prepare("SELECT grid, cells FROM grid_cell_years WHERE indicator = ? AND scenario = ? AND model = ? LIMIT 1").get(indicator, scenario, members[0]) as { grid: string; cells: string };
      const cells = store.cellSet(row.grid, row.cells);
      axes = cells && fieldAxesFor(cells);
      if (!axes) {
        summary.skipped.push({ indicator, scenario, reason: "the models' grid is not a regular latitude-longitude grid" });
        continue;
      }
    }
    const size = axes.rows * axes.columns;
    const windows = windowPeriods(scenario, members, seeds);
    const seasons = seasonsOf(indicator);
    const means = new Map<GridSeason, ModelMeans[]>(seasons.map((s) => [s, []]));
    const used: string[] = [];
    // per model without a mean, the variables of the indicator none of its files gave (none: another cause)
    const notRead = new Map<string, string[]>();
    for (const model of members) {
      const years = modelSeasonYears(store, db, indicator, scenario, model, axes);
      let any = false;
      for (const season of seasons) {
        const byYear = years.get(season)!;
        const yearValues = (year: number) => byYear.get(year);
        const baseline = cellPeriodMeans(yearValues, GRID_BASELINE, size);
        const future = windows.map((w) => (w.periods[model] ? cellPeriodMeans(yearValues, w.periods[model], size) : new Float32Array(size).fill(NaN)));
        any ||= baseline.some((v) => v === v);
        means.get(season)!.push({ model, baseline, future });
      }
      if (any) {
        used.push(model);
        continue;
      }
      const missing = variablesNotRead(db, indicator, scenario, model);
      notRead.set(model, missing);
      summary.skipped.push({ indicator, scenario, reason: missing.length > 0 ? `${model}: ${neededText(indicator, missing)}` : `${model}: no cell of the field grid has a 1995-2014 mean` });
    }
    if (used.length === 0) {
      const missing = [...new Set([...notRead.values()].flat())];
      const everyModel = [...notRead.values()].every((m) => m.length > 0);
      summary.skipped.push({ indicator, scenario, reason: everyModel ? `${neededText(indicator, missing)}, for any model: no file` : "no model has a 1995-2014 mean in any cell: no file" });
      continue;
    }
    const fingerprint = createHash("sha256")
      .update(`${GRID_BUILD_VERSION}|${store.fingerprint(indicator, ["historical", scenario])}|${JSON.stringify(axes)}|${seeds.warmingLevels.version}`)
      .digest("hex")
      .slice(0, 16);
    const info = seeds.indicators.find((i) => i.field_value === indicator);
    const units = info?.field_var_unit ?? "";
    const name = info?.name ?? indicator;
    mkdirSync(options.gridDir, { recursive: true });
    for (const season of seasons) {
      const file = path.join(options.gridDir, gridFileName(indicator, scenario, season));
      await writeFieldFile(file, {
        indicator, scenario, season, axes, units, name, decimals: decimalsOf(indicator), models: members, windows, excluded,
        means: means.get(season)!, version: fingerprint, table: seeds.warmingLevels,
      });
      summary.written.push(file);
      log(`grid: ${path.basename(file)} (${members.length} model(s))`);
    }
  }
  return summary;
}

/** What one field file holds (`writeFieldFile`). */
export interface FieldFile {
  indicator: GridIndicator;
  scenario: GridScenario;
  season: GridSeason;
  axes: GridAxes;
  units: string;
  name: string;
  decimals: number;
  models: string[];
  windows: ReturnType<typeof windowPeriods>;
  excluded: { model: string; reason: string }[];
  means: ModelMeans[];
  version: string;
  table: WarmingLevels;
  /** Where the values come from, when not the ingest (the benchmark's generated fields): said in the file. */
  provenance?: { source: string; history: string; sample: true };
}

/** One file: the ensemble statistics per window and each model's means, in the agreed layout. */
export async function writeFieldFile(file: string, f: FieldFile): Promise<void> {
  const size = f.axes.rows * f.axes.columns;
  const nw = f.windows.length;
  const stats = {
    change: new Float32Array(nw * size), p10: new Float32Array(nw * size), p90: new Float32Array(nw * size),
    baseline: new Float32Array(nw * size), future: new Float32Array(nw * size), agreement: new Float32Array(nw * size),
    model_count: new Uint8Array(nw * size), agree_count: new Uint8Array(nw * size), sign: new Int8Array(nw * size),
  };
  const windowInfo: Record<string, { models: string[]; excluded: { model: string; reason: string }[]; windows?: Record<string, YearRange> }> = {};
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
    const noChange = members.filter((m) => !e.models.includes(m.model)).map((m) => ({ model: m.model, reason: "no cell with both a window mean and a 1995-2014 mean (90 % of the years needed)" }));
    windowInfo[w.code] = {
      models: e.models,
      excluded: [...f.excluded, ...w.excluded.filter((x) => f.models.includes(x.model)), ...noChange],
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
  const stat = (name: string, data: Float32Array, long: string, units: string, extra: Record<string, string> = {}): NetcdfVariable => ({
    name, dims: ["window", "lat", "lon"], data, attributes: { _FillValue: nan, units, long_name: long, cell_methods: cellMethods(name === "agreement" ? "fraction" : name === "p10" || name === "p90" ? "percentile" : "median"), ...extra },
  });
  const seasonText = f.season === "annual" ? "annual" : f.season;
  const codes = f.windows.map((w) => w.code);
  const windowYears = f.windows.map((w) => (w.code.startsWith("gwl:") ? `${w.code} (each model's own 20-year window)` : w.code)).join(", ");
  await writeGridNetcdf(file, {
    axes: f.axes,
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
      stat("agreement", stats.agreement, "share of models agreeing on the sign of the change (IPCC AR6 simple approach)", "1", { valid_range_note: "0-1; robust at 0.8 or more" }),
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
      source: f.provenance?.source ?? `NEX-GDDP-CMIP6 daily fields, ${f.models.length} model(s): ${f.models.join(", ")}`,
      history: `${new Date().toISOString()}: ${f.provenance?.history ?? "written by npm run ingest (SACAP grid fields)"}`,
      references: `${GRID_REFERENCES}; warming levels: ${tableCitation(f.table)}`,
      indicator: f.indicator,
      indicator_name: f.name,
      decimals: f.decimals,
      scenario: f.scenario,
      season: f.season,
      baseline_period: "1995-2014",
      windows: windowYears,
      models: f.models.join(" "),
      agreement_rule: AGREEMENT_RULE,
      method: GRID_METHOD,
      sample: f.provenance?.sample ? "true" : "false",
      sacap_version: f.version,
      sacap_windows: JSON.stringify(windowInfo),
    },
  });
}
