import type { YearRange } from "../cmip6/periods";
import type { ScenarioSeries } from "../cmip6/series";
import type { SeriesResponse } from "../cmip6/series";
import { levelWindows, type LevelWindows, type ModelMember, type WarmingLevel, type WarmingLevels } from "../cmip6/warmingLevels";
import type { AnalysisSelection } from "./selection";

/**
 * Helpers of the analyses at a global warming level: the years to ask the series service for, and blocks
 * that keep each model's values inside its own window only.
 */

/** From the earliest window start to the latest window end of any model at `level` under `scenario`. */
export function levelSpan(table: Pick<WarmingLevels, "rows"> | undefined, scenario: string, level: WarmingLevel): YearRange {
  const rows = (table?.rows ?? []).filter((r) => r.scenario === scenario && r.warming_level === level);
  if (rows.length === 0) return { start: 1950, end: 2100 };
  return { start: Math.min(...rows.map((r) => r.start_year)), end: Math.max(...rows.map((r) => r.end_year)) };
}

/**
 * One block from blocks in time order (the historical run, then the scenario: a window such as 2004-2023
 * joins both), each model's values kept inside its own window and null outside; models without a window
 * are left out. A year is taken from the first block that has it.
 */
export function levelBlock(blocks: readonly ScenarioSeries[], periods: Readonly<Record<string, YearRange>>): ScenarioSeries {
  const steps: { block: ScenarioSeries; index: number }[] = [];
  let last = -Infinity;
  for (const block of blocks) {
    const end = block.years.length ? block.years[block.years.length - 1] : -Infinity;
    block.years.forEach((year, index) => {
      if (year > last) steps.push({ block, index });
    });
    last = Math.max(last, end);
  }
  const models = Object.keys(periods).filter((m) => blocks.some((b) => b.values[m]));
  const years = steps.map((s) => s.block.years[s.index]);
  const monthly = steps.every((s) => s.block.months);
  const values = Object.fromEntries(
    models.map((m) => [m, steps.map(({ block, index }) => (block.years[index] >= periods[m].start && block.years[index] <= periods[m].end ? (block.values[m]?.[index] ?? null) : null))]),
  );
  const empty = years.map(() => null);
  const last_ = blocks[blocks.length - 1];
  return {
    scenario: last_?.scenario ?? "historical",
    years,
    ...(monthly ? { months: steps.map((s) => s.block.months![s.index]) } : {}),
    values,
    // the statistics of the joined block are not used: analyses take each model's values
    stats: { median: empty, p10: empty, p90: empty, mean: empty, count: years.map(() => 0) },
    // the runs a model's window draws on, joined with "+" where it joins two (the one-source rule reads both)
    sources: Object.fromEntries(
      models.map((m) => {
        const used = blocks.filter((b) => b.sources[m] && b.years.some((y) => y >= periods[m].start && y <= periods[m].end));
        return [m, [...new Set(used.map((b) => b.sources[m]))].join("+")];
      }),
    ),
  };
}

/** A block with only some of its models (at a level, the baseline of the models that reach it). */
export function onlyModels(block: ScenarioSeries, models: readonly string[]): ScenarioSeries {
  const keep = new Set(models);
  const pick = <T,>(record: Record<string, T>) => Object.fromEntries(Object.entries(record).filter(([m]) => keep.has(m)));
  return { ...block, values: pick(block.values), sources: pick(block.sources) };
}

/**
 * The blocks an analysis of monthly cycles takes for its selection: at a 20-year window, each answer's
 * block as it is; at a warming level, the future answers' blocks joined and kept to each model's window
 * (`levelBlock`), the baseline to the models that reach the level, and the count of models in.
 */
export function levelSeries(
  selection: AnalysisSelection,
  table: Pick<WarmingLevels, "rows"> | undefined,
  futures: readonly Pick<SeriesResponse, "series" | "models">[],
): {
  windows?: LevelWindows;
  future: (answer: Pick<SeriesResponse, "series">) => ScenarioSeries;
  baseline: (answer: Pick<SeriesResponse, "series">) => ScenarioSeries;
  /** Models with a window that every one of `answers` has, of the models every one has. */
  countOf: (answers: readonly Pick<SeriesResponse, "series">[]) => { count: number; of: number };
  /** At a level, the window of every model that reaches it and the models in; the window otherwise. */
  periodText: string;
  count?: { windows: LevelWindows; count: number; of: number };
} {
  const modelsOf = (answer: Pick<SeriesResponse, "series">) => new Set(answer.series.flatMap((b) => Object.keys(b.values)));
  const common = (answers: readonly Pick<SeriesResponse, "series">[]) => {
    const sets = answers.map(modelsOf);
    return sets.length ? [...sets[0]].filter((m) => sets.every((s) => s.has(m))) : [];
  };
  if (selection.window.kind === "years" || !table) {
    return { future: (a) => a.series[0], baseline: (a) => a.series[0], countOf: (answers) => ({ count: common(answers).length, of: common(answers).length }), periodText: selection.window.label };
  }
  const members = new Map<string, ModelMember>();
  for (const answer of futures) for (const m of answer.models) members.set(m.code, { code: m.code, variant: m.variant });
  const windows = levelWindows(table, selection.scenario, selection.window.level, [...members.values()]);
  const inLevel = Object.keys(windows.periods);
  const countOf = (answers: readonly Pick<SeriesResponse, "series">[]) => {
    const all = common(answers);
    return { count: all.filter((m) => windows.periods[m]).length, of: all.length };
  };
  const count = { windows, ...countOf(futures) };
  return {
    windows,
    future: (a) => levelBlock(a.series, windows.periods),
    baseline: (a) => onlyModels(a.series[0], inLevel),
    countOf,
    periodText: `${selection.window.label} (each model's own 20-year window: ${inLevel.map((m) => `${m} ${windows.periods[m].start}-${windows.periods[m].end}`).join(", ")}; ${count.count} of ${count.of} models)`,
    count,
  };
}
