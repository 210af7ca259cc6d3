import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgres, type Postgres } from "../../tests/support/postgres";
import { getSeeds } from "../seeds.server";
import type { Job, OnDemandService } from "./jobs.server";
import { PostgresResults } from "./queue.server";
import { createOnDemandJobs } from "./service.server";
import { createDailySource } from "./source";

/**
 * On-demand jobs on the PostgreSQL queue, in one process: two app servers sharing the database (one
 * computing, one only queueing) and the answers they give for any job; a question asked on both while it
 * is computed is computed once; a dismissal stops the computation; the same question asked again is
 * answered from the results kept in the database; a third job of a client is refused on either server.
 */

const seeds = getSeeds();
let postgres: Postgres | { skip: string };
const opened: { jobs: OnDemandService }[] = [];

beforeAll(async () => {
  postgres = await startPostgres();
}, 60_000);
afterAll(async () => {
  for (const o of opened) await o.jobs.close().catch(() => {});
  if (postgres && "stop" in postgres) postgres.stop();
});

async function follow(jobs: OnDemandService, id: string, done: (job: Job) => boolean): Promise<Job[]> {
  const seen: Job[] = [];
  const deadline = Date.now() + 120_000;
  for (;;) {
    const job = (await jobs.get(id))!;
    seen.push(job);
    if (done(job)) return seen;
    if (Date.now() > deadline) throw new Error(`never got there: ${JSON.stringify(job)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("on-demand jobs on the queue", () => {
  it("are answered by any app server, computed once for two clients, dismissed, answered again from the kept results", async (context) => {
    if ("skip" in postgres) return context.skip();
    const { url } = postgres;
    // the app server that computes (its thread: this one) and one that only queues
    const source = await createDailySource(seeds);
    const queue = { url, lease: 60 };
    const computing = await createOnDemandJobs(seeds, { source, queue });
    const queueing = await createOnDemandJobs(seeds, { source, queue, limits: { concurrent: 0 } });
    opened.push(computing, queueing);
    // it computes on its main thread here (no built thread from the sources)
    expect(computing.jobs.report()).toMatchObject({ queue: true, threads: 0, running: 0 });
    expect(queueing.jobs.report()).toMatchObject({ queue: true, threads: 0, running: 0 });

    const question = { geo: "BTN", models: ["ACCESS-CM2", "CanESM5", "MIROC6"], months: [6, 7, 8, 9], threshold: 10 };
    const a = await queueing.jobs.submit("wet-days", question, "198.51.100.1");
    const b = await computing.jobs.submit("wet-days", { ...question, months: [9, 8, 7, 6] }, "198.51.100.2");
    if (a.kind !== "job" || b.kind !== "job") throw new Error("not admitted");
    expect(b.job.key).toBe(a.job.key);
    const seen = await follow(queueing.jobs, b.job.id, (j) => j.status === "successful");
    const progress = seen.map((j) => j.progress);
    expect(progress).toEqual([...progress].sort((x, y) => x - y));
    // both jobs finished by the one computation; either server gives each
    const [doneA, doneB] = await Promise.all([computing.jobs.settled(a.job.id), queueing.jobs.settled(b.job.id)]);
    expect(doneA).toMatchObject({ status: "successful", progress: 100, client: "198.51.100.1", cached: false });
    expect(doneB).toMatchObject({ status: "successful", progress: 100 });
    const ra = await queueing.jobs.result(doneA!);
    const rb = await computing.jobs.result(doneB!);
    expect(ra!.json).toBe(rb!.json);
    expect(JSON.parse(ra!.json).result).toMatchObject({ process: "wet-days", sample: true, region: { place: "BTN" } });
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const { rows } = await db.query("SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'sacap-ondemand' AND singleton_key = $1", [a.job.key]);
      expect(rows[0].n).toBe(1);
    } finally {
      await db.end();
    }
    expect((await queueing.jobs.list("198.51.100.1")).map((j) => j.id)).toEqual([a.job.id]);

    // asked again on either server: answered at once from the kept results
    const again = await queueing.jobs.submit("wet-days", question, "198.51.100.3");
    expect(again).toMatchObject({ kind: "job", job: { status: "successful", cached: true, progress: 100 } });

    // dismissed while it runs: it stops, and no results come
    const long = await queueing.jobs.submit("warm-spell-count", { geo: "NPL", months: [11, 12, 1, 2, 3], threshold: 20, minDays: 3 }, "198.51.100.4");
    if (long.kind !== "job") throw new Error(long.kind);
    await follow(computing.jobs, long.job.id, (j) => j.status === "running" && j.progress > 0);
    expect(await computing.jobs.dismiss(long.job)).toMatchObject({ status: "dismissed" });
    const at = (await queueing.jobs.get(long.job.id))!.progress;
    // the computation stops at its next look at the rows (at most a second and a block later)
    const deadline = Date.now() + 30_000;
    while (computing.jobs.report().running > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(computing.jobs.report().running).toBe(0);
    expect(await queueing.jobs.get(long.job.id)).toMatchObject({ status: "dismissed", progress: at });
    expect(await queueing.jobs.result((await queueing.jobs.get(long.job.id))!)).toBeUndefined();

    // a client's third job at once, over both servers
    const client = "198.51.100.5";
    expect((await queueing.jobs.submit("season-max", { geo: "LKA" }, client)).kind).toBe("job");
    expect((await computing.jobs.submit("season-max", { geo: "BTN" }, client)).kind).toBe("job");
    expect(await queueing.jobs.submit("season-max", { geo: "NPL" }, client)).toMatchObject({ kind: "busy", limit: 2 });
    for (const job of await computing.jobs.list(client)) await queueing.jobs.dismiss(job);
  }, 240_000);

  it("keeps the results within their bound, the least recently used going first", async (context) => {
    if ("skip" in postgres) return context.skip();
    const pool = new pg.Pool({ connectionString: postgres.url, max: 2 });
    try {
      const results = new PostgresResults(pool, 2500);
      const result = (n: number) => ({ json: "x".repeat(1000), csv: String(n), sample: true });
      await results.set("k1", result(1));
      await results.set("k2", result(2));
      expect(await results.get("k1")).toBeDefined();
      // k2 is now the least recently used
      await results.set("k3", result(3));
      expect(await results.get("k2")).toBeUndefined();
      expect((await results.get("k1"))!.csv).toBe("1");
      expect((await results.get("k3"))!.csv).toBe("3");
    } finally {
      await pool.end();
    }
  });
});
