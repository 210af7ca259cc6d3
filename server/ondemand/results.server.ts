import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { readFile, utimes } from "node:fs/promises";
import path from "node:path";
import { LruCache } from "../series/lru";
import type { KeptResult } from "./compute";

/**
 * Where on-demand results are kept, by their key (`requestKey`: the question's canonical inputs and the
 * data version), so that a question asked again is answered at once: on disk in one portal
 * (`DiskResults`, ONDEMAND_RESULTS_DIR), in PostgreSQL with a queue (`PostgresResults`,
 * ./queue.server.ts), in memory for tests (`MemoryResults`).
 */
export interface ResultStore {
  get(key: string): Promise<KeptResult | undefined>;
  set(key: string, result: KeptResult): Promise<void>;
}

/** The bytes a result takes. */
export const resultBytes = (r: KeptResult) => r.json.length + r.csv.length;

/** Results in this process's memory, the least recently used going first past `bytes`. */
export class MemoryResults implements ResultStore {
  private readonly cache: LruCache<string, KeptResult>;
  constructor(bytes: number) {
    this.cache = new LruCache(bytes, resultBytes, "ondemand-results");
  }
  async get(key: string): Promise<KeptResult | undefined> {
    return this.cache.get(key);
  }
  async set(key: string, result: KeptResult): Promise<void> {
    this.cache.set(key, result);
  }
}

/** A key as it names a folder: the hex digits `requestKey` gives. */
const KEY = /^[0-9a-f]{8,64}$/;

const FILES = { json: "result.json", csv: "result.csv", meta: "meta.json" } as const;

/**
 * Results on disk, one folder per key (`<dir>/<key>/`: the JSON and CSV answers as sent and `meta.json`),
 * written aside and renamed into place whole, so that a restarted portal answers a question asked before at
 * once and a reader never sees half a result. Bounded by `bytes` over the folder, the least recently used
 * going first (a folder's time is its last use: at start-up the order is the folders' times). Two portals
 * on one machine may share the folder: each finds the other's results on disk, and each keeps the bound
 * over what it knows of.
 */
export class DiskResults implements ResultStore {
  /** What is kept, by key: bytes and last use (ms), least recently used first. */
  private readonly index = new Map<string, { bytes: number; used: number }>();
  private total = 0;

  constructor(
    readonly dir: string,
    private readonly bytes: number,
  ) {
    mkdirSync(dir, { recursive: true });
    const found: { key: string; bytes: number; used: number }[] = [];
    for (const name of readdirSync(dir)) {
      const folder = path.join(dir, name);
      if (name.startsWith(".tmp-")) {
        // a write cut short by a stop
        rmSync(folder, { recursive: true, force: true });
        continue;
      }
      if (!KEY.test(name) || !existsSync(path.join(folder, FILES.meta))) continue;
      try {
        const { bytes } = JSON.parse(readFileSync(path.join(folder, FILES.meta), "utf8")) as { bytes: number };
        found.push({ key: name, bytes, used: statSync(path.join(folder, FILES.meta)).mtimeMs });
      } catch {
        rmSync(folder, { recursive: true, force: true });
      }
    }
    for (const f of found.sort((a, b) => a.used - b.used)) this.remember(f.key, f.bytes, f.used);
    this.evict();
  }

  async get(key: string): Promise<KeptResult | undefined> {
    if (!KEY.test(key)) return undefined;
    const folder = path.join(this.dir, key);
    try {
      const [json, csv, meta] = await Promise.all([readFile(path.join(folder, FILES.json), "utf8"), readFile(path.join(folder, FILES.csv), "utf8"), readFile(path.join(folder, FILES.meta), "utf8")]);
      const { sample, bytes } = JSON.parse(meta) as { sample: boolean; bytes: number };
      const now = Date.now();
      this.remember(key, bytes, now);
      void utimes(path.join(folder, FILES.meta), now / 1000, now / 1000).catch(() => {});
      return { json, csv, sample };
    } catch {
      // not kept (or removed by another portal sharing the folder)
      this.forget(key);
      return undefined;
    }
  }

  async set(key: string, result: KeptResult): Promise<void> {
    if (!KEY.test(key)) throw new Error(`not a result key: ${key}`);
    const folder = path.join(this.dir, key);
    const temporary = path.join(this.dir, `.tmp-${randomBytes(6).toString("hex")}`);
    mkdirSync(temporary);
    writeFileSync(path.join(temporary, FILES.json), result.json);
    writeFileSync(path.join(temporary, FILES.csv), result.csv);
    const bytes = Buffer.byteLength(result.json) + Buffer.byteLength(result.csv);
    const now = Date.now();
    writeFileSync(path.join(temporary, FILES.meta), JSON.stringify({ sample: result.sample, bytes, written: new Date(now).toISOString() }));
    // its time of last use on the clock `get` sets it with (the file system's may lag a few milliseconds)
    utimesSync(path.join(temporary, FILES.meta), now / 1000, now / 1000);
    try {
      renameSync(temporary, folder);
    } catch {
      // the same key written meanwhile (by another portal sharing the folder): the same answer
      rmSync(temporary, { recursive: true, force: true });
    }
    this.remember(key, bytes, now);
    this.evict(key);
  }

  /** Bytes of the results this portal knows of. */
  get size(): number {
    return this.total;
  }

  private remember(key: string, bytes: number, used: number): void {
    this.forget(key);
    this.index.set(key, { bytes, used });
    this.total += bytes;
  }

  private forget(key: string): void {
    const known = this.index.get(key);
    if (!known) return;
    this.index.delete(key);
    this.total -= known.bytes;
  }

  /** The least recently used past the bound (never `keep`). */
  private evict(keep?: string): void {
    for (const key of [...this.index.keys()]) {
      if (this.total <= this.bytes) return;
      if (key === keep) continue;
      this.forget(key);
      rmSync(path.join(this.dir, key), { recursive: true, force: true });
    }
  }
}
