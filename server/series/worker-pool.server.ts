import { Worker } from "node:worker_threads";
import type { SeriesFrequency, SeriesQuery } from "../../app/features/cmip6/seriesQuery";
import { currentClient, currentIsBulk } from "../client-scope.server";
import type { ContentEncoding } from "../encoding.server";
import type { CacheReport } from "./lru";
import type { AnswerPrecision, WindowTable } from "./service.server";

/**
 * Worker threads that compute series answers (the models' values, ensemble statistics, JSON and its
 * compression), so that a series nobody asked before costs the event loop nothing: pages, cached series
 * and health checks go on being answered while the workers compute. Each worker takes one job at a time.
 * Jobs wait in one line per client (`currentClient()`, the request's address) and a free worker takes the
 * oldest job of the client whose last turn is longest ago, so the 16 series of one client's page hold
 * another client's series back by one job, not by 16. Bulk work (`currentIsBulk()`: asked while its client
 * had a long line of pages or series waiting) goes after the other clients' jobs. A worker that dies fails
 * its job and is replaced.
 */

/**
 * What a worker is asked: the answer of a query (and its compressed bytes; with `precision: "full"`
 * unrounded), several period statistics of a query, or to compress a body. `version` is the data version
 * the main thread wants (the one of its ETag): a worker whose store is at another one looks for the newest
 * data first.
 */
export type SeriesJob =
  | { kind: "answer"; frequency: SeriesFrequency; query: SeriesQuery; encoding?: ContentEncoding; version?: string; precision?: AnswerPrecision }
  | { kind: "compress"; body: string; encoding: ContentEncoding }
  | { kind: "windows"; frequency: SeriesFrequency; query: SeriesQuery; codes: string[]; version?: string };

/** `etag` of an answer and `version` of a table: of the data version the worker read (undefined: it moved during the reads). */
export type SeriesJobResult =
  | { kind: "answer"; body: string; etag: string; sample: boolean; encoding?: ContentEncoding; encoded?: Uint8Array }
  | { kind: "not-found"; status: 404; message: string; details: Record<string, unknown> }
  | { kind: "compressed"; encoded: Uint8Array }
  | { kind: "windows"; table: WindowTable; version?: string };

interface Task {
  job: SeriesJob;
  /** asked while its client had a long line: other clients' jobs go first */
  bulk: boolean;
  resolve: (result: SeriesJobResult) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  task?: Task;
  /** the worker's caches after its last job */
  caches?: CacheReport[];
}

/** Added to a bulk job's client's last turn when lines are compared: past every other client's. */
const BULK_RANK = Number.MAX_SAFE_INTEGER / 2;

export class SeriesWorkerPool {
  private readonly slots: Slot[] = [];
  /** Waiting jobs by client, in the order the clients first asked. */
  private readonly lines = new Map<string, Task[]>();
  /** When each client last had a turn (a count of turns). */
  private readonly served = new Map<string, number>();
  private turns = 0;
  private queued = 0;
  private closed = false;
  /** Workers that died in a row: a worker that cannot start is not restarted in a busy loop. */
  private failures = 0;

  constructor(
    private readonly file: string,
    readonly size: number,
  ) {
    for (let i = 0; i < size; i++) this.slots.push(this.spawn());
  }

  /** Each worker's caches as they were after its last job (none before its first). */
  cacheReports(): CacheReport[][] {
    return this.slots.map((slot) => slot.caches ?? []);
  }

  /** Jobs waiting for a worker (not counting those being computed). */
  get waiting(): number {
    return this.queued;
  }

  /** A job for the workers, in the line of `client` (by default the client of the request under way). */
  run(job: SeriesJob, client = currentClient(), bulk = currentIsBulk()): Promise<SeriesJobResult> {
    if (this.closed) return Promise.reject(new Error("the series workers are stopped"));
    return new Promise((resolve, reject) => {
      const line = this.lines.get(client);
      if (line) line.push({ job, bulk, resolve, reject });
      else this.lines.set(client, [{ job, bulk, resolve, reject }]);
      this.queued++;
      this.next();
    });
  }

  /**
   * The oldest job of the client whose last turn is longest ago (a client never served, or not lately, goes
   * first; among those, the first to ask); clients whose next job is bulk only when no other has one waiting.
   */
  private take(): Task | undefined {
    let next: string | undefined;
    let nextRank = Infinity;
    for (const [client, line] of this.lines) {
      const rank = (this.served.get(client) ?? -1) + (line[0].bulk ? BULK_RANK : 0);
      if (rank < nextRank) [next, nextRank] = [client, rank];
    }
    if (next === undefined) return undefined;
    const line = this.lines.get(next)!;
    const task = line.shift()!;
    if (line.length === 0) this.lines.delete(next);
    this.served.set(next, ++this.turns);
    this.queued--;
    // forget the turns of clients with nothing waiting once they are many (they count as new again)
    if (this.served.size > 2 * this.lines.size + 256) for (const client of this.served.keys()) if (!this.lines.has(client)) this.served.delete(client);
    return task;
  }

  /** Every waiting job, out of the lines. */
  private drain(): Task[] {
    const tasks = [...this.lines.values()].flat();
    this.lines.clear();
    this.queued = 0;
    return tasks;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.drain()) task.reject(new Error("the series workers are stopped"));
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }

  private spawn(): Slot {
    const slot: Slot = { worker: new Worker(this.file) };
    slot.worker.unref();
    slot.worker.on("message", (message: (SeriesJobResult | { kind: "error"; message: string }) & { caches?: CacheReport[] }) => {
      const { caches, ...result } = message;
      if (caches) slot.caches = caches;
      const task = slot.task;
      slot.task = undefined;
      this.failures = 0;
      if (task) {
        if (result.kind === "error") task.reject(new Error(result.message));
        else task.resolve(result);
      }
      this.next();
    });
    const fail = (error: Error) => {
      const task = slot.task;
      slot.task = undefined;
      task?.reject(error);
      if (this.closed) return;
      const index = this.slots.indexOf(slot);
      if (index < 0) return;
      // replace the worker that died, waiting longer each time one dies in a row; after several, the
      // waiting jobs fail too rather than wait for a worker that may never start
      this.failures++;
      if (this.failures > 3) for (const waiting of this.drain()) waiting.reject(error);
      this.slots.splice(index, 1);
      setTimeout(() => {
        if (this.closed) return;
        this.slots.push(this.spawn());
        this.next();
      }, Math.min(5000, 50 * 2 ** this.failures)).unref();
    };
    slot.worker.on("error", fail);
    slot.worker.on("exit", (code) => {
      if (!this.closed) fail(new Error(`a series worker stopped (exit code ${code})`));
    });
    return slot;
  }

  private next() {
    for (const slot of this.slots) {
      if (this.queued === 0) return;
      if (slot.task) continue;
      slot.task = this.take()!;
      slot.worker.postMessage(slot.task.job);
    }
  }
}
