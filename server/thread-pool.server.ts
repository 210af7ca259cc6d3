import { Worker } from "node:worker_threads";

/**
 * The engine of the portal's worker-thread pools: the series workers (`SeriesWorkerPool`) and the on-demand
 * threads (`OnDemandThreads`) are each one of these, with their own built file, size, waiting line and
 * messages. Up to `size` threads of the file each compute one task at a time; a task waits in the pool's
 * line (`WaitingLine`: first come, first served, unless the pool is given another order) until a thread is
 * free.
 *
 * A thread that dies (an error it does not catch, an exit) fails the task it was computing, and only that
 * one: the waiting tasks go to the thread started in its place. Threads that die in a row are replaced after
 * a pause that doubles each time (100 ms, 200 ms, ... at most 5 s), so that a thread that cannot start (a
 * store it cannot open) is not started again in a busy loop; after four in a row the waiting tasks fail too,
 * rather than wait for a thread that may never start. A task a thread finishes ends the row.
 *
 * Threads start with the pool (`start: "at-once"`, for a pool nearly every visitor's first pages use, whose
 * first task should not wait for a thread to load) or one by one as tasks find every started thread busy
 * (`"on-demand"`, for a pool many portals never use: until its first task it spends no memory on threads).
 * A started thread stays until `close`.
 *
 * What a thread is sent and answers is the pool's own (`ThreadProtocol`): to the engine a message from a
 * thread either ends the task the thread is computing or is news on the way, which the protocol passes on.
 * A task may be taken out of the line before it runs (`withdraw`), and sent more messages while it runs
 * (`send`: a stop, for one).
 */

/** What a pool's threads are sent and answer. */
export interface ThreadProtocol<T, R, M> {
  /** The message that starts `task` in a thread. */
  start(task: T): unknown;
  /**
   * What `message`, from the thread computing `task`, means: the task's end (its result, or the error it
   * failed with), or undefined for news on the way (progress, which the protocol passes on itself) and
   * messages about another task.
   */
  reply(message: M, task: T, worker: Worker): { result: R } | { error: Error } | undefined;
}

/** The order in which waiting tasks get a thread. */
export interface WaitingLine<T> {
  readonly size: number;
  push(task: T): void;
  /** The task to run next, out of the line (called only when the line is not empty). */
  take(): T;
  /** Takes `task` out of the line; false when it is not in it. */
  remove(task: T): boolean;
  /** Every waiting task, out of the line. */
  drain(): T[];
}

/** First come, first served. */
export class FirstComeLine<T> implements WaitingLine<T> {
  private readonly tasks: T[] = [];
  get size(): number {
    return this.tasks.length;
  }
  push(task: T): void {
    this.tasks.push(task);
  }
  take(): T {
    return this.tasks.shift()!;
  }
  remove(task: T): boolean {
    const at = this.tasks.indexOf(task);
    if (at >= 0) this.tasks.splice(at, 1);
    return at >= 0;
  }
  drain(): T[] {
    return this.tasks.splice(0);
  }
}

export interface ThreadPoolOptions<T, R, M> {
  /** The built thread's file. */
  file: string;
  /** Threads at most. */
  size: number;
  /** When threads start: all with the pool, or one by one as tasks need them. */
  start: "at-once" | "on-demand";
  protocol: ThreadProtocol<T, R, M>;
  /** Given to each thread (`workerData`). */
  workerData?: unknown;
  /** Default: first come, first served. */
  line?: WaitingLine<T>;
  /** In errors: one thread ("a series worker") and the pool ("the series workers"). */
  names: { thread: string; pool: string };
}

interface Thread<T> {
  worker: Worker;
  task?: T;
}

/** The pause before a thread is started again after `failures` died in a row, ms. */
const restartPause = (failures: number) => Math.min(5000, 50 * 2 ** failures);

/** Thread deaths in a row after which the waiting tasks fail too. */
const GIVE_UP_AFTER = 3;

/** Each task is an object of its own (the engine knows a task by its identity): the same object never runs twice at once. */
export class ThreadPool<T extends object, R, M = unknown> {
  private readonly threads: Thread<T>[] = [];
  private readonly line: WaitingLine<T>;
  /** How each task waiting or running is settled. */
  private readonly promised = new Map<T, { resolve: (result: R) => void; reject: (error: Error) => void }>();
  private closed = false;
  /** Threads that died in a row. */
  private failures = 0;
  /** No thread starts before then (Date.now(); after a thread died). */
  private notBefore = 0;
  private restart?: NodeJS.Timeout;

  constructor(private readonly options: ThreadPoolOptions<T, R, M>) {
    this.line = options.line ?? new FirstComeLine<T>();
    this.next();
  }

  /** Threads at most. */
  get size(): number {
    return this.options.size;
  }

  /** Threads started and not dead (none before the first task when threads start on demand). */
  get started(): number {
    return this.threads.length;
  }

  /** The started threads, in the order they started. */
  get workers(): Worker[] {
    return this.threads.map((thread) => thread.worker);
  }

  /** Tasks waiting for a thread (not counting those being computed). */
  get waiting(): number {
    return this.line.size;
  }

  /** `task`'s result, once a thread has computed it. */
  run(task: T): Promise<R> {
    if (this.closed) return Promise.reject(this.stopped());
    return new Promise((resolve, reject) => {
      this.promised.set(task, { resolve, reject });
      this.line.push(task);
      this.next();
    });
  }

  /** Takes `task` out of the line if it is waiting there, settling it with `result`; false when it is not (running, or done). */
  withdraw(task: T, result: R): boolean {
    if (!this.line.remove(task)) return false;
    this.settle(task, { result });
    return true;
  }

  /** Sends `message` to the thread computing `task`; false when no thread is computing it. */
  send(task: T, message: unknown): boolean {
    const thread = this.threads.find((t) => t.task === task);
    thread?.worker.postMessage(message);
    return thread !== undefined;
  }

  /** The waiting tasks fail; the threads are ended (the tasks they were computing are left unsettled). */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.restart);
    for (const task of this.line.drain()) this.settle(task, { error: this.stopped() });
    await Promise.all(this.threads.map((thread) => thread.worker.terminate()));
  }

  private stopped(): Error {
    return new Error(`${this.options.names.pool} are stopped`);
  }

  private settle(task: T, end: { result: R } | { error: Error }): void {
    const promised = this.promised.get(task);
    this.promised.delete(task);
    if ("error" in end) promised?.reject(end.error);
    else promised?.resolve(end.result);
  }

  /** Threads started up to what the pool wants (once the pause after a death is over), then each free thread given the next waiting task. */
  private next(): void {
    if (this.closed) return;
    const busy = this.threads.filter((thread) => thread.task !== undefined).length;
    const wanted = this.options.start === "at-once" ? this.size : Math.min(this.size, busy + this.line.size);
    if (this.threads.length < wanted) {
      const pause = this.notBefore - Date.now();
      if (pause <= 0) while (this.threads.length < wanted) this.threads.push(this.spawn());
      else
        this.restart ??= setTimeout(() => {
          this.restart = undefined;
          this.next();
        }, pause).unref();
    }
    for (const thread of this.threads) {
      if (this.line.size === 0) return;
      if (thread.task !== undefined) continue;
      thread.task = this.line.take();
      thread.worker.postMessage(this.options.protocol.start(thread.task));
    }
  }

  private spawn(): Thread<T> {
    const thread: Thread<T> = { worker: new Worker(this.options.file, { workerData: this.options.workerData }) };
    thread.worker.unref();
    thread.worker.on("message", (message: M) => {
      const task = thread.task;
      if (task === undefined) return;
      const end = this.options.protocol.reply(message, task, thread.worker);
      if (!end) return;
      thread.task = undefined;
      this.failures = 0;
      this.settle(task, end);
      this.next();
    });
    // once closed, a thread's end is its termination
    const died = (error: Error) => {
      if (this.closed) return;
      const at = this.threads.indexOf(thread);
      // told already (an error, then its exit)
      if (at < 0) return;
      this.threads.splice(at, 1);
      if (thread.task !== undefined) this.settle(thread.task, { error });
      this.failures++;
      this.notBefore = Date.now() + restartPause(this.failures);
      if (this.failures > GIVE_UP_AFTER) for (const waiting of this.line.drain()) this.settle(waiting, { error });
      this.next();
    };
    thread.worker.on("error", died);
    thread.worker.on("exit", (code) => died(new Error(`${this.options.names.thread} stopped (exit code ${code})`)));
    return thread;
  }
}
