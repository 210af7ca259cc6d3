import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSeeds } from "../../seeds.server";
import { ingest, openSeriesDatabase } from "../../series/ingest/ingest.server";
import { writeTestNetcdf } from "../../series/ingest/testing/write-netcdf";
import { fieldAxesFor, modelSeasonYears } from "./build";
import { GridCellStore } from "./cell-store";

/**
 * CDD per cell when each year is a file of its own: a dry spell from late 2015 into 2016 belongs to 2016 in
 * full, as for the place values, although the 2015 file was read alone (its cells' values then ended the
 * spell on 31 December). The fields take the spells resolved with every year stored.
 */

const seeds = loadSeeds();
const LAT = [26.5, 27.5, 28.5];
const LON = [88.5, 89.5, 90.5, 91.5, 92.5];
const YEARS = [2015, 2016];
/** Rain, mm/day: dry from day 339 of 2015 (340 on, and 339 by the rule of every third day) to day 20 of 2016 in the western half, else a dry day in three. */
const prOf = (year: number, t: number, c: number) => ((c < 3 && ((year === 2015 && t >= 340) || (year === 2016 && t < 20))) || t % 3 === 0 ? 0 : 5);

let dir: string;
let database: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "sacap-grid-spells-"));
  database = path.join(dir, "series.db");
  for (const year of YEARS) {
    await writeTestNetcdf({
      path: path.join(dir, `pr_day_ACCESS-CM2_ssp245_r1i1p1f1_gn_${year}.nc`),
      variable: "pr",
      units: "kg m-2 s-1",
      lat: LAT,
      lon: LON,
      time: Array.from({ length: 365 }, (_, t) => t + 0.5),
      timeUnits: `days since ${year}-01-01 00:00:00`,
      calendar: "noleap",
      value: (t, _r, c) => prOf(year, t, c) / 86400,
    });
    // one file at a time: the sets are read apart
    await ingest({ paths: [path.join(dir, `pr_day_ACCESS-CM2_ssp245_r1i1p1f1_gn_${year}.nc`)], database, seeds, geoDir: "seeds/geo", minCoverage: 0 });
  }
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The longest dry spell ending in each year over both years, each spell counted in full in the year of its last day. */
function reference(c: number): Map<number, number> {
  const out = new Map(YEARS.map((y) => [y, 0]));
  let run = 0;
  let lastYear = 0;
  for (const year of YEARS) {
    for (let t = 0; t < 365; t++) {
      if (prOf(year, t, c) < 1) {
        run++;
        lastYear = year;
      } else {
        if (run > 0) out.set(lastYear, Math.max(out.get(lastYear)!, run));
        run = 0;
      }
    }
  }
  if (run > 0) out.set(lastYear, Math.max(out.get(lastYear)!, run));
  return out;
}

describe("CDD of the gridded fields across files", () => {
  it("resolves the spells with the years other files gave", () => {
    const db = openSeriesDatabase(database);
    try {
      const store = new GridCellStore(db);
      const row = db.prepare("SELECT grid, cells FROM grid_cell_years WHERE indicator = 'cdd' LIMIT 1").get() as { grid: string; cells: string };
      const cells = store.cellSet(row.grid, row.cells)!;
      const axes = fieldAxesFor(cells)!;
      const years = modelSeasonYears(store, db, "cdd", "ssp245", "ACCESS-CM2", axes).get("annual")!;
      // the stored 2015 value of a western cell ended the spell with its file
      const stored = store.years("cdd", "ssp245", "ACCESS-CM2").find((y) => y.year === 2015)!;
      const k = Array.from(cells.indices).findIndex((cell) => cell % LON.length === 0);
      expect(stored.values.annual[k]).toBe(26);
      let checked = 0;
      for (const cell of cells.indices) {
        const r = Math.floor(cell / LON.length);
        const c = cell % LON.length;
        const at = (LAT[r] - axes.lat0) / axes.dlat * axes.columns + (LON[c] - axes.lon0) / axes.dlon;
        const want = reference(c);
        for (const year of YEARS) expect(years.get(year)![Math.round(at)], `cell ${r},${c} ${year}`).toBe(want.get(year));
        checked++;
      }
      expect(checked).toBeGreaterThan(5);
      expect(reference(0).get(2016)).toBe(46);
    } finally {
      db.close();
    }
  });
});
