import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ThreadPool, type ThreadPoolOptions } from "./thread-pool.server";

/**
 * The pool engine under the series workers and the on-demand threads, with a thread of a few lines: a task
 * `{ id, kind }` is answered `{ id, kind: "done", thread }` (the thread's id), except "die" (the thread exits
 * while computing it), "fail" (it answers an error) and "wait" (it sends progress and answers only once it
 * is sent a stop for the task).
 */

const dir = mkdtempSync(path.join(tmpdir(), "sacap-thread-pool-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = path.join(dir, "thread.mjs");
writeFileSync(
  file,
  `import { parentPort, threadId } from "node:worker_threads";
   parentPort.on("message", (message) => {
     if (message.kind === "stop") return parentPort.postMessage({ id: message.id, kind: "stopped", thread: threadId });
     if (message.kind === "die") return setTimeout(() => process.exit(3), 10);
     if (message.kind === "fail") return parentPort.postMessage({ id: message.id, kind: "error", message: "no answer" });
     if (message.kind === "wait") return parentPort.postMessage({ id: message.id, kind: "progress" });
     setTimeout(() => parentPort.postMessage({ id: message.id, kind: "done", thread: threadId }), 5);
   });`,
);

interface Task {
  id: number;
  kind: "echo" | "die" | "fail" | "wait";
}
interface Reply {
  id: number;
  kind: "done" | "stopped" | "error" | "progress";
  thread?: number;
  message?: string;
}

let ids = 0;
const task = (kind: Task["kind"] = "echo"): Task => ({ id: ++ids, kind });

function pool(options: Partial<ThreadPoolOptions<Task, Reply, Reply>> & { progress?: (task: Task) => void } = {}) {
  const { progress, ...rest } = options;
  return new ThreadPool<Task, Reply, Reply>({
    file,
    size: 1,
    start: "on-demand",
    names: { thread: "a test thread", pool: "the test threads" },
    protocol: {
      start: (t) => t,
      reply: (reply, t) => {
        if (reply.id !== t.id) return undefined;
        if (reply.kind === "progress") return void progress?.(t);
        return reply.kind === "error" ? { error: new Error(reply.message) } : { result: reply };
      },
    },
    ...rest,
  });
}

describe("ThreadPool", () => {
  it("starts no thread before the first task when threads start on demand, then one per task that finds none free", async () => {
    const threads = pool({ size: 2 });
    try {
      expect(threads.started).toBe(0);
      expect(threads.workers).toEqual([]);
      await threads.run(task());
      expect(threads.started).toBe(1);
      // two at once: the second thread starts; no more than the pool's size
      const answers = await Promise.all([task(), task(), task()].map((t) => threads.run(t)));
      expect(threads.started).toBe(2);
      expect(new Set(answers.map((a) => a.thread)).size).toBe(2);
    } finally {
      await threads.close();
    }
  });

  it("starts every thread with the pool when asked to", async () => {
    const threads = pool({ size: 2, start: "at-once" });
    try {
      expect(threads.started).toBe(2);
    } finally {
      await threads.close();
    }
  });

  it("fails only the task of a thread that dies while computing it: the tasks waiting behind it run on its replacement", async () => {
    const threads = pool();
    try {
      const [dying, next, after] = [task("die"), task(), task()].map((t) => threads.run(t));
      await expect(dying).rejects.toThrow("a test thread stopped (exit code 3)");
      const answers = await Promise.all([next, after]);
      expect(answers.map((a) => a.kind)).toEqual(["done", "done"]);
      // a new thread, not the one that died
      expect(threads.started).toBe(1);
      // an error a thread answers fails its task and keeps the thread
      const thread = answers[1].thread;
      await expect(threads.run(task("fail"))).rejects.toThrow("no answer");
      expect((await threads.run(task())).thread).toBe(thread);
    } finally {
      await threads.close();
    }
  }, 20_000);

  it("fails the waiting tasks too when threads keep dying (a thread that cannot start)", async () => {
    const broken = path.join(dir, "broken.mjs");
    writeFileSync(broken, `throw new Error("cannot start");`);
    const threads = pool({ file: broken, start: "at-once" });
    try {
      const settled = await Promise.allSettled(Array.from({ length: 3 }, () => threads.run(task())));
      expect(settled.map((s) => s.status)).toEqual(["rejected", "rejected", "rejected"]);
    } finally {
      await threads.close();
    }
  }, 20_000);

  it("sends a stop to the thread computing a task, and takes a waiting task out of the line", async () => {
    const progressed: number[] = [];
    let reached: () => void;
    const running = new Promise<void>((resolve) => (reached = resolve));
    const threads = pool({
      progress: (t) => {
        progressed.push(t.id);
        reached();
      },
    });
    try {
      const [long, waiting] = [task("wait"), task()];
      const [first, second] = [threads.run(long), threads.run(waiting)];
      await running;
      expect(progressed).toEqual([long.id]);
      // the waiting task never runs: it is settled with what the caller gives
      expect(threads.withdraw(waiting, { id: waiting.id, kind: "stopped" })).toBe(true);
      expect(await second).toEqual({ id: waiting.id, kind: "stopped" });
      expect(threads.waiting).toBe(0);
      // the running one is not in the line: it hears the stop and answers
      expect(threads.withdraw(long, { id: long.id, kind: "stopped" })).toBe(false);
      expect(threads.send(long, { kind: "stop", id: long.id })).toBe(true);
      expect(await first).toMatchObject({ id: long.id, kind: "stopped" });
      expect(threads.send(long, { kind: "stop", id: long.id })).toBe(false);
      // its thread is free for the next task
      expect(await threads.run(task())).toMatchObject({ kind: "done" });
    } finally {
      await threads.close();
    }
  });

  it("fails the waiting tasks and refuses new ones once closed", async () => {
    const threads = pool();
    const running = threads.run(task("wait"));
    const waiting = expect(threads.run(task())).rejects.toThrow("the test threads are stopped");
    await threads.close();
    await waiting;
    await expect(threads.run(task())).rejects.toThrow("the test threads are stopped");
    void running;
  });
});
