import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { modelMember } from "../../app/features/cmip6/warmingLevels";
import { SOUTH_ASIA_AXES } from "../../app/features/grids/grid";
import { getSeeds } from "../seeds.server";
import type { DailyBlock } from "./daily";
import { OnDemandJobs } from "./jobs.server";
import { RegionResolver } from "./regions.server";
import type { RequestCatalog } from "./request";
import { DiskResults, type ResultStore } from "./results.server";
import type { DailyBlocksRequest, DailySource } from "./source";

/**
 * The jobs over a source of days that counts what it is asked: a question asked again is answered from
 * the kept results without reading a day, and asked by two clients at once is computed once; a job
 * dismissed while it runs reads no further block; a client
 * has at most its jobs at once; a source that fails fails the job. Results kept on disk answer the same
 * question after a restart, within their bound.
 */

const seeds = getSeeds();
const catalog: RequestCatalog = {
  scenarios: ["ssp245", "ssp585"],
  models: seeds.cmip6Models.map(modelMember),
  places: new Set(["NPL"]),
  warmingLevels: seeds.warmingLevels,
  grid: SOUTH_ASIA_AXES,
  years: { start: 2015, end: 2100 },
};
/** Nepal as a box, enough for a cell's country. */
const NEPAL = { code: "NPL", geometry: { type: "Polygon" as const, coordinates: [[[80, 26], [88, 26], [88, 30.5], [80, 30.5], [80, 26]]] } };

class CountingSource implements DailySource {
  readonly version = "test-1";
  readonly sample = true;
  readonly text = "Test days.";
  read = 0;
  fail = false;
  *blocks(request: DailyBlocksRequest): Iterable<DailyBlock> {
    for (const years of request.years) {
      if (this.fail) throw new Error("the store is gone");
      this.read++;
      const nYears = years.end - years.start + 1;
      const days = nYears * 365;
      const cells = request.cells.lat.length;
      const tas = new Float32Array(cells * days);
      for (let i = 0; i < tas.length; i++) tas[i] = 20 + (years.start > 2014 ? 2 : 0) + Math.sin(i / 58);
      yield { calendar: "noleap", start: { year: years.start, month: 1, day: 1 }, days, cells, values: { tas }, source: "sample" };
    }
  }
}

function setup(limits = {}, results?: ResultStore) {
  const source = new CountingSource();
  const regions = new RegionResolver(SOUTH_ASIA_AXES, [NEPAL], ["NPL"], new Map([["NPL", "Nepal"]]));
  const jobs = new OnDemandJobs({ catalog, regions, source, warmingLevels: seeds.warmingLevels, limits, results });
  return { jobs, source };
}
const question = { cell: "27.7,85.3", models: ["MIROC6", "CanESM5", "GFDL-ESM4"] };

describe("on-demand jobs", () => {
  it("answers a question, then the same question in other words from the kept results without reading a day", async () => {
    const { jobs, source } = setup();
    const first = await jobs.submit("season-mean", question, "a");
    if (first.kind !== "job") throw new Error(first.kind);
    const done = await jobs.settled(first.job.id);
    expect(done).toMatchObject({ status: "successful", progress: 100, cached: false });
    expect(source.read).toBe(6);
    const result = JSON.parse((await jobs.result(done!))!.json).result;
    expect(result.change.median).toBeCloseTo(2, 1);
    expect(result.sample).toBe(true);

    const again = await jobs.submit("season-mean", { ...question, cell: "27.72,85.33", models: ["GFDL-ESM4", "MIROC6", "CanESM5"], variable: "tas" }, "b");
    if (again.kind !== "job") throw new Error(again.kind);
    expect(again.job).toMatchObject({ status: "successful", cached: true, key: first.job.key });
    expect((await jobs.result(again.job))!.json).toBe((await jobs.result(done!))!.json);
    expect(source.read).toBe(6);
    // other data: another key
    expect(await jobs.submit("season-mean", { ...question, months: [6, 7, 8] }, "b")).toMatchObject({ kind: "job", job: { cached: false } });
  });

  it("stops a job dismissed while it runs at its next block", async () => {
    const { jobs, source } = setup();
    const submitted = await jobs.submit("season-mean", { cell: "27.7,85.3" }, "a");
    if (submitted.kind !== "job") throw new Error(submitted.kind);
    const job = submitted.job;
    while (source.read < 3) await new Promise((resolve) => setImmediate(resolve));
    await jobs.dismiss(job);
    const read = source.read;
    await jobs.settled(job.id);
    expect(job).toMatchObject({ status: "dismissed" });
    expect(job.progress).toBeLessThan(100);
    expect(source.read).toBe(read);
    expect(await jobs.result(job)).toBeUndefined();
  });

  it("computes a question asked by two clients at once one time, for the other still when one dismisses theirs", async () => {
    const { jobs, source } = setup();
    const a = await jobs.submit("season-mean", question, "a");
    const b = await jobs.submit("season-mean", { ...question, months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] }, "b");
    if (a.kind !== "job" || b.kind !== "job") throw new Error("not admitted");
    expect(b.job.key).toBe(a.job.key);
    while (source.read < 2) await new Promise((resolve) => setImmediate(resolve));
    await jobs.dismiss(a.job);
    expect(await jobs.settled(b.job.id)).toMatchObject({ status: "successful", progress: 100 });
    expect(a.job.status).toBe("dismissed");
    expect(source.read).toBe(6);
    expect(await jobs.result(b.job)).toBeDefined();
  });

  it("admits a client's jobs up to its limit, the next when one is dismissed, and refuses a region over the size limit", async () => {
    const { jobs } = setup({ perClient: 2, maxSize: 100 });
    const ask = (months: number[]) => jobs.submit("season-mean", { ...question, models: ["MIROC6"], months }, "a");
    const one = await ask([1]);
    expect((await ask([2])).kind).toBe("job");
    expect(await ask([3])).toMatchObject({ kind: "busy", limit: 2 });
    expect((await jobs.submit("season-mean", { ...question, models: ["MIROC6"], months: [3] }, "b")).kind).toBe("job");
    if (one.kind === "job") await jobs.dismiss(one.job);
    expect((await ask([3])).kind).toBe("job");
    expect(await jobs.submit("season-mean", question, "c")).toMatchObject({ kind: "too-large", size: 120, limit: 100, cells: 1, models: 3 });
  });

  it("fails a job whose days cannot be read, saying so", async () => {
    const { jobs, source } = setup();
    source.fail = true;
    const error = console.error;
    console.error = () => undefined;
    try {
      const submitted = await jobs.submit("season-mean", question, "a");
      if (submitted.kind !== "job") throw new Error(submitted.kind);
      expect(await jobs.settled(submitted.job.id)).toMatchObject({ status: "failed", message: "the computation failed" });
    } finally {
      console.error = error;
    }
  });

  it("answers a question asked before a restart from the results kept on disk, without reading a day", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "sacap-ondemand-results-"));
    try {
      const before = setup({}, new DiskResults(dir, 1024 * 1024));
      const first = await before.jobs.submit("season-mean", question, "a");
      if (first.kind !== "job") throw new Error(first.kind);
      const done = (await before.jobs.settled(first.job.id))!;
      const kept = (await before.jobs.result(done))!;
      expect(readdirSync(dir)).toEqual([first.job.key]);

      // another portal process over the same folder
      const after = setup({}, new DiskResults(dir, 1024 * 1024));
      const again = await after.jobs.submit("season-mean", { ...question, months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] }, "b");
      if (again.kind !== "job") throw new Error(again.kind);
      expect(again.job).toMatchObject({ status: "successful", cached: true, key: first.job.key });
      expect(after.source.read).toBe(0);
      expect(await after.jobs.result(again.job)).toEqual(kept);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("keeps results on disk within their bound, the least recently used going first, also across a restart", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "sacap-ondemand-results-"));
    try {
      const result = (n: number) => ({ json: `{"n":${n}}`.padEnd(1000, " "), csv: String(n), sample: true });
      const keys = ["a1", "b2", "c3", "d4"].map((k) => k.repeat(8));
      const results = new DiskResults(dir, 2500);
      await results.set(keys[0], result(0));
      await new Promise((resolve) => setTimeout(resolve, 20));
      await results.set(keys[1], result(1));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await results.get(keys[0]))!.csv).toBe("0");
      // keys[1] is the least recently used: it goes
      await results.set(keys[2], result(2));
      expect(existsSync(path.join(dir, keys[1]))).toBe(false);
      expect(await results.get(keys[1])).toBeUndefined();
      expect(results.size).toBeLessThanOrEqual(2500);
      // restarted with a smaller bound: the older of the two goes (keys[0], used before keys[2] was written)
      await new Promise((resolve) => setTimeout(resolve, 20));
      const restarted = new DiskResults(dir, 1500);
      expect(readdirSync(dir).sort()).toEqual([keys[2]]);
      await restarted.set(keys[3], result(3));
      expect(readdirSync(dir).sort()).toEqual([keys[3]]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
