import { Worker } from "node:worker_threads";
import type { ComputeControl, ComputeRunner, ComputeTask, KeptResult } from "./compute";

/**
 * Worker threads that compute on-demand jobs (`computeAnswer` in `./worker.ts`, built as
 * `build/server/ondemand-worker.js`), so that a job reading and reducing the days of a region over many
 * years costs the portal's main thread nothing: pages, series and health checks go on being answered while
 * it runs. Each thread computes one job at a time; a job waits for a free thread. Its progress comes back
 * per block; a stop (the job dismissed) is sent to its thread, which ends the computation at its next block
 * and is free again. A thread that dies fails its job and is replaced.
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

interface Task {
  id: number;
  task: ComputeTask;
  control: ComputeControl;
  resolve: (result: KeptResult | undefined) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  task?: Task;
}

export class OnDemandThreads implements ComputeRunner {
  private readonly slots: Slot[] = [];
  private readonly waiting: Task[] = [];
  private ids = 0;
  private closed = false;
  /** Threads that died in a row: one that cannot start is not restarted in a busy loop. */
  private failures = 0;

  constructor(
    private readonly file: string,
    readonly threads: number,
    private readonly settings: ThreadSettings = {},
  ) {
    for (let i = 0; i < threads; i++) this.slots.push(this.spawn());
  }

  run(task: ComputeTask, control: ComputeControl): Promise<KeptResult | undefined> {
    if (this.closed) return Promise.reject(new Error("the on-demand threads are stopped"));
    if (control.signal.aborted) return Promise.resolve(undefined);
    return new Promise((resolve, reject) => {
      const queued: Task = { id: ++this.ids, task, control, resolve, reject };
      control.signal.addEventListener(
        "abort",
        () => {
          const at = this.waiting.indexOf(queued);
          if (at >= 0) {
            this.waiting.splice(at, 1);
            resolve(undefined);
            return;
          }
          const slot = this.slots.find((s) => s.task === queued);
          slot?.worker.postMessage({ kind: "stop", id: queued.id } satisfies ThreadMessage);
        },
        { once: true },
      );
      this.waiting.push(queued);
      this.next();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.waiting.splice(0)) task.reject(new Error("the on-demand threads are stopped"));
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }

  private spawn(): Slot {
    const slot: Slot = { worker: new Worker(this.file, { workerData: this.settings }) };
    slot.worker.unref();
    slot.worker.on("message", (reply: ThreadReply) => {
      const task = slot.task;
      if (!task || task.id !== reply.id) return;
      if (reply.kind === "progress") {
        task.control.progress(reply.progress);
        return;
      }
      slot.task = undefined;
      this.failures = 0;
      if (reply.kind === "done") task.resolve(reply.result);
      else task.reject(new Error(reply.message));
      this.next();
    });
    const fail = (error: Error) => {
      const task = slot.task;
      slot.task = undefined;
      task?.reject(error);
      if (this.closed) return;
      const index = this.slots.indexOf(slot);
      if (index < 0) return;
      // replaced, waiting longer each time one dies in a row; after several the waiting jobs fail too
      this.failures++;
      if (this.failures > 3) for (const waiting of this.waiting.splice(0)) waiting.reject(error);
      this.slots.splice(index, 1);
      setTimeout(() => {
        if (this.closed) return;
        this.slots.push(this.spawn());
        this.next();
      }, Math.min(5000, 50 * 2 ** this.failures)).unref();
    };
    slot.worker.on("error", fail);
    slot.worker.on("exit", (code) => {
      if (!this.closed) fail(new Error(`an on-demand thread stopped (exit code ${code})`));
    });
    return slot;
  }

  private next(): void {
    for (const slot of this.slots) {
      if (this.waiting.length === 0) return;
      if (slot.task) continue;
      const task = this.waiting.shift()!;
      slot.task = task;
      slot.worker.postMessage({ kind: "run", id: task.id, task: task.task } satisfies ThreadMessage);
    }
  }
}
