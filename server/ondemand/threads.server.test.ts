import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getSeeds } from "../seeds.server";
import type { Job } from "./jobs.server";
import { createOnDemandJobs } from "./service.server";
import { OnDemandThreads } from "./threads.server";

/**
 * Jobs computed in a worker thread (`./worker.ts`, built here as the server's build builds it), started by
 * the first job: the answer is the one the main thread computes; progress comes back while it runs; a job
 * dismissed while it runs stops moving and its thread is free for the next job.
 */

const seeds = getSeeds();
let dir: string;
let threads: OnDemandThreads;

beforeAll(async () => {
  // inside the working copy, so that the built thread finds the npm packages it imports
  dir = mkdtempSync(path.resolve("build-ondemand-thread-"));
  await build({ entryPoints: { "ondemand-worker": "server/ondemand/worker.ts" }, outdir: dir, bundle: true, platform: "node", format: "esm", target: "node20", packages: "external", logLevel: "warning" });
  threads = new OnDemandThreads(path.join(dir, "ondemand-worker.js"), 1);
}, 60_000);
afterAll(async () => {
  await threads?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Waits until `done` holds of the job, collecting its progress as it goes. */
async function follow(job: Job, done: (job: Job) => boolean): Promise<number[]> {
  const seen: number[] = [];
  const deadline = Date.now() + 120_000;
  while (!done(job)) {
    if (Date.now() > deadline) throw new Error(`the job never got there: ${JSON.stringify(job)}`);
    seen.push(job.progress);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return seen;
}

describe("on-demand jobs in a worker thread", () => {
  it("computes the answer the main thread computes, reporting its progress while it runs", async () => {
    const inThread = await createOnDemandJobs(seeds, { runner: threads });
    const inProcess = await createOnDemandJobs(seeds);
    // the thread starts with the first job, not before
    expect(inThread.jobs.report()).toMatchObject({ threads: 1, started: 0 });
    expect(inProcess.jobs.report()).toMatchObject({ threads: 0, started: 0 });
    const question = { geo: "BTN", models: ["ACCESS-CM2", "CanESM5", "MIROC6", "MRI-ESM2-0"], threshold: 5, months: [6, 7, 8, 9] };
    const submitted = await inThread.jobs.submit("wet-days", question, "a");
    if (submitted.kind !== "job") throw new Error(submitted.kind);
    const progress = await follow(submitted.job, (j) => j.status !== "accepted" && j.status !== "running");
    expect(submitted.job).toMatchObject({ status: "successful", progress: 100 });
    expect(inThread.jobs.report()).toMatchObject({ threads: 1, started: 1 });
    // progress seen between 0 and 100, never going back
    expect(progress.some((p) => p > 0 && p < 100)).toBe(true);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    const local = await inProcess.jobs.submit("wet-days", question, "a");
    if (local.kind !== "job") throw new Error(local.kind);
    await inProcess.jobs.settled(local.job.id);
    const strip = (json: string) => {
      const { result } = JSON.parse(json);
      delete result.provenance.computed;
      return result;
    };
    expect(strip((await inThread.jobs.result(submitted.job))!.json)).toEqual(strip((await inProcess.jobs.result(local.job))!.json));
  }, 180_000);

  it("stops a job dismissed while it runs in its thread, which then computes the next job", async () => {
    const { jobs } = await createOnDemandJobs(seeds, { runner: threads });
    const long = await jobs.submit("warm-spell-count", { geo: "NPL", months: [11, 12, 1, 2, 3], threshold: 20, minDays: 3 }, "a");
    if (long.kind !== "job") throw new Error(long.kind);
    await follow(long.job, (j) => j.status === "running" && j.progress > 0);
    await jobs.dismiss(long.job);
    expect(long.job.status).toBe("dismissed");
    const at = long.job.progress;
    expect(at).toBeLessThan(100);

    // the next job has the one thread: it is computed once the dismissed one has stopped
    const next = await jobs.submit("season-mean", { cell: "27.7,85.3", models: ["MIROC6"] }, "b");
    if (next.kind !== "job") throw new Error(next.kind);
    expect(await jobs.settled(next.job.id)).toMatchObject({ status: "successful" });
    expect(long.job).toMatchObject({ status: "dismissed", progress: at });
    expect(await jobs.result(long.job)).toBeUndefined();
    expect(jobs.report()).toMatchObject({ running: 0, waiting: 0 });
  }, 180_000);
});
