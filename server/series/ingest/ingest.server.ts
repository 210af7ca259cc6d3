import { loadGeoFeatures, shippedGeoDir } from "../../places/outlines.server";
import { parseWorldview, worldviewLine } from "../../places/worldview.server";
import { recordAddedPlaces } from "../../places/added.server";
import { setImmediate as nextTurn } from "node:timers/promises";
import { createHash } from "node:crypto";
import { createReadStream, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { scenarioPeriod, servesFrequency } from "../../../app/features/cmip6/seriesQuery";
import type { Seeds } from "../../seeds.server";
import { encodeValues, SERIES_SCHEMA, sourceId } from "../ingested-store.server";
import { dailyGap } from "./calendar";
import { catalogModel, catalogScenario, parseCmip6FileName, type Cmip6FileName } from "./filename";
import { indicatorVariables } from "../../../app/features/cmip6/availability";
import { DailyIndexer, MEAN_VARIABLES, SPELL_INDICES, type DailyVariable } from "./indices";
import { SpellStore } from "./spell-store";
import { thiHook } from "./thi-days";
import { cellsKey, PERCENTILE_SCHEMA, ThresholdStore, type PercentileHook } from "./threshold-store";
import { MaskCache, type GeoFeature, type GeoMask, type GridMasks, type MaskStorage } from "./masks";
import { readOutlines, withOperatorOutlines } from "./outlines";
import { describeNetcdf, NetcdfError, openGridVariable, VARIABLE_UNITS, type GridVariable, type VariableSource } from "./netcdf";
import { gridLabel, recogniseObservation } from "./observed";
import { OBSERVED, OBSERVED_PERIOD, type ObservationDataset } from "../../../app/features/observations/datasets";
import type { ElevationGrid } from "./elevation";
import { DailyPet } from "./pet";
import { GridCellSink } from "../../grids/ingest/cell-sink";
import { GRID_CELL_SCHEMA, GridCellStore } from "../../grids/ingest/cell-store";
import { DailyStoreWriter, type DailyStaging } from "../../ondemand/daily-writer";

/**
 * `npm run ingest`: reads daily CMIP6 NetCDF files, computes monthly means and ETCCDI indices over each
 * country and basin, and writes them into the series database. Files of one model, scenario and year
 * span are read together (indices such as DTR need tasmax and tasmin of the same days), in slabs of days,
 * and written in one transaction: a file that fails leaves nothing behind and is reported. Sets whose
 * files are all recorded (by name and SHA-256) are skipped, so an interrupted ingest resumes where it stopped.
 */

export type IngestSeeds = Pick<Seeds, "indicators" | "geos" | "scenarios" | "cmip6Models" | "modelVariables">;

export interface IngestOptions {
  /** Files and folders (searched recursively for .nc and .nc4 files). */
  paths: readonly string[];
  /** SQLite file of the series database (created when missing). */
  database: string;
  /** Only files of these variables (default: every variable the portal shows). */
  variables?: readonly string[];
  seeds: IngestSeeds;
  /** Folder with countries.json and basins.json (default: seeds/geo). */
  geoDir?: string;
  /**
   * A GeoJSON file of the operator's outlines (see ./outlines.ts), used instead of the shipped outlines
   * of the places it names; a code the catalogue does not have adds a place (recorded in the database).
   * Files ingested with other outlines are read again.
   */
  places?: string;
  /**
   * Elevation per grid cell for potential evapotranspiration (`--elevation`, ./elevation.ts); without it PET
   * assumes sea-level pressure, and its series say so.
   */
  elevation?: ElevationGrid;
  /** Days read per slab (default 32; fewer on large grids, see `slabDays`). */
  chunkDays?: number;
  /**
   * Take every file as this observational dataset (`--observed NAME`). Without it, files whose names do
   * not follow the CMIP6 pattern are recognised from their global attributes (./observed.ts).
   */
  observed?: ObservationDataset;
  /**
   * Which to believe when a file's name and its time axis name different years: by default neither (the
   * file is refused); "time-axis" stores the days where the axis puts them, "name" moves them to the
   * name's years.
   */
  trust?: "name" | "time-axis";
  /** Let a file replace rows other files wrote (reported); by default such a file is refused. */
  replace?: boolean;
  /**
   * Share of a place's outline a file's grid must cover for the file to give that place a series (default
   * 0.99); places covered less are listed in `partial` and get nothing from the file.
   */
  minCoverage?: number;
  /**
   * Base years of the percentile indices (default 1961-1990, ETCCDI); a shorter base is for tests only.
   */
  percentileBase?: { start: number; end: number };
  onProgress?: (progress: IngestProgress) => void;
  log?: (line: string) => void;
  /** Read every set again even where its files are recorded (a queue's percentile-base job). */
  force?: boolean;
  /**
   * Called once a set is read and before its rows are joined to other years (dry and wet spells) and
   * written: a shared store takes its lock on the model run here and brings its neighbouring years in.
   */
  beforeWrite?: (run: { model: string; scenario: string; years: { start: number; end: number } }) => Promise<void>;
  /**
   * Keep each grid cell's values of the gridded indicators (`server/grids/ingest/`) besides the place
   * series, for the change maps (default true; `--no-grids` leaves them out).
   */
  grids?: boolean;
  /**
   * Folder of the daily store (`DAILY_DIR`, `server/ondemand/daily-store.ts`): each set's daily tasmax,
   * tasmin, tas and pr of the cells read are kept there too, from the same reading, and made visible with
   * the set's rows. A set already ingested whose days the store lacks is read again for them.
   */
  daily?: string;
}

export interface IngestProgress {
  filesDone: number;
  filesTotal: number;
  /** Grid cells inside the places of the current set. */
  cells: number;
  /** Cell-days read so far, over every set. */
  cellDays: number;
  bytesDone: number;
  bytesTotal: number;
  /** Seconds since the start. */
  elapsed: number;
  /** Estimated seconds left, from the bytes read so far; undefined before the first slab. */
  remaining?: number;
  current?: string;
}

export interface FileProblem {
  file: string;
  reason: string;
}

export interface IngestSummary {
  database: string;
  ingested: string[];
  /** Already in the database under the same name with the same checksum. */
  skipped: string[];
  /** Bad, truncated or inconsistent files: nothing of them was written. */
  failed: FileProblem[];
  /** Files not taken (name, variable, model or scenario the portal does not know, other frequency). */
  ignored: FileProblem[];
  /** Rows other files had written that were replaced (with `replace`), by the file that wrote them. */
  replaced: { file: string; writtenBy: string; years: number[] }[];
  /** Places the `--places` file adds to the catalogue (recorded in the database, listed by the portal on it). */
  added: { code: string; name: string; country: string }[];
  /** The point of view on the disputed areas the countries' outlines follow (`WORLDVIEW`), as a sentence. */
  worldview: string;
  /** Places a set's grid covers less than `minCoverage`: no series of theirs came from it. */
  partial: { files: string; geo: string; coverage: number }[];
  warnings: string[];
  /** Rows (indicator, geo, scenario, model, frequency, year) written. */
  rows: number;
  cellDays: number;
  seconds: number;
  /** Peak resident memory of the process, MB. */
  peakRssMb: number;
  /** CPU time of the process (user and system), seconds: steadier than `seconds` on a busy machine. */
  cpuSeconds: number;
  /** Grids whose place masks were computed (not found in the database). */
  gridsComputed: number;
  /** Percentile indices: bases completed, base years stored, years waiting for their model's base. */
  percentiles: string[];
  /** Rows of grid cell values written (indicator, scenario, model, year), and the runs they belong to. */
  gridRows: number;
  gridRuns: { indicator: string; scenario: string; model: string }[];
  /** Years of a variable written to the daily store (`daily`). */
  dailyYears: number;
}

interface Candidate {
  path: string;
  bytes: number;
  name: Cmip6FileName;
  variable: DailyVariable;
  model: string;
  scenario: string;
  /** Observed files: the variable's name in the file and how its values are read. */
  source?: VariableSource;
}

/** Every .nc / .nc4 file under the given paths, sorted. */
export function collectFiles(paths: readonly string[]): string[] {
  const out: string[] = [];
  const visit = (p: string) => {
    const stat = statSync(p);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(p).sort()) visit(path.join(p, entry));
    } else if (/\.nc4?$/i.test(p)) out.push(path.resolve(p));
  };
  for (const p of paths) {
    if (!existsSync(p)) throw new Error(`no such file or folder: ${p}`);
    if (statSync(p).isFile() && !/\.nc4?$/i.test(p)) out.push(path.resolve(p));
    else visit(p);
  }
  return [...new Set(out)].sort();
}

async function sha256(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

export function openSeriesDatabase(file: string): BetterSqlite3.Database {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new BetterSqlite3(file);
  db.pragma("busy_timeout = 5000");
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.exec(SERIES_SCHEMA);
  db.exec(PERCENTILE_SCHEMA);
  db.exec(GRID_CELL_SCHEMA);
  // databases from before rows named their files
  const columns = db.prepare("PRAGMA table_info(series_years)").all() as { name: string }[];
  if (!columns.some((c) => c.name === "written_by")) db.exec("ALTER TABLE series_years ADD COLUMN written_by TEXT");
  if (!columns.some((c) => c.name === "coverage")) db.exec("ALTER TABLE series_years ADD COLUMN coverage REAL");
  // databases from before files recorded the outlines their rows were computed with
  const fileColumns = db.prepare("PRAGMA table_info(ingested_files)").all() as { name: string; pk: number }[];
  if (!fileColumns.some((c) => c.name === "outlines")) db.exec("ALTER TABLE ingested_files ADD COLUMN outlines TEXT");
  // databases from before files recorded the point of view on the disputed areas their outlines followed
  if (!fileColumns.some((c) => c.name === "worldview")) db.exec("ALTER TABLE ingested_files ADD COLUMN worldview TEXT");
  // databases from before a file was known by its name and its checksum together (keyed by the checksum
  // alone, two files of the same bytes under different names were one): the table is rebuilt with the key
  if (fileColumns.filter((c) => c.pk > 0).length === 1) rekeyIngestedFiles(db);
  // databases from before rows said how they were computed (pet: Penman-Monteith or Hargreaves-Samani)
  if (!columns.some((c) => c.name === "method")) db.exec("ALTER TABLE series_years ADD COLUMN method TEXT");
  return db;
}

/** Rebuilds `ingested_files` of an older database with the key of `SERIES_SCHEMA` (sha256, name), rows kept. */
function rekeyIngestedFiles(db: BetterSqlite3.Database): void {
  const columns = (db.prepare("PRAGMA table_info(ingested_files)").all() as { name: string }[]).map((c) => `"${c.name}"`).join(", ");
  db.transaction(() => {
    db.exec("DROP INDEX IF EXISTS ingested_files_source; ALTER TABLE ingested_files RENAME TO ingested_files_by_checksum;");
    db.exec(SERIES_SCHEMA);
    db.exec("ALTER TABLE ingested_files ADD COLUMN outlines TEXT; ALTER TABLE ingested_files ADD COLUMN worldview TEXT");
    db.exec(`INSERT INTO ingested_files (${columns}) SELECT ${columns} FROM ingested_files_by_checksum; DROP TABLE ingested_files_by_checksum;`);
  })();
}

/** How a row names a file it was computed from. */
const fileToken = (name: string, sha256: string) => `${name}@${sha256.slice(0, 12)}`;

/** The years a CMIP6 file name gives (`2015`, `2015-2016`, `20150101-20241231`). */
export function nameYears(years: string): { start: number; end: number } {
  const [first, last = first] = years.split("-");
  return { start: Number(first.slice(0, 4)), end: Number(last.slice(0, 4)) };
}

/** Masks kept in the series database, so a later run on the same grid and outlines does not recompute them. */
function maskStorage(db: BetterSqlite3.Database): MaskStorage {
  const select = db.prepare("SELECT masks FROM grid_masks WHERE grid = ? AND outlines = ?");
  const insert = db.prepare("INSERT OR REPLACE INTO grid_masks (grid, outlines, masks) VALUES (?, ?, ?)");
  type Stored = { fingerprint: string; rows: [number, number]; columns: [number, number]; masks: { code: string; cells: number[]; weights: number[]; coverage: number }[] };
  return {
    load(grid, outlines) {
      const row = select.get(grid, outlines) as { masks: string } | undefined;
      if (!row) return undefined;
      const stored = JSON.parse(row.masks) as Stored;
      return {
        ...stored,
        masks: stored.masks.map((m) => ({ code: m.code, cells: Uint32Array.from(m.cells), weights: Float64Array.from(m.weights), coverage: m.coverage })),
      };
    },
    save(grid, outlines, masks: GridMasks) {
      const stored: Stored = { ...masks, masks: masks.masks.map((m) => ({ code: m.code, cells: Array.from(m.cells), weights: Array.from(m.weights), coverage: m.coverage })) };
      insert.run(grid, outlines, JSON.stringify(stored));
    },
  };
}

/** Values (cells x days) read at once per variable: about 64 MB as float64. */
export const SLAB_VALUES = 8_000_000;

/**
 * Days read per slab: `chunkDays`, fewer when the place's cells span so large a part of the grid that a
 * slab would pass `SLAB_VALUES` (CHIRPS at 0.05° over South Asia: about 640,000 cells a day).
 */
export function slabDays(chunkDays: number, slabCells: number): number {
  return Math.max(1, Math.min(chunkDays, Math.floor(SLAB_VALUES / Math.max(1, slabCells))));
}

/** Share of a place's outline a file's grid must cover to give the place a series. */
export const DEFAULT_MIN_COVERAGE = 0.99;

/**
 * Values no real daily field takes, in the portal's units: a file holding one is refused (wrong units,
 * a broken conversion or a corrupt file). Temperatures beyond the records of Earth's surface, negative
 * precipitation or more than any recorded day, humidity and radiation outside their physical range.
 */
export const PLAUSIBLE: Record<DailyVariable, [number, number]> = {
  tas: [-90, 60],
  tasmax: [-90, 60],
  tasmin: [-90, 60],
  pr: [0, 2000],
  hurs: [0, 110],
  huss: [0, 50],
  rsds: [0, 1400],
  rlds: [0, 1000],
  sfcWind: [0, 120],
};

/** A file that failed while its set was read: the set is read again without it. */
class FileFailure extends Error {
  constructor(readonly file: Candidate, reason: string) {
    super(reason);
  }
}

/** One set of files read together: a model's scenario run over one span of years (every variable of it). */
export interface IngestSet {
  /** "MODEL|scenario|variant|grid|years" */
  key: string;
  model: string;
  scenario: string;
  /** The years of the files' names ("2015" or "2015-2019"). */
  years: string;
  files: { path: string; name: string; variable: string; bytes: number }[];
}

/** The files the portal can use, grouped into sets, and what was not taken (in a summary's lists). */
export interface IngestPlan {
  sets: IngestSet[];
  ignored: FileProblem[];
  failed: FileProblem[];
  warnings: string[];
}

/** Finds and groups the files as `ingest` reads them, without reading any day: what a queue is given. */
export async function planIngest(options: Pick<IngestOptions, "paths" | "variables" | "seeds" | "observed" | "log">): Promise<IngestPlan> {
  const report: Pick<IngestPlan, "ignored" | "failed" | "warnings"> = { ignored: [], failed: [], warnings: [] };
  const sets = await groupSets(options, report);
  return {
    sets: [...sets].map(([key, files]) => ({
      key,
      model: files[0].model,
      scenario: files[0].scenario,
      years: files[0].name.years,
      files: files.map((c) => ({ path: c.path, name: c.name.name, variable: c.variable, bytes: c.bytes })),
    })),
    ...report,
  };
}

/** Step 1 of an ingest: the files the portal can use, grouped by model, scenario and years. */
async function groupSets(
  options: Pick<IngestOptions, "paths" | "variables" | "seeds" | "observed" | "log">,
  summary: Pick<IngestSummary, "ignored" | "failed" | "warnings">,
): Promise<Map<string, Candidate[]>> {
  const log = options.log ?? (() => {});
  const { seeds } = options;
  const wanted = options.variables?.length ? new Set(options.variables) : undefined;
  if (wanted) {
    for (const v of wanted) if (!VARIABLE_UNITS[v]) throw new Error(`--variable ${v}: not a variable the portal shows (${MEAN_VARIABLES.join(", ")})`);
  }

  // 1. the files the portal can use, grouped by model, scenario and years
  const candidates: Candidate[] = [];
  for (const file of collectFiles(options.paths)) {
    const base = path.basename(file);
    const name = parseCmip6FileName(base);
    const ignore = (reason: string) => summary.ignored.push({ file: base, reason });
    if (options.observed || !name) {
      // observational datasets: by the operator's --observed, else by the file's own attributes
      let described: Awaited<ReturnType<typeof describeNetcdf>>;
      try {
        described = await describeNetcdf(file);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        if (options.observed) summary.failed.push({ file: base, reason });
        else ignore(`name does not follow {variable}_{frequency}_{model}_{scenario}_{variant}_{grid}_{years}.nc, and it cannot be read as an observational dataset: ${reason}`);
        continue;
      }
      const found = recogniseObservation(described, options.observed);
      if (!found.ok) {
        ignore(options.observed ? found.reason : `name does not follow {variable}_{frequency}_{model}_{scenario}_{variant}_{grid}_{years}.nc, and ${found.reason}`);
        continue;
      }
      if (!described.years) { summary.failed.push({ file: base, reason: "no time steps" }); continue; }
      const years = `${described.years.start}-${described.years.end}`;
      const taken = found.variables.filter(({ map }) => !wanted || wanted.has(map.variable));
      for (const { name: inFile, map } of taken) {
        const expected = found.dataset.resolution[map.variable as keyof typeof found.dataset.resolution];
        if (expected !== undefined && described.latStep !== undefined && Math.abs(described.latStep - expected) > 1e-3) {
          summary.warnings.push(`${base}: ${inFile} is on a ${described.latStep}° grid; ${found.dataset.id} gives ${map.variable} at ${expected}° (regridded, or another product?)`);
        }
        candidates.push({
          path: file,
          bytes: statSync(file).size / taken.length,
          name: { name: base, variable: map.variable, frequency: "day", model: found.dataset.id, scenario: OBSERVED, variant: OBSERVED, grid: gridLabel(described.latStep), years },
          variable: map.variable,
          model: found.dataset.id,
          scenario: OBSERVED,
          source: { name: inFile, units: map.units, fills: map.fills, negligibleNegative: map.negligibleNegative },
        });
      }
      if (taken.length > 0) log(`${base}: ${found.dataset.id} (${found.how}): ${taken.map((t) => `${t.name} as ${t.map.variable}`).join(", ")}`);
      continue;
    }
    if (wanted && !wanted.has(name.variable)) continue;
    if (!VARIABLE_UNITS[name.variable]) { ignore(`variable "${name.variable}" is not one the portal shows (${MEAN_VARIABLES.join(", ")})`); continue; }
    if (name.frequency !== "day") { ignore(`frequency "${name.frequency}": only daily files ("day") are ingested`); continue; }
    const model = catalogModel(name, { models: seeds.cmip6Models, scenarios: seeds.scenarios });
    if (!model) { ignore(`model "${name.model}" is not in the model catalogue (seeds/cmip6-models.json)`); continue; }
    if ((seeds.modelVariables.missing[model] as readonly string[] | undefined)?.includes(name.variable)) {
      ignore(`${model} has no ${name.variable} in ${seeds.modelVariables.archive} (seeds/model-variables.json): a file claiming it is not ingested`);
      continue;
    }
    const scenario = catalogScenario(name, { models: seeds.cmip6Models, scenarios: seeds.scenarios });
    if (!scenario) { ignore(`scenario "${name.scenario}" is not one of the portal's (${seeds.scenarios.map((s) => s.field_value).join(", ")})`); continue; }
    candidates.push({ path: file, bytes: statSync(file).size, name, variable: name.variable as DailyVariable, model, scenario });
  }
  const sets = new Map<string, Candidate[]>();
  for (const c of candidates) {
    const key = [c.model, c.scenario, c.name.variant, c.name.grid, c.name.years].join("|");
    const set = sets.get(key) ?? [];
    const same = set.findIndex((o) => o.variable === c.variable);
    if (same >= 0 && c.scenario === OBSERVED) {
      // two files of one dataset, variable and years: which one is meant is the operator's to say
      summary.ignored.push({ file: c.name.name, reason: `${c.model} ${c.variable} ${c.name.years} is also in ${set[same].name.name}; give one of them` });
      continue;
    }
    if (same >= 0) {
      // two versions of one file (e.g. _v1.1 beside the original): the later name wins
      summary.ignored.push({ file: set[same].name.name, reason: `superseded by ${c.name.name}` });
      set.splice(same, 1);
    }
    set.push(c);
    sets.set(key, set);
  }
  return sets;
}

export async function ingest(options: IngestOptions): Promise<IngestSummary> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const { seeds } = options;
  const chunkDays = Math.max(1, options.chunkDays ?? 32);
  // the point of view on the disputed areas the countries' outlines follow, recorded with every file
  const worldview = parseWorldview(process.env.WORLDVIEW);
  const minCoverage = options.minCoverage ?? DEFAULT_MIN_COVERAGE;
  const summary: IngestSummary = {
    database: options.database, ingested: [], skipped: [], failed: [], ignored: [], replaced: [], added: [], worldview: worldviewLine(worldview), partial: [], warnings: [], rows: 0, cellDays: 0, seconds: 0, peakRssMb: 0, cpuSeconds: 0, gridsComputed: 0, percentiles: [], gridRows: 0, gridRuns: [], dailyYears: 0,
  };
  const sets = await groupSets(options, summary);
  const candidates = [...sets.values()].flat();

  const shipped = loadGeoFeatures(options.geoDir ?? shippedGeoDir(), seeds);
  log(summary.worldview);
  const operator = options.places ? readOutlines(options.places, seeds.geos) : [];
  // the masks follow the outlines alone (a place renamed is not a reason to read its files again)
  const features = withOperatorOutlines(shipped, operator).map(({ code, geometry }) => ({ code, geometry }));
  const operatorCodes = new Set(operator.map((f) => f.code));
  // places the file adds: computed like the others, and recorded for the portal started on this database
  const added = operator.flatMap((f) => (f.added ? [{ code: f.code, ...f.added, geometry: f.geometry }] : []));
  const monthlyCodes = new Set(seeds.indicators.filter((i) => servesFrequency(i, "monthly")).map((i) => i.field_value));
  const annualCodes = new Set(seeds.indicators.filter((i) => servesFrequency(i, "annual")).map((i) => i.field_value));
  const keep = new Set([...monthlyCodes, ...annualCodes]);

  const db = openSeriesDatabase(options.database);
  if (added.length > 0) {
    recordAddedPlaces(db, added, path.basename(options.places!));
    summary.added = added.map(({ code, name, country }) => ({ code, name, country }));
    log(`${path.basename(options.places!)} adds ${added.length} place(s): ${added.map((p) => `${p.code} (${p.name}, ${p.country})`).join(", ")}`);
  }
  const masks = new MaskCache(features, maskStorage(db));
  // a file is done when a file of its name and checksum was, with the same outlines (the same bytes under
  // another name are another model's or year's file, read for what its name says)
  const known = db.prepare("SELECT 1 FROM ingested_files WHERE sha256 = ? AND name = ? AND outlines IS ?");
  const insertFile = db.prepare(
    `INSERT OR REPLACE INTO ingested_files (sha256, name, path, bytes, variable, model, scenario, variant, grid, years, calendar, units, source_id, ingested_at, outlines, worldview)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  // rows a set's own files wrote for a place that its grid, with the present outlines, no longer covers
  const dropStale = db.prepare("DELETE FROM series_years WHERE geo = ? AND scenario = ? AND model = ? AND year BETWEEN ? AND ? AND instr(written_by, ?) > 0");
  const insertRow = db.prepare(
    "INSERT OR REPLACE INTO series_years (indicator, geo, scenario, model, frequency, year, source_id, vals, written_by, coverage, method) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const ownerOf = db.prepare("SELECT written_by FROM series_years WHERE indicator = ? AND geo = ? AND frequency = ? AND scenario = ? AND model = ? AND year = ?");
  const forgetFile = db.prepare("DELETE FROM ingested_files WHERE name = ? AND substr(sha256, 1, 12) = ?");
  const spellStore = new SpellStore(db);
  const thresholdStore = new ThresholdStore(db, options.percentileBase);
  const gridCells = options.grids === false ? undefined : new GridCellStore(db);
  const gridRuns = new Map<string, { indicator: string; scenario: string; model: string }>();
  const daily = options.daily ? new DailyStoreWriter(options.daily) : undefined;

  const progress: IngestProgress = { filesDone: 0, filesTotal: candidates.length, cells: 0, cellDays: 0, bytesDone: 0, bytesTotal: candidates.reduce((s, c) => s + c.bytes, 0), elapsed: 0 };
  // bytes of the sets read so far (and the time reading them took), for the time left
  let bytesRead = 0;
  let readSeconds = 0;
  let bytesReadBase = 0;
  let readSecondsBase = 0;
  let progressBytesBase = 0;
  const report = () => {
    progress.elapsed = (performance.now() - started) / 1000;
    const rate = readSeconds > 0 ? bytesRead / readSeconds : 0;
    progress.remaining = rate > 0 ? (progress.bytesTotal - progress.bytesDone) / rate : undefined;
    options.onProgress?.({ ...progress });
  };

  try {
    // sets whose percentile indices waited for their model's base, read again when it completed in this run
    const waiting: Candidate[][] = [];
    const processSet = async (listed: Candidate[], again: boolean) => {
      // 2. checksums: a set whose files are all recorded is done
      const sums = new Map<Candidate, string>();
      for (const c of listed) {
        try {
          // an observed file may give several variables: each is recorded on its own
          const hex = await sha256(c.path);
          sums.set(c, c.source ? `${hex}:${c.variable}` : hex);
        } catch (error) {
          summary.failed.push({ file: c.name.name, reason: `cannot read the file: ${error instanceof Error ? error.message : error}` });
          progress.filesDone++;
          progressBytesBase += c.bytes;
        }
      }
      const set = listed.filter((c) => sums.has(c));
      if (set.length === 0) return;
      const { model, scenario } = set[0];
      const label = `${model} ${scenario} ${set[0].name.years}`;
      progress.current = label;
      report();
      // the daily store holds the set's days when it has every year of each file, written from that file
      const inDaily = () => !daily || daily.holds(model, scenario, set.map((c) => ({ variable: c.variable, years: nameYears(c.name.years), file: fileToken(c.name.name, sums.get(c)!) })));
      if (!again && !options.force && set.every((c) => known.get(sums.get(c), c.name.name, masks.outlines)) && !thresholdStore.wantsAgain(model, scenario, nameYears(set[0].name.years)) && inDaily()) {
        summary.skipped.push(...set.map((c) => c.name.name));
        progress.filesDone += set.length;
        progressBytesBase += set.reduce((s, c) => s + c.bytes, 0);
        progress.bytesDone = progressBytesBase;
        report();
        return;
      }
      const setBytes = set.reduce((s, c) => s + c.bytes, 0);
      const seeded = seeds.cmip6Models.find((m) => m.field_value === model);
      if (seeded && seeded.field_variant !== set[0].name.variant) {
        summary.warnings.push(`${label}: variant ${set[0].name.variant}, the catalogue lists ${seeded.field_variant} for ${model}`);
      }

      // 3. read the set; a failing file is reported and the set is read again without it
      let members = [...set];
      let result: Awaited<ReturnType<typeof readSet>> | undefined;
      // a set read again for its percentile indices leaves the daily store as it is when it holds the set
      const keepDaily = daily && !(again && inDaily()) ? daily : undefined;
      const stageDaily = keepDaily && ((grid: StageGrid) => keepDaily.stage({ model, run: scenario, member: set[0].name.variant, ...grid }));
      while (members.length > 0) {
        const before = progress.cellDays;
        const readStarted = performance.now();
        try {
          result = await readSet(members, masks, keep, chunkDays, (calendar, grid, active, variables) =>
            thresholdStore.hook({ model, grid, cells: cellsKey(active) }, scenario, calendar, active.length, variables), gridCells !== undefined, options.trust, minCoverage, operatorCodes, options.elevation, log, (cellDays, fraction) => {
            progress.cellDays = before + cellDays;
            // bytes advance with the share of days read
            const done = setBytes * fraction;
            progress.bytesDone = progressBytesBase + done;
            bytesRead = bytesReadBase + done;
            readSeconds = readSecondsBase + (performance.now() - readStarted) / 1000;
            report();
          }, (cells) => {
            progress.cells = cells;
          }, stageDaily);
          break;
        } catch (error) {
          if (!(error instanceof FileFailure)) throw error;
          summary.failed.push({ file: error.file.name.name, reason: error.message });
          log(`failed: ${error.file.name.name}: ${error.message}`);
          members = members.filter((m) => m !== error.file);
          progress.cellDays = before;
          result = undefined;
        }
      }
      bytesReadBase += setBytes;
      readSecondsBase = readSeconds;
      progressBytesBase += setBytes;
      progress.bytesDone = progressBytesBase;
      progress.filesDone += set.length;
      if (!result) {
        report();
        return;
      }

      await options.beforeWrite?.({ model, scenario, years: nameYears(set[0].name.years) });
      // 4. one transaction per set: all its rows and files, or nothing. Each row names the files it was
      // computed from; a row another file wrote is replaced only when the operator says so.
      const id = sourceId(model, scenario);
      const period = scenario === OBSERVED ? OBSERVED_PERIOD : scenarioPeriod(seeds.scenarios.find((s) => s.field_value === scenario)!);
      const outside = new Set<number>();
      const now = new Date().toISOString();
      const read = result.files;
      const writerOf = (code: string) => {
        const needed = code === "pet" && result.pet ? result.pet.variables : indicatorVariables(code);
        const from = read.filter(({ file }) => needed.includes(file.variable));
        return (from.length > 0 ? from : read).map(({ file }) => fileToken(file.name.name, sums.get(file)!)).sort().join(" + ");
      };
      // dry and wet spells joined to the years before and after the set that other files gave
      const spellRuns = SPELL_INDICES.filter((code) => annualCodes.has(code) && result.output.spells.size > 0).map((code) => {
        const run = { code, scenario, model, grid: result.grid };
        const own = new Map([...result.output.spells].map(([year, states]) => [year, { ...states[code], cells: result.active }]));
        const { values, neighbours } = spellStore.resolve(run, own, result.masks);
        const byGeo = new Map<string, Map<number, number>>();
        for (const [year, places] of values) {
          for (const [geo, value] of places) {
            if (!byGeo.has(geo)) byGeo.set(geo, new Map());
            byGeo.get(geo)!.set(year, value);
          }
        }
        result.output.annual.set(code, byGeo);
        return { run, own, neighbours };
      });
      const writes: { code: string; geo: string; frequency: "monthly" | "annual"; year: number; vals: Buffer; writer: string }[] = [];
      const methodOf = (code: string) => (code === "pet" ? (result.pet?.method ?? null) : null);
      if (result.pet && result.pet.noElevation > 0) {
        summary.warnings.push(`${label}: ${result.pet.noElevation} grid cell(s) outside ${options.elevation!.file} or without a value there: PET takes them at sea level`);
      }
      for (const [code, byGeo] of result.output.monthly) {
        if (!monthlyCodes.has(code)) continue;
        const writer = writerOf(code);
        for (const [geo, years] of byGeo) for (const [year, values] of years) writes.push({ code, geo, frequency: "monthly", year, vals: encodeValues(values), writer });
      }
      for (const [code, byGeo] of result.output.annual) {
        if (!annualCodes.has(code)) continue;
        const writer = writerOf(code);
        for (const [geo, years] of byGeo) {
          for (const [year, value] of years) {
            if (year < period.start || year > period.end) outside.add(year);
            writes.push({ code, geo, frequency: "annual", year, vals: encodeValues(Float64Array.of(value)), writer });
          }
        }
      }
      // rows other files wrote, by writer
      const displaced = new Map<string, Set<number>>();
      for (const w of writes) {
        const existing = ownerOf.get(w.code, w.geo, w.frequency, scenario, model, w.year) as { written_by: string | null } | undefined;
        if (existing && existing.written_by !== w.writer) {
          const by = existing.written_by ?? "an earlier ingest";
          if (!displaced.has(by)) displaced.set(by, new Set());
          displaced.get(by)!.add(w.year);
        }
      }
      const names = read.map(({ file }) => file.name.name).join(", ");
      if (displaced.size > 0 && !options.replace) {
        result.daily?.discard();
        const what = [...displaced].map(([by, years]) => `rows of ${[...years].sort().join(", ")} written by ${by}`).join("; ");
        for (const { file } of read) {
          summary.failed.push({ file: file.name.name, reason: `would replace ${what}; nothing was written (run again with --replace to replace them)` });
        }
        report();
        return;
      }
      // the set's days in the daily store, before its rows: files recorded as ingested have their days there
      if (result.daily) {
        const tokens: Record<string, string[]> = {};
        for (const { file } of read) tokens[file.variable] = [fileToken(file.name.name, sums.get(file)!)];
        try {
          summary.dailyYears += await result.daily.commit(tokens);
          if (result.daily.note) summary.warnings.push(result.daily.note.text);
        } catch (error) {
          const reason = `cannot write the daily store (${options.daily}): ${error instanceof Error ? error.message : error}; nothing was written`;
          for (const { file } of read) summary.failed.push({ file: file.name.name, reason });
          log(`failed: ${names}: ${reason}`);
          report();
          return;
        }
      }
      let rows = 0;
      let gridRows = 0;
      const percentileNotes: string[] = [];
      db.transaction(() => {
        for (const w of writes) {
          insertRow.run(w.code, w.geo, scenario, model, w.frequency, w.year, id, w.vals, w.writer, result.coverage.get(w.geo) ?? null, methodOf(w.code));
          rows++;
        }
        for (const [by, years] of displaced) {
          summary.replaced.push({ file: names, writtenBy: by, years: [...years].sort() });
          summary.warnings.push(`${label}: replaced rows of ${[...years].sort().join(", ")} written by ${by}`);
          // a file whose rows were replaced is no longer recorded as ingested: a later run reads it again
          for (const token of by.split(" + ")) {
            const at = token.lastIndexOf("@");
            if (at > 0) forgetFile.run(token.slice(0, at), token.slice(at + 1));
          }
        }
        for (const { run, own, neighbours } of spellRuns) spellStore.save(run, own, neighbours);
        if (gridCells && result!.cells) {
          const { sink, lat, lon } = result!.cells;
          // observed runs have no projection to change from
          if (scenario !== OBSERVED) {
            gridRows += gridCells.save({ model, scenario, grid: result!.grid, lat, lon, cells: sink.cells }, sink.years, writerOf);
            for (const code of sink.years.keys()) gridRuns.set(`${code}|${scenario}|${model}`, { indicator: code, scenario, model });
          }
        }
        const span = nameYears(read[0].file.name.years);
        for (const { code } of result!.partial) {
          for (const { file } of read) dropStale.run(code, scenario, model, span.start, span.end, fileToken(file.name.name, sums.get(file)!));
        }
        if (result!.percentiles) {
          const tokenOf = (variable: string) => read.filter(({ file }) => file.variable === variable).map(({ file }) => fileToken(file.name.name, sums.get(file)!)).join(" + ");
          const notes = thresholdStore.afterSet(result!.percentiles, tokenOf, result!.indexMasks, (code, geo, frequency, year, vals, writer) => {
            if (!(frequency === "monthly" ? monthlyCodes : annualCodes).has(code)) return;
            insertRow.run(code, geo, scenario, model, frequency, year, id, vals, writer, result!.coverage.get(geo) ?? null, null);
            rows++;
          });
          percentileNotes.push(...notes);
        }
        for (const { file, grid } of result!.files) {
          insertFile.run(sums.get(file), file.name.name, file.path, file.bytes, file.variable, model, scenario, file.name.variant, file.name.grid,
            file.name.years, grid.calendar, grid.conversion.from, id, now, masks.outlines, worldview);
        }
      })();
      summary.rows += rows;
      summary.gridRows += gridRows;
      summary.percentiles.push(...percentileNotes.map((note) => (again ? `${note} (read again)` : note)));
      if (!again && percentileNotes.some((note) => note.includes("read again when"))) waiting.push(listed);
      summary.ingested.push(...result.files.map((f) => f.file.name.name));
      if (outside.size > 0) {
        summary.warnings.push(`${label}: years ${[...outside].sort().join(", ")} are outside ${scenario} (${period.start}-${period.end}); stored but not served`);
      }
      for (const { code, coverage } of result.partial) {
        summary.partial.push({ files: names, geo: code, coverage });
        summary.warnings.push(
          coverage === 0
            ? `${label}: ${code} (outline from ${path.basename(options.places!)}) is outside the grid of ${names}, skipped`
            : `${label}: ${code} ${(coverage * 100).toFixed(1)} % covered by the grid of ${names} (${minCoverage * 100} % needed), skipped`,
        );
      }
      report();
    };
    for (const listed of sets.values()) await processSet(listed, false);
    for (const listed of waiting) {
      const { model, scenario, name } = listed[0];
      if (thresholdStore.wantsAgain(model, scenario, nameYears(name.years))) await processSet(listed, true);
    }
  } finally {
    db.close();
  }
  summary.cellDays = progress.cellDays;
  summary.gridsComputed = masks.computed;
  summary.gridRuns = [...gridRuns.values()];
  summary.seconds = (performance.now() - started) / 1000;
  const usage = process.resourceUsage();
  summary.peakRssMb = Math.round(usage.maxRSS / 1024);
  summary.cpuSeconds = Math.round((usage.userCPUTime + usage.systemCPUTime) / 1e4) / 100;
  summary.warnings = [...new Set(summary.warnings)];
  return summary;
}

/** Reads one set of files day by day through the indexer. Throws FileFailure naming a bad file. */
async function readSet(
  members: readonly Candidate[],
  maskCache: MaskCache,
  keep: ReadonlySet<string>,
  chunkDays: number,
  /** The percentile indices' hook for the set's grid and cells (./threshold-store.ts). */
  percentileHook: (calendar: GridVariable["calendar"], grid: string, active: Uint32Array, variables: readonly string[]) => PercentileHook | undefined,
  /** Keep the cells' values of the gridded indicators (`GridCellSink`). */
  cellValues: boolean,
  trust: IngestOptions["trust"],
  minCoverage: number,
  /** Places whose outlines the operator gave: reported even when the grid misses them altogether. */
  reportAlways: ReadonlySet<string>,
  elevation: ElevationGrid | undefined,
  log: (line: string) => void,
  onDays: (cellDays: number, fraction: number) => void,
  onCells: (cells: number) => void,
  /** Stages the set's days for the daily store (`IngestOptions.daily`). */
  stageDaily?: (grid: StageGrid) => Promise<DailyStaging>,
) {
  const opened: { file: Candidate; grid: GridVariable }[] = [];
  let daily: DailyStaging | undefined;
  try {
    for (const file of members) {
      try {
        opened.push({ file, grid: await openGridVariable(file.path, file.variable, file.source) });
      } catch (error) {
        throw new FileFailure(file, error instanceof Error ? error.message : String(error));
      }
    }
    for (const entry of opened) {
      const { file, grid } = entry;
      if (grid.dates.length === 0) throw new FileFailure(file, "no time steps");
      // the name and the time axis must name the same years, unless the operator says which to believe
      const named = nameYears(file.name.years);
      const axis = { start: grid.dates[0].year, end: grid.dates[grid.dates.length - 1].year };
      if (named.start !== axis.start || named.end !== axis.end) {
        const span = (r: { start: number; end: number }) => (r.start === r.end ? String(r.start) : `${r.start}-${r.end}`);
        const conflict = `the name says ${span(named)} but the time axis runs ${span(axis)}`;
        if (trust === "name") {
          if (named.end - named.start !== axis.end - axis.start) throw new FileFailure(file, `${conflict}, a different number of years: it cannot be moved to the name's years`);
          const shift = named.start - axis.start;
          entry.grid = { ...grid, dates: grid.dates.map((d) => ({ ...d, year: d.year + shift })) };
        } else if (trust !== "time-axis") {
          throw new FileFailure(file, `${conflict}; nothing was written (run again with --trust time-axis or --trust name to say which is right)`);
        }
      }
      const gap = dailyGap(entry.grid.calendar, entry.grid.dates);
      if (gap) throw new FileFailure(file, `${gap}; only daily files are ingested`);
    }
    const first = opened[0].grid;
    for (const { file, grid } of opened.slice(1)) {
      const same = (a: Float64Array, b: Float64Array) => a.length === b.length && a.every((x, i) => Math.abs(x - b[i]) < 1e-6);
      if (!same(grid.lat, first.lat) || !same(grid.lon, first.lon)) throw new FileFailure(file, `grid differs from ${opened[0].file.name.name}`);
      const d0 = grid.dates[0];
      const f0 = first.dates[0];
      if (grid.calendar !== first.calendar || grid.dates.length !== first.dates.length || d0.year !== f0.year || d0.month !== f0.month || d0.day !== f0.day) {
        throw new FileFailure(file, `time axis differs from ${opened[0].file.name.name}`);
      }
    }
    const grid = maskCache.get(first.lat, first.lon);
    // the cells of any place, and each place's cells renumbered into that list
    const columns = first.lon.length;
    const active = [...new Set(grid.masks.filter((m) => m.coverage >= minCoverage).flatMap((m) => [...m.cells]))].sort((a, b) => a - b);
    const position = new Map(active.map((cell, i) => [cell, i]));
    const used = grid.masks.filter((m) => m.cells.length > 0 && m.coverage >= minCoverage);
    const masks: GeoMask[] = used.map((m) => ({ ...m, cells: Uint32Array.from(m.cells, (c) => position.get(c)!) }));
    onCells(active.length);
    const [row0, row1] = grid.rows;
    const [col0, col1] = grid.columns;
    const slabColumns = col1 - col0;
    const slabCells = (row1 - row0) * slabColumns;
    const offsets = Uint32Array.from(active, (cell) => (Math.floor(cell / columns) - row0) * slabColumns + ((cell % columns) - col0));
    const variables = opened.map((o) => o.file.variable);
    // potential evapotranspiration per cell and day: latitude and elevation of each cell's centre
    const cellLat = Float64Array.from(active, (cell) => first.lat[Math.floor(cell / columns)]);
    let noElevation = 0;
    const cellElevation = elevation
      ? Float64Array.from(active, (cell) => {
          const z = elevation.at(first.lat[Math.floor(cell / columns)], first.lon[cell % columns]);
          if (Number.isNaN(z)) noElevation++;
          return Number.isNaN(z) ? 0 : z;
        })
      : undefined;
    const pet = keep.has("pet") ? DailyPet.of(first.calendar, variables, cellLat, cellElevation) : undefined;
    const percentiles = percentileHook(first.calendar, grid.fingerprint, Uint32Array.from(active), variables);
    const thi = thiHook(first.calendar, active.length, variables);
    const hooks = [percentiles, thi].filter((h): h is NonNullable<typeof h> => h !== undefined);
    const codes = { monthly: [...keep], annual: [...keep] };
    const sink = cellValues ? new GridCellSink(first.calendar, Uint32Array.from(active), codes) : undefined;
    const indexer = new DailyIndexer(first.calendar, masks, active.length, variables, keep, hooks, pet ? [pet] : [], sink);
    const days = first.dates.length;
    if (stageDaily && active.length > 0) daily = await stageDaily({ calendar: first.calendar, lat: first.lat, lon: first.lon, active: Uint32Array.from(active), variables });
    const perSlab = slabDays(chunkDays, slabCells);
    if (perSlab < chunkDays) log(`${first.lat.length}x${first.lon.length} grid, ${slabCells} cells a day around the places: reading ${perSlab} day(s) at a time`);
    const dayValues = Object.fromEntries(opened.map((o) => [o.file.variable, new Float64Array(active.length)])) as Record<DailyVariable, Float64Array>;
    if (active.length > 0) {
      for (let t0 = 0; t0 < days; t0 += perSlab) {
        const t1 = Math.min(days, t0 + perSlab);
        const slabs = opened.map(({ file, grid: g }) => {
          try {
            return g.read(t0, t1, row0, row1, col0, col1, offsets);
          } catch (error) {
            throw new FileFailure(file, error instanceof Error ? error.message : String(error));
          }
        });
        for (let t = t0; t < t1; t++) {
          const base = (t - t0) * active.length;
          opened.forEach((o, k) => {
            const slab = slabs[k];
            const out = dayValues[o.file.variable];
            const [min, max] = PLAUSIBLE[o.file.variable];
            for (let i = 0; i < active.length; i++) {
              const v = slab[base + i];
              // NaN (missing) passes: only values that cannot be real stop the file
              if (v < min || v > max) {
                const cell = active[i];
                const d = first.dates[t];
                const date = `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;
                throw new FileFailure(
                  o.file,
                  `${o.file.variable} is ${v} ${o.grid.conversion.to} on ${date} (step ${t}) at lat ${first.lat[Math.floor(cell / columns)]}, lon ${first.lon[cell % columns]}: outside the plausible ${min}..${max} ${o.grid.conversion.to}; nothing of the file was written`,
                );
              }
              out[i] = v;
            }
          });
          try {
            indexer.day(first.dates[t], dayValues);
          } catch (error) {
            throw new FileFailure(opened[0].file, error instanceof Error ? error.message : String(error));
          }
          daily?.day(first.dates[t], dayValues);
        }
        onDays(t1 * active.length * opened.length, t1 / days);
        // let the progress bar draw
        await nextTurn();
      }
    }
    daily?.finish();
    return {
      output: indexer.finish(),
      /** The set's days staged for the daily store, committed with its rows. */
      daily,
      files: opened,
      /** How PET was computed: the method line, the variables it read, cells without an elevation. */
      pet: pet && {
        method: pet.describe(elevation),
        variables: pet.method === "penman-monteith" ? ["tasmax", "tasmin", "hurs", "rsds", "sfcWind"] : ["tas", "tasmax", "tasmin"],
        noElevation,
      },
      /** The grid, the cells the indexer read (grid cell indices) and the places' masks over them. */
      grid: grid.fingerprint,
      active: Uint32Array.from(active),
      masks: used,
      /** The same masks with cells numbered as the indexer's. */
      indexMasks: masks,
      percentiles,
      /** The cells' values of the gridded indicators, and the grid's axes. */
      cells: sink && { sink, lat: first.lat, lon: first.lon },
      /** Places the grid reaches but covers less than needed. */
      partial: grid.masks.filter((m) => (m.coverage > 0 || reportAlways.has(m.code)) && m.coverage < minCoverage).map(({ code, coverage }) => ({ code, coverage })),
      coverage: new Map(grid.masks.map((m) => [m.code, m.coverage])),
    };
  } catch (error) {
    daily?.discard();
    throw error;
  } finally {
    for (const o of opened) o.grid.close();
  }
}

/** What the daily store is told of a set's grid: its calendar, axes, the cells read and the variables. */
type StageGrid = { calendar: GridVariable["calendar"]; lat: Float64Array; lon: Float64Array; active: Uint32Array; variables: readonly string[] };
