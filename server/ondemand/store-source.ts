import { createHash } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { CMIP6_EXPERIMENT_PERIODS, type YearRange } from "../../app/features/cmip6/periods";
import type { DailyBlock } from "./daily";
import { DAILY_STORE_FORMAT, DAILY_VARIABLES, isDailyStoreVariable, SAFE_NAME, writtenPath, type DailyStoreVariable } from "./daily-layout";
import type { DailyBlock as StoreBlock, DailyStore } from "./daily-store";
import type { DailyBlocksRequest, DailySource } from "./source";

/**
 * The days of the daily store (`DAILY_DIR`, ./daily-store.ts) as a job's source: the model's historical run
 * for the years up to the historical period's end (2014) and the scenario's run after, read one span of
 * years at a time over the region's cells. A span that crosses from one run into the other (a window
 * starting in 2015 of a season crossing the new year reads 2014 too, and then joins the baseline's span) is
 * one block of both runs' days, so that a season year across the join is counted; a run the store lacks
 * reads as missing days, and a model the store has neither run of gives no block (it is listed with the
 * models without the variable).
 *
 * Its version is a hash of the store's year markers (every model, run, variable, year and the id of the
 * write that made it visible): an ingest that writes or rewrites a year changes it, and with it the key of
 * every answer, so that kept results never outlive the days they were computed from. Every machine that
 * sees the same store computes the same version. Listing the markers reads a folder per model run and
 * variable (some hundreds for the full set): it is done again at most every `versionSeconds`.
 */

/** The source id of a block of a model run of the store (a block across the join names both runs). */
export const storeSourceId = (model: string, runs: readonly string[]) => `daily:${model}:${runs.join("+")}`;

export interface DailyStoreSourceOptions {
  /** The last year of the historical run (default CMIP6's 2014): later years are the scenario's. */
  historicalEnd?: number;
  /** Seconds the markers' hash is reused before the store is listed again (default 10). */
  versionSeconds?: number;
}

export class DailyStoreSource implements DailySource {
  readonly sample = false;
  readonly text: string;
  private readonly historicalEnd: number;
  private readonly versionMs: number;
  private versionAt = -Infinity;
  private versionText = "";

  constructor(
    private readonly store: DailyStore,
    options: DailyStoreSourceOptions = {},
  ) {
    this.historicalEnd = options.historicalEnd ?? CMIP6_EXPERIMENT_PERIODS.historical.end;
    this.versionMs = (options.versionSeconds ?? 10) * 1000;
    this.text = `NASA NEX-GDDP-CMIP6 daily values (bias-corrected and downscaled to 0.25°) as the portal's ingest kept them in its daily store (${path.basename(store.dir)}): temperatures to 0.01 °C, precipitation as float32.`;
  }

  get version(): string {
    const now = Date.now();
    if (now - this.versionAt >= this.versionMs) {
      this.versionText = `daily-store-${DAILY_STORE_FORMAT}-${storeMarkersHash(this.store.dir)}`;
      this.versionAt = now;
    }
    return this.versionText;
  }

  async *blocks(request: DailyBlocksRequest): AsyncIterable<DailyBlock> {
    const variables = request.variables.filter(isDailyStoreVariable);
    const runs = [
      { run: "historical", attributes: this.store.runAttributes(request.model, "historical") },
      { run: request.scenario, attributes: this.store.runAttributes(request.model, request.scenario) },
    ];
    if (!runs.some((r) => r.attributes)) return;
    for (const years of request.years) {
      const parts: { run: string; years: YearRange }[] = [];
      if (years.start <= this.historicalEnd) parts.push({ run: "historical", years: { start: years.start, end: Math.min(years.end, this.historicalEnd) } });
      if (years.end > this.historicalEnd) parts.push({ run: request.scenario, years: { start: Math.max(years.start, this.historicalEnd + 1), end: years.end } });
      const held = parts.filter((p) => runs.find((r) => r.run === p.run)?.attributes);
      if (held.length === 0) continue;
      const read: StoreBlock[] = [];
      for (const part of held) read.push(await this.store.readBlock({ model: request.model, run: part.run, variables, cells: request.grid, years: part.years }));
      // both runs in one calendar (a model's runs share it): one block; else each run's own
      if (read.length === 2 && read[0].calendar !== read[1].calendar) {
        for (let i = 0; i < 2; i++) yield toBlock([read[i]], variables, storeSourceId(request.model, [held[i].run]));
        continue;
      }
      if (held.length < parts.length) {
        // the run the store lacks: its years as missing days, in the other run's calendar
        const missing = parts.find((p) => !held.includes(p))!;
        const block = await this.store.readBlock({ model: request.model, run: held[0].run, variables: [], cells: request.grid, years: missing.years });
        const blank = { ...block, calendar: read[0].calendar, values: {} };
        if (missing.run === "historical") read.unshift(blank);
        else read.push(blank);
      }
      yield toBlock(read, variables, storeSourceId(request.model, held.map((p) => p.run)));
    }
  }
}

/**
 * Consecutive store blocks of the same cells and calendar as one job block (cell-major: each cell's days of
 * the first block, then of the next); a variable a block lacks reads as missing days.
 */
function toBlock(parts: readonly StoreBlock[], variables: readonly DailyStoreVariable[], source: string): DailyBlock {
  const cells = parts[0].cells.length;
  const days = parts.reduce((n, p) => n + p.days, 0);
  const values: DailyBlock["values"] = {};
  for (const variable of variables) {
    if (!parts.some((p) => p.values[variable])) continue;
    const out = new Float32Array(cells * days).fill(Number.NaN);
    let offset = 0;
    for (const part of parts) {
      const from = part.values[variable];
      if (from) for (let c = 0; c < cells; c++) out.set(from.subarray(c * part.days, (c + 1) * part.days), c * days + offset);
      offset += part.days;
    }
    values[variable] = out;
  }
  return { calendar: parts[0].calendar, start: parts[0].start, days, cells, values, source };
}

/** A hash of the names of every year marker of the store (`<model>/<run>/written/<variable>/<year>.<id>.json`). */
export function storeMarkersHash(dir: string): string {
  const hash = createHash("sha256");
  const folders = (p: string) => (existsSync(p) ? readdirSync(p, { withFileTypes: true }).filter((e) => e.isDirectory() && SAFE_NAME.test(e.name)).map((e) => e.name).sort() : []);
  for (const model of folders(dir)) {
    if (model === "cells" || model === "off-grid") continue;
    for (const run of folders(path.join(dir, model))) {
      for (const variable of DAILY_VARIABLES) {
        const written = path.join(dir, writtenPath(model, run, variable));
        if (!existsSync(written)) continue;
        for (const name of readdirSync(written).sort()) if (name.endsWith(".json")) hash.update(`${model}/${run}/${variable}/${name}\n`);
      }
    }
  }
  return hash.digest("hex").slice(0, 16);
}
