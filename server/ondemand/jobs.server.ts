import { randomUUID } from "node:crypto";
import type { WarmingLevels } from "../../app/features/cmip6/warmingLevels";
import { InProcessRunner, type ComputeRunner, type ComputeTask, type KeptResult } from "./compute";
import type { RegionResolver } from "./regions.server";
import { canonicalInputs, parseRequest, requestKey, requestSize, type RequestCatalog, type RequestProblem } from "./request";
import { MemoryResults, type ResultStore } from "./results.server";
import type { DailySource } from "./source";

export type { KeptResult } from "./compute";

/**
 * The on-demand jobs of the portal: a request checked and sized, answered at once when the same question
 * (the same canonical inputs over the same data) was answered before, else queued and computed, a bounded
 * number at once, block by block (`computeAnswer`): between two blocks a job reports its progress and
 * stops if it was dismissed. Results are kept by their key (`requestKey`) in a cache bounded in bytes; a
 * job's record (its status, its key) is kept a day, and at most `keptJobs` of them.
 *
 * The computations run where `runner` runs them: in the portal's worker threads (`OnDemandThreads`, one per
 * job computed at once, started by the first jobs), so that the main thread goes on answering pages while
 * a job reads and reduces its days; or, without a built worker (the tests, from the sources), on the main thread in slices of one
 * block (a block of 400 cells over 21 years is reduced in some tens of milliseconds).
 */

export type JobStatus = "accepted" | "running" | "successful" | "failed" | "dismissed";

export interface Job {
  id: string;
  process: string;
  client: string;
  status: JobStatus;
  /** 0-100. */
  progress: number;
  message: string;
  created: Date;
  started?: Date;
  finished?: Date;
  updated: Date;
  /** The key of its results in the cache. */
  key: string;
  inputs: Record<string, unknown>;
  /** Whether the answer came from the cache (a question asked before). */
  cached: boolean;
  sample: boolean;
}

export interface JobLimits {
  /** Most cell-years x models one job may read (cells x years read per model, summed over the models). */
  maxSize: number;
  /** Largest job answered in the request itself when the client does not ask for asynchronous execution. */
  syncSize: number;
  /** Jobs one client may have accepted or running at once. */
  perClient: number;
  /** Jobs computed at once over all clients (a runner's threads, when it has any). */
  concurrent: number;
  /** Bytes of results kept (on disk, in the database with a queue, in memory in tests). */
  resultBytes: number;
  /** Job records kept. */
  keptJobs: number;
}

/**
 * A state of about 400 cells, 35 models, the baseline and a 20-year window of a season crossing the new
 * year (42 years) is 588,000 cell-years: the largest job is twice that. A cell or a district over a few
 * models is answered in the request.
 */
export const DEFAULT_JOB_LIMITS: JobLimits = { maxSize: 1_200_000, syncSize: 60_000, perClient: 2, concurrent: 1, resultBytes: 256 * 1024 * 1024, keptJobs: 1000 };

/** How long a finished job's record is kept. */
export const JOB_TTL_MS = 24 * 3600 * 1000;

export type Submission =
  | { kind: "invalid"; errors: RequestProblem[] }
  | { kind: "too-large"; size: number; limit: number; cells: number; models: number }
  | { kind: "busy"; limit: number; retryAfter: number }
  | { kind: "job"; job: Job; size: number };

/**
 * The on-demand jobs as the API uses them, kept in this portal (`OnDemandJobs`) or, with a queue, in
 * PostgreSQL for every portal and worker (`QueuedOnDemandJobs`, ./queue.server.ts).
 */
export interface OnDemandService {
  readonly limits: JobLimits;
  /** A request checked, sized and admitted: a job (successful at once when its answer is kept), or why not. */
  submit(process: string, inputs: unknown, client: string): Promise<Submission>;
  get(id: string): Promise<Job | undefined>;
  /** The jobs of a client, newest first. */
  list(client: string): Promise<Job[]>;
  /** Resolves when the job has finished (at once when it has). */
  settled(id: string): Promise<Job | undefined>;
  /** A job's results while they are kept (a finished job's may have been pushed out by newer ones). */
  result(job: Job): Promise<KeptResult | undefined>;
  /**
   * Dismisses a job: one waiting never starts, a running one stops at its next block (unless another
   * client's job shares its computation); a finished one is forgotten. Returns the job as it now is.
   */
  dismiss(job: Job): Promise<Job>;
  /**
   * What `/healthz` says of the jobs: the threads that may compute them here (ONDEMAND_JOBS; 0: the main
   * thread) and those started so far (none before the first job), jobs running and waiting here.
   */
  report(): { threads: number; started: number; running: number; waiting: number; queue: boolean };
  close(): Promise<void>;
}

export interface OnDemandJobsOptions {
  catalog: RequestCatalog;
  regions: RegionResolver;
  source: DailySource;
  warmingLevels: Pick<WarmingLevels, "version" | "licence">;
  limits?: Partial<JobLimits>;
  /** Where the computations run: by default on this thread, over `source`. */
  runner?: ComputeRunner;
  /** Where results are kept: by default in memory, `limits.resultBytes` of them. */
  results?: ResultStore;
}

/** A request made ready to run: checked, its region resolved, sized, keyed; or why it is refused. */
export type Prepared =
  | Exclude<Submission, { kind: "job" } | { kind: "busy" }>
  | { kind: "ready"; task: ComputeTask; size: number; job: Job };

/**
 * The steps every kind of jobs takes before its own: the inputs checked against the catalogue
 * (`parseRequest`), the region resolved on the grid, the size against the admission limit, the key of the
 * question over the source's current data, and the job's record, accepted.
 */
export function prepareJob(options: Pick<OnDemandJobsOptions, "catalog" | "regions" | "source" | "warmingLevels">, maxSize: number, process: string, inputs: unknown, client: string): Prepared {
  const parsed = parseRequest(process, inputs, options.catalog);
  if (!parsed.ok) return { kind: "invalid", errors: parsed.errors };
  const request = parsed.request;
  const resolved = options.regions.resolve(request.region);
  if (!resolved.ok) return { kind: "invalid", errors: [{ field: resolved.field, rule: resolved.rule, message: resolved.message }] };
  const region = resolved.region;
  const size = requestSize(request, region.cells.length);
  if (size > maxSize) return { kind: "too-large", size, limit: maxSize, cells: region.cells.length, models: request.models.length };
  const dataVersion = options.source.version;
  const key = requestKey(request, dataVersion);
  const now = new Date();
  const job: Job = {
    id: randomUUID(),
    process,
    client,
    status: "accepted",
    progress: 0,
    message: "waiting for its turn",
    created: now,
    updated: now,
    key,
    inputs: canonicalInputs(request),
    cached: false,
    sample: options.source.sample,
  };
  return { kind: "ready", task: { key, dataVersion, request, region, warmingLevels: options.warmingLevels }, size, job };
}

/** What a job answered from the kept results of the same question says. */
export const CACHED = { status: "successful", progress: 100, message: "answered from the results of the same question", cached: true } as const;

/** One computation: the jobs of every client that asked its question while it waited or ran. */
interface Pending {
  key: string;
  jobs: Job[];
  task: ComputeTask;
  done: Promise<void>;
  finish: () => void;
  /** Stops the computation once no job wants it. */
  stop: AbortController;
}

export class OnDemandJobs implements OnDemandService {
  readonly limits: JobLimits;
  private readonly jobs = new Map<string, Job>();
  private readonly results: ResultStore;
  private readonly queue: Pending[] = [];
  /** The computations waiting or running, by key: the same question asked meanwhile joins its computation. */
  private readonly inflight = new Map<string, Pending>();
  private readonly waiters = new Map<string, Promise<void>>();
  private running = 0;
  readonly runner: ComputeRunner;

  constructor(private readonly options: OnDemandJobsOptions) {
    this.limits = { ...DEFAULT_JOB_LIMITS, ...options.limits };
    this.results = options.results ?? new MemoryResults(this.limits.resultBytes);
    this.runner = options.runner ?? new InProcessRunner(options.source);
  }

  report() {
    return { threads: this.runner.threads, started: this.runner.started, running: this.running, waiting: this.queue.length, queue: false };
  }

  async close(): Promise<void> {
    await this.runner.close();
  }

  async submit(process: string, inputs: unknown, client: string): Promise<Submission> {
    const prepared = prepareJob(this.options, this.limits.maxSize, process, inputs, client);
    if (prepared.kind !== "ready") return prepared;
    const { task, size, job } = prepared;
    const { key } = task;
    if (await this.results.get(key)) {
      const now = new Date();
      Object.assign(job, CACHED, { started: now, finished: now });
      this.keep(job);
      return { kind: "job", job, size };
    }
    const waiting = [...this.jobs.values()].filter((j) => j.client === client && (j.status === "accepted" || j.status === "running")).length;
    if (waiting >= this.limits.perClient) return { kind: "busy", limit: this.limits.perClient, retryAfter: 5 };
    this.keep(job);
    const joined = this.inflight.get(key);
    if (joined) {
      // the same question is being computed: this job shares its computation, status and progress
      const lead = joined.jobs[0];
      if (lead) Object.assign(job, { status: lead.status, progress: lead.progress, message: lead.message, started: lead.started });
      joined.jobs.push(job);
      this.waiters.set(job.id, joined.done);
      return { kind: "job", job, size };
    }
    let finish!: () => void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    this.waiters.set(job.id, done);
    const pending: Pending = { key, jobs: [job], task, done, finish, stop: new AbortController() };
    this.inflight.set(key, pending);
    this.queue.push(pending);
    this.next();
    return { kind: "job", job, size };
  }

  async get(id: string): Promise<Job | undefined> {
    this.expire();
    return this.jobs.get(id);
  }

  async list(client: string): Promise<Job[]> {
    this.expire();
    return [...this.jobs.values()].filter((j) => j.client === client).sort((a, b) => b.created.getTime() - a.created.getTime());
  }

  async settled(id: string): Promise<Job | undefined> {
    await this.waiters.get(id);
    return this.jobs.get(id);
  }

  async result(job: Job): Promise<KeptResult | undefined> {
    return job.status === "successful" ? this.results.get(job.key) : undefined;
  }

  async dismiss(job: Job): Promise<Job> {
    if (job.status === "accepted" || job.status === "running") {
      const pending = this.inflight.get(job.key);
      if (pending) {
        pending.jobs = pending.jobs.filter((j) => j !== job);
        const waiting = this.queue.indexOf(pending);
        if (pending.jobs.length === 0 && waiting >= 0) {
          this.queue.splice(waiting, 1);
          this.inflight.delete(pending.key);
          pending.finish();
        }
        // a running computation no job wants stops at its next block
        if (pending.jobs.length === 0) pending.stop.abort();
      }
      this.waiters.delete(job.id);
      this.update(job, { status: "dismissed", message: "dismissed by the client", finished: new Date() });
      return job;
    }
    this.update(job, { status: "dismissed", message: "dismissed by the client" });
    this.jobs.delete(job.id);
    return job;
  }

  private keep(job: Job): void {
    this.expire();
    this.jobs.set(job.id, job);
    // the oldest finished records go first
    for (const [id, old] of this.jobs) {
      if (this.jobs.size <= this.limits.keptJobs) break;
      if (old.status !== "accepted" && old.status !== "running") this.jobs.delete(id);
    }
  }

  private expire(): void {
    const limit = Date.now() - JOB_TTL_MS;
    for (const [id, job] of this.jobs) if (job.finished && job.finished.getTime() < limit) this.jobs.delete(id);
  }

  private update(job: Job, change: Partial<Job>): void {
    Object.assign(job, change, { updated: new Date() });
  }

  private next(): void {
    while (this.running < this.limits.concurrent && this.queue.length > 0) {
      const pending = this.queue.shift()!;
      this.running++;
      void this.run(pending).finally(() => {
        this.running--;
        this.inflight.delete(pending.key);
        for (const job of pending.jobs) this.waiters.delete(job.id);
        pending.finish();
        this.next();
      });
    }
  }

  private async run(pending: Pending): Promise<void> {
    // every job of the computation (a dismissed one leaves it)
    const each = (change: Partial<Job>) => pending.jobs.forEach((job) => this.update(job, change));
    const start = new Date();
    each({ status: "running", started: start, message: "reading and reducing the days, model by model" });
    try {
      const kept = await this.runner.run(pending.task, { progress: (progress) => each({ progress }), signal: pending.stop.signal });
      if (!kept) return;
      await this.results.set(pending.key, kept);
      if (pending.jobs.length === 0) return;
      each({ status: "successful", progress: 100, finished: new Date(), message: `computed in ${((Date.now() - start.getTime()) / 1000).toFixed(1)} s` });
    } catch (error) {
      logFailure(pending.jobs.map((j) => j.id), error);
      each({ status: "failed", finished: new Date(), message: "the computation failed" });
    }
  }
}

export function logFailure(jobs: readonly string[], error: unknown): void {
  console.error(JSON.stringify({ time: new Date().toISOString(), level: "error", msg: "on-demand job failed", jobs, error: String((error as Error)?.stack ?? error) }));
}
