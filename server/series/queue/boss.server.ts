import pg from "pg";
import PgBoss from "pg-boss";

/**
 * The queue engine: pg-boss on the PostgreSQL database of the shared series store (docs/decisions/
 * 023-ingest-queue.md), one instance per process, which every kind of job shares: the ingest's sets,
 * percentile bases and gridded fields (./jobs.server.ts) and the on-demand indices
 * (server/ondemand/queue.server.ts). Every queue is created here, with its policy and its default lease
 * (each job may carry its own), so that a process opening the engine for one kind of job can also send or
 * take the others.
 */

export const SET_QUEUE = "sacap-ingest-set";
export const BASE_QUEUE = "sacap-percentile-base";
export const GRID_QUEUE = "sacap-grid-fields";
export const ONDEMAND_QUEUE = "sacap-ondemand";
/** Attempts of a job before it is recorded as failed. */
export const ATTEMPTS = 3;
/** Seconds a job is leased for by default (a model-year takes seconds; a percentile base minutes). */
export const DEFAULT_LEASE = { set: 900, base: 3600 };
/** Seconds a field job is leased for: an indicator and scenario of every model, read and written (minutes at full scale). */
export const GRID_LEASE = 3600;
/** Seconds an on-demand job is leased for by default (the largest takes tens of seconds): ONDEMAND_LEASE_SECONDS. */
export const ONDEMAND_LEASE = 300;

/** Name of the session lock under which a process creates the queues. */
const QUEUES_LOCK = "sacap:queues";

export interface QueueConnection {
  url: string;
  /** Seconds between the queue's checks for expired leases (default 30). */
  superviseSeconds?: number;
}

/** A pg-boss instance on the URL with every queue created (idempotent; each job carries its lease). */
export async function openQueue(connection: QueueConnection, lease = DEFAULT_LEASE): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: connection.url,
    maintenanceIntervalSeconds: connection.superviseSeconds ?? 30,
    monitorStateIntervalSeconds: 60,
  });
  boss.on("error", (error) => process.stderr.write(`queue: ${error instanceof Error ? error.message : String(error)}\n`));
  await boss.start();
  // pg-boss creates each queue's partition with DDL that deadlocks when two processes create queues at
  // once (app servers and workers starting together): one process at a time, under a session lock.
  const client = new pg.Client({ connectionString: connection.url, connectionTimeoutMillis: 10_000 });
  client.on("error", () => undefined);
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock(hashtextextended($1, 0))", [QUEUES_LOCK]);
    await boss.createQueue(SET_QUEUE, { name: SET_QUEUE, policy: "standard", retryLimit: ATTEMPTS - 1, retryDelay: 1, expireInSeconds: lease.set });
    // one percentile base of a model queued or running at a time
    await boss.createQueue(BASE_QUEUE, { name: BASE_QUEUE, policy: "stately", retryLimit: ATTEMPTS - 1, retryDelay: 1, expireInSeconds: lease.base });
    // one field job of an indicator and scenario waiting at a time (another may run: it reads newer cells)
    await boss.createQueue(GRID_QUEUE, { name: GRID_QUEUE, policy: "stately", retryLimit: ATTEMPTS - 1, retryDelay: 1, expireInSeconds: GRID_LEASE });
    // one computation of a question waiting at a time (`singletonKey`: its key); the jobs asking it are rows of `ondemand_jobs`
    await boss.createQueue(ONDEMAND_QUEUE, { name: ONDEMAND_QUEUE, policy: "stately", retryLimit: ATTEMPTS - 1, retryDelay: 1, expireInSeconds: ONDEMAND_LEASE });
  } catch (error) {
    await boss.stop({ graceful: false, wait: false }).catch(() => undefined);
    throw error;
  } finally {
    // the session's end releases the lock too
    await client.end().catch(() => undefined);
  }
  return boss;
}
