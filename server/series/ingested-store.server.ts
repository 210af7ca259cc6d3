import { createHash } from "node:crypto";
import BetterSqlite3 from "better-sqlite3";
import type { SeriesKey, SeriesSource, SeriesStore, StoreDescription, StoredSeries } from "./store";
import { CalendarError, parseCalendar, type Calendar } from "./ingest/calendar";
import { observationDataset, OBSERVED } from "../../app/features/observations/datasets";

/**
 * Series ingested from NetCDF files (`npm run ingest`), in SQLite: one row per indicator, geo, scenario,
 * model, frequency and year (twelve float64 values for a monthly row, one for an annual row), plus the
 * files each (model, scenario) came from. The server opens it read-only in front of the sample store.
 */

export const INGEST_METHOD =
  "Daily NetCDF model output ingested with the portal's `npm run ingest`: units converted (K to °C, kg m-2 s-1 " +
  "to mm/day, kg/kg to g/kg), daily values read in the file's own calendar (CF calendars decoded as cftime " +
  "does). Monthly means and ETCCDI indices (FD, SU, ID, TR, TXx, TNx, TXn, TNn, DTR, Rx1day, Rx5day, R10mm, " +
  "R20mm, Rnnmm at 25 mm, SDII, CDD, CWD, PRCPTOT) are computed per grid cell from its days, then averaged " +
  "over each country and basin outline with each cell weighted by the area of its intersection with the " +
  "outline; a place the file's grid covers less than 99 % of gets no series from it (`coverage` in the " +
  "answer). Annual values of monthly series combine the twelve months by the " +
  "indicator's rule; a month or year with a missing day has no value. Dry and wet spells (CDD, CWD) run " +
  "across the new year as climdex counts them by default: a spell belongs to the year it ends in; Rx5day windows belong to the month of their last day and start with the file's first day. " +
  "Percentile indices (TX90p, TX10p, TN90p, TN10p, WSDI, CSDI, R95pTOT, R99pTOT) use thresholds from the model's own " +
  "1961-1990 historical base per grid cell (TX/TN: 10th/90th percentile per calendar day in a 5-day window, quantile " +
  "type 8; precipitation: 95th/99th percentile of wet days >= 1 mm); base years use the bootstrap of Zhang et al. " +
  "(2005, J. Climate 18, 1641-1651), as climdex.pcic; R95pTOT/R99pTOT are mm on days above the threshold. " +
  "Potential evapotranspiration (pet) is FAO-56 Penman-Monteith per grid cell and day where the files include hurs, rsds " +
  "and sfcWind, else Hargreaves-Samani; each series names its method and elevation (`methods` in the answer). " +
  "Livestock heat-stress days (thimean*, thimax*) count per grid cell the days with THI (NRC 1971) at or above " +
  "each cited threshold (68, 72: dairy cows; 75, 79, 84: the Livestock Weather Safety Index for cattle), from daily " +
  "tas with hurs (mean) or tasmax with the relative humidity at it from huss at 101.3 kPa (max).";

/** How observational datasets (scenario `observed`) become series: the same reading, without model output's wording. */
export const OBSERVED_INGEST_METHOD =
  "Daily gridded observations or reanalysis (NetCDF) ingested with the portal's `npm run ingest`, recognised from " +
  "the files' global attributes or `--observed`: the dataset's variables mapped to the portal's (CHIRPS precip, " +
  "ERA5 t2m and tp, IMD rf, tmax and tmin), units converted (K to °C, m to mm, a daily file's mm as mm/day), " +
  "days read in the file's own calendar on the dataset's own grid; monthly means and ETCCDI indices per cell, " +
  "then the area-weighted mean over each country and basin; a place the grid covers less than 99 % of (CHIRPS " +
  "stops at 50°N and 50°S, IMD covers India) gets no series from it. A month or year with a missing day has no value.";

export const SERIES_SCHEMA = `
CREATE TABLE IF NOT EXISTS ingested_files (
  sha256 TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  path TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  variable TEXT NOT NULL,
  model TEXT NOT NULL,
  scenario TEXT NOT NULL,
  variant TEXT NOT NULL,
  grid TEXT NOT NULL,
  years TEXT NOT NULL,
  calendar TEXT NOT NULL,
  units TEXT NOT NULL,
  source_id TEXT NOT NULL,
  ingested_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS ingested_files_source ON ingested_files (source_id);
CREATE TABLE IF NOT EXISTS grid_masks (
  grid TEXT NOT NULL,
  outlines TEXT NOT NULL,
  masks TEXT NOT NULL,
  PRIMARY KEY (grid, outlines)
);
-- per grid cell, the runs of dry (cdd) and wet (cwd) days at the ends of each year, so that a spell read in
-- one year's files can be joined to the next year's (server/series/ingest/spells.ts)
CREATE TABLE IF NOT EXISTS spell_states (
  indicator TEXT NOT NULL,
  scenario TEXT NOT NULL,
  model TEXT NOT NULL,
  year INTEGER NOT NULL,
  grid TEXT NOT NULL,
  state BLOB NOT NULL,
  PRIMARY KEY (indicator, scenario, model, year)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS series_years (
  indicator TEXT NOT NULL,
  geo TEXT NOT NULL,
  scenario TEXT NOT NULL,
  model TEXT NOT NULL,
  frequency TEXT NOT NULL,
  year INTEGER NOT NULL,
  source_id TEXT NOT NULL,
  vals BLOB NOT NULL,
  -- the files the row was computed from ("name@sha256-prefix", joined by " + "); NULL for older ingests
  written_by TEXT,
  -- share of the place's outline the files' grid covers, 0..1; NULL for older ingests
  coverage REAL,
  -- how the row was computed where runs differ (pet: Penman-Monteith or Hargreaves-Samani, elevation); NULL otherwise
  method TEXT,
  PRIMARY KEY (indicator, geo, frequency, scenario, model, year)
) WITHOUT ROWID;
`;

/** Key by which answers refer to the provenance of one model's run of one scenario. */
export const sourceId = (model: string, scenario: string) => `ingested:${model}:${scenario}`;

/** Float64 values as stored (little-endian). */
export const encodeValues = (values: Float64Array) => Buffer.from(values.buffer, values.byteOffset, values.byteLength);
const decodeValues = (blob: Buffer) => {
  const copy = new Float64Array(blob.length / 8);
  new Uint8Array(copy.buffer).set(blob);
  return copy;
};

/** Items by key, in their order (one pass, no copying). */
function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** "a.nc, b.nc and 3 more" */
function fileList(names: string[], shown = 4): string {
  const sorted = [...names].sort();
  if (sorted.length <= shown) return sorted.join(", ");
  return `${sorted.slice(0, shown).join(", ")} and ${sorted.length - shown} more`;
}

interface FileRow {
  name: string;
  calendar: string;
  variable: string;
  variant: string;
  grid: string;
  years: string;
  sha256: string;
  ingested_at: string;
  source_id: string;
  model: string;
  scenario: string;
}

/**
 * One line for a run's rows: their method when all years share it, else each method with its years
 * ("A (2015-2040); B (2041-2100)"). Undefined when no row has one.
 */
export function methodOfRun(rows: readonly { year: number; method: string | null }[]): string | undefined {
  const spans: { method: string; start: number; end: number }[] = [];
  for (const { year, method } of rows) {
    if (!method) continue;
    const last = spans.at(-1);
    if (last && last.method === method && year === last.end + 1) last.end = year;
    else spans.push({ method, start: year, end: year });
  }
  if (spans.length === 0) return undefined;
  if (new Set(spans.map((s) => s.method)).size === 1 && spans.length === 1) return spans[0].method;
  return spans.map((s) => `${s.method} (${s.start === s.end ? s.start : `${s.start}-${s.end}`})`).join("; ");
}

/** The calendar of a run's files: the one they share, else the one most of them have; undefined if none is readable. */
export function calendarOfRun(attributes: readonly string[]): Calendar | undefined {
  const counts = new Map<Calendar, number>();
  for (const attribute of attributes) {
    try {
      const calendar = parseCalendar(attribute);
      counts.set(calendar, (counts.get(calendar) ?? 0) + 1);
    } catch (error) {
      if (!(error instanceof CalendarError)) throw error;
    }
  }
  let best: Calendar | undefined;
  for (const [calendar, n] of counts) if (best === undefined || n > counts.get(best)!) best = calendar;
  return best;
}

export class IngestedSeriesStore implements SeriesStore {
  readonly version: string;
  private readonly db: BetterSqlite3.Database;
  private readonly sources = new Map<string, SeriesSource>();
  /** The CF calendar of each source's files (a model run's files share one; else the one most of them have). */
  private readonly calendars = new Map<string, Calendar>();
  private readonly select: BetterSqlite3.Statement;

  /** Opens an ingested series database read-only; it must exist and hold the ingest tables. */
  constructor(readonly file: string) {
    this.db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
    this.db.pragma("busy_timeout = 5000");
    const files = this.db.prepare("SELECT name, calendar, variable, variant, grid, years, sha256, ingested_at, source_id, model, scenario FROM ingested_files ORDER BY name").all() as FileRow[];
    for (const [id, rows] of groupBy(files, (f) => f.source_id)) {
      const { model, scenario } = rows[0];
      const variables = [...new Set(rows.map((r) => r.variable))].sort().join(", ");
      const latest = rows.map((r) => r.ingested_at).sort().at(-1)!;
      const dataset = scenario === OBSERVED ? observationDataset(model) : undefined;
      const calendar = calendarOfRun(rows.map((r) => r.calendar));
      if (calendar) this.calendars.set(id, calendar);
      if (dataset) {
        this.sources.set(id, {
          id,
          source: `${dataset.name}, version ${dataset.version}: observations ingested from NetCDF (${variables}; ${rows.length} file${rows.length === 1 ? "" : "s"}: ${fileList(rows.map((r) => r.name))}). Licence: ${dataset.licence}. Reference: ${dataset.reference}`,
          method: OBSERVED_INGEST_METHOD,
          version: `${dataset.id}, ingested ${latest.slice(0, 10)} (${createHash("sha256").update(rows.map((r) => r.sha256).join()).digest("hex").slice(0, 8)})`,
          sample: false,
        });
        continue;
      }
      this.sources.set(id, {
        id,
        source: `Ingested NetCDF, ${model} ${scenario} (${variables}; ${rows.length} file${rows.length === 1 ? "" : "s"}: ${fileList(rows.map((r) => r.name))})`,
        method: INGEST_METHOD,
        version: `ingested ${latest.slice(0, 10)} (${createHash("sha256").update(rows.map((r) => r.sha256).join()).digest("hex").slice(0, 8)})`,
        sample: false,
      });
    }
    const fingerprint = createHash("sha256").update(files.map((f) => f.sha256).sort().join()).digest("hex").slice(0, 12);
    this.version = `ingested-${files.length}-${fingerprint}`;
    // databases from before the coverage was recorded have no such column
    const columns = (this.db.prepare("PRAGMA table_info(series_years)").all() as { name: string }[]).map((c) => c.name);
    // nor, from before rows said how they were computed, a method
    const optional = (name: string) => (columns.includes(name) ? name : `NULL AS ${name}`);
    this.select = this.db.prepare(
      `SELECT scenario, model, year, source_id, vals, ${optional("coverage")}, ${optional("method")} FROM series_years
       WHERE indicator = ? AND geo = ? AND frequency = ?
         AND scenario IN (SELECT value FROM json_each(?)) AND model IN (SELECT value FROM json_each(?))
       ORDER BY scenario, model, year`,
    );
  }

  /** Every file recorded, for the ingest summary and the about text. */
  fileCount(): number {
    return (this.db.prepare("SELECT count(*) AS n FROM ingested_files").get() as { n: number }).n;
  }

  describe(): StoreDescription {
    return { name: `ingested NetCDF series (${this.file})`, sources: [...this.sources.values()] };
  }

  async getSeries(keys: readonly SeriesKey[]): Promise<(StoredSeries | undefined)[]> {
    const answers: (StoredSeries | undefined)[] = new Array(keys.length).fill(undefined);
    // one query per (indicator, geo, frequency): an ensemble answer is one query
    const groups = groupBy(
      keys.map((_, i) => i),
      (i) => `${keys[i].indicator}\u0000${keys[i].geo}\u0000${keys[i].frequency}`,
    );
    for (const [group, indices] of groups) {
      const [indicator, geo, frequency] = group.split("\u0000");
      const scenarios = [...new Set(indices.map((i) => keys[i].scenario))];
      const models = [...new Set(indices.map((i) => keys[i].model))];
      const rows = this.select.all(indicator, geo, frequency, JSON.stringify(scenarios), JSON.stringify(models)) as {
        scenario: string; model: string; year: number; source_id: string; vals: Buffer; coverage: number | null; method: string | null;
      }[];
      const runs = groupBy(rows, (row) => `${row.scenario}\u0000${row.model}`);
      const perYear = frequency === "monthly" ? 12 : 1;
      for (const i of indices) {
        const run = runs.get(`${keys[i].scenario}\u0000${keys[i].model}`);
        if (!run || run.length === 0) continue;
        const start = run[0].year;
        const values = new Float64Array((run[run.length - 1].year - start + 1) * perYear).fill(NaN);
        for (const row of run) values.set(decodeValues(row.vals), (row.year - start) * perYear);
        const source = this.sources.get(run[0].source_id);
        if (!source) continue;
        const covered = run.map((row) => row.coverage).filter((c): c is number => c !== null);
        const method = methodOfRun(run);
        const calendar = this.calendars.get(run[0].source_id);
        answers[i] = { startYear: start, values, source, ...(covered.length > 0 ? { coverage: Math.min(...covered) } : {}), ...(method ? { method } : {}), ...(calendar ? { calendar } : {}) };
      }
    }
    return answers;
  }

  close(): void {
    this.db.close();
  }
}
