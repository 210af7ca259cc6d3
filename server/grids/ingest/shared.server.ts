import pg from "pg";
import { openSeriesDatabase } from "../../series/ingest/ingest.server";
import { ensurePostgresSchema } from "../../series/postgres/schema.server";
import { ScratchStore } from "../../series/queue/scratch.server";
import { buildGridFiles, type BuildGridOptions, type BuildGridSummary } from "./build";

/**
 * The gridded fields from the shared series store (PostgreSQL, `--queue URL`): the queue's workers publish
 * the cells' values there like every other table of the series database (`grid_cell_sets`,
 * `grid_cell_years`); one indicator at a time, its rows of the historical run and of the scenarios asked
 * for (with the spells' states for CDD and CWD, and the runs' file records, whose calendars weigh the
 * seasons' months) are copied into a scratch SQLite file and the files written
 * from it as on one machine (`buildGridFiles`). A queue's field job is one indicator and scenario.
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
      // every scenario of the indicator, or only those asked for (and always the historical run: the baseline)
      const scenarios = options.only?.filter((o) => o.indicator === indicator).map((o) => o.scenario);
      const where = scenarios ? "indicator = $1 AND scenario = ANY($2)" : "indicator = $1";
      const params = scenarios ? [indicator, ["historical", ...scenarios]] : [indicator];
      try {
        await scratch.seed(client, "grid_cell_years", where, params);
        await scratch.seed(client, "grid_cell_sets", `(grid, cells) IN (SELECT DISTINCT grid, cells FROM grid_cell_years WHERE ${where})`, params);
        if (indicator === "cdd" || indicator === "cwd") await scratch.seed(client, "spell_states", where, params);
        // the runs' files: their calendar weighs a season's months by their days (`runCalendar`)
        await scratch.seed(client, "ingested_files", `(model, scenario) IN (SELECT DISTINCT model, scenario FROM grid_cell_years WHERE ${where})`, params);
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
