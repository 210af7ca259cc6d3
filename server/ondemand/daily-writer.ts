import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { daysInYear, type Calendar, type CalendarDate } from "../series/ingest/calendar";
import {
  arrayPath, CELL_BLOCK, cellListKey, cellsPath, chunkArray, chunkKey, createOnce, DAILY_GRID, DAILY_STORE_FORMAT, DAILY_YEARS, dayOfYear, daySlots, ENCODINGS,
  encodeChunk, encodeValue, isDailyStoreVariable, markerName, newId, parseMarker, runPath, SAFE_NAME, tileOrder, TIME_UNITS, timeCoordinate, writeAtomic, writtenPath,
  YEAR_COUNT, zarray, type DailyStoreVariable, type YearMarker,
} from "./daily-layout";
import { DailyStore, type RunAttributes } from "./daily-store";

/**
 * The ingest's side of the daily store (./daily-store.ts, docs/decisions/030-daily-store.md). A set of
 * files (one model's scenario over the years of its files) is staged while it is read: each year's chunks
 * are encoded as soon as its last day is read, into a staging folder of the store. Nothing of it is
 * visible until `commit`, which the ingest calls where it writes the set's rows (after the queue's lock on
 * the model run is taken): each year's chunks are renamed into place and its marker written last. A set
 * whose file fails is discarded with the failed attempt, so nothing of a bad file reaches the store.
 *
 * A year that a set holds only in part (files that start or end within a year) is joined with the days
 * the store has of that year from another set. Cells are those of the places the ingest reads, mapped onto
 * the South Asia grid; a set whose grid has none of its cells (another resolution, or offset cell centres)
 * is noted as such and not kept.
 */

/** Staging folders older than this are an ingest's that died: removed when a writer opens the store. */
const STALE_STAGING_MS = 24 * 3600 * 1000;

/** What a set's staging is given: the run, the grid of its files and the cells the ingest reads. */
export interface DailyStageOptions {
  model: string;
  /** The scenario (historical, ssp245, ...). */
  run: string;
  /** The files' variant label (r1i1p1f1). */
  member: string;
  calendar: Calendar;
  lat: Float64Array;
  lon: Float64Array;
  /** The cells read (indices into lat x lon, row-major), in the order of each day's values. */
  active: Uint32Array;
  /** The variables of the set (those the store does not keep are left out). */
  variables: readonly string[];
}

/** A file and the years its name gives; `file` is `name@checksum` (the ingest's token) or the name alone. */
export interface DailyFileYears {
  variable: string;
  years: { start: number; end: number };
  file: string;
}

const OFF_GRID = "off-grid";
const noteName = (token: string) => token.replace(/[^A-Za-z0-9._@-]/g, "_");

/**
 * Whether the store in `dir` holds every year of these files, written from them, or has noted them as off
 * its grid: the ingest reads a set again for the store when it does not, and the queue queues it again.
 * A file named without its checksum matches any checksum (the queue knows names only when it queues).
 */
export function dailyStoreHolds(dir: string, model: string, run: string, files: readonly DailyFileYears[]): boolean {
  const matches = (written: string, file: string) => written === file || written.startsWith(`${file}@`);
  const offGrid = path.join(dir, OFF_GRID);
  const notes = existsSync(offGrid) ? readdirSync(offGrid) : [];
  return files.every(({ variable, years, file }) => {
    if (!isDailyStoreVariable(variable)) return true;
    if (notes.some((n) => matches(n, noteName(file)))) return true;
    if (!SAFE_NAME.test(model) || !SAFE_NAME.test(run)) return false;
    const markers = path.join(dir, writtenPath(model, run, variable));
    if (!existsSync(markers)) return false;
    const names = readdirSync(markers);
    for (let year = years.start; year <= years.end; year++) {
      const found = names.filter((n) => parseMarker(n)?.year === year).some((n) => {
        try {
          return (JSON.parse(readFileSync(path.join(markers, n), "utf8")) as YearMarker).files.some((w) => matches(w, file));
        } catch {
          return false;
        }
      });
      if (!found) return false;
    }
    return true;
  });
}

/** The store as the ingest writes it. */
export class DailyStoreWriter {
  readonly reader: DailyStore;

  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true });
    createOnce(path.join(dir, ".zgroup"), JSON.stringify({ zarr_format: 2 }));
    createOnce(
      path.join(dir, ".zattrs"),
      JSON.stringify({
        sacap_daily_store: DAILY_STORE_FORMAT,
        title: "SACAP daily store: daily values of the land cells of the South Asia 0.25 degree grid",
        grid: DAILY_GRID,
        layout: "<model>/<run>/<variable>: (year, day, cell); cells/<key>: the cells' grid indices and centres; <model>/<run>/written/<variable>/<year>.<id>.json: the years written",
        Conventions: "CF-1.8",
      }),
    );
    this.reader = new DailyStore(dir);
    const staging = path.join(dir, ".staging");
    if (existsSync(staging)) {
      for (const name of readdirSync(staging)) {
        const folder = path.join(staging, name);
        try {
          if (Date.now() - statSync(folder).mtimeMs > STALE_STAGING_MS) rmSync(folder, { recursive: true, force: true });
        } catch {
          // another writer removed it
        }
      }
    }
  }

  /** See `dailyStoreHolds`. */
  holds(model: string, run: string, files: readonly DailyFileYears[]): boolean {
    return dailyStoreHolds(this.dir, model, run, files);
  }

  private offGridNote(token: string): string {
    return path.join(this.dir, OFF_GRID, noteName(token));
  }

  /** Starts a set: its run is created when the store has none (its calendar, member and cells then fixed). */
  async stage(options: DailyStageOptions): Promise<DailyStaging> {
    const { model, run } = options;
    const variables = options.variables.filter(isDailyStoreVariable);
    const label = `${model} ${run}`;
    if (variables.length === 0) return new DailyStaging(this, options, [], undefined, undefined);
    if (!SAFE_NAME.test(model) || !SAFE_NAME.test(run)) return new DailyStaging(this, options, [], undefined, { text: `${label}: not kept in the daily store (a model or run name it cannot use as a folder)`, offGrid: false });
    // each cell read, on the store's grid (-1: not on it)
    const columns = options.lon.length;
    const onGrid = Int32Array.from(options.active, (cell) => {
      const r = (options.lat[Math.floor(cell / columns)] - DAILY_GRID.lat0) / DAILY_GRID.dlat;
      let lon = options.lon[cell % columns];
      if (lon > 180) lon -= 360;
      const c = (lon - DAILY_GRID.lon0) / DAILY_GRID.dlon;
      const row = Math.round(r);
      const column = Math.round(c);
      const on = Math.abs(r - row) < 1e-4 && Math.abs(c - column) < 1e-4 && row >= 0 && row < DAILY_GRID.rows && column >= 0 && column < DAILY_GRID.columns;
      return on ? row * DAILY_GRID.columns + column : -1;
    });
    if (!onGrid.some((c) => c >= 0)) {
      return new DailyStaging(this, options, [], undefined, { text: `${label}: not kept in the daily store (none of its cells is on the South Asia 0.25° grid)`, offGrid: true });
    }
    let attributes = this.reader.runAttributes(model, run);
    if (!attributes) attributes = this.createRun(options, tileOrder(Array.from(onGrid).filter((c) => c >= 0)));
    if (attributes.calendar !== options.calendar || attributes.member !== options.member) {
      return new DailyStaging(this, options, [], undefined, {
        text: `${label}: not kept in the daily store, which holds ${attributes.member} in the ${attributes.calendar} calendar of this run (the files are ${options.member}, ${options.calendar}); remove ${path.join(this.dir, runPath(model, run))} to keep these instead`,
        offGrid: false,
      });
    }
    const list = await this.reader.cellList(attributes.cells);
    const position = new Map(Array.from(list, (cell, i) => [cell, i]));
    const positions = Int32Array.from(onGrid, (cell) => (cell >= 0 ? (position.get(cell) ?? -1) : -1));
    const left = onGrid.filter((c, i) => c >= 0 && positions[i] < 0).length;
    const note = left > 0 ? { text: `${label}: ${left} cell(s) read are not among the ${list.length} the daily store keeps of this run (its cells were fixed by its first ingest); they are not kept`, offGrid: false } : undefined;
    return new DailyStaging(this, options, variables, { attributes, positions, cellCount: list.length }, note);
  }

  /**
   * A run's group: its cell list, attributes and coordinates. The attributes are created once (of two
   * writers creating the run together, the first one's hold) and before them the cell list they name.
   */
  private createRun(options: DailyStageOptions, cells: Uint32Array): RunAttributes {
    const key = cellListKey(cells);
    const at = (p: string) => path.join(this.dir, p);
    const cellDir = at(cellsPath(key));
    const columns = DAILY_GRID.columns;
    // a coordinate: one chunk of the whole array
    const coordinate = (dir: string, name: string, values: Uint32Array | Float64Array | Int32Array, dtype: string, fill: number | null, dimensions: { name: string; size: number }[], attributes: Record<string, unknown>) => {
      const shape = dimensions.map((d) => d.size);
      createOnce(path.join(dir, name, ".zarray"), zarray(shape, shape, dtype, fill));
      createOnce(path.join(dir, name, ".zattrs"), JSON.stringify({ _ARRAY_DIMENSIONS: dimensions.map((d) => d.name), ...attributes }));
      createOnce(path.join(dir, name, shape.map(() => "0").join(".")), encodeChunk(values));
    };
    const cellDimension = [{ name: "cell", size: cells.length }];
    createOnce(path.join(this.dir, "cells", ".zgroup"), JSON.stringify({ zarr_format: 2 }));
    createOnce(path.join(cellDir, ".zgroup"), JSON.stringify({ zarr_format: 2 }));
    createOnce(path.join(cellDir, ".zattrs"), JSON.stringify({ grid: DAILY_GRID, order: "by 16 x 16 tiles of the grid from the south-west, then row and column within a tile" }));
    coordinate(cellDir, "cell", cells, "<u4", null, cellDimension, { long_name: "grid cell index (row * columns + column from the south-west cell)" });
    coordinate(cellDir, "lat", Float64Array.from(cells, (c) => DAILY_GRID.lat0 + Math.floor(c / columns) * DAILY_GRID.dlat), "<f8", Number.NaN, cellDimension, { standard_name: "latitude", units: "degrees_north" });
    coordinate(cellDir, "lon", Float64Array.from(cells, (c) => DAILY_GRID.lon0 + (c % columns) * DAILY_GRID.dlon), "<f8", Number.NaN, cellDimension, { standard_name: "longitude", units: "degrees_east" });
    const runDir = at(runPath(options.model, options.run));
    createOnce(path.join(at(options.model), ".zgroup"), JSON.stringify({ zarr_format: 2 }));
    const attributes: RunAttributes = { model: options.model, run: options.run, member: options.member, calendar: options.calendar, cells: key };
    createOnce(
      path.join(runDir, ".zattrs"),
      JSON.stringify({
        ...attributes,
        cells: key,
        title: `Daily values of ${options.model} ${options.run} ${options.member} on the land cells of the South Asia 0.25 degree grid`,
        source: `CMIP6 daily files of ${options.model}, experiment ${options.run}, member ${options.member}, read by the SACAP ingest; the files of each year are named in written/<variable>/<year>.<id>.json`,
        Conventions: "CF-1.8",
      }),
    );
    // the run as created: this writer's, or the one that created it first
    const created = this.reader.runAttributes(options.model, options.run)!;
    const calendar = created.calendar;
    const slots = daySlots(calendar);
    createOnce(path.join(runDir, ".zgroup"), JSON.stringify({ zarr_format: 2 }));
    coordinate(runDir, "year", Int32Array.from({ length: YEAR_COUNT }, (_, i) => DAILY_YEARS.start + i), "<i4", null, [{ name: "year", size: YEAR_COUNT }], { long_name: "year" });
    coordinate(runDir, "day", Int32Array.from({ length: slots }, (_, i) => i + 1), "<i4", null, [{ name: "day", size: slots }], { long_name: "day of the year" });
    coordinate(runDir, "time", timeCoordinate(calendar), "<f8", Number.NaN, [{ name: "year", size: YEAR_COUNT }, { name: "day", size: slots }], { standard_name: "time", units: TIME_UNITS, calendar });
    return created;
  }

  /** Notes files whose grid the store cannot keep, so that a later ingest does not read them again for it. */
  noteOffGrid(tokens: readonly string[], reason: string): void {
    for (const token of tokens) writeAtomic(this.offGridNote(token), JSON.stringify({ file: token, reason }));
  }

  /** A staging folder of its own. */
  stagingDir(): string {
    const dir = path.join(this.dir, ".staging", newId());
    mkdirSync(dir, { recursive: true });
    return dir;
  }
}

interface StagedRun {
  attributes: RunAttributes;
  /** Per cell read: its position in the run's cell list (-1: not kept). */
  positions: Int32Array;
  cellCount: number;
}

/** One set's days on their way into the store. */
export class DailyStaging {
  private readonly slots: number;
  private readonly blocks: number;
  private readonly buffers = new Map<DailyStoreVariable, Int16Array | Float32Array>();
  /** The year being read, and its first and last day read. */
  private year: number | undefined;
  private yearFirst = -1;
  private yearLast = -1;
  /** Years encoded to staging files, and years held in part (joined with the store's days at commit). */
  private readonly staged = new Set<number>();
  private readonly partial = new Map<number, { first: number; last: number; buffers: Map<DailyStoreVariable, Int16Array | Float32Array> }>();
  private dir: string | undefined;
  private done = false;

  constructor(
    private readonly writer: DailyStoreWriter,
    private readonly options: DailyStageOptions,
    private readonly variables: readonly DailyStoreVariable[],
    private readonly run: StagedRun | undefined,
    /** Why the set is not kept, or some of its cells, for the ingest's notes; `offGrid`: its grid is not the store's. */
    readonly note: { text: string; offGrid: boolean } | undefined,
  ) {
    this.slots = daySlots(options.calendar);
    this.blocks = run ? Math.ceil(run.cellCount / CELL_BLOCK) : 0;
    if (run) for (const v of variables) this.buffers.set(v, takeBuffer(ENCODINGS[v], this.blocks * CELL_BLOCK * this.slots));
    // where each cell read lies in a year's chunks, one after the other: (block, day slot, cell of the block)
    this.offsets = run ? Int32Array.from(run.positions, (p) => (p < 0 ? -1 : Math.floor(p / CELL_BLOCK) * CELL_BLOCK * this.slots + (p % CELL_BLOCK))) : new Int32Array(0);
  }
  private readonly offsets: Int32Array;

  /** Whether anything of the set is kept. */
  get keeps(): boolean {
    return this.run !== undefined && this.variables.length > 0;
  }

  /** One day's values of the cells read (the ingest's order), in the portal's units. */
  day(date: CalendarDate, values: Partial<Record<string, ArrayLike<number>>>): void {
    if (!this.run) return;
    if (date.year !== this.year) {
      this.closeYear();
      this.year = date.year;
      this.yearFirst = dayOfYear(this.options.calendar, date);
    }
    const d = dayOfYear(this.options.calendar, date);
    this.yearLast = d;
    if (date.year < DAILY_YEARS.start || date.year > DAILY_YEARS.end) return;
    const offsets = this.offsets;
    // a day of a block is one row of 256 values: the day's writes stay within a few rows
    const row = d * CELL_BLOCK;
    for (const variable of this.variables) {
      const x = values[variable];
      if (!x) continue;
      const out = this.buffers.get(variable)!;
      const encoding = ENCODINGS[variable];
      if (encoding.dtype === "<i2") {
        const inverse = 1 / encoding.scale;
        for (let i = 0; i < offsets.length; i++) {
          const o = offsets[i];
          if (o < 0) continue;
          const v = x[i];
          out[o + row] = v === v ? Math.max(-32767, Math.min(32767, Math.round(v * inverse))) : encoding.fill;
        }
      } else {
        for (let i = 0; i < offsets.length; i++) {
          const o = offsets[i];
          if (o >= 0) out[o + row] = encodeValue(encoding, x[i]);
        }
      }
    }
  }

  /** The year read so far is complete: its chunks are encoded (or kept, when the set holds it in part). */
  private closeYear(): void {
    const year = this.year;
    if (year === undefined || !this.run) return;
    this.year = undefined;
    if (year < DAILY_YEARS.start || year > DAILY_YEARS.end) return;
    const whole = this.yearFirst === 0 && this.yearLast === daysInYear(this.options.calendar, year) - 1;
    if (whole) {
      this.writeChunks(year, this.buffers);
      this.staged.add(year);
      for (const [v, buffer] of this.buffers) buffer.fill(ENCODINGS[v].fill);
    } else {
      const kept = new Map([...this.buffers].map(([v, buffer]) => [v, buffer.slice()] as const));
      this.partial.set(year, { first: this.yearFirst, last: this.yearLast, buffers: kept });
      for (const [v, buffer] of this.buffers) buffer.fill(ENCODINGS[v].fill);
    }
  }

  private writeChunks(year: number, buffers: ReadonlyMap<DailyStoreVariable, Int16Array | Float32Array>): void {
    this.dir ??= this.writer.stagingDir();
    const size = CELL_BLOCK * this.slots;
    for (const [variable, buffer] of buffers) {
      const folder = path.join(this.dir, variable);
      mkdirSync(folder, { recursive: true });
      for (let b = 0; b < this.blocks; b++) {
        // the staging folder is this set's alone: its files need no temporary names
        writeFileSync(path.join(folder, chunkKey(year - DAILY_YEARS.start, b)), encodeChunk(buffer.subarray(b * size, (b + 1) * size)));
      }
    }
  }

  /** Closes the last year read. */
  finish(): void {
    this.closeYear();
  }

  /**
   * Makes the set's years visible: per variable and year, its chunks renamed into place and then its
   * marker naming `files` (per variable, the `name@checksum` of its file). Returns the variable-years written.
   */
  async commit(files: Partial<Record<string, readonly string[]>>): Promise<number> {
    if (this.done) throw new Error("daily staging already committed or discarded");
    this.done = true;
    try {
      if (this.note?.offGrid) {
        this.writer.noteOffGrid(Object.values(files).flatMap((f) => f ?? []), this.note.text);
        return 0;
      }
      if (!this.run) return 0;
      const { model, run: runName } = this.options;
      const { attributes } = this.run;
      // years held in part: joined with the store's days of the year outside the set's
      for (const [year, { first, last, buffers }] of this.partial) {
        for (const [variable, buffer] of buffers) {
          const previous = this.writer.reader.markers(model, runName, variable).has(year);
          if (!previous) continue;
          for (let b = 0; b < this.blocks; b++) {
            const stored = await this.writer.reader.chunk(model, runName, variable, attributes, year - DAILY_YEARS.start, b);
            const base = b * CELL_BLOCK * this.slots;
            for (let d = 0; d < this.slots; d++) {
              if (d >= first && d <= last) continue;
              for (let c = 0; c < CELL_BLOCK; c++) buffer[base + d * CELL_BLOCK + c] = stored[d * CELL_BLOCK + c];
            }
          }
        }
        this.writeChunks(year, buffers);
        this.staged.add(year);
      }
      let written = 0;
      const slots = this.slots;
      for (const variable of this.variables) {
        const tokens = files[variable] ?? [];
        if (tokens.length === 0) continue;
        const encoding = ENCODINGS[variable];
        const arrayDir = path.join(this.writer.dir, arrayPath(model, runName, variable));
        createOnce(path.join(arrayDir, ".zarray"), zarray([YEAR_COUNT, slots, this.run.cellCount], [1, slots, CELL_BLOCK], encoding.dtype, encoding.fill));
        createOnce(
          path.join(arrayDir, ".zattrs"),
          JSON.stringify({
            _ARRAY_DIMENSIONS: ["year", "day", "cell"],
            ...encoding.attributes,
            ...(encoding.dtype === "<i2" ? { scale_factor: encoding.scale, add_offset: 0 } : {}),
            coordinates: "time",
            calendar_of_days: attributes.calendar,
            cells: `cells/${attributes.cells}`,
          }),
        );
        const markers = path.join(this.writer.dir, writtenPath(model, runName, variable));
        mkdirSync(markers, { recursive: true });
        for (const year of [...this.staged].sort((a, b) => a - b)) {
          // the files of a year joined from two sets are both named
          const earlier = this.partial.has(year) ? previousFiles(markers, year) : [];
          // the year is taken out of view while its chunks are replaced, then shown with its new marker
          for (const name of readdirSync(markers)) if (parseMarker(name)?.year === year) unlinkSync(path.join(markers, name));
          for (let b = 0; b < this.blocks; b++) {
            const key = chunkKey(year - DAILY_YEARS.start, b);
            renameSync(path.join(this.dir!, variable, key), path.join(arrayDir, key));
          }
          const marker: YearMarker = { variable, year, files: [...new Set([...earlier, ...tokens])], cells: attributes.cells, written: new Date().toISOString() };
          writeAtomic(path.join(markers, markerName(year, newId())), JSON.stringify(marker));
          written++;
        }
      }
      return written;
    } finally {
      this.removeStaging();
    }
  }

  /** Drops the set (a file of it failed, or its rows are not written). */
  discard(): void {
    this.done = true;
    this.removeStaging();
  }

  private removeStaging(): void {
    for (const buffer of this.buffers.values()) spare.push(buffer);
    spare.splice(0, Math.max(0, spare.length - 8));
    this.buffers.clear();
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
    this.dir = undefined;
  }
}

/**
 * Buffers of sets done, for the next set of the same grid and calendar: a model-year's buffers are some 30
 * MB, which a fresh allocation makes the kernel clear page by page.
 */
const spare: (Int16Array | Float32Array)[] = [];
function takeBuffer(encoding: (typeof ENCODINGS)[DailyStoreVariable], length: number): Int16Array | Float32Array {
  const at = spare.findIndex((b) => b.length === length && (encoding.dtype === "<i2" ? b instanceof Int16Array : b instanceof Float32Array));
  if (at < 0) return chunkArray(encoding, length);
  const [buffer] = spare.splice(at, 1);
  return buffer.fill(encoding.fill);
}

function previousFiles(markers: string, year: number): string[] {
  const out: string[] = [];
  for (const name of readdirSync(markers)) {
    if (parseMarker(name)?.year !== year) continue;
    try {
      out.push(...(JSON.parse(readFileSync(path.join(markers, name), "utf8")) as YearMarker).files);
    } catch {
      // a marker being replaced
    }
  }
  return out;
}
