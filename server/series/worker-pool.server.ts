import type { Worker } from "node:worker_threads";
import type { SeriesFrequency, SeriesQuery } from "../../app/features/cmip6/seriesQuery";
import { currentClient, currentIsBulk } from "../client-scope.server";
import type { ContentEncoding } from "../encoding.server";
import { ThreadPool, type WaitingLine } from "../thread-pool.server";
import type { CacheReport } from "./lru";
import type { AnswerPrecision, WindowTable } from "./service.server";

/**
 * Worker threads that compute series answers (the models' values, ensemble statistics, JSON and its
 * compression), so that a series nobody asked before costs the event loop nothing: pages, cached series
 * and health checks go on being answered while the workers compute. Each worker takes one job at a time.
 * Jobs wait in one line per client (`currentClient()`, the request's address) and a free worker takes the
 * oldest job of the client whose last turn is longest ago, so the 16 series of one client's page hold
 * another client's series back by one job, not by 16. Bulk work (`currentIsBulk()`: asked while its client
 * had a long line of pages or series waiting) goes after the other clients' jobs. The threads, their
 * starting, and what happens when one dies are the pool engine's (`ThreadPool`): the workers start with the
 * server, and a worker that dies fails its job and is replaced.
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

/** A job in the line of its client. */
interface SeriesTask {
  job: SeriesJob;
  client: string;
  /** asked while its client had a long line: other clients' jobs go first */
  bulk: boolean;
}

/** What a worker answers: a result or an error, with its caches as they are after the job. */
type SeriesReply = (SeriesJobResult | { kind: "error"; message: string }) & { caches?: CacheReport[] };

/** Added to a bulk job's client's last turn when lines are compared: past every other client's. */
const BULK_RANK = Number.MAX_SAFE_INTEGER / 2;

/**
 * The workers' waiting line: a line per client, in the order the clients first asked; the next job is the
 * oldest of the client whose last turn is longest ago (a client never served, or not lately, goes first;
 * among those, the first to ask), and clients whose next job is bulk go only when no other has one waiting.
 */
class ClientLines implements WaitingLine<SeriesTask> {
  private readonly lines = new Map<string, SeriesTask[]>();
  /** When each client last had a turn (a count of turns). */
  private readonly served = new Map<string, number>();
  private turns = 0;
  size = 0;

  push(task: SeriesTask): void {
    const line = this.lines.get(task.client);
    if (line) line.push(task);
    else this.lines.set(task.client, [task]);
    this.size++;
  }

  take(): SeriesTask {
    let next: string | undefined;
    let nextRank = Infinity;
    for (const [client, line] of this.lines) {
      const rank = (this.served.get(client) ?? -1) + (line[0].bulk ? BULK_RANK : 0);
      if (rank < nextRank) [next, nextRank] = [client, rank];
    }
    const task = this.takeFrom(next!, 0);
    this.served.set(next!, ++this.turns);
    // forget the turns of clients with nothing waiting once they are many (they count as new again)
    if (this.served.size > 2 * this.lines.size + 256) for (const client of this.served.keys()) if (!this.lines.has(client)) this.served.delete(client);
    return task;
  }

  remove(task: SeriesTask): boolean {
    const at = this.lines.get(task.client)?.indexOf(task) ?? -1;
    if (at >= 0) this.takeFrom(task.client, at);
    return at >= 0;
  }

  drain(): SeriesTask[] {
    const tasks = [...this.lines.values()].flat();
    this.lines.clear();
    this.size = 0;
    return tasks;
  }

  private takeFrom(client: string, at: number): SeriesTask {
    const line = this.lines.get(client)!;
    const [task] = line.splice(at, 1);
    if (line.length === 0) this.lines.delete(client);
    this.size--;
    return task;
  }
}

export class SeriesWorkerPool {
  private readonly pool: ThreadPool<SeriesTask, SeriesJobResult, SeriesReply>;
  /** Each worker's caches after its last job. */
  private readonly caches = new WeakMap<Worker, CacheReport[]>();

  constructor(file: string, size: number) {
    // at once: nearly every visitor's first page asks for series, and the first should not wait for a
    // worker to load the seeds and open the store
    this.pool = new ThreadPool<SeriesTask, SeriesJobResult, SeriesReply>({
      file,
      size,
      start: "at-once",
      line: new ClientLines(),
      names: { thread: "a series worker", pool: "the series workers" },
      protocol: {
        start: (task) => task.job,
        reply: ({ caches, ...result }, _task, worker) => {
          if (caches) this.caches.set(worker, caches);
          return result.kind === "error" ? { error: new Error(result.message) } : { result };
        },
      },
    });
  }

  /** Each worker's caches as they were after its last job (none before its first). */
  cacheReports(): CacheReport[][] {
    return this.pool.workers.map((worker) => this.caches.get(worker) ?? []);
  }

  /** Jobs waiting for a worker (not counting those being computed). */
  get waiting(): number {
    return this.pool.waiting;
  }

  /** A job for the workers, in the line of `client` (by default the client of the request under way). */
  run(job: SeriesJob, client = currentClient(), bulk = currentIsBulk()): Promise<SeriesJobResult> {
    return this.pool.run({ job, client, bulk });
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
