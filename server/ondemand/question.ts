import { ensembleStats } from "../../app/features/cmip6/ensemble";
import { BASELINE_PERIOD, type YearRange } from "../../app/features/cmip6/periods";
import type { ScenarioSeries } from "../../app/features/cmip6/series";
import type { SeriesScenario } from "../../app/features/cmip6/seriesQuery";
import { modelClimatologies, windowStatistics, type PeriodChoice, type WindowStatistics } from "../../app/features/cmip6/windows";
import { cellPeriodMeans, ensembleField, type EnsembleField, type GridMember } from "../grids/ensemble";
import type { GeoMask } from "../series/ingest/masks";
import { placeMeans } from "../series/ingest/spells";
import type { DailyBlock } from "./daily";
import { cellYearValues, unitsOf, type OnDemandIndex } from "./indices";

/**
 * A user's question answered from daily blocks: an index (`./indices.ts`) over a region, per model and
 * across the ensemble, by the portal's one method for a period (docs/methods.md, "Ensemble statistics over
 * a period"), with the existing functions rather than copies of them:
 *
 * 1. Per model and season year, the index of every cell (`cellYearValues`), then the region's value: the
 *    mean over the region's cells with a value, weighted by each cell's area inside the outline
 *    (`placeMeans`, as the ingest's place series; NaN when no cell has one).
 * 2. Per model, its mean over the baseline (1995-2014) and over the window, each needing 90 % of the
 *    period's years (`modelClimatologies`), and its change (window minus its own baseline).
 * 3. Across models, the median and the 10th and 90th percentiles of the baseline and window means and of
 *    the changes, with the AR6 sign agreement (`windowStatistics`, which also applies the one-source rule:
 *    a model whose baseline days are sample data and window days ingested, or the other way round, is left
 *    out with the reason).
 * 4. For a map, each cell's change per model (`cellPeriodMeans`: the same 90 % rule per cell) and the
 *    ensemble statistics per cell (`ensembleField`, as the gridded change maps), over the models the
 *    region's statistics keep.
 *
 * Pure: the caller reads the blocks (the daily store, or `./sample-daily.ts`) and gives them here.
 */

/** One model's days: blocks of any spans (the historical run's and the scenario's), in the same cells. */
export interface QuestionModel {
  model: string;
  /**
   * A season year is taken from the first block that holds it in full (`cellYearValues`). Read once, in
   * order, each block reduced to its cells' yearly values before the next is asked for: a generator may
   * make each block when asked and reuse the last one's memory (`sampleDailyBlock`'s `reuse`).
   */
  blocks: Iterable<DailyBlock>;
}

/**
 * The region: which of the blocks' cells (indices 0..cells-1) it has and the weight of each, the area of the
 * cell's intersection with the outline (`GeoMask.weights` of `computeMasks`, with `cells` renumbered to the
 * blocks' order).
 */
export interface Region {
  cells: ArrayLike<number>;
  weights: ArrayLike<number>;
}

export interface Question {
  index: OnDemandIndex;
  region: Region;
  /** Default 1995-2014, the portal's baseline. */
  baseline?: YearRange;
  /** The same years for every model, or at a warming level each model's own (`byModel`). */
  window: PeriodChoice;
  /** The scenario of the window's run (it labels the series handed to `windowStatistics`). */
  scenario: SeriesScenario;
}

export interface ModelAnswer {
  model: string;
  /** The region's value in each season year of `QuestionAnswer.years`; NaN where it has none. */
  series: Float64Array;
  /** The model's mean over the baseline and over the window (null with fewer than 90 % of the years), and the change. */
  baseline: number | null;
  window: number | null;
  change: number | null;
  /** Years of the baseline and of the window with a value. */
  baselineYears: number;
  windowYears: number;
  /** Source ids of the blocks its values come from. */
  sources: string[];
  /** Each cell's window mean minus its baseline mean (NaN where the cell lacks either). */
  cellChange: Float32Array;
}

export interface QuestionAnswer {
  index: OnDemandIndex;
  units: string;
  baselinePeriod: YearRange;
  windowPeriod: PeriodChoice;
  /** The season years of the models' series (the union of what the blocks hold). */
  years: number[];
  /** Models with the index's variable, in the order given. */
  models: ModelAnswer[];
  /** Models whose blocks lack the index's variable (the archive has no such daily variable for them). */
  withoutVariable: string[];
  /** The ensemble of the baseline means (median, p10, p90, count). */
  baseline: WindowStatistics;
  /** The ensemble of the window means and, in `change`, of the changes with their sign agreement. */
  window: WindowStatistics;
  /** Per cell of the blocks: the ensemble statistics of the models' changes. */
  cells: EnsembleField;
}

/** Per model, each season year's cell values and the source of the block they come from. */
export type YearCells = Map<number, { values: Float64Array; source: string }>;

/**
 * One block reduced into a model's season years (`into`): each season year the block holds in full and
 * `into` does not have yet, per cell. False when the block lacks the index's variable. The step of
 * `answerQuestion` a caller may take one block at a time (a job that yields and can stop between blocks).
 */
export function reduceBlock(block: DailyBlock, index: OnDemandIndex, into: YearCells): boolean {
  const result = cellYearValues(block, index);
  if (!result) return false;
  const cells = block.cells;
  const n = result.years.length;
  result.years.forEach((year, y) => {
    if (into.has(year)) return;
    const values = new Float64Array(cells);
    for (let c = 0; c < cells; c++) values[c] = result.values[c * n + y];
    into.set(year, { values, source: block.source });
  });
  return true;
}

function modelYears(model: QuestionModel, index: OnDemandIndex, shape: { cells?: number }): YearCells | undefined {
  const out: YearCells = new Map();
  let any = false;
  for (const block of model.blocks) {
    shape.cells ??= block.cells;
    if (block.cells !== shape.cells) throw new Error(`question: ${model.model}'s blocks have ${block.cells} cells, others ${shape.cells}`);
    if (reduceBlock(block, index, out)) any = true;
  }
  return any ? out : undefined;
}

/** A model's season years, reduced from its blocks (`reduceBlock`); undefined when they lack the index's variable. */
export interface ReducedModel {
  model: string;
  years: YearCells | undefined;
}

export function answerQuestion(question: Question, models: readonly QuestionModel[]): QuestionAnswer {
  const shape: { cells?: number } = {};
  const reduced = models.map((m) => ({ model: m.model, years: modelYears(m, question.index, shape) }));
  return answerFromReduced(question, reduced, shape.cells ?? 0);
}

/** `answerQuestion` from the models' reduced season years, over `cells` cells. */
export function answerFromReduced(question: Question, reduced: readonly ReducedModel[], cells: number): QuestionAnswer {
  const { index, region, window, scenario } = question;
  const baseline = question.baseline ?? BASELINE_PERIOD;
  const withoutVariable = reduced.filter((r) => !r.years).map((r) => r.model);
  const read = reduced.filter((r): r is { model: string; years: YearCells } => Boolean(r.years));
  for (let k = 0; k < region.cells.length; k++) {
    if (!(region.cells[k] >= 0 && region.cells[k] < cells)) throw new Error(`question: region cell ${region.cells[k]} is not one of the blocks' ${cells} cells`);
  }
  const mask: GeoMask = { code: "region", cells: Uint32Array.from(region.cells), weights: Float64Array.from(region.weights), coverage: 1 };
  const years = [...new Set(read.flatMap((r) => [...r.years.keys()]))].sort((a, b) => a - b);
  const at = new Map(years.map((y, i) => [y, i]));
  // the region's series per model, as series blocks of one model and source each: `modelClimatologies`
  // takes a year from the first block that lists it, and the one-source rule reads each block's source
  const blocks: ScenarioSeries[] = [];
  const series = new Map<string, Float64Array>();
  for (const { model, years: yearCells } of read) {
    const values = new Float64Array(years.length).fill(NaN);
    const bySource = new Map<string, { years: number[]; values: (number | null)[] }>();
    for (const year of [...yearCells.keys()].sort((a, b) => a - b)) {
      const { values: cellValues, source } = yearCells.get(year)!;
      const v = placeMeans([mask], (i) => cellValues[i]).get("region")!;
      values[at.get(year)!] = v;
      let part = bySource.get(source);
      if (!part) bySource.set(source, (part = { years: [], values: [] }));
      part.years.push(year);
      part.values.push(v === v ? v : null);
    }
    for (const [source, part] of bySource) {
      blocks.push({ scenario, years: part.years, values: { [model]: part.values }, stats: ensembleStats([part.values]), sources: { [model]: source } });
    }
    series.set(model, values);
  }
  const baselineMeans = modelClimatologies(blocks, baseline);
  const baselineStats = windowStatistics(blocks, baseline);
  const windowStats = windowStatistics(blocks, window, baselineMeans);
  const windowMeans = modelClimatologies(blocks, window);
  // per cell: each model's change, and the ensemble over the models the region's statistics keep
  const members: GridMember[] = [];
  const answers: ModelAnswer[] = read.map(({ model, years: yearCells }) => {
    const yearValues = (year: number) => yearCells.get(year)?.values;
    const base = cellPeriodMeans(yearValues, baseline, cells);
    const period = "byModel" in window ? window.byModel[model] : window;
    const future = period ? cellPeriodMeans(yearValues, period, cells) : new Float32Array(cells).fill(NaN);
    const cellChange = future.map((f, i) => f - base[i]);
    if (!(model in windowStats.excluded) && !(model in baselineStats.excluded)) members.push({ model, baseline: base, future });
    const b = baselineMeans[model];
    const w = windowMeans[model];
    const bMean = b && !b.excluded ? b.mean : null;
    const wMean = w && !w.excluded ? w.mean : null;
    return {
      model,
      series: series.get(model)!,
      baseline: bMean,
      window: wMean,
      change: windowStats.models[model]?.change ?? null,
      baselineYears: b?.years ?? 0,
      windowYears: w?.years ?? 0,
      sources: [...new Set([...yearCells.values()].map((v) => v.source))],
      cellChange,
    };
  });
  return {
    index,
    units: unitsOf(index),
    baselinePeriod: baseline,
    windowPeriod: window,
    years,
    models: answers,
    withoutVariable,
    baseline: baselineStats,
    window: windowStats,
    cells: ensembleField(members, cells),
  };
}
