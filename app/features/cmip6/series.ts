import * as z from "zod";
import { roundTo } from "./indicatorRules";
import { INDICATOR_CATEGORIES, GEO_TYPES, MODEL_GRIDS, SCENARIO_VALUES } from "./schema";
import { SEASON_CODES } from "./periods";
import { SERIES_FREQUENCIES, SERIES_SCENARIOS } from "./seriesQuery";
import { windowDecimals } from "./windows";

/**
 * The answer of the series API. Values are in the indicator's units, rounded to `indicator.decimals`;
 * null marks a step a model has no value for. Each scenario block has one time axis (`years`, and
 * `months` when the answer has every month) shared by the models' value arrays and the statistics.
 * Within the server an answer also exists at full precision (`roundedAnswer` makes the one sent of it):
 * every statistic is computed from that one.
 */

const yearRangeSchema = z.strictObject({ start: z.number().int(), end: z.number().int() });
const nullableNumbers = z.array(z.number().nullable());

export const seriesProvenanceSchema = z.strictObject({
  /** Who produced the numbers, e.g. "sample generator" or "NEX-GDDP-CMIP6". */
  source: z.string().min(1),
  /** How, in a sentence or two. */
  method: z.string().min(1),
  /** Version of the source or of the generator. */
  version: z.string().min(1),
  /** Generated illustrative data rather than model output. */
  sample: z.boolean(),
});
export type SeriesProvenance = z.infer<typeof seriesProvenanceSchema>;

export const ensembleStatsSchema = z.strictObject({
  median: nullableNumbers,
  p10: nullableNumbers,
  p90: nullableNumbers,
  mean: nullableNumbers,
  count: z.array(z.number().int().nonnegative()),
});

export const scenarioSeriesSchema = z.strictObject({
  /** A scenario of the catalogue, or `observed` (then `values` are keyed by observational dataset id). */
  scenario: z.enum(SERIES_SCENARIOS),
  years: z.array(z.number().int()),
  /** Calendar month of each step; only in monthly answers without `month` or `season`. */
  months: z.array(z.number().int().min(1).max(12)).optional(),
  /** Per model, one value per step. */
  values: z.record(z.string(), nullableNumbers),
  /** Statistics across the models of this answer, per step. */
  stats: ensembleStatsSchema,
  /** Per model, the key of its entry in `provenance`. */
  sources: z.record(z.string(), z.string()),
  /**
   * Per ingested model, the share of the place's outline its files' grid covers (0.99 and more: places
   * covered less get no ingested series). Absent for generated sample series, which cover the whole place.
   */
  coverage: z.record(z.string(), z.number().min(0).max(1)).optional(),
  /**
   * Per model, how its run of this indicator was computed, where that differs between runs (`pet`: FAO-56
   * Penman-Monteith, or Hargreaves-Samani naming the variables the model lacks; and the elevation assumed).
   */
  methods: z.record(z.string(), z.string().min(1)).optional(),
});
export type ScenarioSeries = z.infer<typeof scenarioSeriesSchema>;

const nullableNumber = z.number().nullable();

/**
 * The period statistic a query's `window` asks for, for one scenario: each model's mean over the window
 * (a warming level: over its own window), the ensemble median and p10-p90 across the models, the change
 * from each model's 1995-2014 mean and the models' agreement on its sign.
 */
export const windowSummarySchema = z.strictObject({
  scenario: z.enum(SCENARIO_VALUES),
  window: z.strictObject({ code: z.string(), label: z.string() }),
  baseline: yearRangeSchema,
  median: nullableNumber,
  p10: nullableNumber,
  p90: nullableNumber,
  /** Models with a complete climatology in their window, of the models with data. */
  count: z.number().int().nonnegative(),
  of: z.number().int().nonnegative(),
  change: z.strictObject({ median: nullableNumber, p10: nullableNumber, p90: nullableNumber, count: z.number().int().nonnegative() }).nullable(),
  agreement: z
    .strictObject({ sign: z.union([z.literal(1), z.literal(-1), z.literal(0)]), agree: z.number().int(), count: z.number().int(), robust: z.boolean() })
    .nullable(),
  /** Warming levels: models that do not reach the level, that the table lacks, or whose timing is another member's. */
  notReached: z.array(z.string()).optional(),
  notInTable: z.array(z.string()).optional(),
  otherMember: z.array(z.strictObject({ model: z.string(), member: z.string(), tableMember: z.string() })).optional(),
  incomplete: z.string().optional(),
  /** "+2 °C: 32 of 35 models under SSP2-4.5". */
  text: z.string(),
  /** The method and the agreement rule, in sentences. */
  method: z.string(),
  /**
   * Per model in the statistic: its window, mean and change, whether its values are ingested or generated
   * sample data (`source`: the same at both ends, by the one-source rule), and the ids of the `provenance`
   * entries its window and its baseline come from.
   */
  models: z.record(
    z.string(),
    z.strictObject({
      period: yearRangeSchema,
      mean: z.number(),
      change: nullableNumber,
      source: z.enum(["ingested", "sample"]),
      sources: z.array(z.string()),
      baselineSources: z.array(z.string()).optional(),
    }),
  ),
  /**
   * Models with values that the statistic leaves out because their window and their baseline come from
   * different sources (one ingested, the other sample): e.g. "baseline not ingested".
   */
  excluded: z.array(z.strictObject({ model: z.string(), reason: z.string(), sources: z.array(z.string()), baselineSources: z.array(z.string()) })),
});
export type WindowSummary = z.infer<typeof windowSummarySchema>;

/** SPI and SPEI: how the index was fitted (`DroughtIndexStore`, `app/features/cmip6/drought.ts`). */
export const droughtMethodSchema = z.strictObject({
  index: z.enum(["spi", "spei"]),
  name: z.string(),
  /** Accumulation scale, months. */
  scale: z.number().int().min(1).max(12),
  /** Years the distributions are fitted over (each model's historical run). */
  reference: yearRangeSchema,
  distribution: z.string(),
  fitting: z.string(),
  /** The method in sentences: accumulation, fit, standardisation, bounds; the annual rule in annual answers. */
  text: z.string(),
  references: z.array(z.string()),
  /** SPEI: per scenario, per model, the potential evapotranspiration method of its water balance. */
  evapotranspiration: z.record(z.string(), z.record(z.string(), z.string())).optional(),
});
export type DroughtMethod = z.infer<typeof droughtMethodSchema>;

/** A calendar month of one model run without a fit, and why (its values are null). */
export const droughtWarningSchema = z.strictObject({
  scenario: z.enum(SERIES_SCENARIOS),
  model: z.string(),
  month: z.number().int().min(1).max(12),
  /** Reference years with a value for that month. */
  years: z.number().int().nonnegative(),
  reason: z.string(),
  message: z.string(),
});

export const seriesResponseSchema = z.strictObject({
  indicator: z.strictObject({
    code: z.string(),
    name: z.string(),
    category: z.enum(INDICATOR_CATEGORIES),
    /** `field_var_unit`: unit of the values. */
    units: z.string(),
    /** `field_axis_unit`: chart axis label. */
    axisUnit: z.string(),
    axisUnit2: z.string().optional(),
    /** `field_chart_title`, else the name. */
    chartTitle: z.string(),
    /** How monthly values combine into seasons and years. */
    aggregation: z.enum(["mean", "max", "min", "sum"]),
    /** Decimal places the values are rounded to. */
    decimals: z.number().int().nonnegative(),
  }),
  /** The place; a disputed area says who administers and who claims it (`status`). */
  geo: z.strictObject({ code: z.string(), name: z.string(), type: z.enum(GEO_TYPES), status: z.string().optional() }),
  frequency: z.enum(SERIES_FREQUENCIES),
  month: z.number().int().min(1).max(12).nullable(),
  season: z
    .strictObject({ code: z.enum(SEASON_CODES), name: z.string(), months: z.array(z.number().int().min(1).max(12)) })
    .nullable(),
  /** Years asked for (or the scenarios' span when not given); each block holds the part its scenario covers. */
  period: yearRangeSchema,
  scenarios: z.array(z.strictObject({ code: z.enum(SERIES_SCENARIOS), name: z.string(), period: yearRangeSchema })),
  /** The models with values; in an `observed` answer, the observational datasets (variant and grid `observed`). */
  models: z.array(z.strictObject({ code: z.string(), variant: z.string(), grid: z.union([z.enum(MODEL_GRIDS), z.literal("observed")]) })),
  /** True when the answer covers every model of the catalogue (`model=ensemble` or no `model`). */
  ensemble: z.boolean(),
  series: z.array(scenarioSeriesSchema),
  /** Only with `window`: the period statistic per future scenario. */
  windows: z.array(windowSummarySchema).optional(),
  /** SPI and SPEI only: the fitted index's method. */
  method: droughtMethodSchema.optional(),
  /** SPI and SPEI only: calendar months of model runs that have no fit (no values), and why. */
  warnings: z.array(droughtWarningSchema).optional(),
  provenance: z.record(z.string(), seriesProvenanceSchema),
  /** True when any value of the answer is generated sample data. */
  sample: z.boolean(),
});
export type SeriesResponse = z.infer<typeof seriesResponseSchema>;

/** Series answers change only with a new store version (and then their ETag): fresh for an hour. */
export const SERIES_CACHE_SECONDS = 3600;
export const SERIES_CACHE_CONTROL = `public, max-age=${SERIES_CACHE_SECONDS}`;

/** RTK Query endpoint of each frequency (`seriesApi.ts`); loaders prime the cache under these names. */
export const SERIES_ENDPOINTS = { monthly: "getMonthlySeries", annual: "getAnnualSeries" } as const;

const roundedOrNull = (v: number | null, decimals: number) => (v === null ? null : roundTo(v, decimals));
const roundedAll = (xs: readonly (number | null)[], decimals: number) => xs.map((v) => roundedOrNull(v, decimals));

/**
 * A period statistic as it is sent: its means and changes (the ensemble's and each model's) to `decimals`
 * (`windowDecimals` of the indicator's), from the statistic computed at full precision.
 */
export function roundedWindowSummary<T extends Omit<WindowSummary, "models"> & { models?: WindowSummary["models"] }>(summary: T, decimals: number): T {
  const r = (v: number | null) => roundedOrNull(v, decimals);
  return {
    ...summary,
    median: r(summary.median),
    p10: r(summary.p10),
    p90: r(summary.p90),
    change: summary.change && { ...summary.change, median: r(summary.change.median), p10: r(summary.change.p10), p90: r(summary.change.p90) },
    ...(summary.models
      ? { models: Object.fromEntries(Object.entries(summary.models).map(([model, m]) => [model, { ...m, mean: roundTo(m.mean, decimals), change: r(m.change) }])) }
      : {}),
  };
}

/**
 * The answer as the series API sends it, from the answer at full precision: every model's value to the
 * indicator's decimals, the ensemble statistics of each step to one more, and the period statistics of
 * `windows` to one more (`windowDecimals`). This is the one place an answer is rounded: the statistics are
 * computed before it from the unrounded values (a window mean is the rounded mean of the unrounded yearly
 * values, never a mean of rounded ones), so they equal what the same method gives on the stored data and
 * on the gridded fields (docs/grids.md). Rounding a rounded answer again changes nothing.
 */
export function roundedAnswer(answer: SeriesResponse): SeriesResponse {
  const decimals = answer.indicator.decimals;
  const statistic = windowDecimals(decimals);
  return {
    ...answer,
    series: answer.series.map((block) => ({
      ...block,
      values: Object.fromEntries(Object.entries(block.values).map(([model, values]) => [model, roundedAll(values, decimals)])),
      stats: {
        median: roundedAll(block.stats.median, statistic),
        p10: roundedAll(block.stats.p10, statistic),
        p90: roundedAll(block.stats.p90, statistic),
        mean: roundedAll(block.stats.mean, statistic),
        count: block.stats.count,
      },
    })),
    ...(answer.windows ? { windows: answer.windows.map((w) => roundedWindowSummary(w, statistic)) } : {}),
  };
}
