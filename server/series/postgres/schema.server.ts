import BetterSqlite3 from "better-sqlite3";
import type { PoolClient } from "pg";
import { openSeriesDatabase } from "../ingest/ingest.server";

/**
 * The shared series store in PostgreSQL (`SERIES_DB=postgres://...`): the same tables as the ingested
 * SQLite file, column for column, so that a worker's job (computed into a scratch SQLite file by the one
 * ingest) is published by copying rows, and the portal reads PostgreSQL as it reads SQLite. The tables are
 * derived from the SQLite schema itself (`openSeriesDatabase`), so the two cannot drift apart.
 *
 * Beside them: `series_meta`, the store's data version (a counter raised by every commit of a batch, read by
 * the app servers to key their caches), and `ingest_sets`, the sets of files the queue was given and what
 * became of each (done, failed with its error), which outlive the queue's own job rows.
 */

export interface TableColumn {
  name: string;
  /** SQLite's declared type: TEXT, INTEGER, REAL or BLOB. */
  type: string;
  notNull: boolean;
}

export interface SeriesTable {
  name: string;
  columns: TableColumn[];
  /** Primary-key columns, in key order. */
  key: string[];
}

let tables: SeriesTable[] | undefined;

/** The series tables (ingest and percentile state), as the SQLite schema declares them. */
export function seriesTables(): SeriesTable[] {
  if (tables) return tables;
  const db: BetterSqlite3.Database = openSeriesDatabase(":memory:");
  try {
    const names = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[]).map((r) => r.name);
    tables = names.map((name) => {
      const info = db.prepare(`PRAGMA table_info(${name})`).all() as { name: string; type: string; notnull: number; pk: number }[];
      return {
        name,
        columns: info.map((c) => ({ name: c.name, type: c.type.toUpperCase(), notNull: c.notnull === 1 })),
        key: info.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name),
      };
    });
    return tables;
  } finally {
    db.close();
  }
}

/** A column or table name quoted for SQL (SQLite and PostgreSQL alike). */
export const quoteName = (name: string) => `"${name.replace(/"/g, '""')}"`;

const PG_TYPES: Record<string, string> = { TEXT: "text", INTEGER: "bigint", REAL: "double precision", BLOB: "bytea" };

/** `CREATE TABLE IF NOT EXISTS` of every series table, the data version and the ingest sets. */
export function postgresSchemaSql(): string {
  const series = seriesTables().map(
    (t) =>
      `CREATE TABLE IF NOT EXISTS ${t.name} (\n` +
      t.columns.map((c) => `  ${c.name} ${PG_TYPES[c.type] ?? "text"}${c.notNull ? " NOT NULL" : ""}`).join(",\n") +
      (t.key.length ? `,\n  PRIMARY KEY (${t.key.join(", ")})` : "") +
      "\n);",
  );
  return [
    ...series,
    // the reader's query: one (indicator, geo, frequency) over a few runs
    "CREATE INDEX IF NOT EXISTS series_years_read ON series_years (indicator, geo, frequency, scenario, model, year);",
    "CREATE INDEX IF NOT EXISTS ingested_files_source ON ingested_files (source_id);",
    `CREATE TABLE IF NOT EXISTS series_meta (
  id integer PRIMARY KEY CHECK (id = 1),
  version bigint NOT NULL,
  committed_at timestamptz NOT NULL DEFAULT now()
);`,
    "INSERT INTO series_meta (id, version) VALUES (1, 0) ON CONFLICT (id) DO NOTHING;",
    `CREATE TABLE IF NOT EXISTS ingest_sets (
  set_key text PRIMARY KEY,
  model text NOT NULL,
  scenario text NOT NULL,
  years text NOT NULL,
  files jsonb NOT NULL,
  bytes bigint NOT NULL,
  state text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  error text,
  worker text,
  queued_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  seconds double precision
);`,
  ].join("\n");
}

/** Whether every table exists (then nothing is created: DDL would take locks that running jobs hold). */
async function schemaComplete(client: Pick<PoolClient, "query">): Promise<boolean> {
  const names = [...seriesTables().map((t) => t.name), "series_meta", "ingest_sets"];
  const { rows } = await client.query("SELECT count(*)::int AS n FROM unnest($1::text[]) AS name WHERE to_regclass(name) IS NOT NULL", [names]);
  return rows[0].n === names.length;
}

/**
 * Series tables whose primary key is not the one the SQLite schema declares, with the name of the key's
 * constraint: tables a store of an older release created (`ingested_files` was keyed by the checksum alone,
 * so two files of the same bytes under different names were one row).
 */
async function staleKeys(client: Pick<PoolClient, "query">): Promise<{ table: SeriesTable; constraint: string }[]> {
  const { rows } = await client.query<{ table_name: string; constraint_name: string; columns: string[] }>(
    `SELECT tc.table_name, tc.constraint_name, array_agg(kcu.column_name::text ORDER BY kcu.ordinal_position) AS columns
       FROM information_schema.table_constraints tc
       JOIN information_schema.key_column_usage kcu
         ON kcu.constraint_name = tc.constraint_name AND kcu.table_schema = tc.table_schema AND kcu.table_name = tc.table_name
      WHERE tc.constraint_type = 'PRIMARY KEY' AND tc.table_schema = current_schema() AND tc.table_name = ANY($1)
      GROUP BY tc.table_name, tc.constraint_name`,
    [seriesTables().map((t) => t.name)],
  );
  return seriesTables().flatMap((table) => {
    const found = rows.find((r) => r.table_name === table.name);
    return found && found.columns.join(",") !== table.key.join(",") ? [{ table, constraint: found.constraint_name }] : [];
  });
}

/**
 * Columns the SQLite schema declares that a store of an older release lacks (`ingested_files.worldview`,
 * added when files began to record the point of view their outlines followed).
 */
async function missingColumns(client: Pick<PoolClient, "query">): Promise<{ table: SeriesTable; column: TableColumn }[]> {
  const { rows } = await client.query<{ table_name: string; column_name: string }>(
    "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ANY($1)",
    [seriesTables().map((t) => t.name)],
  );
  const present = new Set(rows.map((r) => `${r.table_name}.${r.column_name}`));
  const tablesPresent = new Set(rows.map((r) => r.table_name));
  return seriesTables().flatMap((table) =>
    tablesPresent.has(table.name) ? table.columns.filter((c) => !present.has(`${table.name}.${c.name}`)).map((column) => ({ table, column })) : [],
  );
}

/**
 * Creates the tables where missing, gives older tables the present primary key and the columns added since
 * (nullable: rows from before have none), one creator at a time (several workers may start together).
 * Nothing is done, and no lock taken, when every table is as declared.
 */
export async function ensurePostgresSchema(client: PoolClient): Promise<void> {
  if ((await schemaComplete(client)) && (await staleKeys(client)).length === 0 && (await missingColumns(client)).length === 0) return;
  await client.query("BEGIN");
  try {
    await client.query("SELECT pg_advisory_xact_lock(hashtext('sacap:series-schema'))");
    await client.query(postgresSchemaSql());
    for (const { table, constraint } of await staleKeys(client)) {
      await client.query(`ALTER TABLE ${quoteName(table.name)} DROP CONSTRAINT ${quoteName(constraint)}, ADD PRIMARY KEY (${table.key.map(quoteName).join(", ")})`);
    }
    for (const { table, column } of await missingColumns(client)) {
      await client.query(`ALTER TABLE ${quoteName(table.name)} ADD COLUMN IF NOT EXISTS ${quoteName(column.name)} ${PG_TYPES[column.type] ?? "text"}`);
    }
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  }
}

/** The store's data version: raised by every batch that commits. */
export async function dataVersion(client: Pick<PoolClient, "query">): Promise<number> {
  const { rows } = await client.query("SELECT version FROM series_meta WHERE id = 1");
  return rows.length ? Number(rows[0].version) : 0;
}
