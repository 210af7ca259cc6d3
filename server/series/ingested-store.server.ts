import BetterSqlite3 from "better-sqlite3";
import type { SeriesKey, SeriesStore, StoreDescription, StoredSeries } from "./store";
import { readAddedPlaces, type AddedPlace } from "../places/added.server";
import { ingestedFileColumns, ingestedSeries, ingestedSources, type IngestedFileRow, type IngestedSeriesRow, type IngestedSources } from "./ingested-series";

export { calendarOfRun, INGEST_METHOD, methodOfRun, OBSERVED_INGEST_METHOD } from "./ingested-series";

/**
 * Series ingested from NetCDF files (`npm run ingest`), in SQLite: one row per indicator, geo, scenario,
 * model, frequency and year (twelve float64 values for a monthly row, one for an annual row), plus the
 * files each (model, scenario) came from. The server opens it read-only in front of the sample store.
 *
 * A file is known by its name (which says its variable, model, scenario, member, grid and years) and its
 * checksum together: two files of the same bytes under different names (two models' generated files
 * without global attributes) are two files, each ingested for what its name says.
 */

export const SERIES_SCHEMA = `
CREATE TABLE IF NOT EXISTS ingested_files (
  sha256 TEXT NOT NULL,
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
  ingested_at TEXT NOT NULL,
  PRIMARY KEY (sha256, name)
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
-- places an operator's outlines (--places) added to the catalogue, with the outline their series were
-- computed from (a GeoJSON geometry): the portal started on this database lists them after the seed's places
CREATE TABLE IF NOT EXISTS added_places (
  code TEXT NOT NULL PRIMARY KEY,
  name TEXT NOT NULL,
  country TEXT NOT NULL,
  outline TEXT NOT NULL,
  -- the --places file that added it last
  file TEXT NOT NULL,
  added_at TEXT NOT NULL
) WITHOUT ROWID;
`;

/** Key by which answers refer to the provenance of one model's run of one scenario. */
export const sourceId = (model: string, scenario: string) => `ingested:${model}:${scenario}`;

/** Float64 values as stored (little-endian). */
export const encodeValues = (values: Float64Array) => Buffer.from(values.buffer, values.byteOffset, values.byteLength);

export class IngestedSeriesStore implements SeriesStore {
  readonly version: string;
  private readonly db: BetterSqlite3.Database;
  private readonly sources: IngestedSources;
  private readonly select: BetterSqlite3.Statement;
  private readonly places: readonly AddedPlace[];

  /** Opens an ingested series database read-only; it must exist and hold the ingest tables. */
  constructor(readonly file: string) {
    this.db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
    this.db.pragma("busy_timeout = 5000");
    const fileColumns = new Set((this.db.prepare("PRAGMA table_info(ingested_files)").all() as { name: string }[]).map((c) => c.name));
    const files = this.db.prepare(`SELECT ${ingestedFileColumns(fileColumns)} FROM ingested_files ORDER BY name`).all() as IngestedFileRow[];
    this.sources = ingestedSources(files);
    this.version = `ingested-${files.length}-${this.sources.fingerprint}`;
    this.places = readAddedPlaces(this.db);
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
    return { name: `ingested NetCDF series (${this.file})`, sources: [...this.sources.sources.values()] };
  }

  async getSeries(keys: readonly SeriesKey[]): Promise<(StoredSeries | undefined)[]> {
    return ingestedSeries(
      keys,
      (indicator, geo, frequency, scenarios, models) => this.select.all(indicator, geo, frequency, JSON.stringify(scenarios), JSON.stringify(models)) as IngestedSeriesRow[],
      this.sources,
    );
  }

  /** The places the ingest added from operators' outlines (`--places`). */
  addedPlaces(): readonly AddedPlace[] {
    return this.places;
  }

  close(): void {
    this.db.close();
  }
}
