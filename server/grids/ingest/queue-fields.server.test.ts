import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GRID_SEASONS, type GridQuery } from "../../../app/features/grids/grid";
import { startPostgres, type Postgres } from "../../../tests/support/postgres";
import { loadSeeds } from "../../seeds.server";
import type { Calendar } from "../../series/ingest/calendar";
import { ingest } from "../../series/ingest/ingest.server";
import { datesOf } from "../../series/ingest/testing/dates";
import { writeTestNetcdf } from "../../series/ingest/testing/write-netcdf";
import { enqueue, queueStatus, startWorker, type JobEvent } from "../../series/queue/jobs.server";
import { GridFileStore } from "../files/store";
import { buildGridFilesFrom, gridFileName } from "./build";

/**
 * The gridded fields through the queue: two models' daily files queued, two workers ingest them, and once
 * the last set is done the workers write the field files themselves (a job per indicator and scenario) into
 * the folder named at enqueue time: the same files, value for value, as the single-machine ingest writes.
 */

const seeds = loadSeeds();
const LAT = [26.5, 27.5, 28.5];
const LON = [88.5, 89.5, 90.5, 91.5, 92.5];
const MODELS = [
  { model: "ACCESS-CM2", variant: "r1i1p1f1", calendar: "noleap" as Calendar, k: 0 },
  { model: "MIROC6", variant: "r1i1p1f1", calendar: "standard" as Calendar, k: 1 },
];
const RUNS = [
  { scenario: "historical", start: 1995, end: 2014 },
  { scenario: "ssp245", start: 2015, end: 2039 },
];

const wiggle = (...k: number[]) => {
  const x = Math.sin(k.reduce((a, b) => a * 131 + b, 7) * 12.9898) * 43758.5453;
  return x - Math.floor(x);
};

let dir: string;
let postgres: Postgres | { skip: string };

beforeAll(async () => {
  postgres = await startPostgres();
  dir = mkdtempSync(path.join(tmpdir(), "sacap-queue-grids-"));
  mkdirSync(path.join(dir, "files"));
  for (const m of MODELS) {
    for (const run of RUNS) {
      const dates = datesOf(m.calendar, run.start, run.end);
      await writeTestNetcdf({
        path: path.join(dir, "files", `tas_day_${m.model}_${run.scenario}_${m.variant}_gn_${run.start}-${run.end}.nc`),
        variable: "tas",
        units: "K",
        lat: LAT,
        lon: LON,
        time: dates.map((_, t) => t + 0.5),
        timeUnits: `days since ${run.start}-01-01 00:00:00`,
        calendar: m.calendar,
        fillValue: 1e20,
        chunkDays: 366,
        // warming with the years (faster for the second model), a seasonal cycle, noise
        value: (t, r, c) => 273.15 + 15 + (0.03 + 0.02 * m.k) * (dates[t].year - 1995) + 0.7 * r + 0.3 * c - 6 * Math.cos(((dates[t].month - 1) / 6) * Math.PI) + 2 * wiggle(t, r, c, m.k),
      });
    }
  }
}, 120_000);

afterAll(() => {
  if (postgres && "stop" in postgres) postgres.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("gridded fields through the queue", () => {
  it("the workers write the field files once the sets are done, equal to a single-machine ingest's", async (context) => {
    if ("skip" in postgres) return context.skip();
    const { url } = postgres;
    const files = path.join(dir, "files");
    const single = await ingest({ paths: [files], database: path.join(dir, "single.db"), seeds, minCoverage: 0 });
    expect(single.failed).toEqual([]);
    const singleDir = path.join(dir, "single-grids");
    const built = await buildGridFilesFrom(path.join(dir, "single.db"), { gridDir: singleDir, seeds, only: single.gridRuns });
    expect(built.written.length).toBe(GRID_SEASONS.length);

    const queueDir = path.join(dir, "queue-grids");
    const queued = await enqueue({ url }, { paths: [files], seeds, settings: { minCoverage: 0, grids: { dir: queueDir } } });
    expect(queued.queued).toHaveLength(MODELS.length * RUNS.length);
    const events: JobEvent[] = [];
    const workers = await Promise.all([0, 1].map(() => startWorker({ url, seeds, pollSeconds: 0.5, superviseSeconds: 1, onJob: (e) => events.push(e) })));
    try {
      const deadline = Date.now() + 150_000;
      for (;;) {
        const status = await queueStatus(url);
        const idle = status.sets.queued + status.sets.running + status.sets.retry === 0 && status.bases.length === 0 && status.grids.length === 0;
        if (idle && events.some((e) => e.kind === "grid")) break;
        if (Date.now() > deadline) throw new Error(`queue not done: ${JSON.stringify(status)}`);
        await new Promise((r) => setTimeout(r, 500));
      }
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
    // one field job (tas under ssp245) wrote the five seasons' files; nothing else is in the folder
    const fieldJobs = events.filter((e) => e.kind === "grid");
    expect(fieldJobs.map((e) => [e.key, e.state])).toContainEqual(["tas ssp245", "done"]);
    expect(fieldJobs.every((e) => e.state === "done")).toBe(true);
    expect(readdirSync(queueDir).sort()).toEqual(GRID_SEASONS.map((s) => gridFileName("tas", "ssp245", s)).sort());
    expect(readdirSync(queueDir).sort()).toEqual(readdirSync(singleDir).sort());
    expect((await queueStatus(url)).grids).toEqual([]);

    // value for value the single machine's fields
    const [fromQueue, fromOne] = [await GridFileStore.open(queueDir), await GridFileStore.open(singleDir)];
    for (const query of [
      { indicator: "tas", scenario: "ssp245", season: "annual", window: "2020-2039" },
      { indicator: "tas", scenario: "ssp245", season: "JJA", window: "2020-2039" },
      // leap Februaries of MIROC6's standard calendar: the job reads the runs' calendars as one machine does
      { indicator: "tas", scenario: "ssp245", season: "DJF", window: "2020-2039" },
    ] satisfies GridQuery[]) {
      const [a, b] = [await fromQueue!.field(query), await fromOne!.field(query)];
      expect(a, JSON.stringify(query)).toBeDefined();
      expect(a!.models).toEqual(["ACCESS-CM2", "MIROC6"]);
      for (const key of ["change", "p10", "p90", "baseline", "future", "agreement"] as const) expect(Array.from(a![key]), key).toEqual(Array.from(b![key]));
      expect(a!.change.some((v) => v > 0)).toBe(true);
    }
  }, 240_000);
});
