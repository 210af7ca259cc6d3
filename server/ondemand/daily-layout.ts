import { createHash, randomBytes } from "node:crypto";
import { existsSync, linkSync, mkdirSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { constants, deflateSync, inflateSync } from "node:zlib";
import { SOUTH_ASIA_AXES, type GridAxes } from "../../app/features/grids/grid";
import { dayNumber, daysInYear, type Calendar, type CalendarDate } from "../series/ingest/calendar";

/**
 * How the daily store lies on disk (docs/decisions/030-daily-store.md): a Zarr v2 hierarchy under
 * `DAILY_DIR`, written by the ingest (./daily-writer.ts) and read with zarrita (./daily-store.ts).
 *
 * ```
 * .zgroup .zattrs                      the store (format, grid)
 * cells/<key>/cell, lat, lon           a list of land cells of the South Asia grid, by the hash of the list
 * <model>/<run>/.zattrs                model, run (scenario), member, calendar, the run's cell list
 * <model>/<run>/year, day, time        coordinates: year, day of the year, time(year, day) in the calendar
 * <model>/<run>/<variable>/            (year, day, cell) values, one chunk per year and block of cells
 * <model>/<run>/written/<variable>/    <year>.<id>.json: a year is there (its files) once this is
 * ```
 *
 * One chunk holds one year of `CELL_BLOCK` cells, so a set of files (a model's scenario over its years)
 * writes chunk files of its own years only, never a chunk another set wrote: writers of different models,
 * runs or years cannot disturb each other, and none reads what it writes. Cells are ordered by 16 x 16
 * tiles of the grid, so that the cells of a region lie in a few blocks.
 */

/** The daily variables the store keeps. */
export const DAILY_VARIABLES = ["tasmax", "tasmin", "tas", "pr"] as const;
export type DailyStoreVariable = (typeof DAILY_VARIABLES)[number];
export const isDailyStoreVariable = (v: string): v is DailyStoreVariable => (DAILY_VARIABLES as readonly string[]).includes(v);

/** The layout's version, in the store's attributes: a reader refuses a store of another version. */
export const DAILY_STORE_FORMAT = 1;

/** The years every array spans (its first dimension); chunks of years never written are not stored. */
export const DAILY_YEARS = { start: 1850, end: 2100 } as const;
export const YEAR_COUNT = DAILY_YEARS.end - DAILY_YEARS.start + 1;

/** Cells per chunk, and the side of the tiles of the grid that order the cells. */
export const CELL_BLOCK = 256;
export const TILE = 16;

/** The grid every cell index refers to (row-major from the south-west cell). */
export const DAILY_GRID: GridAxes = SOUTH_ASIA_AXES;

/** Reference of the time coordinate (in the run's calendar). */
export const TIME_ORIGIN = { year: 1850, month: 1, day: 1 } as const;
export const TIME_UNITS = "days since 1850-01-01 00:00:00";

/**
 * Day slots of a year in a calendar: the array's second dimension. A year of fewer days (365 in the
 * standard calendar) leaves its last slot empty.
 */
export function daySlots(calendar: Calendar): number {
  return calendar === "360_day" ? 360 : calendar === "noleap" ? 365 : 366;
}

/** The day of the year of a date, from 0. */
export function dayOfYear(calendar: Calendar, date: CalendarDate): number {
  return dayNumber(calendar, date) - dayNumber(calendar, { year: date.year, month: 1, day: 1 });
}

/** How each variable is stored: temperatures as hundredths of a degree in int16, precipitation as float32. */
export interface VariableEncoding {
  dtype: "<i2" | "<f4";
  /** The stored number times this is the value (1 for float32). */
  scale: number;
  /** The stored number of a missing value. */
  fill: number;
  attributes: Record<string, string>;
}

const temperature = (longName: string, method: string): VariableEncoding => ({
  dtype: "<i2",
  scale: 0.01,
  fill: -32768,
  attributes: { standard_name: "air_temperature", long_name: longName, units: "degC", cell_methods: `time: ${method}` },
});

export const ENCODINGS: Record<DailyStoreVariable, VariableEncoding> = {
  tasmax: temperature("Daily maximum near-surface air temperature", "maximum"),
  tasmin: temperature("Daily minimum near-surface air temperature", "minimum"),
  tas: temperature("Daily mean near-surface air temperature", "mean"),
  pr: {
    dtype: "<f4",
    scale: 1,
    fill: Number.NaN,
    attributes: { standard_name: "lwe_precipitation_rate", long_name: "Precipitation", units: "mm day-1", cell_methods: "time: mean" },
  },
};

/** The stored number of a value in the portal's units (NaN: missing). */
export function encodeValue(encoding: VariableEncoding, value: number): number {
  if (value !== value) return encoding.fill;
  if (encoding.dtype === "<f4") return value;
  // plausible values (°C within -90..60) are far inside the int16 range
  return Math.max(-32767, Math.min(32767, Math.round(value / encoding.scale)));
}

/** A typed array of a chunk of an encoding, filled with its fill value. */
export function chunkArray(encoding: VariableEncoding, length: number): Int16Array | Float32Array {
  return encoding.dtype === "<i2" ? new Int16Array(length).fill(encoding.fill) : new Float32Array(length).fill(Number.NaN);
}

/** The order of a list of cells (grid indices) in the store: by tile, then row and column within the tile. */
export function tileOrder(cells: ArrayLike<number>, axes: GridAxes = DAILY_GRID): Uint32Array {
  const key = (cell: number) => {
    const row = Math.floor(cell / axes.columns);
    const column = cell % axes.columns;
    const tile = Math.floor(row / TILE) * Math.ceil(axes.columns / TILE) + Math.floor(column / TILE);
    return (tile * TILE + (row % TILE)) * TILE + (column % TILE);
  };
  return Uint32Array.from(new Set(Array.from(cells))).sort((a, b) => key(a) - key(b));
}

/** The key of a cell list (`cells/<key>`): the first 16 hex digits of the SHA-256 of its uint32 bytes. */
export const cellListKey = (cells: Uint32Array) => createHash("sha256").update(new Uint8Array(cells.buffer, cells.byteOffset, cells.byteLength)).digest("hex").slice(0, 16);

/** Model and run names become folder names: letters, digits, dot, dash and underscore only. */
export const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export const runPath = (model: string, run: string) => `${model}/${run}`;
export const arrayPath = (model: string, run: string, variable: string) => `${model}/${run}/${variable}`;
export const writtenPath = (model: string, run: string, variable: string) => `${model}/${run}/written/${variable}`;
export const cellsPath = (key: string) => `cells/${key}`;
/** The chunk of a year (index from `DAILY_YEARS.start`) and block of cells. */
export const chunkKey = (yearIndex: number, block: number) => `${yearIndex}.0.${block}`;

/** A year's marker: `<year>.<id>.json`. */
export const markerName = (year: number, id: string) => `${year}.${id}.json`;
export function parseMarker(name: string): { year: number; id: string } | undefined {
  const m = /^(\d{4})\.([0-9a-f]+)\.json$/.exec(name);
  return m ? { year: Number(m[1]), id: m[2] } : undefined;
}

/** What a year's marker says: the files its days came from and when it was written. */
export interface YearMarker {
  variable: DailyStoreVariable;
  year: number;
  /** `name@sha256-prefix` of each file (two when a year was joined from two sets' days). */
  files: string[];
  cells: string;
  written: string;
}

export const newId = () => randomBytes(8).toString("hex");

/** Zarr v2 array metadata (`.zarray`), zlib-compressed with numcodecs' byte shuffle; `fill` null: none. */
export function zarray(shape: number[], chunks: number[], dtype: string, fill: number | null): string {
  return JSON.stringify({
    zarr_format: 2,
    shape,
    chunks,
    dtype,
    fill_value: fill !== null && Number.isNaN(fill) ? "NaN" : fill,
    order: "C",
    filters: [{ id: "shuffle", elementsize: Number(dtype.slice(2)) }],
    compressor: { id: "zlib", level: 1 },
    dimension_separator: ".",
  });
}

/**
 * A chunk's bytes: shuffled (the first byte of every value, then the second, ...) and zlib-deflated. Two-byte
 * values (the temperatures) are deflated with run-length matches only (zlib's Z_RLE: a plain zlib stream,
 * about three times quicker than level 1 on their shuffled bytes, 2 % larger); others at level 1 (Z_RLE
 * would triple precipitation's size).
 */
export function encodeChunk(values: Int16Array | Float32Array | Float64Array | Int32Array | Uint32Array): Buffer {
  const size = values.BYTES_PER_ELEMENT;
  const count = values.length;
  const shuffled = new Uint8Array(count * size);
  // the planes from whole values (little-endian, as the machines this runs on): quicker than byte by byte
  if (size === 2) {
    const words = new Uint16Array(values.buffer, values.byteOffset, count);
    for (let i = 0; i < count; i++) {
      const w = words[i];
      shuffled[i] = w & 0xff;
      shuffled[count + i] = w >>> 8;
    }
  } else if (size === 4) {
    const words = new Uint32Array(values.buffer, values.byteOffset, count);
    for (let i = 0; i < count; i++) {
      const w = words[i];
      shuffled[i] = w & 0xff;
      shuffled[count + i] = (w >>> 8) & 0xff;
      shuffled[2 * count + i] = (w >>> 16) & 0xff;
      shuffled[3 * count + i] = w >>> 24;
    }
  } else {
    const raw = new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
    for (let b = 0; b < size; b++) for (let i = 0, o = b * count; i < count; i++) shuffled[o + i] = raw[i * size + b];
  }
  return deflateSync(shuffled, size === 2 ? { level: 1, strategy: constants.Z_RLE } : { level: 1 });
}

/**
 * A chunk of `encoding` from its bytes (`encodeChunk`'s inverse: inflated, the byte planes put back
 * together as whole little-endian values).
 */
export function decodeChunk(bytes: Uint8Array, encoding: VariableEncoding): Int16Array | Float32Array {
  const planes = inflateSync(bytes);
  if (encoding.dtype === "<i2") {
    const count = planes.length >> 1;
    const out = new Int16Array(count);
    const words = new Uint16Array(out.buffer);
    for (let i = 0; i < count; i++) words[i] = planes[i] | (planes[count + i] << 8);
    return out;
  }
  const count = planes.length >> 2;
  const out = new Float32Array(count);
  const words = new Uint32Array(out.buffer);
  for (let i = 0; i < count; i++) words[i] = (planes[i] | (planes[count + i] << 8) | (planes[2 * count + i] << 16) | (planes[3 * count + i] << 24)) >>> 0;
  return out;
}

/** The time coordinate of a calendar: days since `TIME_ORIGIN` at noon per (year, day slot), NaN for empty slots. */
export function timeCoordinate(calendar: Calendar): Float64Array {
  const slots = daySlots(calendar);
  const out = new Float64Array(YEAR_COUNT * slots).fill(Number.NaN);
  const origin = dayNumber(calendar, TIME_ORIGIN);
  for (let y = 0; y < YEAR_COUNT; y++) {
    const year = DAILY_YEARS.start + y;
    const first = dayNumber(calendar, { year, month: 1, day: 1 }) - origin;
    const days = daysInYear(calendar, year);
    for (let d = 0; d < days; d++) out[y * slots + d] = first + d + 0.5;
  }
  return out;
}

/** Writes a file whole under a temporary name and renames it into place: readers see the old file or the new. */
export function writeAtomic(file: string, data: string | Uint8Array): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${newId()}.tmp`;
  writeFileSync(temporary, data);
  renameSync(temporary, file);
}

/**
 * Writes a file only if it is not there yet, whole (written aside, then linked into place): of two writers
 * creating it together one wins and the other's content is dropped. Returns whether this call created it.
 */
export function createOnce(file: string, data: string | Uint8Array): boolean {
  if (existsSync(file)) return false;
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${newId()}.tmp`;
  writeFileSync(temporary, data);
  try {
    linkSync(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    unlinkSync(temporary);
  }
}
