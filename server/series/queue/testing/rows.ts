import BetterSqlite3 from "better-sqlite3";
import pg from "pg";
import { seriesTables } from "../../postgres/schema.server";

/**
 * Every row of the series tables of a store, as comparable text (blobs as hex, PostgreSQL's bigint strings
 * as numbers), without what differs by design between two ingests of the same files: where and when a file
 * was read (`path`, `ingested_at`), when thresholds were computed and when a place was added.
 */

function comparable(table: string, columns: string[], row: unknown[]): string {
  const skip = new Set(table === "ingested_files" ? ["path", "ingested_at"] : table === "percentile_thresholds" ? ["computed_at"] : table === "added_places" ? ["added_at"] : []);
  return JSON.stringify(row.map((v, i) => (skip.has(columns[i]) ? null : Buffer.isBuffer(v) ? v.toString("hex") : typeof v === "string" && /^-?\d+$/.test(v) && columns[i] !== "sha256" ? Number(v) : v)));
}

export async function postgresRows(url: string): Promise<Record<string, string[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const out: Record<string, string[]> = {};
    for (const t of seriesTables()) {
      const names = t.columns.map((c) => c.name);
      const { rows } = await client.query({ text: `SELECT ${names.join(", ")} FROM ${t.name}`, rowMode: "array" });
      out[t.name] = (rows as unknown[][]).map((r) => comparable(t.name, names, r)).sort();
    }
    return out;
  } finally {
    await client.end();
  }
}

export function sqliteRows(file: string): Record<string, string[]> {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    const out: Record<string, string[]> = {};
    for (const t of seriesTables()) {
      const names = t.columns.map((c) => c.name);
      const rows = db.prepare(`SELECT ${names.join(", ")} FROM ${t.name}`).raw(true).all() as unknown[][];
      out[t.name] = rows.map((r) => comparable(t.name, names, r)).sort();
    }
    return out;
  } finally {
    db.close();
  }
}
