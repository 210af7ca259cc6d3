import type { SeriesScenario } from "../../app/features/cmip6/seriesQuery";
import type { WarmingLevels } from "../../app/features/cmip6/warmingLevels";
import { answerCsv, answerDocument } from "./answer";
import { answerFromReduced, reduceBlock, type ReducedModel, type YearCells } from "./question";
import type { ResolvedRegion } from "./regions.server";
import { yearsRead, type OnDemandRequest } from "./request";
import type { DailySource } from "./source";

/**
 * One on-demand computation, wherever it runs (the portal's thread, a worker thread of its own, a queue
 * worker on another machine): each model's blocks of days (`DailySource.blocks`, one per span of years)
 * reduced to the cells' yearly values as they come (`reduceBlock`), then the question's statistics
 * (`answerFromReduced`) and the answer in each format. Between two blocks it yields (to the thread's other
 * work, and to a message that stops it), reports its progress and stops when `signal` is aborted.
 *
 * A task is plain data (the checked request and the resolved region): it crosses to a worker thread by
 * structured clone and to a queue worker as JSON (`taskToJson`, `taskFromJson`).
 */

export interface ComputeTask {
  /** The key its results are kept by (`requestKey`), and the data version it was taken with. */
  key: string;
  dataVersion: string;
  request: OnDemandRequest;
  region: ResolvedRegion;
  warmingLevels: Pick<WarmingLevels, "version" | "licence">;
}

/** A computation's answer in each format, as kept and sent. */
export interface KeptResult {
  json: string;
  csv: string;
  sample: boolean;
}

export interface ComputeControl {
  /** 0-99 as the blocks are reduced. */
  progress: (percent: number) => void;
  /** Aborted: the computation stops at its next block and gives no result. */
  signal: AbortSignal;
}

/** The result, or undefined when it was stopped. */
export async function computeAnswer(task: ComputeTask, source: DailySource, control: ComputeControl): Promise<KeptResult | undefined> {
  const { request, region } = task;
  const pause = () => new Promise((resolve) => setImmediate(resolve));
  const cells = { lat: region.lat, lon: region.lon, weights: region.weights };
  const total = request.models.reduce((n, m) => n + yearsRead(request, m).length, 0);
  let done = 0;
  const reduced: ReducedModel[] = [];
  for (const model of request.models) {
    const years: YearCells = new Map();
    let any = false;
    const blocks = source.blocks({ model, scenario: request.scenario, cells, grid: region.cells, years: yearsRead(request, model), variables: [request.index.variable], place: region.place });
    for await (const block of blocks) {
      if (reduceBlock(block, request.index, years)) any = true;
      done++;
      control.progress(Math.min(99, Math.floor((100 * done) / total)));
      // the thread's other work, and a stop, between two blocks
      await pause();
      if (control.signal.aborted) return undefined;
    }
    reduced.push({ model, years: any ? years : undefined });
  }
  const region0 = { cells: Uint32Array.from({ length: region.cells.length }, (_, i) => i), weights: region.weights };
  const answer = answerFromReduced(
    { index: request.index, region: region0, baseline: request.baseline, window: { byModel: request.window.byModel }, scenario: request.scenario as SeriesScenario },
    reduced,
    region.cells.length,
  );
  const doc = answerDocument(answer, { request, region, source, key: task.key, dataVersion: task.dataVersion, computed: new Date(), warmingLevels: task.warmingLevels });
  return { json: JSON.stringify({ result: doc }), csv: answerCsv(doc), sample: doc.sample };
}

/** Where computations run: in this thread, in worker threads, ... */
export interface ComputeRunner {
  /** Threads computing, at most (0: the caller's own thread). */
  readonly threads: number;
  /** Threads started so far (threads start at the first computations that need them). */
  readonly started: number;
  run(task: ComputeTask, control: ComputeControl): Promise<KeptResult | undefined>;
  close(): Promise<void>;
}

/** Computations on the caller's thread, one block at a time between its other work. */
export class InProcessRunner implements ComputeRunner {
  readonly threads = 0;
  readonly started = 0;
  constructor(private readonly source: DailySource | Promise<DailySource>) {}
  async run(task: ComputeTask, control: ComputeControl): Promise<KeptResult | undefined> {
    // started after the request that submitted it has been answered
    await new Promise((resolve) => setImmediate(resolve));
    if (control.signal.aborted) return undefined;
    return computeAnswer(task, await this.source, control);
  }
  async close(): Promise<void> {}
}

/** A task as JSON (typed arrays as lists), for a queue. */
export function taskToJson(task: ComputeTask): unknown {
  const { region } = task;
  return { ...task, region: { ...region, cells: Array.from(region.cells), weights: Array.from(region.weights), lat: Array.from(region.lat), lon: Array.from(region.lon) } };
}

export function taskFromJson(json: unknown): ComputeTask {
  const task = json as ComputeTask & { region: { cells: number[]; weights: number[]; lat: number[]; lon: number[] } };
  const { region } = task;
  return { ...task, region: { ...region, cells: Uint32Array.from(region.cells), weights: Float64Array.from(region.weights), lat: Float64Array.from(region.lat), lon: Float64Array.from(region.lon) } };
}
