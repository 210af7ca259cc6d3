import { hostname } from "node:os";
import pg from "pg";
import type PgBoss from "pg-boss";
import { ETCCDI_BASE_PERIOD } from "../../../app/features/cmip6/periods";
import { ingest, nameYears, planIngest, type IngestOptions, type IngestPlan, type IngestSeeds, type IngestSet, type IngestSummary } from "../ingest/ingest.server";
import { readElevationGrid } from "../ingest/elevation";
import { SPELL_INDICES } from "../ingest/indices";
import { observationDataset } from "../../../app/features/observations/datasets";
import { ensurePostgresSchema } from "../postgres/schema.server";
import { publishChanges } from "../postgres/publish.server";
import { ScratchStore } from "./scratch.server";
import { ATTEMPTS, BASE_QUEUE, DEFAULT_LEASE, GRID_LEASE, GRID_QUEUE, openQueue, SET_QUEUE, type QueueConnection } from "./boss.server";
import { GRID_INDICATORS, GRID_SCENARIOS } from "../../../app/features/grids/grid";
import { buildGridFilesFromShared } from "../../grids/ingest/shared.server";
import type { BuildSeeds } from "../../grids/ingest/build";
import { dailyStoreHolds } from "../../ondemand/daily-writer";
import { InProcessRunner } from "../../ondemand/compute";
import { ensureOnDemandSchema, OnDemandWork, PostgresResults, type OnDemandEvent } from "../../ondemand/queue.server";
import { createDailySource } from "../../ondemand/source";

/**
 * Ingest as jobs on pg-boss, a PostgreSQL-backed queue (docs/decisions/023-ingest-queue.md): the
 * `npm run ingest -- FILES --queue URL` enqueues one job per set of files (a model's scenario run over the
 * years of its files, every variable of it: what PET, THI and DTR read together), and any number of
 * `npm run ingest:worker -- --queue URL` processes, on any number of machines, take them.
 *
 * A job computes its set with the single-machine ingest into a database of its own (`ScratchStore`), seeded
 * with the rows of the shared store it needs, and publishes the rows it wrote in one PostgreSQL
 * transaction that also raises the store's data version and records the set as done: readers see a
 * model-year whole or not at all, and a job done twice writes the same rows twice. The years of one model
 * run are joined (dry and wet spells across the new year) under an advisory lock on the run, held from
 * reading the neighbouring years to the commit. A job is leased for `lease` seconds: a worker that dies
 * loses it then, and another worker does it again. A job that fails three times is recorded with its error
 * (`ingest_sets`) while the rest go on.
 *
 * Percentile indices: a base year (1961-1990 of the historical run) stores its days; the worker that
 * commits a model's last base year schedules the model's percentile base as a job of its own, which
 * computes the thresholds and the base years' indices and then queues again the sets that were read before
 * the thresholds existed.
 *
 * Gridded fields: when a job leaves nothing queued, running or to retry (no set, no percentile base), its
 * worker queues one field job per indicator and scenario with stored cells (`GRID_QUEUE`); the workers take
 * them like the sets, each writing the files of its indicator and scenario (one per season) into the folder
 * named at enqueue time, which every worker and app server mounts at the same path: the jobs write disjoint
 * files, each renamed into place whole. A field job queued while the same one waits is not queued twice.
 */

export { ATTEMPTS, BASE_QUEUE, DEFAULT_LEASE, GRID_LEASE, GRID_QUEUE, openQueue, SET_QUEUE, type QueueConnection } from "./boss.server";

/** What every worker must read the same way: given once at enqueue time and carried by each job. */
export interface JobSettings {
  variables?: string[];
  chunkDays?: number;
  trust?: "name" | "time-axis";
  replace?: boolean;
  minCoverage?: number;
  places?: string;
  elevation?: string;
  observed?: string;
  percentileBase?: { start: number; end: number };
  /**
   * Seconds a job may run before the queue takes it back (a worker that died loses its job then): a set's
   * job and a percentile base's. Chosen at enqueue time: each job carries its own.
   */
  lease?: { set: number; base: number };
  /**
   * The gridded fields: the folder the workers write them into once the sets are done (absolute, the same
   * path on every machine), or false to keep no grid cells and write no fields (`--no-grids`).
   */
  grids?: { dir: string } | false;
  /**
   * The daily store (`DAILY_DIR` when the files were queued; absolute, the same path on every machine): each
   * job keeps its set's days there too, made visible under the model run's lock before its rows commit.
   */
  daily?: { dir: string };
}

interface SetJobData {
  setKey: string;
  settings: JobSettings;
}

interface BaseJobData {
  model: string;
  /** A base-year set of the model, read again with every base year at hand. */
  setKey: string;
  settings: JobSettings;
}

interface GridJobData {
  indicator: string;
  scenario: string;
  dir: string;
}

const BASE_SCENARIO = "historical";
const leaseOf = (settings: JobSettings) => settings.lease ?? DEFAULT_LEASE;

/** Sets of the historical run's percentile base first: a model's base completes early and few sets wait for it. */
function priorityOf(set: IngestSet, base: { start: number; end: number }): number {
  const years = nameYears(set.years);
  if (set.scenario !== BASE_SCENARIO) return 0;
  return years.end >= base.start && years.start <= base.end ? 2 : 1;
}

export interface EnqueueResult {
  plan: IngestPlan;
  queued: string[];
  /** Sets recorded as done before, with the same files: not queued again. */
  done: string[];
}

/** Records the sets in `ingest_sets` and queues a job for each that is not done. */
export async function enqueue(connection: QueueConnection, options: { paths: readonly string[]; seeds: IngestSeeds; settings: JobSettings; log?: (line: string) => void }): Promise<EnqueueResult> {
  const plan = await planIngest({ paths: options.paths, variables: options.settings.variables, seeds: options.seeds, observed: options.settings.observed ? observationDataset(options.settings.observed) : undefined, log: options.log });
  const pool = new pg.Pool({ connectionString: connection.url, max: 2 });
  const result: EnqueueResult = { plan, queued: [], done: [] };
  const boss = await openQueue(connection);
  try {
    const client = await pool.connect();
    try {
      await ensurePostgresSchema(client);
      const base = options.settings.percentileBase ?? ETCCDI_BASE_PERIOD;
      for (const set of plan.sets) {
        const files = set.files.map((f) => ({ path: f.path, name: f.name, variable: f.variable }));
        const bytes = Math.round(set.files.reduce((s, f) => s + f.bytes, 0));
        // a set done before the daily store was named, or whose days it lacks, is queued again for it
        const daily = options.settings.daily;
        const lacksDays = daily !== undefined && !dailyStoreHolds(daily.dir, set.model, set.scenario, set.files.map((f) => ({ variable: f.variable, years: nameYears(set.years), file: f.name })));
        // a set done with the same files stays done (its files are recorded by checksum in the store): no row
        // is inserted or updated for it, and none returned
        const { rows } = await client.query(
          `INSERT INTO ingest_sets (set_key, model, scenario, years, files, bytes, state) VALUES ($1, $2, $3, $4, $5, $6, 'queued')
           ON CONFLICT (set_key) DO UPDATE SET files = EXCLUDED.files, bytes = EXCLUDED.bytes, state = 'queued', attempts = 0, error = NULL, queued_at = now()
             WHERE NOT (ingest_sets.state = 'done' AND ingest_sets.files = EXCLUDED.files) OR $7::boolean
           RETURNING state`,
          [set.key, set.model, set.scenario, set.years, JSON.stringify(files), bytes, lacksDays],
        );
        if (rows.length === 0) {
          result.done.push(set.key);
          continue;
        }
        await boss.send(SET_QUEUE, { setKey: set.key, settings: options.settings } satisfies SetJobData, { priority: priorityOf(set, base), expireInSeconds: leaseOf(options.settings).set });
        result.queued.push(set.key);
      }
    } finally {
      client.release();
    }
  } finally {
    await boss.stop({ graceful: false, wait: true }).catch(() => {});
    await pool.end();
  }
  return result;
}

export interface WorkerOptions extends QueueConnection {
  /** What the ingest reads, and the warming levels the field jobs' windows need. */
  seeds: IngestSeeds & BuildSeeds;
  /** Jobs this process runs at a time (default 1: a job keeps a core busy). */
  concurrency?: number;
  /**
   * On-demand computations (server/ondemand/queue.server.ts) this process takes at a time besides its ingest
   * jobs (default 1; 0 none), on its own thread, over the days of the daily store each job names.
   */
  ondemand?: number;
  /** Seconds between polls of an empty queue (default 2). */
  pollSeconds?: number;
  /** Each job finished or failed, for the worker's output. */
  onJob?: (event: JobEvent) => void;
  /** Each on-demand computation finished, stopped or failed. */
  onOnDemand?: (event: OnDemandEvent) => void;
  log?: (line: string) => void;
}

export interface JobEvent {
  kind: "set" | "base" | "grid";
  key: string;
  state: "done" | "retry" | "failed";
  seconds: number;
  rows: number;
  error?: string;
  /** Files of the set that failed (the rest of the set was written). */
  failedFiles?: { file: string; reason: string }[];
  /** A field job: the files it wrote. */
  files?: string[];
}

const workerName = () => `${hostname()}:${process.pid}`;

/** Starts a worker; resolves with a stop function once it takes jobs. */
export async function startWorker(options: WorkerOptions): Promise<{ stop: () => Promise<void> }> {
  const pool = new pg.Pool({ connectionString: options.url, max: 4 + (options.concurrency ?? 1) * 2 + (options.ondemand ?? 1) * 2 });
  const client = await pool.connect();
  try {
    await ensurePostgresSchema(client);
  } finally {
    client.release();
  }
  const boss = await openQueue(options);
  const context: JobContext = { url: options.url, pool, boss, seeds: options.seeds, log: options.log ?? (() => {}) };
  const polling = { pollingIntervalSeconds: options.pollSeconds ?? 2, batchSize: 1 };
  for (let i = 0; i < (options.concurrency ?? 1); i++) {
    // "retry": the queue gives the job again; "failed" (the last attempt): recorded, and the job ends
    await boss.work<SetJobData>(SET_QUEUE, polling, async ([job]) => {
      const event = await runJob(context, "set", job.data.setKey, job.data.settings, false, job.id);
      options.onJob?.(event);
      if (event.state === "retry") throw new Error(event.error);
    });
    await boss.work<BaseJobData>(BASE_QUEUE, polling, async ([job]) => {
      const event = await runJob(context, "base", job.data.setKey, job.data.settings, true, job.id);
      options.onJob?.(event);
      if (event.state === "retry") throw new Error(event.error);
    });
    await boss.work<GridJobData>(GRID_QUEUE, { ...polling, includeMetadata: true }, async ([job]) => {
      const event = await runGridJob(context, job.data, job.retryCount + 1 >= ATTEMPTS);
      options.onJob?.(event);
      if (event.state === "retry") throw new Error(event.error);
    });
  }
  let ondemand: OnDemandWork | undefined;
  if ((options.ondemand ?? 1) > 0) {
    await ensureOnDemandSchema(pool);
    // one source of days per daily store named (a job queued without one reads the sample generator)
    const runners = new Map<string, InProcessRunner>();
    const runnerFor = (dir: string | undefined) => {
      let runner = runners.get(dir ?? "");
      if (!runner) runners.set(dir ?? "", (runner = new InProcessRunner(createDailySource(options.seeds, dir))));
      return runner;
    };
    ondemand = new OnDemandWork({ pool, results: new PostgresResults(pool, Number.MAX_SAFE_INTEGER), runnerFor, onJob: options.onOnDemand });
    await ondemand.start(boss, options.ondemand ?? 1, polling.pollingIntervalSeconds);
  }
  return {
    stop: async () => {
      // on-demand computations under way are given back to the queue; the ingest's job at hand is finished
      await ondemand?.stop();
      await boss.stop({ graceful: true, wait: true, timeout: 30_000 });
      await pool.end();
    },
  };
}

interface JobContext {
  url: string;
  pool: pg.Pool;
  boss: PgBoss;
  seeds: IngestSeeds & BuildSeeds;
  log: (line: string) => void;
}

/** The rows of the shared store a set's ingest reads, copied into its own database. */
async function seedSet(client: pg.PoolClient, scratch: ScratchStore, set: { model: string; scenario: string; years: string; files: { name: string }[] }, base: boolean): Promise<void> {
  const span = nameYears(set.years);
  await scratch.seed(client, "ingested_files", "name = ANY($1)", [set.files.map((f) => f.name)]);
  await scratch.seed(client, "grid_masks", "true", []);
  await scratch.seed(client, "series_years", "model = $1 AND scenario = $2 AND year BETWEEN $3 AND $4", [set.model, set.scenario, span.start, span.end]);
  await scratch.seed(client, "percentile_thresholds", "model = $1", [set.model]);
  await scratch.seed(client, "percentile_pending", "model = $1 AND scenario = $2", [set.model, set.scenario]);
  if (base) await scratch.seed(client, "percentile_base_days", "model = $1", [set.model]);
}

/** Elevation grids read once per worker. */
const elevations = new Map<string, ReturnType<typeof readElevationGrid>>();
function elevationOf(file: string) {
  let grid = elevations.get(file);
  if (!grid) {
    grid = readElevationGrid(file);
    grid.catch(() => elevations.delete(file));
    elevations.set(file, grid);
  }
  return grid;
}

/** 64-bit advisory lock key of a model run (its years are joined under it). */
const runLock = (model: string, scenario: string) => `sacap:run:${model}:${scenario}`;

async function runJob(context: JobContext, kind: "set" | "base", setKey: string, settings: JobSettings, force: boolean, jobId: string): Promise<JobEvent> {
  const started = performance.now();
  const { pool } = context;
  const lookup = await pool.query("SELECT model, scenario, years, files, attempts FROM ingest_sets WHERE set_key = $1", [setKey]);
  if (lookup.rows.length === 0) return { kind, key: setKey, state: "failed", seconds: 0, rows: 0, error: `no set ${setKey} in ingest_sets` };
  const set = lookup.rows[0] as { model: string; scenario: string; years: string; files: { path: string; name: string; variable: string }[]; attempts: number };
  await pool.query("UPDATE ingest_sets SET state = 'running', attempts = attempts + 1, worker = $2, started_at = now() WHERE set_key = $1", [setKey, workerName()]);
  const scratch = new ScratchStore();
  // the connection that holds the run's lock from reading its neighbours to the commit
  const locked = await pool.connect();
  let holding = false;
  const unlock = async () => {
    if (!holding) return;
    holding = false;
    await locked.query("SELECT pg_advisory_unlock(hashtextextended($1, 0))", [runLock(set.model, set.scenario)]);
  };
  let summary: IngestSummary | undefined;
  try {
    await seedSet(locked, scratch, set, kind === "base");
    const options: IngestOptions = {
      paths: set.files.map((f) => f.path),
      database: scratch.file,
      variables: settings.variables,
      seeds: context.seeds,
      chunkDays: settings.chunkDays,
      trust: settings.trust,
      replace: settings.replace,
      minCoverage: settings.minCoverage,
      places: settings.places,
      elevation: settings.elevation ? await elevationOf(settings.elevation) : undefined,
      observed: settings.observed ? observationDataset(settings.observed) : undefined,
      percentileBase: settings.percentileBase,
      grids: settings.grids !== false,
      daily: settings.daily?.dir,
      force,
      log: context.log,
      beforeWrite: async ({ model, scenario }) => {
        if (!holding) {
          await locked.query("SELECT pg_advisory_lock(hashtextextended($1, 0))", [runLock(model, scenario)]);
          holding = true;
        }
        // the run's spells and spell rows as committed now: the neighbouring years of this set
        await scratch.seed(locked, "spell_states", "model = $1 AND scenario = $2", [model, scenario]);
        await scratch.seed(locked, "series_years", "model = $1 AND scenario = $2 AND frequency = 'annual' AND indicator = ANY($3)", [model, scenario, [...SPELL_INDICES]]);
      },
    };
    summary = await ingest(options);
    const failedFiles = summary.failed.map((f) => ({ file: f.file, reason: f.reason }));
    // a failed file: the rest of the set is written, and the set is tried again, then recorded as failed
    const error = failedFiles.length > 0 ? failedFiles.map((f) => `${f.file}: ${f.reason}`).join("; ") : undefined;
    const state = error === undefined ? "done" : set.attempts + 1 >= ATTEMPTS ? "failed" : "retry";
    await locked.query("BEGIN");
    try {
      const counts = await publishChanges(locked, scratch);
      const written = Object.values(counts.upserted).reduce((a, b) => a + b, 0) + Object.values(counts.deleted).reduce((a, b) => a + b, 0);
      if (written > 0) await locked.query("UPDATE series_meta SET version = version + 1, committed_at = now() WHERE id = 1");
      await locked.query("UPDATE ingest_sets SET state = $2, error = $3, finished_at = now(), seconds = $4 WHERE set_key = $1", [setKey, state, error ?? null, (performance.now() - started) / 1000]);
      await locked.query("COMMIT");
    } catch (error) {
      await locked.query("ROLLBACK").catch(() => {});
      throw error;
    }
    await unlock();
    await schedule(context, set, setKey, settings, kind);
    await scheduleFields(context, settings, jobId);
    const seconds = (performance.now() - started) / 1000;
    return { kind, key: setKey, state, seconds, rows: summary.rows, ...(error !== undefined ? { error, failedFiles } : {}) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const final = set.attempts + 1 >= ATTEMPTS;
    await pool.query("UPDATE ingest_sets SET state = $2, error = $3, finished_at = now() WHERE set_key = $1", [setKey, final ? "failed" : "retry", message]).catch(() => {});
    context.log(`job ${jobId} (${setKey}): ${message}`);
    return { kind, key: setKey, state: final ? "failed" : "retry", seconds: (performance.now() - started) / 1000, rows: summary?.rows ?? 0, error: message };
  } finally {
    await unlock().catch(() => {});
    locked.release();
    scratch.remove();
  }
}

/**
 * After a commit: a model whose base years are all stored and that has no thresholds gets its percentile
 * base job; after a base, and after a set that had to wait while its model's thresholds appeared, the sets
 * waiting for them are queued again.
 */
async function schedule(context: JobContext, set: { model: string; scenario: string }, setKey: string, settings: JobSettings, kind: "set" | "base"): Promise<void> {
  const { pool, boss } = context;
  const base = settings.percentileBase ?? ETCCDI_BASE_PERIOD;
  const need = base.end - base.start + 1;
  const label = `${base.start}-${base.end}`;
  if (kind === "set" && set.scenario === BASE_SCENARIO) {
    const { rows } = await pool.query(
      `SELECT d.variable FROM percentile_base_days d
        WHERE d.model = $1 AND d.block = 0
          AND NOT EXISTS (SELECT 1 FROM percentile_thresholds t WHERE t.model = d.model AND t.variable = d.variable AND t.grid = d.grid AND t.cells = d.cells AND t.base = $3)
        GROUP BY d.variable, d.grid, d.cells HAVING count(DISTINCT d.year) >= $2`,
      [set.model, need, label],
    );
    if (rows.length > 0) {
      await boss.send(BASE_QUEUE, { model: set.model, setKey, settings } satisfies BaseJobData, { singletonKey: set.model, priority: 3, expireInSeconds: leaseOf(settings).base });
      context.log(`${set.model}: percentile base ${label} complete (${rows.map((r) => r.variable).join(", ")}); its job is queued`);
    }
  }
  // sets read before their model's thresholds existed, now that they exist
  const { rows: waiting } = await pool.query(
    `SELECT DISTINCT s.set_key FROM percentile_pending p
       JOIN ingest_sets s ON s.model = p.model AND s.scenario = p.scenario
      WHERE p.model = $1 AND EXISTS (SELECT 1 FROM percentile_thresholds t WHERE t.model = p.model AND t.variable = p.variable AND t.base = $2)
        AND p.year BETWEEN split_part(s.years, '-', 1)::int AND COALESCE(NULLIF(split_part(s.years, '-', 2), ''), split_part(s.years, '-', 1))::int
        AND s.state <> 'running'`,
    [set.model, label],
  );
  for (const { set_key } of waiting) {
    // its attempts go on counting: a set whose file keeps failing is read once more, not three times
    await pool.query("UPDATE ingest_sets SET state = 'queued', queued_at = now() WHERE set_key = $1 AND state <> 'running'", [set_key]);
    await boss.send(SET_QUEUE, { setKey: set_key, settings } satisfies SetJobData, { priority: 1, expireInSeconds: leaseOf(settings).set });
  }
  if (waiting.length > 0) context.log(`${set.model}: ${waiting.length} set(s) read again for their percentile indices`);
}

/**
 * After a commit: when nothing is left to ingest (no set queued, running or to retry, no percentile base
 * but this job), the field jobs of every indicator and scenario with stored cells are queued. Two workers
 * finishing together may both queue them: a job already waiting is not queued again (`stately`).
 */
async function scheduleFields(context: JobContext, settings: JobSettings, jobId: string): Promise<void> {
  const grids = settings.grids;
  if (!grids) return;
  const { pool, boss } = context;
  const { rows: left } = await pool.query("SELECT count(*)::int AS n FROM ingest_sets WHERE state IN ('queued', 'running', 'retry')");
  if (left[0].n > 0) return;
  const { rows: bases } = await pool.query("SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry', 'active') AND id::text <> $2", [BASE_QUEUE, jobId]);
  if (bases[0].n > 0) return;
  const pairs = await gridPairs(pool);
  for (const { indicator, scenario } of pairs) {
    await boss.send(GRID_QUEUE, { indicator, scenario, dir: grids.dir } satisfies GridJobData, { singletonKey: `${indicator}|${scenario}`, expireInSeconds: GRID_LEASE });
  }
  if (pairs.length > 0) context.log(`every set is done: ${pairs.length} gridded field job(s) queued (${grids.dir})`);
}

/** The indicators and scenarios with stored grid cells (a field also needs the historical run's). */
async function gridPairs(pool: pg.Pool): Promise<{ indicator: string; scenario: string }[]> {
  const { rows } = await pool.query("SELECT DISTINCT indicator, scenario FROM grid_cell_years WHERE scenario <> 'historical' ORDER BY indicator, scenario");
  return rows.filter((r) => (GRID_INDICATORS as readonly string[]).includes(r.indicator) && (GRID_SCENARIOS as readonly string[]).includes(r.scenario));
}

/** A field job: the files of one indicator and scenario from the shared store's cells (`buildGridFilesFromShared`). */
async function runGridJob(context: JobContext, job: GridJobData, last: boolean): Promise<JobEvent> {
  const started = performance.now();
  const key = `${job.indicator} ${job.scenario}`;
  try {
    const built = await buildGridFilesFromShared(context.url, { gridDir: job.dir, seeds: context.seeds, only: [{ indicator: job.indicator, scenario: job.scenario }], log: context.log });
    for (const s of built.skipped) context.log(`grid ${s.indicator} ${s.scenario}: ${s.reason}`);
    return { kind: "grid", key, state: "done", seconds: (performance.now() - started) / 1000, rows: built.written.length, files: built.written };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    context.log(`grid fields ${key}: ${message}`);
    return { kind: "grid", key, state: last ? "failed" : "retry", seconds: (performance.now() - started) / 1000, rows: 0, error: message };
  }
}

export interface QueueStatus {
  sets: { done: number; running: number; queued: number; retry: number; failed: number; total: number };
  /** Sets that failed for good, and sets with a failed file, with their errors. */
  failed: { set: string; attempts: number; error: string }[];
  running: { set: string; worker: string; seconds: number }[];
  /** Percentile base jobs queued or running. */
  bases: { model: string; state: string }[];
  /** Gridded field jobs queued or running, and those that failed for good (the last day's). */
  grids: { indicator: string; scenario: string; state: "queued" | "running" | "failed" }[];
  /** From the sets finished so far and the workers at work: seconds left (undefined before any finished). */
  etaSeconds?: number;
  dataVersion: number;
}

/** What the queue holds, for `npm run ingest -- --status --queue URL`. */
export async function queueStatus(url: string): Promise<QueueStatus> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const client = await pool.connect();
    try {
      await ensurePostgresSchema(client);
    } finally {
      client.release();
    }
    const counts = await pool.query("SELECT state, count(*)::int AS n, COALESCE(sum(bytes), 0)::float8 AS bytes FROM ingest_sets GROUP BY state");
    const by = Object.fromEntries(counts.rows.map((r) => [r.state, { n: r.n as number, bytes: r.bytes as number }]));
    const n = (state: string) => by[state]?.n ?? 0;
    const failed = await pool.query("SELECT set_key, attempts, error FROM ingest_sets WHERE error IS NOT NULL AND state IN ('failed', 'retry', 'done') ORDER BY set_key");
    const running = await pool.query("SELECT set_key, worker, EXTRACT(EPOCH FROM now() - started_at)::float8 AS seconds FROM ingest_sets WHERE state = 'running' ORDER BY started_at");
    const rate = await pool.query("SELECT COALESCE(sum(bytes), 0)::float8 AS bytes, COALESCE(sum(seconds), 0)::float8 AS seconds FROM ingest_sets WHERE state = 'done' AND seconds IS NOT NULL");
    const workers = Math.max(1, new Set(running.rows.map((r) => r.worker)).size);
    const left = (by.queued?.bytes ?? 0) + (by.retry?.bytes ?? 0) + (by.running?.bytes ?? 0);
    const perSecond = rate.rows[0].seconds > 0 ? rate.rows[0].bytes / rate.rows[0].seconds : 0;
    let bases: QueueStatus["bases"] = [];
    let grids: QueueStatus["grids"] = [];
    try {
      const jobs = await pool.query("SELECT data->>'model' AS model, state FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry', 'active') ORDER BY created_on", [BASE_QUEUE]);
      bases = jobs.rows.map((r) => ({ model: r.model, state: r.state === "active" ? "running" : "queued" }));
      // a field job that failed for good counts until a later one of the same field is done
      const fields = await pool.query(
        `SELECT DISTINCT ON (data->>'indicator', data->>'scenario') data->>'indicator' AS indicator, data->>'scenario' AS scenario, state
           FROM pgboss.job WHERE name = $1 AND (state IN ('created', 'retry', 'active') OR (state IN ('failed', 'completed') AND completed_on > now() - interval '1 day'))
          ORDER BY data->>'indicator', data->>'scenario', (state IN ('created', 'retry', 'active')) DESC, created_on DESC`,
        [GRID_QUEUE],
      );
      grids = fields.rows
        .filter((r) => r.state !== "completed")
        .map((r) => ({ indicator: r.indicator, scenario: r.scenario, state: r.state === "active" ? "running" : r.state === "failed" ? "failed" : "queued" }));
    } catch {
      // the queue's tables are made by the first enqueue or worker
    }
    const version = await pool.query("SELECT version FROM series_meta WHERE id = 1");
    return {
      sets: { done: n("done"), running: n("running"), queued: n("queued"), retry: n("retry"), failed: n("failed"), total: counts.rows.reduce((s, r) => s + (r.n as number), 0) },
      failed: failed.rows.map((r) => ({ set: r.set_key, attempts: r.attempts, error: r.error })),
      running: running.rows.map((r) => ({ set: r.set_key, worker: r.worker, seconds: r.seconds })),
      bases,
      grids,
      ...(perSecond > 0 ? { etaSeconds: left / (perSecond * workers) } : {}),
      dataVersion: version.rows.length ? Number(version.rows[0].version) : 0,
    };
  } finally {
    await pool.end();
  }
}
