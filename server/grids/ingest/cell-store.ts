import { createHash } from "node:crypto";
import type BetterSqlite3 from "better-sqlite3";
import { deflateRawSync, inflateRawSync } from "node:zlib";
import type { CellYear } from "./cell-sink";

/**
 * The gridded indicators' cell values in the series database, per indicator, scenario, model and year
 * (written in the same transaction as the set's place series; a re-ingest replaces them):
 *
 * - `grid_cell_sets`: the cells a run was read on: the grid's latitudes and longitudes (float64) and the
 *   cells' indices into it (uint32, row-major from lat[0], lon[0]), keyed by grid fingerprint and cell hash;
 * - `grid_cell_years`: one row per indicator, scenario, model and year: float32 planes of the cells' values
 *   (the year's value, then for monthly indicators January to December), their bytes shuffled (the first
 *   byte of every value, then the second, ...: as HDF5's shuffle filter) and deflated (zlib level 1, as the
 *   spells' states): about ten times quicker than fflate on these values, and smaller.
 */
export const GRID_CELL_SCHEMA = `
CREATE TABLE IF NOT EXISTS grid_cell_sets (
  grid TEXT NOT NULL,
  cells TEXT NOT NULL,
  lat BLOB NOT NULL,
  lon BLOB NOT NULL,
  indices BLOB NOT NULL,
  PRIMARY KEY (grid, cells)
);
CREATE TABLE IF NOT EXISTS grid_cell_years (
  indicator TEXT NOT NULL,
  scenario TEXT NOT NULL,
  model TEXT NOT NULL,
  year INTEGER NOT NULL,
  grid TEXT NOT NULL,
  cells TEXT NOT NULL,
  planes INTEGER NOT NULL,
  vals BLOB NOT NULL,
  written_by TEXT,
  PRIMARY KEY (indicator, scenario, model, year)
);
`;

/** The cells of a run: the grid's axes and the cells' indices into it. */
export interface CellSet {
  grid: string;
  key: string;
  lat: Float64Array;
  lon: Float64Array;
  indices: Uint32Array;
}

const bytes = (a: Float32Array | Float64Array | Uint32Array) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
const copyOf = <T extends Float32Array | Float64Array | Uint32Array>(Type: { new (n: number): T; BYTES_PER_ELEMENT: number }, blob: Uint8Array): T => {
  const out = new Type(blob.byteLength / Type.BYTES_PER_ELEMENT);
  new Uint8Array(out.buffer).set(blob);
  return out;
};

export const cellSetKey = (indices: Uint32Array) => createHash("sha256").update(bytes(indices)).digest("hex").slice(0, 16);

/** A year's planes, shuffled and deflated. */
export function encodeCellYear(year: CellYear): { planes: number; vals: Buffer } {
  const planes = [year.annual, ...(year.months ?? [])];
  const n = year.annual.length;
  const all = new Float32Array(planes.length * n);
  planes.forEach((p, k) => all.set(p, k * n));
  const raw = bytes(all);
  const count = all.length;
  const shuffled = new Uint8Array(raw.length);
  for (let b = 0; b < 4; b++) for (let i = 0, o = b * count; i < count; i++) shuffled[o + i] = raw[i * 4 + b];
  return { planes: planes.length, vals: deflateRawSync(shuffled, { level: 1 }) };
}

export function decodeCellYear(planes: number, vals: Uint8Array): CellYear {
  const shuffled = inflateRawSync(vals);
  const count = shuffled.length / 4;
  const all = new Float32Array(count);
  const raw = new Uint8Array(all.buffer);
  for (let b = 0; b < 4; b++) for (let i = 0, o = b * count; i < count; i++) raw[i * 4 + b] = shuffled[o + i];
  const n = all.length / planes;
  const plane = (k: number) => all.subarray(k * n, (k + 1) * n);
  return planes > 1 ? { annual: plane(0), months: Array.from({ length: planes - 1 }, (_, m) => plane(m + 1)) } : { annual: plane(0) };
}

export class GridCellStore {
  private readonly insertSet: BetterSqlite3.Statement;
  private readonly insertYear: BetterSqlite3.Statement;
  private readonly sets = new Map<string, CellSet>();
  constructor(private readonly db: BetterSqlite3.Database) {
    this.insertSet = db.prepare("INSERT OR IGNORE INTO grid_cell_sets (grid, cells, lat, lon, indices) VALUES (?, ?, ?, ?, ?)");
    this.insertYear = db.prepare(
      "INSERT OR REPLACE INTO grid_cell_years (indicator, scenario, model, year, grid, cells, planes, vals, written_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    );
  }

  /** Stores a set's years (call inside the set's transaction). `writerOf(code)` names the files of a code. */
  save(
    run: { model: string; scenario: string; grid: string; lat: Float64Array; lon: Float64Array; cells: Uint32Array },
    years: ReadonlyMap<string, ReadonlyMap<number, CellYear>>,
    writerOf: (code: string) => string,
  ): number {
    const key = cellSetKey(run.cells);
    this.insertSet.run(run.grid, key, Buffer.from(bytes(run.lat)), Buffer.from(bytes(run.lon)), Buffer.from(bytes(run.cells)));
    let rows = 0;
    for (const [code, byYear] of years) {
      for (const [year, values] of byYear) {
        const { planes, vals } = encodeCellYear(values);
        this.insertYear.run(code, run.scenario, run.model, year, run.grid, key, planes, vals, writerOf(code));
        rows++;
      }
    }
    return rows;
  }

  cellSet(grid: string, key: string): CellSet | undefined {
    const id = `${grid}|${key}`;
    if (!this.sets.has(id)) {
      const row = this.db.prepare("SELECT lat, lon, indices FROM grid_cell_sets WHERE grid = ? AND cells = ?").get(grid, key) as
        | { lat: Buffer; lon: Buffer; indices: Buffer }
        | undefined;
      if (!row) return undefined;
      this.sets.set(id, { grid, key, lat: copyOf(Float64Array, row.lat), lon: copyOf(Float64Array, row.lon), indices: copyOf(Uint32Array, row.indices) });
    }
    return this.sets.get(id);
  }

  /** The (indicator, scenario, model) runs stored. */
  runs(): { indicator: string; scenario: string; model: string }[] {
    return this.db.prepare("SELECT DISTINCT indicator, scenario, model FROM grid_cell_years ORDER BY indicator, scenario, model").all() as {
      indicator: string;
      scenario: string;
      model: string;
    }[];
  }

  /** One run's years with their cells. */
  years(indicator: string, scenario: string, model: string): { year: number; cells: CellSet | undefined; values: CellYear; writtenBy: string | null }[] {
    const rows = this.db
      .prepare("SELECT year, grid, cells, planes, vals, written_by FROM grid_cell_years WHERE indicator = ? AND scenario = ? AND model = ? ORDER BY year")
      .all(indicator, scenario, model) as { year: number; grid: string; cells: string; planes: number; vals: Buffer; written_by: string | null }[];
    return rows.map((r) => ({ year: r.year, cells: this.cellSet(r.grid, r.cells), values: decodeCellYear(r.planes, r.vals), writtenBy: r.written_by }));
  }

  /** What an indicator's rows in some scenarios were written from (changes when any of them changes). */
  fingerprint(indicator: string, scenarios: readonly string[]): string {
    const hash = createHash("sha256");
    const rows = this.db
      .prepare(`SELECT indicator, scenario, model, year, cells, written_by, length(vals) AS size FROM grid_cell_years
                 WHERE indicator = ? AND scenario IN (${scenarios.map(() => "?").join(", ")}) ORDER BY 1, 2, 3, 4`)
      .iterate(indicator, ...scenarios) as Iterable<Record<string, unknown>>;
    for (const r of rows) hash.update(`${r.indicator}|${r.scenario}|${r.model}|${r.year}|${r.cells}|${r.written_by}|${r.size}\n`);
    return hash.digest("hex").slice(0, 16);
  }
}
