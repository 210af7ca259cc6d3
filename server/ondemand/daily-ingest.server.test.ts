import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgres, type Postgres } from "../../tests/support/postgres";
import { loadSeeds } from "../seeds.server";
import { ingest } from "../series/ingest/ingest.server";
import { random } from "../series/ingest/testing/random";
import { writeTestNetcdf } from "../series/ingest/testing/write-netcdf";
import { enqueue, queueStatus, startWorker } from "../series/queue/jobs.server";
import { DAILY_GRID } from "./daily-layout";
import { openDailyStore } from "./daily-store";

/**
 * The ingest keeps the daily store when it is given one (`DAILY_DIR`): from generated NetCDF files of
 * Bhutan on the 0.25° grid, the store gives back each cell's original daily values in °C and mm/day; a
 * file that fails leaves nothing of itself in the store; a database ingested before the store existed has
 * its files read again for it, and then skipped; the queue's workers write the same store as one process.
 */

const seeds = loadSeeds();
// Bhutan and its surroundings on the South Asia grid: rows 84-95 (26.125-28.875 N), columns 112-129 (88.125-92.375 E)
const ROW0 = 84;
const COL0 = 112;
const LAT = Array.from({ length: 12 }, (_, i) => DAILY_GRID.lat0 + (ROW0 + i) * DAILY_GRID.dlat);
const LON = Array.from({ length: 18 }, (_, j) => DAILY_GRID.lon0 + (COL0 + j) * DAILY_GRID.dlon);
const YEARS = [2015, 2016];
const KELVIN = 273.15;
const gridCell = (r: number, c: number) => (ROW0 + r) * DAILY_GRID.columns + COL0 + c;

const noises = new Map<number, number[]>();
const noise = (year: number) => {
  if (!noises.has(year)) {
    const rnd = random(year);
    noises.set(year, Array.from({ length: 365 }, () => rnd()));
  }
  return noises.get(year)!;
};
/** The files' values, in their units (K, kg m-2 s-1), per variable, year, day and cell (row, column of the file). */
const fileValue = {
  tasmax: (year: number, t: number, r: number, c: number) => KELVIN + 22 + 8 * noise(year)[t] + 0.1 * r - 0.05 * c,
  tasmin: (year: number, t: number, r: number, c: number) => KELVIN + 10 + 6 * noise(year)[(t + 3) % 365] + 0.1 * r,
  pr: (year: number, t: number, r: number, c: number) => (noise(year)[(t * 7 + r + c) % 365] > 0.6 ? (noise(year)[(t + r) % 365] * 25) / 86400 : 0),
};
type Variable = keyof typeof fileValue;
/** What the portal makes of a file's value: °C, mm/day (through float32, as the files hold them). */
const portalValue = (variable: Variable, year: number, t: number, r: number, c: number) => {
  const stored = Math.fround(fileValue[variable](year, t, r, c));
  return variable === "pr" ? stored * 86400 : stored - KELVIN;
};

let dir: string;
const fileOf = (folder: string, variable: string, year: number) => path.join(folder, `${variable}_day_ACCESS-CM2_ssp245_r1i1p1f1_gn_${year}.nc`);

async function writeFiles(folder: string, bad?: { variable: Variable; year: number; day: number }) {
  mkdirSync(folder, { recursive: true });
  for (const year of YEARS) {
    for (const variable of Object.keys(fileValue) as Variable[]) {
      const broken = bad && bad.variable === variable && bad.year === year;
      await writeTestNetcdf({
        path: fileOf(folder, variable, year),
        variable,
        units: variable === "pr" ? "kg m-2 s-1" : "K",
        lat: LAT,
        lon: LON,
        calendar: "noleap",
        fillValue: 1e20,
        time: Array.from({ length: 365 }, (_, t) => t + 0.5),
        timeUnits: `days since ${year}-01-01 00:00:00`,
        // a negative rain on one day stops the file (implausible), late in its year
        value: (t, r, c) => (broken && t === bad.day && r === 5 && c === 9 ? -1 : fileValue[variable](year, t, r, c)),
      });
    }
  }
}

/** Checks a cell's days of both years against the files, variable by variable. */
async function expectCell(storeDir: string, r: number, c: number, variables: Variable[], missing: (variable: Variable, year: number) => boolean = () => false) {
  const store = await openDailyStore(storeDir);
  const block = await store.readBlock({ model: "ACCESS-CM2", run: "ssp245", variables, cells: [gridCell(r, c)], years: { start: 2015, end: 2016 } });
  expect(block.days).toBe(730);
  expect(block.calendar).toBe("noleap");
  for (const variable of variables) {
    const values = block.values[variable]!;
    YEARS.forEach((year, y) => {
      for (let t = 0; t < 365; t++) {
        const got = values[y * 365 + t];
        if (missing(variable, year)) {
          if (!Number.isNaN(got)) throw new Error(`${variable} ${year} day ${t}: ${got}, expected NaN (nothing of a failed file)`);
          continue;
        }
        const want = portalValue(variable, year, t, r, c);
        const ok = variable === "pr" ? got === Math.fround(want) : Math.abs(got - want) <= 0.0051;
        if (!ok) throw new Error(`${variable} ${year} day ${t}: ${got}, expected ${want}`);
      }
    });
  }
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "sacap-daily-ingest-"));
  await writeFiles(path.join(dir, "files"));
  await writeFiles(path.join(dir, "with-bad-file"), { variable: "pr", year: 2016, day: 300 });
}, 120_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("the ingest writes the daily store", () => {
  it("keeps each cell's days in °C and mm/day, nothing of a file that fails, and skips what the store holds", async () => {
    const store = path.join(dir, "daily-1");
    const summary = await ingest({ paths: [path.join(dir, "with-bad-file")], database: path.join(dir, "one.db"), seeds, daily: store, grids: false });
    expect(summary.failed.map((f) => f.file)).toEqual(["pr_day_ACCESS-CM2_ssp245_r1i1p1f1_gn_2016.nc"]);
    expect(summary.dailyYears).toBe(5);
    const [run, ...others] = await (await openDailyStore(store)).list();
    expect(others).toEqual([]);
    expect(run).toMatchObject({ model: "ACCESS-CM2", run: "ssp245", member: "r1i1p1f1", calendar: "noleap", years: { tasmax: YEARS, tasmin: YEARS, pr: [2015] } });
    // Bhutan's cells (and those of the places the box covers whole), on the South Asia grid
    expect(run.cells.length).toBeGreaterThan(40);
    expect(Array.from(run.cells)).toContain(gridCell(5, 9));
    await expectCell(store, 5, 9, ["tasmax", "tasmin", "pr"], (v, year) => v === "pr" && year === 2016);
    await expectCell(store, 3, 14, ["tasmax", "pr"], (v, year) => v === "pr" && year === 2016);
    expect(readdirSync(path.join(store, ".staging"))).toEqual([]);

    // the same files again: 2015 is skipped, the store holds it; 2016 is read again for its failed file,
    // which fails again, and its other two files are kept again
    const again = await ingest({ paths: [path.join(dir, "with-bad-file")], database: path.join(dir, "one.db"), seeds, daily: store, grids: false });
    expect(again.skipped).toEqual(["tasmax", "tasmin", "pr"].map((v) => path.basename(fileOf("", v, 2015))).sort());
    expect(again.dailyYears).toBe(2);
    await expectCell(store, 5, 9, ["tasmax", "tasmin", "pr"], (v, year) => v === "pr" && year === 2016);
  }, 120_000);

  it("reads files ingested before the store was set again for it, and skips them once it holds them", async () => {
    const db = path.join(dir, "two.db");
    const store = path.join(dir, "daily-2");
    const before = await ingest({ paths: [path.join(dir, "files")], database: db, seeds, grids: false });
    expect(before.ingested).toHaveLength(6);
    expect(existsSync(store)).toBe(false);
    const filled = await ingest({ paths: [path.join(dir, "files")], database: db, seeds, daily: store, grids: false });
    expect(filled.skipped).toEqual([]);
    expect(filled.ingested).toHaveLength(6);
    expect(filled.replaced).toEqual([]);
    expect(filled.dailyYears).toBe(6);
    await expectCell(store, 5, 9, ["tasmax", "tasmin", "pr"]);
    const after = await ingest({ paths: [path.join(dir, "files")], database: db, seeds, daily: store, grids: false });
    expect(after.skipped).toHaveLength(6);
    expect(after.dailyYears).toBe(0);
  }, 120_000);
});

describe("the queue's workers write the daily store", () => {
  let postgres: Postgres | { skip: string };
  beforeAll(async () => {
    postgres = await startPostgres();
  }, 60_000);
  afterAll(() => {
    if (postgres && "stop" in postgres) postgres.stop();
  });

  it("two workers write the store the one-process ingest writes, value for value, also for sets they had done before it was named", async (context) => {
    if ("skip" in postgres) return context.skip(postgres.skip);
    const url = postgres.url;
    const store = path.join(dir, "daily-queue");
    const drain = async () => {
      const workers = await Promise.all([0, 1].map(() => startWorker({ url, seeds, pollSeconds: 0.5, superviseSeconds: 1 })));
      try {
        const deadline = Date.now() + 150_000;
        for (;;) {
          const status = await queueStatus(url);
          if (status.sets.queued + status.sets.running + status.sets.retry === 0) break;
          if (Date.now() > deadline) throw new Error(`queue not done: ${JSON.stringify(status)}`);
          await new Promise((r) => setTimeout(r, 500));
        }
      } finally {
        await Promise.all(workers.map((w) => w.stop()));
      }
      expect((await queueStatus(url)).sets).toMatchObject({ done: YEARS.length, failed: 0 });
    };
    const files = [path.join(dir, "files")];
    // queued and done without a daily store
    expect((await enqueue({ url }, { paths: files, seeds, settings: { grids: false } })).queued).toHaveLength(YEARS.length);
    await drain();
    expect((await enqueue({ url }, { paths: files, seeds, settings: { grids: false } })).done).toHaveLength(YEARS.length);
    // named now: the done sets are queued again for it, and done for good once it holds their days
    expect((await enqueue({ url }, { paths: files, seeds, settings: { grids: false, daily: { dir: store } } })).queued).toHaveLength(YEARS.length);
    await drain();
    expect((await enqueue({ url }, { paths: files, seeds, settings: { grids: false, daily: { dir: store } } })).done).toHaveLength(YEARS.length);

    await expectCell(store, 5, 9, ["tasmax", "tasmin", "pr"]);
    // the whole store against the one-process ingest's of the same files (the test before)
    const single = await openDailyStore(path.join(dir, "daily-2"));
    const shared = await openDailyStore(store);
    const [run] = await single.list();
    expect(await shared.list()).toEqual([run]);
    const query = { model: "ACCESS-CM2", run: "ssp245", variables: ["tasmax", "tasmin", "pr"] as const, cells: run.cells, years: { start: 2015, end: 2016 } };
    const [a, b] = [await single.readBlock(query), await shared.readBlock(query)];
    for (const v of query.variables) expect(Buffer.from(b.values[v]!.buffer).equals(Buffer.from(a.values[v]!.buffer)), v).toBe(true);
  }, 300_000);
});
