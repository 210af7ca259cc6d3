import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextDay, type Calendar, type CalendarDate } from "../series/ingest/calendar";
import { random } from "../series/ingest/testing/random";
import { writeTestNetcdf } from "../series/ingest/testing/write-netcdf";
import type { DailyBlock } from "./daily";
import { cellYearValues, resolveIndex, type IndexRequest } from "./indices";

/**
 * The on-demand indices against CDO's ECA operators (Climate Data Operators, Debian's `cdo`), the reference
 * implementation of the ECA&D indices: the same days are written as NetCDF files, each season year is cut
 * out with CDO's own selection (`selyear`, `selmon`, `seldate`) and the ECA operator counts over it, per
 * cell. CDO wants temperatures in kelvin (it does not read degC) and thresholds in °C.
 *
 * What is compared, and how CDO's definitions map onto the catalogue:
 * - counts of days: eca_su and eca_tr (TX, TN > T), eca_fd and eca_id (< 0 °C; another threshold on the
 *   field less the threshold), eca_pd (PR >= x; eca_rr1, eca_r20mm), exactly;
 * - spells: eca_csu (longest run of TX > T) and eca_cdd (longest run of PR < R), and their counts of runs,
 *   which CDO takes of "more than N days": the catalogue's runs of at least minDays are CDO's N = minDays - 1;
 *   CDO counts within the span it is given, as the catalogue within the season;
 * - degree days: eca_hd,T1,T2 (sum of T1 - TG where TG < T2) is the heating degree days at T1 = T2 = base;
 *   growing and cooling degree days, sum(max(0, TG - base)), are eca_hd on the mirrored temperatures (-TG) at
 *   -base, and CDO's arithmetic timsum(max(0, TG - base)). CDO 2.1 (Debian 12) has no eca_gd; ECA&D's
 *   GSL-style season rules are not part of these degree days (see `ONDEMAND_INDICES`);
 * - season statistics: timsum, timmean, timmax and timmin, and eca_rx1day for the wettest day.
 *
 * Temperatures are written in kelvin as float32, which moves a value by up to 3e-5 °C: the test values stay
 * 0.05 °C from every threshold (CDO's comparison of a value on the threshold is not this test's subject:
 * `indices.test.ts` tests it exactly). Rain is written in mm and compared exactly, on the threshold too.
 * Seasons crossing the year are cut with `seldate` from 1 November to 1 April at midnight (the days are
 * stamped at noon). A season of months apart is left out: CDO would run a spell across the months between.
 */

const run = promisify(execFile);
const CDO_MISSING = "cdo (Climate Data Operators) is not installed: install Debian's cdo (apt-get install cdo); the on-demand indices are checked against it";

const LAT = [10, 10.25];
const LON = [70, 70.25, 70.5];
const CELLS = LAT.length * LON.length;
const YEARS = { start: 2001, end: 2004 };

interface Day {
  date: CalendarDate;
  tas: number[];
  tasmax: number[];
  tasmin: number[];
  pr: number[];
}

/** Days with persistence, temperatures on x.x5 °C (0.05 °C from every threshold), rain of listed amounts. */
function makeDays(calendar: Calendar): Day[] {
  const next = random(calendar.length * 7919);
  const anomaly = new Array<number>(CELLS).fill(0);
  const wet = new Array<boolean>(CELLS).fill(false);
  const out: Day[] = [];
  const quantise = (v: number) => Math.round(v * 10) / 10 + 0.05;
  for (let d: CalendarDate = { year: YEARS.start, month: 1, day: 1 }; d.year <= YEARS.end; d = nextDay(calendar, d)) {
    const season = Math.cos((2 * Math.PI * (d.month - 1 + d.day / 31 - 6.5)) / 12);
    const day: Day = { date: d, tas: [], tasmax: [], tasmin: [], pr: [] };
    for (let c = 0; c < CELLS; c++) {
      anomaly[c] = 0.8 * anomaly[c] + 2.5 * (next() - 0.5);
      // cell 0 a cold mountain, cell 5 hot plains
      const mean = 4 + 4.5 * c + 11 * season + anomaly[c];
      const range = 4 + 3 * next();
      day.tas.push(quantise(mean));
      day.tasmax.push(quantise(mean + range));
      day.tasmin.push(quantise(mean - range));
      wet[c] = next() < (wet[c] ? 0.65 : 0.25 + 0.15 * season);
      day.pr.push(wet[c] ? [0.5, 1, 1, 2.5, 10, 20, 35.5, 4][Math.floor(next() * 8)] : next() < 0.1 ? 0.9 : 0);
    }
    out.push(day);
  }
  return out;
}

/** Time values of the days: noon of each day since the first. */
const times = (days: readonly Day[]) => days.map((_, i) => i + 0.5);
const cellOf = (r: number, c: number) => r * LON.length + c;

async function writeFiles(dir: string, calendar: Calendar, days: Day[]): Promise<{ t: string; p: string }> {
  const common = { lat: LAT, lon: LON, time: times(days), timeUnits: `days since ${YEARS.start}-01-01 00:00:00`, calendar };
  const kelvin = (pick: (d: Day, cell: number) => number) => (t: number, r: number, c: number) => pick(days[t], cellOf(r, c)) + 273.15;
  const t = path.join(dir, `t-${calendar}.nc`);
  const p = path.join(dir, `p-${calendar}.nc`);
  await writeTestNetcdf({
    ...common,
    path: t,
    variable: "tasmax",
    units: "K",
    value: kelvin((d, i) => d.tasmax[i]),
    more: [
      { variable: "tasmin", units: "K", value: kelvin((d, i) => d.tasmin[i]) },
      { variable: "tas", units: "K", value: kelvin((d, i) => d.tas[i]) },
      // frost days at 5 °C: TN - 5 below 0 °C
      { variable: "tasminLess5", units: "K", value: kelvin((d, i) => d.tasmin[i] - 5) },
      // degree days above a base: -TG below -base
      { variable: "tasMirror", units: "K", value: kelvin((d, i) => -d.tas[i]) },
    ],
  });
  await writeTestNetcdf({ ...common, path: p, variable: "pr", units: "mm", value: (i, r, c) => days[i].pr[cellOf(r, c)] });
  return { t, p };
}

function blockOf(calendar: Calendar, days: Day[]): DailyBlock {
  const n = days.length;
  const values: DailyBlock["values"] = {};
  for (const v of ["tas", "tasmax", "tasmin", "pr"] as const) {
    const data = new Float32Array(CELLS * n);
    for (let c = 0; c < CELLS; c++) for (let d = 0; d < n; d++) data[c * n + d] = days[d][v][c];
    values[v] = data;
  }
  return { calendar, start: days[0].date, days: n, cells: CELLS, values, source: "test" };
}

/** The seasons compared, each season year's CDO selection, and the years the block holds in full. */
const SEASONS = [
  { months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], years: [2001, 2002, 2003, 2004], select: (y: number) => `-selyear,${y}` },
  { months: [6, 7, 8], years: [2001, 2002, 2003, 2004], select: (y: number) => `-selmon,6,7,8 -selyear,${y}` },
  { months: [11, 12, 1, 2, 3], years: [2002, 2003, 2004], select: (y: number) => `-seldate,${y - 1}-11-01T00:00:00,${y}-04-01T00:00:00` },
];

/**
 * One CDO check: the operator chain on a file (of one output variable: eca_csu's and eca_cdd's two are
 * picked by name), the catalogue's request, and the tolerance.
 */
interface Check {
  cdo: string;
  file: "t" | "p";
  request: IndexRequest;
  /** From CDO's value to the catalogue's (kelvin to °C). */
  convert?: (v: number) => number;
  /** Largest difference allowed (0: equal). */
  tolerance?: number;
}

const toCelsius = (v: number) => v - 273.15;
/** CDO's eca_hd has no value (its missing value, -9e33) for a span without a day below its limit: a sum of no days, 0 here. */
const noDayIsZero = (v: number) => (v < -1e30 ? 0 : v);
const CHECKS: Check[] = [
  { cdo: "-eca_su,25 -selname,tasmax", file: "t", request: { index: "days-above", variable: "tasmax", threshold: 25 } },
  { cdo: "-eca_su,30.5 -selname,tas", file: "t", request: { index: "days-above", variable: "tas", threshold: 30.5 } },
  { cdo: "-eca_tr,20 -selname,tasmin", file: "t", request: { index: "days-above", variable: "tasmin", threshold: 20 } },
  { cdo: "-eca_fd -selname,tasmin", file: "t", request: { index: "days-below", variable: "tasmin", threshold: 0 } },
  { cdo: "-eca_fd -selname,tasminLess5", file: "t", request: { index: "days-below", variable: "tasmin", threshold: 5 } },
  { cdo: "-eca_id -selname,tasmax", file: "t", request: { index: "days-below", variable: "tasmax", threshold: 0 } },
  { cdo: "-eca_pd,10", file: "p", request: { index: "wet-days", threshold: 10 } },
  { cdo: "-eca_pd,2.5", file: "p", request: { index: "wet-days", threshold: 2.5 } },
  { cdo: "-eca_rr1", file: "p", request: { index: "wet-days", threshold: 1 } },
  { cdo: "-eca_r20mm", file: "p", request: { index: "wet-days", threshold: 20 } },
  { cdo: "-selname,consecutive* -eca_csu,25,5 -selname,tasmax", file: "t", request: { index: "warm-spell-longest", variable: "tasmax", threshold: 25 } },
  { cdo: "-selname,number* -eca_csu,25,5 -selname,tasmax", file: "t", request: { index: "warm-spell-count", variable: "tasmax", threshold: 25, minDays: 6 } },
  { cdo: "-selname,consecutive* -eca_csu,18,2 -selname,tasmin", file: "t", request: { index: "warm-spell-longest", variable: "tasmin", threshold: 18 } },
  { cdo: "-selname,number* -eca_csu,18,2 -selname,tasmin", file: "t", request: { index: "warm-spell-count", variable: "tasmin", threshold: 18, minDays: 3 } },
  { cdo: "-selname,consecutive* -eca_cdd,1,5", file: "p", request: { index: "dry-spell-longest", threshold: 1 } },
  { cdo: "-selname,number* -eca_cdd,1,5", file: "p", request: { index: "dry-spell-count", threshold: 1, minDays: 6 } },
  { cdo: "-selname,consecutive* -eca_cdd,2.5,2", file: "p", request: { index: "dry-spell-longest", threshold: 2.5 } },
  { cdo: "-selname,number* -eca_cdd,2.5,2", file: "p", request: { index: "dry-spell-count", threshold: 2.5, minDays: 3 } },
  { cdo: "-eca_hd,17,17 -selname,tas", file: "t", request: { index: "heating-degree-days", base: 17 }, convert: noDayIsZero, tolerance: 0.02 },
  { cdo: "-eca_hd,-10,-10 -selname,tasMirror", file: "t", request: { index: "growing-degree-days", base: 10 }, convert: noDayIsZero, tolerance: 0.02 },
  { cdo: "-eca_hd,-18,-18 -selname,tasMirror", file: "t", request: { index: "cooling-degree-days", base: 18 }, convert: noDayIsZero, tolerance: 0.02 },
  { cdo: "-timsum -maxc,0 -subc,283.15 -selname,tas", file: "t", request: { index: "growing-degree-days", base: 10 }, tolerance: 0.02 },
  { cdo: "-timsum", file: "p", request: { index: "season-total" }, tolerance: 1e-3 },
  { cdo: "-timmean", file: "p", request: { index: "season-mean", variable: "pr" }, tolerance: 1e-5 },
  { cdo: "-eca_rx1day", file: "p", request: { index: "season-max", variable: "pr" } },
  { cdo: "-timmax -selname,tasmax", file: "t", request: { index: "season-max", variable: "tasmax" }, convert: toCelsius, tolerance: 1e-4 },
  { cdo: "-timmin -selname,tasmin", file: "t", request: { index: "season-min", variable: "tasmin" }, convert: toCelsius, tolerance: 1e-4 },
  { cdo: "-timmean -selname,tas", file: "t", request: { index: "season-mean", variable: "tas" }, convert: toCelsius, tolerance: 1e-4 },
];

/** Checks per run of CDO: its start costs more than each operator, and hundreds of inputs in one run make it fail. */
const CHECKS_PER_RUN = 4;

/**
 * CDO's values of some checks over every season year, in one run of CDO: each check's output renamed to one
 * name, so that `cat` takes them one after the other. Per check, season, year: the cells' values.
 */
async function cdoValues(checks: readonly Check[], files: { t: string; p: string }): Promise<number[][][][]> {
  const inputs = checks.flatMap((check) =>
    SEASONS.flatMap((s) => s.years.flatMap((y) => ["-setname,x", ...check.cdo.split(" "), ...s.select(y).split(" "), files[check.file]])),
  );
  let stdout: string;
  try {
    // -L: CDO runs chained operators in threads of their own, and its resource lists (a time axis, say) are not
    // safe between them without the lock: unlocked, a run now and then fails to resolve a `taxisID`
    ({ stdout } = await run("cdo", ["-s", "-L", "outputtab,lat,lon,value", "[", "-cat", "[", ...inputs, "]", "]"], {
      env: { ...process.env, OMP_NUM_THREADS: "1" },
      maxBuffer: 64 * 1024 * 1024,
    }));
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? error);
    throw new Error(`cdo failed on ${checks.map((c) => c.cdo).join("; ")}: ${stderr.split("\n").filter((l) => /abort|error/i.test(l)).slice(0, 5).join(" | ")}`);
  }
  const rows = stdout
    .split("\n")
    .filter((line) => line.trim() && !line.trim().startsWith("#"))
    .map((line) => {
      const [lat, lon, value] = line.trim().split(/\s+/).map(Number);
      return { cell: cellOf(LAT.indexOf(lat), LON.indexOf(lon)), value };
    });
  expect(rows.length).toBe(checks.length * SEASONS.reduce((n, s) => n + s.years.length, 0) * CELLS);
  let at = 0;
  return checks.map(() =>
    SEASONS.map((s) =>
      s.years.map(() => {
        const cells = new Array<number>(CELLS).fill(NaN);
        for (let k = 0; k < CELLS; k++, at++) cells[rows[at].cell] = rows[at].value;
        return cells;
      }),
    ),
  );
}

/** Runs tasks two at a time (the machine's cores). */
async function twoAtATime<T>(tasks: (() => Promise<T>)[]): Promise<T[]> {
  const out: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const k = next++;
      out[k] = await tasks[k]();
    }
  };
  await Promise.all([worker(), worker()]);
  return out;
}

/** The files in netCDF's classic format, which CDO opens faster than netCDF-4 (it opens them once per check and year). */
async function classic(file: string): Promise<string> {
  const out = file.replace(/\.nc$/, "-classic.nc");
  await run("cdo", ["-s", "-f", "nc", "copy", file, out], { env: { ...process.env, OMP_NUM_THREADS: "1" } });
  return out;
}

let dir = "";
beforeAll(() => {
  try {
    execFileSync("cdo", ["--version"], { stdio: "ignore" });
  } catch {
    throw new Error(CDO_MISSING);
  }
  dir = mkdtempSync(path.join(tmpdir(), "sacap-ondemand-cdo-"));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("on-demand indices against CDO's ECA operators", () => {
  for (const calendar of ["standard", "360_day"] as const) {
    it(`agree per cell and season year (${calendar} calendar; the year, JJA and November-March)`, async () => {
      const days = makeDays(calendar);
      const written = await writeFiles(dir, calendar, days);
      const files = { t: await classic(written.t), p: await classic(written.p) };
      const block = blockOf(calendar, days);
      const groups: Check[][] = [];
      for (let k = 0; k < CHECKS.length; k += CHECKS_PER_RUN) groups.push(CHECKS.slice(k, k + CHECKS_PER_RUN));
      const values = (await twoAtATime(groups.map((group) => () => cdoValues(group, files)))).flat();
      let compared = 0;
      let nonZero = 0;
      for (const [c, check] of CHECKS.entries()) {
        const cdo = values[c];
        SEASONS.forEach((season, s) => {
          const resolved = resolveIndex({ ...check.request, months: season.months });
          if (!resolved.ok) throw new Error(JSON.stringify(resolved.errors));
          const ours = cellYearValues(block, resolved.index)!;
          expect(ours.years).toEqual(season.years);
          season.years.forEach((year, y) => {
            for (let cell = 0; cell < CELLS; cell++) {
              const expected = (check.convert ?? ((v: number) => v))(cdo[s][y][cell]);
              const got = ours.values[cell * ours.years.length + y];
              const what = `${check.cdo} / ${check.request.index} ${JSON.stringify(check.request)}, months ${season.months}, ${year}, cell ${cell}`;
              if (check.tolerance) expect(Math.abs(got - expected), `${what}: ${got} vs CDO ${expected}`).toBeLessThanOrEqual(check.tolerance);
              else expect(got, what).toBe(expected);
              compared++;
              if (expected !== 0) nonZero++;
            }
          });
        });
      }
      expect(compared).toBe(CHECKS.length * 11 * CELLS);
      // the values are not all zero: the thresholds are met in most season years and cells
      expect(nonZero).toBeGreaterThan(compared * 0.7);
    }, 180_000);
  }
});
