import { ensembleStats } from "./ensemble";
import type { YearRange } from "./periods";
import type { ScenarioSeries } from "./series";
import { sourceKind, type SourceKind } from "./sources";

/**
 * The portal's one ensemble method for a period (a 20-year window, a baseline, a map's period): each
 * model's climatology first (its mean over the period), then the median and the 10th and 90th percentiles
 * of those climatologies across the models (the method of the World Bank Climate Change Knowledge Portal
 * and of the IPCC AR6 Atlas). A change is taken per model (its window climatology minus its own baseline
 * climatology) before the statistics across models. The explorer, the map, the comparison, the analyses,
 * the catalogue's data pages, their downloads and the API all call `windowStatistics`.
 */

/**
 * Share of a period's years a model needs for its climatology. With fewer, the model has no value for the
 * period; with no model complete, the period has none ("incomplete: 1 of 20 years"). The WMO guidance on
 * climatological normals asks for most of the period's data; 90 % is the stricter, simpler rule we apply.
 */
export const WINDOW_COMPLETENESS = 0.9;

/**
 * The period of a statistic: the same years for every model, or each model's own window (a global warming
 * level: models without a window are left out).
 */
export type PeriodChoice = YearRange | { byModel: Readonly<Record<string, YearRange>> };

const periodOf = (choice: PeriodChoice, model: string): YearRange | undefined => ("byModel" in choice ? choice.byModel[model] : choice);

/**
 * Share of models that must agree on the sign of a change for it to count as robust: the simple approach
 * of the IPCC AR6 WGI Atlas (Cross-Chapter Box Atlas.1): at least 80 % of the models agree on the sign.
 */
export const AGREEMENT_THRESHOLD = 0.8;

/** How many models agree on the sign of a change (the sign most of them have). */
export interface Agreement {
  /** +1 where most models rise, -1 where most fall, 0 where most show no change at the values' precision. */
  sign: 1 | -1 | 0;
  /** Models with that sign, and models with a change. */
  agree: number;
  count: number;
  /** At least `AGREEMENT_THRESHOLD` of the models agree. */
  robust: boolean;
}

/** The AR6 simple approach over the models' changes; null without any change. */
export function signAgreement(changes: readonly (number | null)[]): Agreement | null {
  let up = 0;
  let down = 0;
  let zero = 0;
  for (const c of changes) {
    if (c === null || Number.isNaN(c)) continue;
    if (c > 0) up++;
    else if (c < 0) down++;
    else zero++;
  }
  const count = up + down + zero;
  if (count === 0) return null;
  // the sign most models have; a tie between rising and falling has none
  const sign = up > down && up >= zero ? 1 : down > up && down >= zero ? -1 : 0;
  const agree = sign === 1 ? up : sign === -1 ? down : Math.max(zero, up);
  return { sign, agree, count, robust: agree / count >= AGREEMENT_THRESHOLD - 1e-12 };
}

/** The rule as the screens, downloads and the API state it. */
export const AGREEMENT_RULE =
  "Model agreement (IPCC AR6 WGI Atlas, simple approach, Cross-Chapter Box Atlas.1): a change is robust where at least 80 % of the models agree on its sign; each model's change is taken from its own 1995-2014 climatology.";

/**
 * "NorESM2-MM (baseline not ingested), ..." for counts, notes and download cells: the models left out by
 * the one-source rule, each with its reason (as a text or as a statistic's `excluded` entry); empty
 * without models left out.
 */
export function leftOutList(excluded: Readonly<Record<string, string | { reason: string }>>): string {
  return Object.entries(excluded)
    .map(([model, e]) => `${model} (${typeof e === "string" ? e : e.reason})`)
    .join(", ");
}

/** "robust: 31 of 33 models agree on the sign" for tables and notes. */
export const agreementText = (a: Agreement) => `${a.robust ? "robust" : "not robust"}: ${a.agree} of ${a.count} models agree on the sign`;

/** One model's climatology over a period. */
export interface ModelClimatology {
  /** Mean of its values over the period; null when it has fewer than the needed years. */
  mean: number | null;
  /** Years of the period with a value (a year of monthly steps counts when all its steps have one). */
  years: number;
  /** Source id of each block the values come from (a period may join the historical run and a scenario). */
  sources: string[];
  /**
   * Why the model has no climatology although it has the years: its years come from runs of different
   * sources (one ingested, one generated), which the portal never joins into one number.
   */
  excluded?: string;
}

/**
 * The kind of a climatology's sources: all ingested, all sample, or mixed; undefined without any. An id
 * joined with "+" (a series computed from several, a block joining two runs) counts as each of its parts.
 */
export function kindOfSources(sources: readonly string[]): SourceKind | "mixed" | undefined {
  const kinds = new Set(sources.flatMap((id) => id.split("+")).filter((id) => id !== "").map(sourceKind));
  if (kinds.size === 0) return undefined;
  return kinds.size === 1 ? [...kinds][0] : "mixed";
}

/**
 * Why a model's change cannot be taken: its period and its baseline come from different sources (one
 * ingested, the other generated sample data). The one-source rule: a change, a period statistic and an
 * agreement count use, per model, values of one source only (both ends ingested, or both ends sample).
 * Null where the ends agree or either has no source.
 */
export function mixedSourceReason(window: readonly string[], baseline: readonly string[]): string | null {
  const [w, b] = [kindOfSources(window), kindOfSources(baseline)];
  if (w === "mixed") return "window joins ingested and sample runs";
  if (b === "mixed") return "baseline joins ingested and sample runs";
  if (!w || !b || w === b) return null;
  return w === "ingested" ? "baseline not ingested" : "window not ingested";
}

/**
 * The models of a change between baseline blocks and future blocks (several where a screen combines
 * variables, such as precipitation minus PET) whose blocks come from different sources, and why: the one-source rule for screens that take
 * changes from two blocks rather than through `windowStatistics`.
 */
export function mixedSourceModels(base: readonly ScenarioSeries[], future: readonly ScenarioSeries[]): Record<string, string> {
  const out: Record<string, string> = {};
  const idsOf = (blocks: readonly ScenarioSeries[], model: string) => blocks.flatMap((b) => (b.sources[model] ? [b.sources[model]] : []));
  for (const model of new Set(future.flatMap((b) => Object.keys(b.sources)))) {
    const reason = mixedSourceReason(idsOf(future, model), idsOf(base, model));
    if (reason) out[model] = reason;
  }
  return out;
}

/** Per-model values without the models of `excluded`. */
export function withoutModels<T>(perModel: Readonly<Record<string, T>>, excluded: Readonly<Record<string, unknown>>): Record<string, T> {
  return Object.fromEntries(Object.entries(perModel).filter(([model]) => !(model in excluded)));
}

/** The one-source rule as the screens, downloads and the API state it. */
export const ONE_SOURCE_RULE =
  "One source per model: a model's change, period mean and agreement use its ingested values at both ends or its sample values at both ends; a model whose ends differ is left out with the reason (\"baseline not ingested\").";

/** The ensemble statistics of one period. */
export interface WindowStatistics {
  period: YearRange;
  median: number | null;
  p10: number | null;
  p90: number | null;
  /** Models with a complete climatology (the ensemble size of this value). */
  count: number;
  /** Years in the period, and the most years any model has there. */
  years: number;
  yearsWithData: number;
  /** Why there is no value when some years have data, for the screens ("incomplete: 1 of 20 years"). */
  incomplete?: string;
  /**
   * Change from the baseline: statistics of the per-model changes and their agreement on the sign, when a
   * baseline was given.
   */
  change?: { median: number | null; p10: number | null; p90: number | null; count: number; agreement: Agreement | null };
  /**
   * Each model's climatology (and change) in the period, for screens that list or plot the models, with
   * the source ids its mean (and its baseline) come from.
   */
  models: Record<string, { mean: number; change: number | null; sources: string[]; baselineSources?: string[] }>;
  /**
   * Models with values left out of every statistic by the one-source rule: why (`mixedSourceReason`), and
   * the source ids of their period and of their baseline.
   */
  excluded: Record<string, { reason: string; sources: string[]; baselineSources: string[] }>;
  /** Source ids of the model runs the value comes from (and of their baselines). */
  sources: string[];
}

/** Decimals of a period statistic: one more than the indicator's values, on every screen and download. */
export const windowDecimals = (valueDecimals: number) => valueDecimals + 1;

/** Years a period of `years` years needs for a climatology. */
export const yearsNeeded = (years: number) => Math.ceil(years * WINDOW_COMPLETENESS - 1e-9);

/**
 * Each model's climatology over a period from blocks in time order (a period such as 1991-2020 joins the
 * historical run and a scenario: each year is taken from the first block that has it).
 */
export function modelClimatologies(blocks: readonly ScenarioSeries[], choice: PeriodChoice): Record<string, ModelClimatology> {
  const models = new Set(blocks.flatMap((b) => Object.keys(b.values)));
  const out: Record<string, ModelClimatology> = {};
  for (const model of models) {
    const period = periodOf(choice, model);
    if (!period) continue;
    const length = period.end - period.start + 1;
    let sum = 0;
    let n = 0;
    let years = 0;
    const sources: string[] = [];
    for (let year = period.start; year <= period.end; year++) {
      const block = blocks.find((b) => b.values[model] && b.years.includes(year));
      if (!block) continue;
      const values = block.values[model];
      let steps = 0;
      let complete = true;
      let yearSum = 0;
      for (let i = block.years.indexOf(year); i < block.years.length && block.years[i] === year; i++) {
        steps++;
        const v = values[i];
        if (v === null || v === undefined || Number.isNaN(v)) complete = false;
        else yearSum += v;
      }
      if (!complete || steps === 0) continue;
      sum += yearSum;
      n += steps;
      years++;
      const source = block.sources[model];
      if (source && !sources.includes(source)) sources.push(source);
    }
    const mixed = kindOfSources(sources) === "mixed" ? mixedSourceReason(sources, []) ?? undefined : undefined;
    out[model] = { mean: years >= yearsNeeded(length) && n > 0 && !mixed ? sum / n : null, years, sources, ...(mixed ? { excluded: mixed } : {}) };
  }
  return out;
}

const pick = (stats: ReturnType<typeof ensembleStats>) => ({ median: stats.median[0], p10: stats.p10[0], p90: stats.p90[0], count: stats.count[0] });

/**
 * The ensemble statistics of a period: per-model climatologies, then p10, median and p90 across models;
 * with `baseline` (each model's baseline climatology), also the statistics of the per-model changes.
 */
export function windowStatistics(
  blocks: readonly ScenarioSeries[],
  choice: PeriodChoice,
  baseline?: Readonly<Record<string, ModelClimatology>>,
): WindowStatistics {
  const perModel = modelClimatologies(blocks, choice);
  const entries = Object.entries(perModel);
  const excluded: WindowStatistics["excluded"] = {};
  for (const [model, c] of entries) {
    const baselineSources = baseline?.[model]?.sources ?? [];
    const reason = c.excluded ?? mixedSourceReason(c.sources, baselineSources);
    if (reason) excluded[model] = { reason, sources: c.sources, baselineSources };
  }
  const complete = entries.filter(([model, c]) => c.mean !== null && !(model in excluded));
  const stats = pick(ensembleStats(complete.map(([, c]) => [c.mean]), 1));
  const period = spanOf(choice);
  const years = "byModel" in choice ? 20 : period.end - period.start + 1;
  const yearsWithData = entries.reduce((max, [model, c]) => (model in excluded ? max : Math.max(max, c.years)), 0);
  const sources = new Set(complete.flatMap(([, c]) => c.sources));
  let change: WindowStatistics["change"];
  const models: WindowStatistics["models"] = {};
  for (const [model, c] of complete) models[model] = { mean: c.mean!, change: null, sources: c.sources };
  if (baseline) {
    const changes = complete.map(([model, c]) => {
      const base = baseline[model]?.mean;
      if (base === null || base === undefined) return null;
      for (const source of baseline[model].sources) sources.add(source);
      models[model].change = c.mean! - base;
      models[model].baselineSources = baseline[model].sources;
      return c.mean! - base;
    });
    change = { ...pick(ensembleStats(changes.map((c) => [c]), 1)), agreement: signAgreement(changes) };
  }
  return {
    period,
    median: stats.median,
    p10: stats.p10,
    p90: stats.p90,
    count: complete.length,
    years,
    yearsWithData,
    ...(complete.length === 0 && yearsWithData > 0 ? { incomplete: `incomplete: ${yearsWithData} of ${years} years` } : {}),
    ...(change ? { change } : {}),
    models,
    excluded,
    sources: [...sources],
  };
}

/** The models of a statistic by the source of their values: ingested (both ends) or sample. */
export function modelsBySource(stats: Pick<WindowStatistics, "models">): { ingested: string[]; sample: string[] } {
  const out = { ingested: [] as string[], sample: [] as string[] };
  for (const [model, m] of Object.entries(stats.models)) {
    (kindOfSources([...m.sources, ...(m.baselineSources ?? [])]) === "ingested" ? out.ingested : out.sample).push(model);
  }
  return out;
}

/** The years a choice spans: its period, or from the first model's window start to the last one's end. */
export function spanOf(choice: PeriodChoice): YearRange {
  if (!("byModel" in choice)) return { start: choice.start, end: choice.end };
  const periods = Object.values(choice.byModel);
  if (periods.length === 0) return { start: 0, end: -1 };
  return { start: Math.min(...periods.map((p) => p.start)), end: Math.max(...periods.map((p) => p.end)) };
}
