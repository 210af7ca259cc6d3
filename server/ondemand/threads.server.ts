import { ThreadPool } from "../thread-pool.server";
import type { ComputeControl, ComputeRunner, ComputeTask, KeptResult } from "./compute";

/**
 * Worker threads that compute on-demand jobs (`computeAnswer` in `./worker.ts`, built as
 * `build/server/ondemand-worker.js`), so that a job reading and reducing the days of a region over many
 * years costs the portal's main thread nothing: pages, series and health checks go on being answered while
 * it runs. Each thread computes one job at a time; a job waits for a free thread. Its progress comes back
 * per block; a stop (the job dismissed) is sent to its thread, which ends the computation at its next block
 * and is free again. The threads are the pool engine's (`ThreadPool`): they start as jobs need them, none
 * before the first, and a thread that dies fails its job and is replaced.
 */

/** What the main thread sends. */
export type ThreadMessage = { kind: "run"; id: number; task: ComputeTask } | { kind: "stop"; id: number };

/** What a thread sends back. */
export type ThreadReply =
  | { kind: "progress"; id: number; progress: number }
  | { kind: "done"; id: number; result: KeptResult | undefined }
  | { kind: "error"; id: number; message: string };

/** What each thread is started with. */
export interface ThreadSettings {
  /** The daily store's folder (DAILY_DIR): the thread reads its days there when it holds a store. */
  dailyDir?: string;
}

/** A task with the id its messages carry. */
interface Running {
  id: number;
  task: ComputeTask;
  control: ComputeControl;
}

export class OnDemandThreads implements ComputeRunner {
  private readonly pool: ThreadPool<Running, KeptResult | undefined, ThreadReply>;
  private ids = 0;

  constructor(file: string, threads: number, settings: ThreadSettings = {}) {
    // on demand: a portal nobody asks for an index spends no memory on its threads
    this.pool = new ThreadPool({
      file,
      size: threads,
      start: "on-demand",
      workerData: settings,
      names: { thread: "an on-demand thread", pool: "the on-demand threads" },
      protocol: {
        start: ({ id, task }) => ({ kind: "run", id, task }) satisfies ThreadMessage,
        reply: (reply, running) => {
          if (reply.id !== running.id) return undefined;
          if (reply.kind === "progress") {
            running.control.progress(reply.progress);
            return undefined;
          }
          return reply.kind === "done" ? { result: reply.result } : { error: new Error(reply.message) };
        },
      },
    });
  }

  get threads(): number {
    return this.pool.size;
  }

  get started(): number {
    return this.pool.started;
  }

  /** A dismissal takes the job out of the line, or sends its thread a stop: it then gives no result. */
  run(task: ComputeTask, control: ComputeControl): Promise<KeptResult | undefined> {
    if (control.signal.aborted) return Promise.resolve(undefined);
    const running: Running = { id: ++this.ids, task, control };
    control.signal.addEventListener(
      "abort",
      () => {
        if (!this.pool.withdraw(running, undefined)) this.pool.send(running, { kind: "stop", id: running.id } satisfies ThreadMessage);
      },
      { once: true },
    );
    return this.pool.run(running);
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
