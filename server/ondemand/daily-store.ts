import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import FileSystemStore from "@zarrita/storage/fs";
import * as zarr from "zarrita";
import type { GridAxes } from "../../app/features/grids/grid";
import { daysInYear, type Calendar, type CalendarDate } from "../series/ingest/calendar";
import {
  arrayPath, CELL_BLOCK, cellsPath, chunkArray, chunkKey, DAILY_GRID, DAILY_STORE_FORMAT, DAILY_YEARS, DAILY_VARIABLES, daySlots, decodeChunk, ENCODINGS, parseMarker, runPath, SAFE_NAME,
  writtenPath,
  type DailyStoreVariable,
} from "./daily-layout";

export { DAILY_VARIABLES, type DailyStoreVariable } from "./daily-layout";

/**
 * The daily store: the daily values of every land cell of the South Asia grid, per model, run (scenario)
 * and variable (tasmax, tasmin, tas in °C, pr in mm/day), kept by the ingest when `DAILY_DIR` is set, so
 * that an index of the user's own definition can be computed over a region and many years with a few
 * hundred reads instead of the whole grid of every day (docs/decisions/030-daily-store.md). The layout is
 * Zarr v2 (./daily-layout.ts), read here (its cell lists with zarrita, its chunks by `decodeChunk`) and by xarray or zarr-python for an operator's checks.
 *
 * A year of a variable is there once its marker is (`written/<variable>/<year>.<id>.json`), written after
 * its chunks: a block read while an ingest rewrites a year it covers is read again, so an answer never mixes
 * two versions of a year.
 */

/** A block of daily values: cell-major (`values[v][cell * days + day]`), NaN where missing. */
export interface DailyBlock {
  calendar: Calendar;
  /** The first day of the block (1 January of the first year). */
  start: CalendarDate;
  /** Days of the block: every day of its years in the run's calendar. */
  days: number;
  /** The cells, as asked (indices into the South Asia grid, row-major from the south-west cell). */
  cells: Uint32Array;
  values: Partial<Record<DailyStoreVariable, Float32Array>>;
}

export interface DailyBlockQuery {
  model: string;
  /** The run: the scenario (`historical`, `ssp245`, ...), as the portal names it. */
  run: string;
  variables: readonly DailyStoreVariable[];
  /** Indices into the South Asia grid (`DailyStore.grid`); a cell the run does not hold reads NaN. */
  cells: ArrayLike<number>;
  /** Whole years, both included; a year not written reads NaN. */
  years: { start: number; end: number };
}

/** What the store holds of one model run. */
export interface DailyRun {
  model: string;
  run: string;
  /** The run's ensemble member (variant label, e.g. r1i1p1f1). */
  member: string;
  calendar: Calendar;
  /** The land cells held (grid indices, ascending). */
  cells: Uint32Array;
  /** The years written, per variable (ascending). */
  years: Partial<Record<DailyStoreVariable, number[]>>;
}

export class DailyStoreError extends Error {}

/** A run's attributes (`<model>/<run>/.zattrs`). */
export interface RunAttributes {
  model: string;
  run: string;
  member: string;
  calendar: Calendar;
  /** The key of the run's cell list (`cells/<key>`). */
  cells: string;
}

const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;

/** Opens the store in `dir` (refused when it is not a daily store of this layout). */
export async function openDailyStore(dir: string): Promise<DailyStore> {
  const attributes = path.join(dir, ".zattrs");
  if (!existsSync(attributes)) throw new DailyStoreError(`${dir} is not a daily store (no .zattrs): set DAILY_DIR and ingest files first`);
  const format = readJson(attributes).sacap_daily_store;
  if (format !== DAILY_STORE_FORMAT) throw new DailyStoreError(`${dir} is a daily store of format ${String(format)}; this portal reads format ${DAILY_STORE_FORMAT}`);
  return new DailyStore(dir);
}

export class DailyStore {
  /** The grid of every cell index. */
  readonly grid: GridAxes = DAILY_GRID;
  private readonly root: zarr.Location<FileSystemStore>;
  /** Cell lists by key (a list never changes: its key is its hash). */
  private readonly cellLists = new Map<string, Promise<Uint32Array>>();
  private readonly positions = new Map<string, Map<number, number>>();

  constructor(readonly dir: string) {
    this.root = zarr.root(new FileSystemStore(dir));
  }

  /** Every model run held, with its calendar, cells and the years of each variable. */
  async list(): Promise<DailyRun[]> {
    const out: DailyRun[] = [];
    const folders = (p: string) => (existsSync(p) ? readdirSync(p, { withFileTypes: true }).filter((e) => e.isDirectory() && SAFE_NAME.test(e.name)).map((e) => e.name).sort() : []);
    for (const model of folders(this.dir)) {
      if (model === "cells" || model === "off-grid") continue;
      for (const run of folders(path.join(this.dir, model))) {
        const found = await this.run(model, run);
        if (found) out.push(found);
      }
    }
    return out;
  }

  /** One model run, or undefined when the store has none of it. */
  async run(model: string, run: string): Promise<DailyRun | undefined> {
    const attributes = this.runAttributes(model, run);
    if (!attributes) return undefined;
    const cells = Uint32Array.from(await this.cellList(attributes.cells)).sort();
    const years: DailyRun["years"] = {};
    for (const variable of DAILY_VARIABLES) {
      const written = [...this.markers(model, run, variable).keys()].sort((a, b) => a - b);
      if (written.length > 0) years[variable] = written;
    }
    return { model, run, member: attributes.member, calendar: attributes.calendar, cells, years };
  }

  /** A run's attributes, or undefined when it is not in the store. */
  runAttributes(model: string, run: string): RunAttributes | undefined {
    if (!SAFE_NAME.test(model) || !SAFE_NAME.test(run)) return undefined;
    const file = path.join(this.dir, runPath(model, run), ".zattrs");
    if (!existsSync(file)) return undefined;
    const a = readJson(file);
    return { model, run, member: String(a.member), calendar: a.calendar as Calendar, cells: String(a.cells) };
  }

  /** A cell list in the store's order (`cells/<key>/cell`). */
  cellList(key: string): Promise<Uint32Array> {
    let list = this.cellLists.get(key);
    if (!list) {
      list = (async () => {
        const array = await zarr.open.v2(this.root.resolve(`${cellsPath(key)}/cell`), { kind: "array" });
        const chunk = await array.getChunk([0]);
        return Uint32Array.from(chunk.data as Uint32Array);
      })();
      list.catch(() => this.cellLists.delete(key));
      this.cellLists.set(key, list);
    }
    return list;
  }

  /** The years of a variable that are written, each with the ids of its markers. */
  markers(model: string, run: string, variable: DailyStoreVariable): Map<number, string> {
    const dir = path.join(this.dir, writtenPath(model, run, variable));
    const out = new Map<number, string>();
    if (!existsSync(dir)) return out;
    for (const name of readdirSync(dir).sort()) {
      const marker = parseMarker(name);
      if (marker) out.set(marker.year, out.has(marker.year) ? `${out.get(marker.year)},${marker.id}` : marker.id);
    }
    return out;
  }

  /**
   * The decoded chunk of a year (index from `DAILY_YEARS.start`) and block of cells: (day slot, cell),
   * stored numbers; a chunk never written is all fill. Read straight from its file (`chunkKey`) and decoded
   * here (`decodeChunk`): through zarrita a chunk took twice the time of reading and inflating it.
   */
  async chunk(model: string, run: string, variable: DailyStoreVariable, attributes: RunAttributes, yearIndex: number, block: number): Promise<Int16Array | Float32Array> {
    const encoding = ENCODINGS[variable];
    let bytes: Uint8Array;
    try {
      bytes = readFileSync(path.join(this.dir, arrayPath(model, run, variable), chunkKey(yearIndex, block)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return chunkArray(encoding, daySlots(attributes.calendar) * CELL_BLOCK);
      throw error;
    }
    return decodeChunk(bytes, encoding);
  }

  /** The daily values of some cells over whole years, in the portal's units (see `DailyBlock`). */
  async readBlock(query: DailyBlockQuery): Promise<DailyBlock> {
    const { model, run, years } = query;
    const attributes = this.runAttributes(model, run);
    if (!attributes) throw new DailyStoreError(`the daily store has no ${model} ${run}`);
    if (!(Number.isInteger(years.start) && Number.isInteger(years.end) && years.start <= years.end)) {
      throw new DailyStoreError(`years must be whole, start <= end: ${years.start}-${years.end}`);
    }
    const { calendar } = attributes;
    const list = await this.cellList(attributes.cells);
    let position = this.positions.get(attributes.cells);
    if (!position) this.positions.set(attributes.cells, (position = new Map(Array.from(list, (cell, i) => [cell, i]))));
    const cells = Uint32Array.from(query.cells);
    // the asked cells by block of the store: (index in the answer, position in the block)
    const pairs = new Map<number, number[]>();
    cells.forEach((cell, k) => {
      const p = position!.get(cell);
      if (p === undefined) return;
      const block = Math.floor(p / CELL_BLOCK);
      if (!pairs.has(block)) pairs.set(block, []);
      pairs.get(block)!.push(k, p % CELL_BLOCK);
    });
    const byBlock = new Map([...pairs].map(([block, list]) => [block, Uint32Array.from(list)]));
    const yearDays: { year: number; offset: number; days: number }[] = [];
    let days = 0;
    for (let year = years.start; year <= years.end; year++) {
      const n = daysInYear(calendar, year);
      yearDays.push({ year, offset: days, days: n });
      days += n;
    }
    const inSpan = (year: number) => year >= DAILY_YEARS.start && year <= DAILY_YEARS.end;
    const variables = [...new Set(query.variables)];
    for (let attempt = 0; attempt < 3; attempt++) {
      const before = variables.map((v) => this.markers(model, run, v));
      const values: DailyBlock["values"] = {};
      const tasks: (() => Promise<void>)[] = [];
      variables.forEach((variable, vi) => {
        const encoding = ENCODINGS[variable];
        const out = new Float32Array(cells.length * days).fill(Number.NaN);
        values[variable] = out;
        for (const { year, offset, days: n } of yearDays) {
          if (!inSpan(year) || !before[vi].has(year)) continue;
          for (const [block, members] of byBlock) {
            tasks.push(async () => {
              const data = await this.chunk(model, run, variable, attributes, year - DAILY_YEARS.start, block);
              if (encoding.dtype === "<i2") copyScaled(data as Int16Array, members, out, days, offset, n, encoding.fill, encoding.scale);
              else copyFloats(data as Float32Array, members, out, days, offset, n);
            });
          }
        }
      });
      await runAll(tasks, 8);
      const after = variables.map((v) => this.markers(model, run, v));
      const same = variables.every((_, vi) => yearDays.every(({ year }) => before[vi].get(year) === after[vi].get(year)));
      if (same) return { calendar, start: { year: years.start, month: 1, day: 1 }, days, cells, values };
    }
    throw new DailyStoreError(`${model} ${run} ${years.start}-${years.end} was rewritten while it was read, three times: try again`);
  }
}

/**
 * A chunk's days (day slot, cell within the block) of the block's asked cells into the answer's cell-major
 * rows: `members` holds (index in the answer, position in the block) pairs; the stored integers scaled, the
 * fill value as NaN.
 */
function copyScaled(data: Int16Array, members: Uint32Array, out: Float32Array, days: number, offset: number, n: number, fill: number, scale: number): void {
  for (let m = 0; m < members.length; m += 2) {
    const dst = members[m] * days + offset;
    for (let d = 0, src = members[m + 1]; d < n; d++, src += CELL_BLOCK) {
      const v = data[src];
      out[dst + d] = v === fill ? Number.NaN : v * scale;
    }
  }
}

/** `copyScaled` for a chunk of stored floats. */
function copyFloats(data: Float32Array, members: Uint32Array, out: Float32Array, days: number, offset: number, n: number): void {
  for (let m = 0; m < members.length; m += 2) {
    const dst = members[m] * days + offset;
    for (let d = 0, src = members[m + 1]; d < n; d++, src += CELL_BLOCK) out[dst + d] = data[src];
  }
}

/** Runs tasks, `limit` at a time. */
async function runAll(tasks: readonly (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) await tasks[next++]();
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, lane));
}
