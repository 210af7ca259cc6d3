import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { daysInYear, type Calendar } from "../series/ingest/calendar";
import { datesOf } from "../series/ingest/testing/dates";
import { CELL_BLOCK, dayOfYear, writtenPath, type DailyStoreVariable } from "./daily-layout";
import { openDailyStore, type DailyBlock } from "./daily-store";
import { dailyStoreHolds, DailyStoreWriter } from "./daily-writer";
import { gridIndex, testValue, writeDailyRun } from "./testing/write-daily";

/**
 * The daily store as the on-demand indices read it: what the ingest writes comes back per cell and day in
 * the portal's units (temperatures to the 0.01 °C they are kept at, precipitation exactly), missing values
 * and unwritten years as NaN, whatever blocks of cells and years a block spans and whatever the calendar;
 * writers of different models in separate processes do not disturb each other, a reader never sees half
 * of a year being rewritten, and xarray reads the store (when Debian's python3-xarray is installed).
 */

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "sacap-daily-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const BOX = { rows: [60, 80] as [number, number], columns: [80, 100] as [number, number] };
const boxCells = () => {
  const out: number[] = [];
  for (let r = BOX.rows[0]; r < BOX.rows[1]; r++) for (let c = BOX.columns[0]; c < BOX.columns[1]; c++) out.push(gridIndex(r, c));
  return out;
};

/** Checks every value of a block against `testValue` (NaN for the years and cells given as missing). */
function expectBlock(block: DailyBlock, model: string, variables: readonly DailyStoreVariable[], written: (year: number, cell: number) => boolean) {
  const dates = datesOf(block.calendar, block.start.year, block.start.year + 10).slice(0, block.days);
  let checked = 0;
  for (const variable of variables) {
    const values = block.values[variable]!;
    expect(values).toHaveLength(block.cells.length * block.days);
    block.cells.forEach((cell, k) => {
      dates.forEach((date, t) => {
        const got = values[k * block.days + t];
        const want = written(date.year, cell) ? testValue(model, variable, date.year, dayOfYear(block.calendar, date), cell) : Number.NaN;
        if (Number.isNaN(want)) {
          if (!Number.isNaN(got)) throw new Error(`${variable} cell ${cell} ${date.year}-${date.month}-${date.day}: ${got}, expected NaN`);
        } else if (variable === "pr" ? got !== Math.fround(want) : !(Math.abs(got - want) <= 0.005 + 1e-5)) {
          throw new Error(`${variable} cell ${cell} ${date.year}-${date.month}-${date.day}: ${got}, expected ${want}`);
        }
        checked++;
      });
    });
  }
  return checked;
}

describe("the daily store", () => {
  it("gives back the written days of any cells and years, across blocks of cells and years; missing days stay NaN", async () => {
    const model = "ACCESS-CM2";
    // three sets, one a year: the years 2014-2016 of 400 cells (two blocks of cells)
    for (const year of [2014, 2015, 2016]) {
      const { written } = await writeDailyRun(dir, { model, calendar: "standard", ...BOX, years: [year, year], variables: ["tasmax", "tasmin", "pr"], value: (v, y, d, c) => testValue(model, v, y, d, c) });
      expect(written).toBe(3);
    }
    const store = await openDailyStore(dir);
    const [run] = await store.list();
    expect(run).toMatchObject({ model, run: "ssp245", member: "r1i1p1f1", calendar: "standard", years: { tasmax: [2014, 2015, 2016], tasmin: [2014, 2015, 2016], pr: [2014, 2015, 2016] } });
    expect(Array.from(run.cells)).toEqual(boxCells());

    // the last cell of the first block and the first of the second, a cell the store does not hold (sea), and years before and after those written
    const list = await store.cellList(store.runAttributes(model, "ssp245")!.cells);
    expect(list).toHaveLength(400);
    const cells = [list[CELL_BLOCK - 1], list[CELL_BLOCK], gridIndex(10, 10), list[399], list[0]];
    const block = await store.readBlock({ model, run: "ssp245", variables: ["tasmax", "pr"], cells, years: { start: 2013, end: 2017 } });
    expect(block.calendar).toBe("standard");
    expect(block.start).toEqual({ year: 2013, month: 1, day: 1 });
    expect(block.days).toBe(365 + 365 + 365 + 366 + 365);
    expect(Array.from(block.cells)).toEqual(cells);
    const held = new Set(list);
    expect(expectBlock(block, model, ["tasmax", "pr"], (year, cell) => year >= 2014 && year <= 2016 && held.has(cell))).toBe(5 * 1826 * 2);
    // the test values have missing days: they come back as NaN (checked above), and there are some
    expect(block.values.pr!.some((v, i) => Number.isNaN(v) && Math.floor(i / block.days) === 0 && i % block.days > 365 && i % block.days < 1461)).toBe(true);

    // every cell of the box over one year, in the order asked (reversed)
    const all = boxCells().reverse();
    const whole = await store.readBlock({ model, run: "ssp245", variables: ["tasmin"], cells: all, years: { start: 2016, end: 2016 } });
    expect(whole.days).toBe(366);
    expectBlock(whole, model, ["tasmin"], () => true);
    expect(whole.values.tasmax).toBeUndefined();

    await expect(store.readBlock({ model: "MIROC6", run: "ssp245", variables: ["tas"], cells, years: { start: 2015, end: 2015 } })).rejects.toThrow(/no MIROC6 ssp245/);
  });

  it.each([
    ["noleap", 365, 365],
    ["360_day", 360, 360],
    ["proleptic_gregorian", 365, 366],
  ] as [Calendar, number, number][])("keeps the days of a %s calendar: %i days in 2015, %i in 2016", async (calendar, days2015, days2016) => {
    const model = "UKESM1-0-LL";
    await writeDailyRun(dir, { model, calendar, ...BOX, years: [2015, 2016], variables: ["tas", "pr"], value: (v, y, d, c) => testValue(model, v, y, d, c) });
    const store = await openDailyStore(dir);
    const cells = [gridIndex(61, 81), gridIndex(79, 99)];
    const block = await store.readBlock({ model, run: "ssp245", variables: ["tas", "pr"], cells, years: { start: 2015, end: 2016 } });
    expect(block.calendar).toBe(calendar);
    expect(block.days).toBe(days2015 + days2016);
    expect(daysInYear(calendar, 2016)).toBe(days2016);
    expectBlock(block, model, ["tas", "pr"], () => true);
    if (calendar === "360_day") {
      // 30 February 2016 is day 59 of the year
      const feb30 = days2015 + 59;
      expect(block.values.tas![feb30]).toBeCloseTo(testValue(model, "tas", 2016, 59, cells[0]), 2);
    }
  });

  it("keeps a year two sets hold in part (files ending and starting within it), naming both sets' files", async () => {
    const model = "MIROC6";
    const value = (v: DailyStoreVariable, y: number, d: number, c: number) => testValue(model, v, y, d, c);
    await writeDailyRun(dir, { model, calendar: "standard", ...BOX, years: [2015, 2015], skipLast: 100, variables: ["tasmax"], value, files: { tasmax: ["first.nc@1"] } });
    await writeDailyRun(dir, { model, calendar: "standard", ...BOX, years: [2015, 2015], skipFirst: 265, variables: ["tasmax"], value, files: { tasmax: ["second.nc@2"] } });
    const store = await openDailyStore(dir);
    const block = await store.readBlock({ model, run: "ssp245", variables: ["tasmax"], cells: boxCells(), years: { start: 2015, end: 2015 } });
    expectBlock(block, model, ["tasmax"], () => true);
    const markers = readdirSync(path.join(dir, writtenPath(model, "ssp245", "tasmax")));
    expect(markers).toHaveLength(1);
    expect(JSON.parse(readFileSync(path.join(dir, writtenPath(model, "ssp245", "tasmax"), markers[0]), "utf8")).files).toEqual(["first.nc@1", "second.nc@2"]);
  });

  it("two processes writing two models into one store at once leave both whole", async () => {
    const script = path.join(__dirname, "testing/write-daily-child.ts");
    const viteNode = path.resolve("node_modules/vite-node/vite-node.mjs");
    const run = (model: string, calendar: Calendar) =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, [viteNode, "--config", "vitest.config.ts", script, dir, model, calendar, "2013", "2016"], { stdio: ["ignore", "pipe", "pipe"] });
        let out = "";
        child.stdout.on("data", (d) => (out += d));
        child.stderr.on("data", (d) => (out += d));
        child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`${model}: exit ${code}\n${out}`))));
      });
    // both create the store, the shared cell list and their runs in the same moments
    const outputs = await Promise.all([run("ACCESS-CM2", "noleap"), run("CanESM5", "standard")]);
    expect(outputs.map((o) => o.trim().split("\n").pop())).toEqual(["ACCESS-CM2 done", "CanESM5 done"]);
    const store = await openDailyStore(dir);
    const runs = await store.list();
    expect(runs.map((r) => [r.model, r.calendar, r.years.tasmax, r.years.pr])).toEqual([
      ["ACCESS-CM2", "noleap", [2013, 2014, 2015, 2016], [2013, 2014, 2015, 2016]],
      ["CanESM5", "standard", [2013, 2014, 2015, 2016], [2013, 2014, 2015, 2016]],
    ]);
    expect(runs[0].cells).toEqual(runs[1].cells);
    for (const model of ["ACCESS-CM2", "CanESM5"]) {
      const block = await store.readBlock({ model, run: "ssp245", variables: ["tasmax", "pr"], cells: boxCells(), years: { start: 2013, end: 2016 } });
      expectBlock(block, model, ["tasmax", "pr"], () => true);
    }
    // nothing left in staging
    expect(readdirSync(path.join(dir, ".staging"))).toEqual([]);
  }, 120_000);

  it("notes files on another grid as such, keeps nothing of them and does not ask for them again", async () => {
    const writer = new DailyStoreWriter(dir);
    // a 1-degree grid: no cell centre on the 0.25-degree grid
    const staging = await writer.stage({ model: "CESM2", run: "ssp245", member: "r4i1p1f1", calendar: "noleap", lat: Float64Array.of(26.5, 27.5), lon: Float64Array.of(88.5, 89.5), active: Uint32Array.of(0, 1, 2, 3), variables: ["tasmax"] });
    expect(staging.keeps).toBe(false);
    expect(staging.note).toEqual({ text: expect.stringMatching(/none of its cells is on the South Asia 0.25° grid/), offGrid: true });
    expect(writer.holds("CESM2", "ssp245", [{ variable: "tasmax", years: { start: 2015, end: 2015 }, file: "tasmax_2015.nc@abc" }])).toBe(false);
    for (const date of datesOf("noleap", 2015, 2015)) staging.day(date, { tasmax: [30, 30, 30, 30] });
    staging.finish();
    expect(await staging.commit({ tasmax: ["tasmax_2015.nc@abc"] })).toBe(0);
    expect(writer.holds("CESM2", "ssp245", [{ variable: "tasmax", years: { start: 2015, end: 2015 }, file: "tasmax_2015.nc@abc" }])).toBe(true);
    // the queue knows the name alone
    expect(dailyStoreHolds(dir, "CESM2", "ssp245", [{ variable: "tasmax", years: { start: 2015, end: 2015 }, file: "tasmax_2015.nc" }])).toBe(true);
    expect(await (await openDailyStore(dir)).list()).toEqual([]);
  });

  it("a block read while a year of it is rewritten has the old year or the new one, never a mix of both", async () => {
    const model = "ACCESS-CM2";
    const old = (v: DailyStoreVariable, y: number, d: number, c: number) => testValue(model, v, y, d, c);
    await writeDailyRun(dir, { model, calendar: "noleap", ...BOX, years: [2015, 2015], variables: ["tasmax"], value: old });
    const store = await openDailyStore(dir);
    // the first chunk is read from the old year; the year is then rewritten (another model's values) before
    // the other chunks are read
    const original = store.chunk.bind(store);
    let rewrite: Promise<unknown> | undefined;
    store.chunk = async (...args) => {
      if (!rewrite) {
        const data = await original(...args);
        rewrite = writeDailyRun(dir, { model, calendar: "noleap", ...BOX, years: [2015, 2015], variables: ["tasmax"], value: (v, y, d, c) => testValue("NEW-MODEL", v, y, d, c) });
        await rewrite;
        return data;
      }
      await rewrite;
      return original(...args);
    };
    const block = await store.readBlock({ model, run: "ssp245", variables: ["tasmax"], cells: boxCells(), years: { start: 2015, end: 2015 } });
    expectBlock(block, "NEW-MODEL", ["tasmax"], () => true);
  });
});

/** Debian's python3 with xarray and zarr (python3-xarray, python3-zarr), or another python3 that has them. */
const python = ["/usr/bin/python3", "python3"].find((p) => spawnSync(p, ["-c", "import xarray, zarr"], { stdio: "ignore" }).status === 0);

describe.skipIf(!python)("the daily store read by xarray", () => {
  it("opens a run as a dataset with its CF attributes, the same values and a time coordinate in the run's calendar", async () => {
    const model = "ACCESS-CM2";
    await writeDailyRun(dir, { model, calendar: "noleap", ...BOX, years: [2015, 2016], variables: ["tasmax", "pr"], value: (v, y, d, c) => testValue(model, v, y, d, c) });
    const store = await openDailyStore(dir);
    const attributes = store.runAttributes(model, "ssp245")!;
    const list = await store.cellList(attributes.cells);
    const script = `
import json, sys, warnings
warnings.simplefilter("ignore")
import numpy as np, xarray as xr
ds = xr.open_zarr(sys.argv[1], group="${model}/ssp245", consolidated=False)
cells = xr.open_zarr(sys.argv[1], group="cells/${attributes.cells}", consolidated=False)
p = 300
t = ds.tasmax.sel(year=2016).isel(cell=p).values[:365]
r = ds.pr.sel(year=2016).isel(cell=p).values[:365]
print(json.dumps({
  "dims": list(ds.tasmax.dims), "units": ds.tasmax.attrs["units"], "pr_units": ds.pr.attrs["units"],
  "cell": int(cells.cell.values[p]), "lat": float(cells.lat.values[p]), "lon": float(cells.lon.values[p]),
  "tasmax": [None if np.isnan(x) else float(x) for x in t], "pr": [None if np.isnan(x) else float(x) for x in r],
  "first": str(ds.time.sel(year=2016).values[0]), "last": str(ds.time.sel(year=2016).values[364]),
}))
`;
    const out = spawnSync(python!, ["-c", script, dir], { encoding: "utf8" });
    expect(out.status, out.stderr).toBe(0);
    const read = JSON.parse(out.stdout) as { dims: string[]; units: string; pr_units: string; cell: number; lat: number; lon: number; tasmax: (number | null)[]; pr: (number | null)[]; first: string; last: string };
    expect(read.dims).toEqual(["year", "day", "cell"]);
    expect([read.units, read.pr_units]).toEqual(["degC", "mm day-1"]);
    expect(read.cell).toBe(list[300]);
    expect(read.lat).toBeCloseTo(5.125 + Math.floor(list[300] / 160) * 0.25, 6);
    expect(read.lon).toBeCloseTo(60.125 + (list[300] % 160) * 0.25, 6);
    expect(read.first).toMatch(/^2016-01-01 12:00:00/);
    expect(read.last).toMatch(/^2016-12-31 12:00:00/);
    const block = await store.readBlock({ model, run: "ssp245", variables: ["tasmax", "pr"], cells: [list[300]], years: { start: 2016, end: 2016 } });
    const ours = (v: "tasmax" | "pr") => Array.from(block.values[v]!, (x) => (Number.isNaN(x) ? null : x));
    read.tasmax.forEach((x, d) => (x === null ? expect(ours("tasmax")[d]).toBeNull() : expect(x).toBeCloseTo(ours("tasmax")[d]!, 4)));
    expect(read.pr).toEqual(ours("pr"));
    expect(read.tasmax.filter((x) => x === null).length).toBeGreaterThan(0);
  });
});
