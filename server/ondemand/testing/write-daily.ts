import type { Calendar } from "../../series/ingest/calendar";
import { datesOf } from "../../series/ingest/testing/dates";
import { DAILY_GRID, dayOfYear, type DailyStoreVariable } from "../daily-layout";
import { DailyStoreWriter } from "../daily-writer";

/**
 * Writes a model run into a daily store as the ingest does (stage, day by day, commit), for tests: a box
 * of the South Asia grid (rows and columns, end excluded), every cell of it read, over whole years.
 * `value(variable, year, day, cell)` gives each value in the portal's units (day: of the year, from 0; cell:
 * the grid index); `cells` keeps only some of the box's cells.
 */
export interface DailyRunSpec {
  model: string;
  run?: string;
  member?: string;
  calendar: Calendar;
  rows: [number, number];
  columns: [number, number];
  years: [number, number];
  variables: readonly DailyStoreVariable[];
  value: (variable: DailyStoreVariable, year: number, day: number, cell: number) => number;
  cells?: (cell: number) => boolean;
  /** Days of the first year left out (a set starting within a year) and days of the last year left out. */
  skipFirst?: number;
  skipLast?: number;
  /** The files' tokens per variable (default `<variable>_<model>_<years>.nc@0`). */
  files?: Partial<Record<DailyStoreVariable, string[]>>;
}

export const gridIndex = (row: number, column: number) => row * DAILY_GRID.columns + column;

export async function writeDailyRun(dir: string, spec: DailyRunSpec): Promise<{ written: number; note?: string }> {
  const [r0, r1] = spec.rows;
  const [c0, c1] = spec.columns;
  const lat = Float64Array.from({ length: r1 - r0 }, (_, i) => DAILY_GRID.lat0 + (r0 + i) * DAILY_GRID.dlat);
  const lon = Float64Array.from({ length: c1 - c0 }, (_, j) => DAILY_GRID.lon0 + (c0 + j) * DAILY_GRID.dlon);
  const box: number[] = [];
  const grid: number[] = [];
  for (let r = r0; r < r1; r++) {
    for (let c = c0; c < c1; c++) {
      if (spec.cells && !spec.cells(gridIndex(r, c))) continue;
      box.push((r - r0) * (c1 - c0) + (c - c0));
      grid.push(gridIndex(r, c));
    }
  }
  const writer = new DailyStoreWriter(dir);
  const staging = await writer.stage({
    model: spec.model,
    run: spec.run ?? "ssp245",
    member: spec.member ?? "r1i1p1f1",
    calendar: spec.calendar,
    lat,
    lon,
    active: Uint32Array.from(box),
    variables: spec.variables,
  });
  const dates = datesOf(spec.calendar, spec.years[0], spec.years[1]);
  const days = dates.slice(spec.skipFirst ?? 0, dates.length - (spec.skipLast ?? 0));
  for (const date of days) {
    const day = dayOfYear(spec.calendar, date);
    const values: Partial<Record<DailyStoreVariable, Float64Array>> = {};
    for (const v of spec.variables) values[v] = Float64Array.from(grid, (cell) => spec.value(v, date.year, day, cell));
    staging.day(date, values);
  }
  staging.finish();
  const files = spec.files ?? Object.fromEntries(spec.variables.map((v) => [v, [`${v}_${spec.model}_${spec.years.join("-")}.nc@0`]]));
  const written = await staging.commit(files);
  return { written, note: staging.note?.text };
}

/**
 * A value for every variable, year, day and cell, different per model, with missing values here and there:
 * what the tests write and expect back (`testValue(...)` exactly for pr, within 0.005 for temperatures).
 */
export function testValue(model: string, variable: DailyStoreVariable, year: number, day: number, cell: number): number {
  const m = model.length * 7 + model.charCodeAt(0);
  if ((cell * 3 + day * 5 + year + m) % 53 === 0) return Number.NaN;
  if (variable === "pr") return ((cell * 31 + day * 17 + year * 3 + m) % 1000) / 7.3;
  const base = variable === "tasmax" ? 25 : variable === "tasmin" ? 10 : 18;
  return base + (cell % 97) * 0.137 - day * 0.0123 + (year - 2000) * 0.31 + m * 0.01;
}
