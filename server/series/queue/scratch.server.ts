import BetterSqlite3 from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PoolClient } from "pg";
import { openSeriesDatabase } from "../ingest/ingest.server";
import { quoteName as quote, seriesTables, type SeriesTable } from "../postgres/schema.server";

/**
 * A job's own series database: a SQLite file in a temporary folder that the one ingest (`ingest()`) reads
 * and writes as it does on a single machine. It starts with the rows of the shared store the job needs
 * (its files' records, the grid masks, the model's thresholds, the run's rows and neighbouring years),
 * copied in quietly; from then on triggers note the key of every row the ingest inserts, changes or
 * deletes, and only those rows are published to the shared store (./../postgres/publish.server.ts).
 */

/** A row key noted by the triggers: the table and the key's values as a JSON array. */
export interface Change {
  table: string;
  key: unknown[];
}


function triggersSql(t: SeriesTable): string {
  const key = (row: "NEW" | "OLD") => `json_array(${t.key.map((k) => `${row}.${quote(k)}`).join(", ")})`;
  const when = "WHEN NOT EXISTS (SELECT 1 FROM _quiet)";
  return [
    `CREATE TRIGGER IF NOT EXISTS _noted_${t.name}_insert AFTER INSERT ON ${t.name} ${when} BEGIN INSERT OR IGNORE INTO _changes VALUES ('${t.name}', ${key("NEW")}); END;`,
    `CREATE TRIGGER IF NOT EXISTS _noted_${t.name}_update AFTER UPDATE ON ${t.name} ${when} BEGIN INSERT OR IGNORE INTO _changes VALUES ('${t.name}', ${key("OLD")}); INSERT OR IGNORE INTO _changes VALUES ('${t.name}', ${key("NEW")}); END;`,
    `CREATE TRIGGER IF NOT EXISTS _noted_${t.name}_delete AFTER DELETE ON ${t.name} ${when} BEGIN INSERT OR IGNORE INTO _changes VALUES ('${t.name}', ${key("OLD")}); END;`,
  ].join("\n");
}

export class ScratchStore {
  readonly dir: string;
  readonly file: string;
  private readonly tables = new Map(seriesTables().map((t) => [t.name, t]));

  constructor() {
    this.dir = mkdtempSync(path.join(tmpdir(), "sacap-job-"));
    this.file = path.join(this.dir, "series.db");
    const db = openSeriesDatabase(this.file);
    try {
      // the ingest opens the file again: keep it in one file (no WAL beside it to lose)
      db.pragma("journal_mode = DELETE");
      db.exec("CREATE TABLE _changes (tbl TEXT NOT NULL, key TEXT NOT NULL, PRIMARY KEY (tbl, key)) WITHOUT ROWID; CREATE TABLE _quiet (x INTEGER);");
      for (const t of this.tables.values()) if (t.key.length > 0) db.exec(triggersSql(t));
    } finally {
      db.close();
    }
  }

  private open(): BetterSqlite3.Database {
    const db = new BetterSqlite3(this.file);
    db.pragma("busy_timeout = 5000");
    return db;
  }

  /**
   * Copies rows of the shared store into the job's database without noting them: `where` is SQL over the
   * table's columns with $1.. parameters. Rows already there are replaced (neighbours read again later).
   */
  async seed(client: Pick<PoolClient, "query">, table: string, where: string, params: unknown[]): Promise<number> {
    const t = this.tables.get(table);
    if (!t) throw new Error(`no series table ${table}`);
    const { rows } = await client.query({ text: `SELECT ${t.columns.map((c) => quote(c.name)).join(", ")} FROM ${t.name} WHERE ${where}`, values: params, rowMode: "array" });
    if (rows.length === 0) return 0;
    const db = this.open();
    try {
      const insert = db.prepare(`INSERT OR REPLACE INTO ${t.name} (${t.columns.map((c) => quote(c.name)).join(", ")}) VALUES (${t.columns.map(() => "?").join(", ")})`);
      const integer = t.columns.map((c) => c.type === "INTEGER");
      db.transaction(() => {
        db.prepare("INSERT INTO _quiet VALUES (1)").run();
        for (const row of rows as unknown[][]) insert.run(...row.map((v, i) => (integer[i] && v !== null ? Number(v) : v)));
        db.prepare("DELETE FROM _quiet").run();
      })();
      return rows.length;
    } finally {
      db.close();
    }
  }

  /** The keys the ingest wrote, changed or deleted, by table. */
  changes(): Change[] {
    const db = this.open();
    try {
      return (db.prepare("SELECT tbl, key FROM _changes ORDER BY tbl, key").all() as { tbl: string; key: string }[]).map((r) => ({ table: r.tbl, key: JSON.parse(r.key) as unknown[] }));
    } finally {
      db.close();
    }
  }

  /** The row of a noted key as it is now (undefined: deleted), column values in the table's order. */
  rows(table: string, keys: readonly unknown[][]): (unknown[] | undefined)[] {
    const t = this.tables.get(table)!;
    const db = this.open();
    try {
      const select = db.prepare(`SELECT ${t.columns.map((c) => quote(c.name)).join(", ")} FROM ${t.name} WHERE ${t.key.map((k) => `${quote(k)} = ?`).join(" AND ")}`).raw(true);
      return keys.map((key) => select.get(...key) as unknown[] | undefined);
    } finally {
      db.close();
    }
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
