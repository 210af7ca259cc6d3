import { expect, test } from "@playwright/test";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { writeTestNetcdf } from "../../server/series/ingest/testing/write-netcdf";
import { postgresRows, sqliteRows } from "../../server/series/queue/testing/rows";
import { startPortal } from "../support/portal";
import { startPostgres, type Postgres } from "../support/postgres";

/**
 * The operator's path at scale with the production build: files queued with `ingest.js --queue`, two
 * `ingest-worker.js` processes, one killed in the middle of a job; the other finishes the queue (the
 * killed job too, once its lease ran out), a corrupt file fails alone and `--status` names it, and the
 * shared store holds exactly the rows a single-process SQLite ingest of the same files writes.
 */

const LAT = Array.from({ length: 40 }, (_, i) => 20.25 + i * 0.5);
const LON = Array.from({ length: 40 }, (_, i) => 75.25 + i * 0.5);
const YEARS = [2015, 2016, 2017, 2018];
const CORRUPT = "tasmin_day_MIROC6_ssp245_r1i1p1f1_gn_2015.nc";

test.describe("ingest through the queue, several worker processes", () => {
  test.describe.configure({ timeout: 240_000 });
  let dir: string;
  let postgres: Postgres | { skip: string };
  const workers: ChildProcess[] = [];
  const portals: Awaited<ReturnType<typeof startPortal>>[] = [];

  test.beforeAll(async () => {
    postgres = await startPostgres();
    dir = mkdtempSync(path.join(tmpdir(), "sacap-queue-contract-"));
    mkdirSync(path.join(dir, "files"));
    // a dozen files: two models, four years, tasmax and pr (and one corrupt tasmin)
    for (const model of ["ACCESS-CM2", "MIROC6"]) {
      for (const year of YEARS.slice(0, model === "ACCESS-CM2" ? 4 : 2)) {
        const common = { lat: LAT, lon: LON, calendar: "noleap", time: Array.from({ length: 365 }, (_, t) => t + 0.5), timeUnits: `days since ${year}-01-01` };
        const name = (v: string) => path.join(dir, "files", `${v}_day_${model}_ssp245_r1i1p1f1_gn_${year}.nc`);
        // the two models' files differ
        const offset = model === "MIROC6" ? 1.5 : 0;
        await writeTestNetcdf({ ...common, path: name("tasmax"), variable: "tasmax", units: "K", value: (t, r, c) => 273.15 + 25 + offset + 10 * Math.sin((t + year) / 40) + 0.1 * r - 0.05 * c });
        await writeTestNetcdf({ ...common, path: name("pr"), variable: "pr", units: "kg m-2 s-1", value: (t, r, c) => (((t * 13 + r * 7 + c + year) % 17) > 9 ? ((t % 23) + r * 0.1 + offset) / 86400 : 0) });
      }
    }
    writeFileSync(path.join(dir, "files", CORRUPT), Buffer.from("CDF\u0001 cut short"));
  });
  test.afterAll(() => {
    for (const w of workers) w.kill("SIGKILL");
    for (const p of portals) p.process.kill();
    if (postgres && "stop" in postgres) postgres.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const status = (url: string) => {
    const run = spawnSync(process.execPath, ["build/server/ingest.js", "--status", "--queue", url, "--json"], { encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    return JSON.parse(run.stdout);
  };
  const worker = (url: string) => {
    const child = spawn(process.execPath, ["build/server/ingest-worker.js", "--queue", url, "--supervise", "1", "--poll", "0.5"], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout!.on("data", (chunk) => (output += chunk));
    child.stderr!.on("data", (chunk) => (output += chunk));
    workers.push(child);
    return { child, output: () => output };
  };

  test("a killed worker's job is done by the other; a corrupt file fails alone; the store equals a single-process ingest", async () => {
    test.skip("skip" in postgres, "skip" in postgres ? postgres.skip : "");
    const { url } = postgres as Postgres;
    const queued = spawnSync(process.execPath, ["build/server/ingest.js", path.join(dir, "files"), "--queue", url, "--lease", "6", "--grids-to", path.join(dir, "grids"), "--json"], { encoding: "utf8" });
    expect(queued.status, queued.stderr).toBe(0);
    expect(JSON.parse(queued.stdout).queued).toHaveLength(6);
    expect(queued.stderr).toMatch(/Queued 6 set\(s\) of files \(13 files\)/);

    // the first worker takes a job and dies in the middle of it
    const first = worker(url);
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    let killed: string | undefined;
    try {
      const deadline = Date.now() + 60_000;
      while (!killed && Date.now() < deadline) {
        const { rows } = await db.query("SELECT set_key FROM ingest_sets WHERE state = 'running' AND worker LIKE $1", [`%:${first.child.pid}`]).catch(() => ({ rows: [] as { set_key: string }[] }));
        if (rows.length > 0) {
          first.child.kill("SIGKILL");
          killed = rows[0].set_key;
        } else await new Promise((r) => setTimeout(r, 25));
      }
      expect(killed, first.output()).toBeDefined();
      const second = worker(url);
      const deadline2 = Date.now() + 150_000;
      let s = status(url);
      while (s.sets.queued + s.sets.running + s.sets.retry > 0 && Date.now() < deadline2) {
        await new Promise((r) => setTimeout(r, 1000));
        s = status(url);
      }
      expect(s.sets, `${JSON.stringify(s)}\n${second.output()}`).toMatchObject({ done: 5, failed: 1, total: 6 });
      // the killed job was taken back after its lease and done by the second worker, on its second attempt
      const { rows } = await db.query("SELECT state, attempts, worker FROM ingest_sets WHERE set_key = $1", [killed]);
      expect(rows[0].state === "done" || killed!.startsWith("MIROC6")).toBe(true);
      expect(rows[0].attempts).toBeGreaterThanOrEqual(2);
      expect(rows[0].worker).toBe(`${rows[0].worker.split(":")[0]}:${second.child.pid}`);
      const events = second.output().trim().split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l));
      expect(events.some((e) => e.key === killed && (e.state === "done" || e.state === "failed" || e.state === "retry"))).toBe(true);
      // the corrupt file is named, with its set, in the status
      const text = spawnSync(process.execPath, ["build/server/ingest.js", "--status", "--queue", url], { encoding: "utf8" }).stdout;
      expect(text).toMatch(/sets: 5 done, 0 running, 0 pending \(0 to retry\), 1 failed, of 6/);
      expect(text).toContain(`FAILED  MIROC6|ssp245|r1i1p1f1|gn|2015`);
      expect(text).toContain(CORRUPT);
    } finally {
      await db.end();
    }

    // the same files in one process into SQLite: the same rows
    const single = spawnSync(process.execPath, ["build/server/ingest.js", path.join(dir, "files"), "--to", `file:${path.join(dir, "single.db")}`, "--json"], { encoding: "utf8" });
    expect(JSON.parse(single.stdout).failed.map((f: { file: string }) => f.file)).toEqual([CORRUPT]);
    const shared = await postgresRows(url);
    const local = sqliteRows(path.join(dir, "single.db"));
    expect(shared.series_years.length).toBeGreaterThan(0);
    for (const table of Object.keys(local)) expect(shared[table], table).toEqual(local[table]);

    // and the portal answers the same from either store
    const [fromShared, fromFile] = await Promise.all([startPortal({ SERIES_DB: url }), startPortal({ SERIES_DB: `file:${path.join(dir, "single.db")}` })]);
    portals.push(fromShared, fromFile);
    for (const query of ["/api/cmip6/annual?indicator=tasmax&geo=NPL&scenario=ssp245&model=ACCESS-CM2,MIROC6&start=2015&end=2018", "/api/cmip6/annual?indicator=su&geo=BTN&scenario=ssp245&model=ACCESS-CM2,MIROC6&start=2015&end=2018", "/api/cmip6/annual?indicator=cdd&geo=NPL&scenario=ssp245&model=ACCESS-CM2&start=2015&end=2018"]) {
      const [a, b] = await Promise.all([fetch(`${fromShared.url}${query}`), fetch(`${fromFile.url}${query}`)]);
      expect(a.status, query).toBe(200);
      const [textA, textB] = [await a.text(), await b.text()];
      expect(JSON.parse(textA).sample, query).toBe(false);
      expect(textA, query).toBe(textB);
    }
  });
});
