import type pg from "pg";
import type PgBoss from "pg-boss";
import { transaction } from "../db/postgres.server";
import { ATTEMPTS, ONDEMAND_QUEUE } from "../series/queue/boss.server";
import { InProcessRunner, taskFromJson, taskToJson, type ComputeRunner, type KeptResult } from "./compute";
import { CACHED, DEFAULT_JOB_LIMITS, JOB_TTL_MS, logFailure, prepareJob, type Job, type JobLimits, type JobStatus, type OnDemandJobsOptions, type OnDemandService, type Submission } from "./jobs.server";
import { resultBytes, type ResultStore } from "./results.server";

/**
 * On-demand jobs on the PostgreSQL queue (SERIES_DB=postgres://..., the database of the ingest queue and of
 * the shared series store), for several app servers and any number of worker machines: a job's record
 * (status, progress, message) is a row of `ondemand_jobs`, its results a row of `ondemand_results` by
 * their key, and its computation a job of the queue engine every kind of job shares
 * (`ONDEMAND_QUEUE`, server/series/queue/boss.server.ts). So any app server answers for any job, and
 * the computations are taken by whoever works the queue: the app servers' on-demand threads
 * (ONDEMAND_JOBS each; 0: none) and `npm run ingest:worker` processes on other machines.
 *
 * As in one portal (`OnDemandJobs`): a question answered before is answered at once from its kept results;
 * a question asked while it is being computed joins that computation (one queue job per key: every row
 * with the key shares it, and it goes on while one of them is accepted or running); a client has at most
 * `perClient` jobs accepted or running, counted over every app server. A submission takes locks on the
 * client and the key for its transaction, and a computation's end (its results and its rows made
 * successful) takes the key's, so that a job never joins a computation that has just ended without it.
 *
 * A computation writes its progress into its rows (at most twice a second), and stops at its next block
 * when none of them still wants it (all dismissed). A worker that dies loses its job when the lease
 * (ONDEMAND_LEASE_SECONDS) runs out, and another worker computes it again from the start (its rows keep
 * their progress until the new computation passes it); after `ATTEMPTS` the rows say the computation
 * failed. Results are bounded by ONDEMAND_RESULTS_MB over the whole table, the least recently used going
 * first; finished rows are kept a day.
 */

export const ONDEMAND_SCHEMA = `
CREATE TABLE IF NOT EXISTS ondemand_jobs (
  id uuid PRIMARY KEY,
  process text NOT NULL,
  client text NOT NULL,
  key text NOT NULL,
  status text NOT NULL,
  progress integer NOT NULL DEFAULT 0,
  message text NOT NULL,
  created timestamptz NOT NULL,
  started timestamptz,
  finished timestamptz,
  updated timestamptz NOT NULL,
  inputs jsonb NOT NULL,
  cached boolean NOT NULL,
  sample boolean NOT NULL
);
CREATE INDEX IF NOT EXISTS ondemand_jobs_client ON ondemand_jobs (client, created);
CREATE INDEX IF NOT EXISTS ondemand_jobs_key ON ondemand_jobs (key) WHERE status IN ('accepted', 'running');
CREATE TABLE IF NOT EXISTS ondemand_results (
  key text PRIMARY KEY,
  json text NOT NULL,
  csv text NOT NULL,
  sample boolean NOT NULL,
  bytes bigint NOT NULL,
  computed timestamptz NOT NULL DEFAULT now(),
  used timestamptz NOT NULL DEFAULT now()
);
`;

/** Creates the tables (idempotent; several processes may do it at once). */
export async function ensureOnDemandSchema(pool: pg.Pool): Promise<void> {
  await transaction(pool, async (client) => {
    await client.query("SELECT pg_advisory_xact_lock(hashtextextended('sacap:ondemand-schema', 0))");
    await client.query(ONDEMAND_SCHEMA);
  });
}

/** What a queue job carries: the computation, and the daily store's folder it was asked over (DAILY_DIR; the same path on every machine). */
export interface OnDemandJobData {
  task: unknown;
  dailyDir?: string;
  /** Bytes of results kept over the table (ONDEMAND_RESULTS_MB of the app server that queued it). */
  resultBytes: number;
}

const ACTIVE = "status IN ('accepted', 'running')";
/** Takes a transaction's advisory lock on a name. */
const lock = (db: Pick<pg.PoolClient, "query">, name: string) => db.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [name]);

interface JobRow {
  id: string;
  process: string;
  client: string;
  key: string;
  status: JobStatus;
  progress: number;
  message: string;
  created: Date;
  started: Date | null;
  finished: Date | null;
  updated: Date;
  inputs: Record<string, unknown>;
  cached: boolean;
  sample: boolean;
}

const jobOf = (row: JobRow): Job => ({
  id: row.id,
  process: row.process,
  client: row.client,
  key: row.key,
  status: row.status,
  progress: row.progress,
  message: row.message,
  created: row.created,
  ...(row.started ? { started: row.started } : {}),
  ...(row.finished ? { finished: row.finished } : {}),
  updated: row.updated,
  inputs: row.inputs,
  cached: row.cached,
  sample: row.sample,
});

async function insertJob(client: Pick<pg.PoolClient, "query">, job: Job): Promise<void> {
  await client.query(
    `INSERT INTO ondemand_jobs (id, process, client, key, status, progress, message, created, started, finished, updated, inputs, cached, sample)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
    [job.id, job.process, job.client, job.key, job.status, job.progress, job.message, job.created, job.started ?? null, job.finished ?? null, job.updated, JSON.stringify(job.inputs), job.cached, job.sample],
  );
}

/** Results in `ondemand_results`, for every app server and worker. */
export class PostgresResults implements ResultStore {
  constructor(
    private readonly pool: pg.Pool,
    /** Bytes kept over the whole table. */
    private readonly bytes: number,
  ) {}

  async get(key: string): Promise<KeptResult | undefined> {
    const { rows } = await this.pool.query("UPDATE ondemand_results SET used = now() WHERE key = $1 RETURNING json, csv, sample", [key]);
    return rows[0] ? { json: rows[0].json, csv: rows[0].csv, sample: rows[0].sample } : undefined;
  }

  async set(key: string, result: KeptResult, client: Pick<pg.PoolClient, "query"> = this.pool, bound = this.bytes): Promise<void> {
    await client.query(
      `INSERT INTO ondemand_results (key, json, csv, sample, bytes) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (key) DO UPDATE SET json = EXCLUDED.json, csv = EXCLUDED.csv, sample = EXCLUDED.sample, bytes = EXCLUDED.bytes, computed = now(), used = now()`,
      [key, result.json, result.csv, result.sample, resultBytes(result)],
    );
    // the least recently used past the bound (never the one just written)
    await client.query(
      `DELETE FROM ondemand_results WHERE key IN (
         SELECT key FROM (SELECT key, sum(bytes) OVER (ORDER BY used DESC, key) AS total FROM ondemand_results) r WHERE r.total > $1 AND r.key <> $2)`,
      [bound, key],
    );
  }
}

export interface QueuedOnDemandJobsOptions extends Omit<OnDemandJobsOptions, "runner" | "results"> {
  pool: pg.Pool;
  boss: PgBoss;
  /** Seconds a computation may run before the queue gives it to another worker (ONDEMAND_LEASE_SECONDS). */
  lease: number;
  /** The daily store's folder (DAILY_DIR), carried by each job to the workers. */
  dailyDir?: string;
  /**
   * Where this server computes what it takes off the queue, `limits.concurrent` at a time (0: it takes
   * none, the queue's other workers compute): by default on this thread, over `source`.
   */
  runner?: ComputeRunner;
  /** Seconds between looks at an empty queue (default 1). */
  pollSeconds?: number;
}

export class QueuedOnDemandJobs implements OnDemandService {
  readonly limits: JobLimits;
  readonly results: PostgresResults;
  private readonly work: OnDemandWork | undefined;
  private readonly runner: ComputeRunner;
  private readonly threads: number;
  private lastPrune = 0;

  private constructor(private readonly options: QueuedOnDemandJobsOptions) {
    this.limits = { ...DEFAULT_JOB_LIMITS, ...options.limits };
    this.results = new PostgresResults(options.pool, this.limits.resultBytes);
    const runner = options.runner ?? new InProcessRunner(options.source);
    this.threads = runner.threads;
    this.work = this.limits.concurrent > 0 ? new OnDemandWork({ pool: options.pool, results: this.results, runnerFor: () => runner }) : undefined;
    this.runner = runner;
  }

  /** The jobs on the queue, the tables made; this server takes computations off it with its threads, if it has any. */
  static async open(options: QueuedOnDemandJobsOptions): Promise<QueuedOnDemandJobs> {
    await ensureOnDemandSchema(options.pool);
    const jobs = new QueuedOnDemandJobs(options);
    if (jobs.work) await jobs.work.start(options.boss, jobs.limits.concurrent, options.pollSeconds ?? 1);
    return jobs;
  }

  report() {
    return { threads: this.work ? this.threads : 0, running: this.work?.running ?? 0, waiting: 0, queue: true };
  }

  async close(): Promise<void> {
    await this.work?.stop();
    await this.options.boss.stop({ graceful: true, wait: true, timeout: 5000 }).catch(() => {});
    await this.runner.close();
    await this.options.pool.end();
  }

  async submit(process: string, inputs: unknown, clientAddress: string): Promise<Submission> {
    const prepared = prepareJob(this.options, this.limits.maxSize, process, inputs, clientAddress);
    if (prepared.kind !== "ready") return prepared;
    const { task, size, job } = prepared;
    await this.prune();
    // whether the question is to be computed (no kept result, none being computed), or the client is at its limit
    const admitted = await transaction(this.options.pool, async (db): Promise<"send" | "joined" | "busy"> => {
      await lock(db, `sacap:ondemand-client:${clientAddress}`);
      await lock(db, `sacap:ondemand:${task.key}`);
      let send = false;
      const kept = await db.query("UPDATE ondemand_results SET used = now() WHERE key = $1 RETURNING key", [task.key]);
      if (kept.rows.length > 0) {
        const now = new Date();
        Object.assign(job, CACHED, { started: now, finished: now });
      } else {
        const { rows } = await db.query(`SELECT count(*)::int AS n FROM ondemand_jobs WHERE client = $1 AND ${ACTIVE}`, [clientAddress]);
        // nothing written yet: the transaction ends with nothing to commit
        if (rows[0].n >= this.limits.perClient) return "busy";
        // the same question being computed: this job shares its computation, status and progress
        const lead = await db.query(`SELECT status, progress, message, started FROM ondemand_jobs WHERE key = $1 AND ${ACTIVE} ORDER BY created LIMIT 1`, [task.key]);
        if (lead.rows[0]) Object.assign(job, { status: lead.rows[0].status, progress: lead.rows[0].progress, message: lead.rows[0].message, ...(lead.rows[0].started ? { started: lead.rows[0].started } : {}) });
        else send = true;
      }
      await insertJob(db, job);
      return send ? "send" : "joined";
    });
    if (admitted === "busy") return { kind: "busy", limit: this.limits.perClient, retryAfter: 5 };
    if (admitted === "send") {
      const data: OnDemandJobData = { task: taskToJson(task), resultBytes: this.limits.resultBytes, ...(this.options.dailyDir ? { dailyDir: this.options.dailyDir } : {}) };
      await this.options.boss.send(ONDEMAND_QUEUE, data, { singletonKey: task.key, expireInSeconds: this.options.lease, retryLimit: ATTEMPTS - 1, retryDelay: 1 });
    }
    return { kind: "job", job, size };
  }

  async get(id: string): Promise<Job | undefined> {
    if (!UUID.test(id)) return undefined;
    await this.lost();
    const { rows } = await this.options.pool.query("SELECT * FROM ondemand_jobs WHERE id = $1 AND (finished IS NULL OR finished > now() - make_interval(secs => $2))", [id, JOB_TTL_MS / 1000]);
    return rows[0] ? jobOf(rows[0]) : undefined;
  }

  async list(client: string): Promise<Job[]> {
    await this.lost();
    const { rows } = await this.options.pool.query(
      "SELECT * FROM ondemand_jobs WHERE client = $1 AND (finished IS NULL OR finished > now() - make_interval(secs => $2)) ORDER BY created DESC LIMIT $3",
      [client, JOB_TTL_MS / 1000, this.limits.keptJobs],
    );
    return rows.map(jobOf);
  }

  /** Polls the job's row until it has finished (the sync execution of a small job: about a second). */
  async settled(id: string): Promise<Job | undefined> {
    for (;;) {
      const job = await this.get(id);
      if (!job || (job.status !== "accepted" && job.status !== "running")) return job;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  async result(job: Job): Promise<KeptResult | undefined> {
    return job.status === "successful" ? this.results.get(job.key) : undefined;
  }

  async dismiss(job: Job): Promise<Job> {
    const { pool } = this.options;
    const running = await pool.query(`UPDATE ondemand_jobs SET status = 'dismissed', message = 'dismissed by the client', finished = now(), updated = now() WHERE id = $1 AND ${ACTIVE} RETURNING *`, [job.id]);
    if (running.rows[0]) return jobOf(running.rows[0]);
    const gone = await pool.query("DELETE FROM ondemand_jobs WHERE id = $1 RETURNING *", [job.id]);
    return { ...(gone.rows[0] ? jobOf(gone.rows[0]) : job), status: "dismissed", message: "dismissed by the client" };
  }

  /**
   * Rows accepted or running whose computation is no longer on the queue (its last attempt's worker died):
   * failed. A few seconds' grace for a row whose computation is being sent.
   */
  private async lost(): Promise<void> {
    await this.options.pool.query(
      `UPDATE ondemand_jobs j SET status = 'failed', message = 'the computation was lost: its workers stopped ${ATTEMPTS} times', finished = now(), updated = now()
        WHERE j.${ACTIVE} AND j.updated < now() - interval '10 seconds'
          AND NOT EXISTS (SELECT 1 FROM pgboss.job b WHERE b.name = $1 AND b.singleton_key = j.key AND b.state IN ('created', 'retry', 'active'))`,
      [ONDEMAND_QUEUE],
    );
  }

  /** Rows finished more than a day ago, at most once a minute. */
  private async prune(): Promise<void> {
    if (Date.now() - this.lastPrune < 60_000) return;
    this.lastPrune = Date.now();
    await this.options.pool.query("DELETE FROM ondemand_jobs WHERE finished < now() - make_interval(secs => $1)", [JOB_TTL_MS / 1000]);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A computation taken off the queue, finished or not, for a worker's log. */
export interface OnDemandEvent {
  kind: "ondemand";
  key: string;
  state: "done" | "dismissed" | "retry" | "failed";
  seconds: number;
  error?: string;
}

export interface OnDemandWorkOptions {
  pool: pg.Pool;
  results: PostgresResults;
  /** Where a job's computation runs: the job names the daily store's folder it was asked over. */
  runnerFor: (dailyDir: string | undefined) => ComputeRunner;
  onJob?: (event: OnDemandEvent) => void;
}

/**
 * Takes on-demand computations off the queue (in an app server, with its threads; in a queue worker
 * process, on its thread), on the queue engine the process already has.
 */
export class OnDemandWork {
  running = 0;
  private readonly stops = new Set<AbortController>();
  private stopping = false;

  constructor(private readonly options: OnDemandWorkOptions) {}

  async start(boss: PgBoss, concurrency: number, pollSeconds: number): Promise<void> {
    for (let i = 0; i < concurrency; i++) {
      await boss.work<OnDemandJobData>(ONDEMAND_QUEUE, { batchSize: 1, pollingIntervalSeconds: pollSeconds, includeMetadata: true }, async ([job]) => {
        const event = await this.compute(job.data, job.retryCount + 1 >= ATTEMPTS);
        this.options.onJob?.(event);
        // "retry": the queue gives the computation again (to any worker)
        if (event.state === "retry") throw new Error(event.error);
      });
    }
  }

  /** Stops taking computations; those running here are given back to the queue at once. */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const stop of this.stops) stop.abort();
  }

  private async compute(data: OnDemandJobData, last: boolean): Promise<OnDemandEvent> {
    const { pool, results } = this.options;
    const task = taskFromJson(data.task);
    const { key } = task;
    const started = performance.now();
    const event = (state: OnDemandEvent["state"], error?: string): OnDemandEvent => ({ kind: "ondemand", key, state, seconds: (performance.now() - started) / 1000, ...(error ? { error } : {}) });
    const stop = new AbortController();
    this.stops.add(stop);
    this.running++;
    try {
      // answered meanwhile (another computation of the same question), or wanted by none
      const kept = await results.get(key);
      if (kept) {
        await this.finish(data, key, kept, 0, false);
        return event("done");
      }
      const wanted = await pool.query(
        `UPDATE ondemand_jobs SET status = 'running', started = COALESCE(started, now()), message = 'reading and reducing the days, model by model', updated = now() WHERE key = $1 AND ${ACTIVE} RETURNING id`,
        [key],
      );
      if (wanted.rows.length === 0) return event("dismissed");
      // progress into the rows at most twice a second; a stop when none of them wants the computation any more
      let touched = 0;
      let touching = false;
      const progress = (percent: number) => {
        if (touching || Date.now() - touched < 500) return;
        touching = true;
        touched = Date.now();
        pool
          .query(`UPDATE ondemand_jobs SET progress = GREATEST(progress, $2), updated = now() WHERE key = $1 AND ${ACTIVE} RETURNING id`, [key, percent])
          .then((r) => {
            if (r.rows.length === 0) stop.abort();
          })
          .catch(() => {})
          .finally(() => (touching = false));
      };
      const result = await this.options.runnerFor(data.dailyDir).run(task, { progress, signal: stop.signal });
      if (this.stopping) return event("retry", "the worker stopped");
      if (!result) return event("dismissed");
      await this.finish(data, key, result, (performance.now() - started) / 1000, true);
      return event("done");
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (!last) return event("retry", message);
      logFailure([key], error);
      await pool.query(`UPDATE ondemand_jobs SET status = 'failed', message = 'the computation failed', finished = now(), updated = now() WHERE key = $1 AND ${ACTIVE}`, [key]).catch(() => {});
      return event("failed", message);
    } finally {
      this.stops.delete(stop);
      this.running--;
    }
  }

  /** The results kept and every row still wanting them successful, under the key's lock (see `submit`). */
  private async finish(data: OnDemandJobData, key: string, result: KeptResult, seconds: number, computed: boolean): Promise<void> {
    await transaction(this.options.pool, async (db) => {
      await lock(db, `sacap:ondemand:${key}`);
      if (computed) await this.options.results.set(key, result, db, data.resultBytes);
      const message = computed ? `computed in ${seconds.toFixed(1)} s` : CACHED.message;
      await db.query(`UPDATE ondemand_jobs SET status = 'successful', progress = 100, message = $2, finished = now(), updated = now() WHERE key = $1 AND ${ACTIVE}`, [key, message]);
    });
  }
}
