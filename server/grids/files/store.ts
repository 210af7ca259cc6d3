import { createHash } from "node:crypto";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import type { YearRange } from "../../../app/features/cmip6/periods";
import type { GridAxes, GridFieldSet, GridQuery } from "../../../app/features/grids/grid";
import { gridKey } from "../../../app/features/grids/grid";
import { gridFileName } from "../ingest/build";
import type { GridStore } from "../store";
import { openGridNetcdf } from "./netcdf";

/**
 * The gridded fields of the CF NetCDF files the ingest writes (`../ingest/build.ts`, one file per
 * indicator, scenario and season in GRID_DIR): a field is one window of a file's ensemble variables. Fields
 * read are kept (the last `cacheFields`); a file written again (another modification time or size) is read
 * again, and the store's version changes with it.
 */

const FILE = /^([A-Za-z0-9]+)_(ssp\d+)_(annual|DJF|MAM|JJA|SON)\.nc$/;
/** Seconds the listing of the folder is trusted before it is looked at again. */
const LISTING_SECONDS = 5;

export class GridFileStore implements GridStore {
  private listing: { at: number; files: Map<string, { mtimeMs: number; size: number }>; version: string } | undefined;
  private readonly cache = new Map<string, { stamp: string; field: GridFieldSet }>();

  private readonly cacheFields: number;
  private readonly listingSeconds: number;
  constructor(
    readonly dir: string,
    readonly axes: GridAxes,
    /** Fields kept (default 64), and seconds the folder's listing is trusted (default 5). */
    options: { cacheFields?: number; listingSeconds?: number } = {},
  ) {
    this.cacheFields = options.cacheFields ?? 64;
    this.listingSeconds = options.listingSeconds ?? LISTING_SECONDS;
  }

  /**
   * A store over the files of `dir`, or undefined when it has none. Its grid is `axes` when given (files on
   * another grid then have no field), else the first file's.
   */
  static async open(dir: string, axes?: GridAxes, options: { cacheFields?: number; listingSeconds?: number } = {}): Promise<GridFileStore | undefined> {
    if (!existsSync(dir)) return undefined;
    const names = readdirSync(dir).filter((n) => FILE.test(n)).sort();
    if (names.length === 0) return undefined;
    if (axes) return new GridFileStore(dir, axes, options);
    const reader = await openGridNetcdf(path.join(dir, names[0]));
    try {
      return new GridFileStore(dir, reader.axes, options);
    } finally {
      reader.close();
    }
  }

  private list() {
    const now = Date.now();
    if (this.listing && now - this.listing.at < this.listingSeconds * 1000) return this.listing;
    const files = new Map<string, { mtimeMs: number; size: number }>();
    if (existsSync(this.dir)) {
      for (const name of readdirSync(this.dir).filter((n) => FILE.test(n)).sort()) {
        try {
          const s = statSync(path.join(this.dir, name));
          files.set(name, { mtimeMs: s.mtimeMs, size: s.size });
        } catch {
          // renamed away between the listing and the look
        }
      }
    }
    const hash = createHash("sha256");
    for (const [name, s] of files) hash.update(`${name}|${s.mtimeMs}|${s.size}\n`);
    this.listing = { at: now, files, version: `files:${hash.digest("hex").slice(0, 12)}` };
    return this.listing;
  }

  version(): string {
    return this.list().version;
  }

  firstFile(): { indicator: string; scenario: string; season: string } | undefined {
    const [name] = this.list().files.keys();
    const parts = name === undefined ? null : FILE.exec(name);
    return parts ? { indicator: parts[1], scenario: parts[2], season: parts[3] } : undefined;
  }

  async field(query: GridQuery): Promise<GridFieldSet | undefined> {
    const name = gridFileName(query.indicator, query.scenario, query.season);
    const stat = this.list().files.get(name);
    if (!stat) return undefined;
    const stamp = `${stat.mtimeMs}|${stat.size}`;
    const key = gridKey(query);
    const cached = this.cache.get(key);
    if (cached && cached.stamp === stamp) {
      // most recently used last
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached.field;
    }
    const field = await readField(path.join(this.dir, name), query, this.axes);
    if (!field) return undefined;
    this.cache.set(key, { stamp, field });
    while (this.cache.size > this.cacheFields) this.cache.delete(this.cache.keys().next().value!);
    return field;
  }
}

const sameAxes = (a: GridAxes, b: GridAxes) =>
  a.rows === b.rows && a.columns === b.columns && [a.lat0 - b.lat0, a.lon0 - b.lon0, a.dlat - b.dlat, a.dlon - b.dlon].every((d) => Math.abs(d) < 1e-6);

/** One window of a field file, or undefined when the file lacks the window or is on another grid. */
export async function readField(file: string, query: GridQuery, axes: GridAxes): Promise<GridFieldSet | undefined> {
  const reader = await openGridNetcdf(file);
  try {
    if (!sameAxes(reader.axes, axes)) return undefined;
    const codes = String(reader.variableAttributes("window").codes ?? "").split(" ");
    const w = codes.indexOf(query.window);
    if (w < 0) return undefined;
    const a = reader.attributes;
    const slab = (name: string) => reader.read(name, [[w, w + 1]]);
    const windows = JSON.parse(String(a.sacap_windows ?? "{}")) as Record<string, { models: string[]; excluded: { model: string; reason: string }[]; windows?: Record<string, YearRange> }>;
    const info = windows[query.window] ?? { models: [], excluded: [] };
    const units = String(reader.variableAttributes("change").units ?? "");
    return {
      query,
      axes: reader.axes,
      change: slab("change") as Float32Array,
      p10: slab("p10") as Float32Array,
      p90: slab("p90") as Float32Array,
      baseline: slab("baseline") as Float32Array,
      future: slab("future") as Float32Array,
      agreement: slab("agreement") as Float32Array,
      count: slab("model_count") as Uint8Array,
      agree: slab("agree_count") as Uint8Array,
      sign: slab("sign") as Int8Array,
      models: info.models,
      excluded: info.excluded,
      ...(info.windows ? { windows: info.windows } : {}),
      indicator: { code: query.indicator, name: String(a.indicator_name ?? query.indicator), units, decimals: Number(a.decimals ?? 2) },
      sample: a.sample === "true",
      source: String(a.source ?? ""),
      method: `${String(a.method ?? "")} ${String(a.agreement_rule ?? "")} References: ${String(a.references ?? "")}`.trim(),
      version: String(a.sacap_version ?? ""),
    };
  } finally {
    reader.close();
  }
}
