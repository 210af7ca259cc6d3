import { deflateRawSync, inflateRawSync } from "node:zlib";
import type { GeoMask } from "./masks";

/**
 * Dry and wet spells (CDD, CWD) that run across the new year, as climdex.pcic counts them by default
 * (`spells.can.span.years = TRUE`): a spell belongs to the year of its last day and counts in full there,
 * days of earlier years included; a year that lies wholly inside one spell has no value (climdex: NA);
 * the end of the data ends a spell. WSDI and CSDI keep climdex's default of spells within the year.
 *
 * A year's files are read on their own, so each year leaves, per grid cell, what its neighbours need: the
 * run from 1 January (`lead`), the run up to 31 December (`trail`), the longest run between them (`inner`)
 * and whether every day was there. A year's value is then resolved from its own summary, the runs carried
 * into it by the years before and the first run of the year after, whenever any of them is read.
 */

export interface SpellYear {
  /** Days of the year in the file's calendar. */
  days: number;
  /** The data of this year begins on 1 January and runs to 31 December (else its runs stop short). */
  fromStart: boolean;
  toEnd: boolean;
  /** The cells the other arrays describe (grid cell indices, ascending). */
  cells: Uint32Array;
  /** Days of the run that starts on 1 January (== days when the whole year is one spell). */
  lead: Uint16Array;
  /** Days of the run that ends on 31 December. */
  trail: Uint16Array;
  /** The longest run that starts after 1 January and ends before 31 December. */
  inner: Uint16Array;
  /** 1 when the cell had every day of the year. */
  complete: Uint8Array;
}

/** Per-cell run tracking over one year, for one condition (dry: pr < 1 mm; wet: pr >= 1 mm). */
export class SpellCounter {
  private readonly lead: Uint16Array;
  private readonly inner: Uint16Array;
  private readonly run: Uint16Array;
  /** 1 while the cell is still in the run that began the year */
  private readonly leading: Uint8Array;
  constructor(private readonly n: number) {
    this.lead = new Uint16Array(n);
    this.inner = new Uint16Array(n);
    this.run = new Uint16Array(n);
    this.leading = new Uint8Array(n).fill(1);
  }
  /** One day of one cell: the condition held (true), did not, or the day is missing (undefined). */
  day(i: number, holds: boolean | undefined): void {
    if (holds === true) {
      this.run[i]++;
      if (this.leading[i]) this.lead[i]++;
      return;
    }
    // a dry day, or a missing one, ends the run
    if (this.leading[i]) this.leading[i] = 0;
    else if (this.run[i] > this.inner[i]) this.inner[i] = this.run[i];
    this.run[i] = 0;
  }
  /** The year's summary (cells numbered 0..n-1), and a fresh start for the next year. */
  endYear(days: number, complete: (i: number) => boolean, span: { fromStart: boolean; toEnd: boolean }): SpellYear {
    const out: SpellYear = {
      days,
      ...span,
      cells: Uint32Array.from({ length: this.n }, (_, i) => i),
      lead: this.lead.slice(),
      trail: this.run.slice(),
      inner: this.inner.slice(),
      complete: Uint8Array.from({ length: this.n }, (_, i) => (complete(i) ? 1 : 0)),
    };
    this.lead.fill(0);
    this.inner.fill(0);
    this.run.fill(0);
    this.leading.fill(1);
    return out;
  }
}

/** Index of each cell of a year, for lookups from another year's cells. */
function indexOf(year: SpellYear): (cell: number) => number {
  const { cells } = year;
  return (cell) => {
    let lo = 0;
    let hi = cells.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (cells[mid] === cell) return mid;
      if (cells[mid] < cell) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  };
}

/**
 * Each cell's value for `year`: the longest spell ending in it. `states` gives the summaries of the same
 * run's years (undefined for a year not read: the data starts or ends there).
 */
export function resolveSpellYear(year: number, states: (year: number) => SpellYear | undefined): Float64Array | undefined {
  const self = states(year);
  if (!self) return undefined;
  const n = self.cells.length;
  const out = new Float64Array(n);
  const next = states(year + 1);
  const nextAt = next ? indexOf(next) : undefined;
  // the earlier years, nearest first, while some cell's spell may still reach back through them
  const before: { state: SpellYear; at: (cell: number) => number }[] = [];
  for (let y = year - 1; self.fromStart; y--) {
    const state = states(y);
    if (!state) break;
    before.push({ state, at: indexOf(state) });
    let whole = false;
    for (let k = 0; k < state.lead.length && !whole; k++) whole = state.lead[k] === state.days;
    if (!whole) break;
  }
  for (let i = 0; i < n; i++) {
    if (!self.complete[i]) {
      out[i] = NaN;
      continue;
    }
    const cell = self.cells[i];
    // days of the spell running into 1 January
    let carry = 0;
    for (const { state, at } of before) {
      const k = at(cell);
      if (k < 0 || !state.toEnd) break;
      carry += state.trail[k];
      if (state.lead[k] !== state.days) break;
    }
    // does the year's last run end on 31 December? (it does where the data ends)
    const k = nextAt && next!.fromStart ? nextAt(cell) : -1;
    const endsHere = k < 0 || next!.lead[k] === 0;
    const lead = self.lead[i];
    if (lead === self.days) {
      out[i] = endsHere ? carry + self.days : NaN;
      continue;
    }
    const first = lead > 0 ? carry + lead : 0;
    const last = endsHere ? self.trail[i] : 0;
    out[i] = Math.max(self.inner[i], first, last);
  }
  return out;
}

/** The weighted mean over each place of a per-cell value (NaN where a cell has none). */
export function placeMeans(masks: readonly GeoMask[], cellValue: (i: number) => number): Map<string, number> {
  const out = new Map<string, number>();
  for (const mask of masks) {
    let sum = 0;
    let weight = 0;
    for (let k = 0; k < mask.cells.length; k++) {
      const v = cellValue(mask.cells[k]);
      if (v === v) {
        sum += v * mask.weights[k];
        weight += mask.weights[k];
      }
    }
    out.set(mask.code, weight > 0 ? sum / weight : NaN);
  }
  return out;
}

/**
 * Place values of a year from its cells' values, for masks numbered by grid cell: cells the year does not
 * describe count as missing.
 */
export function spellPlaceMeans(state: SpellYear, values: Float64Array, masks: readonly GeoMask[]): Map<string, number> {
  const at = indexOf(state);
  return placeMeans(masks, (cell) => {
    const k = at(cell);
    return k < 0 ? NaN : values[k];
  });
}

/** A summary as stored: cells as deltas, then the three runs and the completeness flags, deflated. */
export function encodeSpellYear(state: SpellYear): Buffer {
  const n = state.cells.length;
  const deltas = new Uint32Array(n);
  for (let i = 0; i < n; i++) deltas[i] = state.cells[i] - (i > 0 ? state.cells[i - 1] : 0);
  const parts = [deltas, state.lead, state.trail, state.inner, state.complete].map((a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength));
  const header = Buffer.alloc(9);
  header.writeUInt32LE(n, 0);
  header.writeUInt32LE(state.days, 4);
  header.writeUInt8((state.fromStart ? 1 : 0) | (state.toEnd ? 2 : 0), 8);
  return deflateRawSync(Buffer.concat([header, ...parts]));
}

export function decodeSpellYear(blob: Buffer): SpellYear {
  const raw = inflateRawSync(blob);
  const n = raw.readUInt32LE(0);
  const days = raw.readUInt32LE(4);
  const flags = raw.readUInt8(8);
  let offset = 9;
  const take = <T>(make: (buffer: ArrayBuffer) => T, bytes: number): T => {
    const copy = new Uint8Array(bytes);
    copy.set(raw.subarray(offset, offset + bytes));
    offset += bytes;
    return make(copy.buffer);
  };
  const cells = take((b) => new Uint32Array(b), 4 * n);
  for (let i = 1; i < n; i++) cells[i] += cells[i - 1];
  return {
    days,
    fromStart: (flags & 1) !== 0,
    toEnd: (flags & 2) !== 0,
    cells,
    lead: take((b) => new Uint16Array(b), 2 * n),
    trail: take((b) => new Uint16Array(b), 2 * n),
    inner: take((b) => new Uint16Array(b), 2 * n),
    complete: take((b) => new Uint8Array(b), n),
  };
}
