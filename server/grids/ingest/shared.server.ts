import pg from "pg";
import { openSeriesDatabase } from "../../series/ingest/ingest.server";
import { ensurePostgresSchema } from "../../series/postgres/schema.server";
import { ScratchStore } from "../../series/queue/scratch.server";
import { buildGridFiles, type BuildGridOptions, type BuildGridSummary } from "./build";

/**
 * The gridded fields from the shared series store (PostgreSQL, `--queue URL`): the queue's workers publish
 * the cells' values there like every other table of the series database (`grid_cell_sets`,
 * `grid_cell_years`); one indicator at a time, its rows (and the spells' states for CDD and CWD) are copied
 * into a scratch SQLite file and the files written from it as on one machine (`buildGridFiles`).
 */
export async function buildGridFilesFromShared(url: string, options: Omit<BuildGridOptions, "db">): Promise<BuildGridSummary> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const client = await pool.connect();
  const summary: BuildGridSummary = { written: [], skipped: [] };
  try {
    await ensurePostgresSchema(client);
    const { rows } = await client.query("SELECT DISTINCT indicator FROM grid_cell_years ORDER BY indicator");
    const indicators = (rows as { indicator: string }[]).map((r) => r.indicator).filter((i) => !options.only || options.only.some((o) => o.indicator === i));
    for (const indicator of indicators) {
      const scratch = new ScratchStore();
      try {
        await scratch.seed(client, "grid_cell_years", "indicator = $1", [indicator]);
        await scratch.seed(client, "grid_cell_sets", "(grid, cells) IN (SELECT DISTINCT grid, cells FROM grid_cell_years WHERE indicator = $1)", [indicator]);
        if (indicator === "cdd" || indicator === "cwd") await scratch.seed(client, "spell_states", "indicator = $1", [indicator]);
        const db = openSeriesDatabase(scratch.file);
        try {
          const built = await buildGridFiles({ ...options, db, only: options.only?.filter((o) => o.indicator === indicator) });
          summary.written.push(...built.written);
          summary.skipped.push(...built.skipped);
        } finally {
          db.close();
        }
      } finally {
        scratch.remove();
      }
    }
    return summary;
  } finally {
    client.release();
    await pool.end();
  }
}
