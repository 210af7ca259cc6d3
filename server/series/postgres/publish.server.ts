import type { PoolClient } from "pg";
import type { ScratchStore } from "../queue/scratch.server";
import { quoteName as quote, seriesTables } from "./schema.server";

/**
 * Publishes what a job wrote into its own database (`ScratchStore`) to the shared store: every noted row
 * upserted (or deleted where the job deleted it), inside the caller's transaction, so that readers see a
 * model-year whole or not at all.
 */

/** PostgreSQL takes at most 65,535 parameters a statement. */
const MAX_PARAMETERS = 60_000;

export interface PublishCounts {
  /** Rows upserted and deleted, by table. */
  upserted: Record<string, number>;
  deleted: Record<string, number>;
}

/** Applies the job's changes with `client` (in its open transaction). */
export async function publishChanges(client: Pick<PoolClient, "query">, scratch: ScratchStore): Promise<PublishCounts> {
  const counts: PublishCounts = { upserted: {}, deleted: {} };
  const byTable = new Map<string, unknown[][]>();
  for (const change of scratch.changes()) {
    const keys = byTable.get(change.table) ?? [];
    keys.push(change.key);
    byTable.set(change.table, keys);
  }
  for (const table of seriesTables()) {
    const keys = byTable.get(table.name);
    if (!keys) continue;
    const rows = scratch.rows(table.name, keys);
    const present = rows.filter((r): r is unknown[] => r !== undefined);
    const gone = keys.filter((_, i) => rows[i] === undefined);
    const columns = table.columns.map((c) => quote(c.name));
    const others = table.columns.filter((c) => !table.key.includes(c.name)).map((c) => quote(c.name));
    const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
    for (let start = 0; start < present.length; start += perStatement) {
      const chunk = present.slice(start, start + perStatement);
      const values: unknown[] = [];
      const tuples = chunk.map((row) => `(${row.map((v) => { values.push(v); return `$${values.length}`; }).join(", ")})`);
      const update = others.length > 0 ? `DO UPDATE SET ${others.map((c) => `${c} = EXCLUDED.${c}`).join(", ")}` : "DO NOTHING";
      await client.query(`INSERT INTO ${table.name} (${columns.join(", ")}) VALUES ${tuples.join(", ")} ON CONFLICT (${table.key.map(quote).join(", ")}) ${update}`, values);
    }
    for (const key of gone) {
      await client.query(`DELETE FROM ${table.name} WHERE ${table.key.map((k, i) => `${quote(k)} = $${i + 1}`).join(" AND ")}`, key);
    }
    counts.upserted[table.name] = present.length;
    counts.deleted[table.name] = gone.length;
  }
  return counts;
}
