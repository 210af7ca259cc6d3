import { existsSync } from "node:fs";
import path from "node:path";
import type { YearRange } from "../../app/features/cmip6/periods";
import { scenarioPeriod } from "../../app/features/cmip6/seriesQuery";
import type { Seeds } from "../seeds.server";
import { SampleSeriesStore } from "../series/sample/sample-store";
import { openDailyStore } from "./daily-store";
import { DailyStoreSource } from "./store-source";
import type { BlockVariable, DailyBlock } from "./daily";
import { SAMPLE_DAILY_SOURCE, SAMPLE_DAILY_VERSION, sampleDailyBlock, type SampleCells } from "./sample-daily";

/**
 * Where a job's daily values come from: one interface for the daily store of ingested days
 * (`./store-source.ts`, when `DAILY_DIR` holds one) and for the sample generator (`./sample-daily.ts`), so
 * that the jobs do not depend on which.
 */
export interface DailySource {
  /** Changes whenever the days it gives could change: part of the key results are kept by. */
  readonly version: string;
  /** Whether its days are generated sample data, and where they come from, in a sentence for every answer. */
  readonly sample: boolean;
  readonly text: string;
  /**
   * One model's days over the cells, one block per span of years, made when asked (a job reduces each
   * before asking for the next, and may stop between them). A block lacks a variable the model does not
   * have; no block at all when the source has nothing for the model. A store's blocks are read from disk,
   * so they may come asynchronously.
   */
  blocks(request: DailyBlocksRequest): Iterable<DailyBlock> | AsyncIterable<DailyBlock>;
}

export interface DailyBlocksRequest {
  model: string;
  scenario: string;
  /** The cells' centres and weights in the region. */
  cells: SampleCells;
  /** The same cells' indices in the South Asia grid (row-major from the south-west cell): what a store reads. */
  grid: ArrayLike<number>;
  /** Spans of calendar years, each read in full. */
  years: readonly YearRange[];
  variables: readonly BlockVariable[];
  /**
   * The catalogue's place whose climate the region is in (the place itself, or the country a cell or a
   * polygon lies in): the sample generator follows its series; a store of days has no use for it.
   */
  place: string;
}

/** Daily sample data: the sample generator's series of the place, spread over the cells and days. */
export class SampleDailySource implements DailySource {
  readonly version = `sample-daily-${SAMPLE_DAILY_VERSION}`;
  readonly sample = true;
  readonly text = SAMPLE_DAILY_SOURCE;

  constructor(private readonly store: SampleSeriesStore) {}

  *blocks(request: DailyBlocksRequest): Iterable<DailyBlock> {
    let reuse: DailyBlock | undefined;
    for (const years of request.years) {
      const block = sampleDailyBlock(this.store, { geo: request.place, scenario: request.scenario, model: request.model, years, cells: request.cells, variables: request.variables, reuse });
      if (!block) return;
      reuse = block;
      yield block;
    }
  }
}

/**
 * The days on-demand jobs read: the daily store in `dailyDir` (DAILY_DIR) when it holds one, else the
 * sample generator. A folder that is set but holds no store yet (nothing ingested) gives sample days, said
 * in every answer; a folder holding a store of another format stops the server with the reason.
 */
export async function createDailySource(seeds: Pick<Seeds, "scenarios" | "modelVariables">, dailyDir?: string): Promise<DailySource> {
  if (dailyDir && existsSync(path.join(dailyDir, ".zattrs"))) return new DailyStoreSource(await openDailyStore(dailyDir));
  const scenarios = Object.fromEntries(seeds.scenarios.map((s) => [s.field_value, scenarioPeriod(s)]));
  // a job reads one place's runs (35 models by two scenarios: some MB)
  return new SampleDailySource(new SampleSeriesStore({ scenarios, availability: seeds.modelVariables, cacheBytes: 16 * 1024 * 1024 }));
}
