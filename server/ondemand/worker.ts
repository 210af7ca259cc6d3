import { parentPort, workerData } from "node:worker_threads";
import { getSeeds } from "../seeds.server";
import { computeAnswer } from "./compute";
import { createDailySource } from "./source";
import type { ThreadMessage, ThreadReply, ThreadSettings } from "./threads.server";

/**
 * An on-demand thread (`build/server/ondemand-worker.js`, run by `OnDemandThreads`): computes the tasks the
 * main thread sends over the same days as it (the daily store of DAILY_DIR, or the sample generator of the
 * same seeds), one at a time, sending its progress per block; a stop ends the computation at its next
 * block (`computeAnswer` yields between blocks, so the message is read).
 */
const settings = workerData as ThreadSettings;
const source = createDailySource(getSeeds(), settings.dailyDir);
const running = new Map<number, AbortController>();
const send = (reply: ThreadReply) => parentPort!.postMessage(reply);

parentPort!.on("message", (message: ThreadMessage) => {
  if (message.kind === "stop") {
    running.get(message.id)?.abort();
    return;
  }
  const { id, task } = message;
  const stop = new AbortController();
  running.set(id, stop);
  source
    .then((days) => computeAnswer(task, days, { progress: (progress) => send({ kind: "progress", id, progress }), signal: stop.signal }))
    .then(
      (result) => send({ kind: "done", id, result }),
      (error: unknown) => send({ kind: "error", id, message: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
    )
    .finally(() => running.delete(id));
});

// a store that cannot be opened stops this thread with the reason (the pool replaces it, waiting longer each time)
await source;
