import * as z from "zod";
import { THI_DEFINITIONS, THI_SPECIES } from "~/features/cmip6/livestockHeat";
import { levelWindowsFields } from "~/features/cmip6/levelWindowsSchema";
import { WINDOW_CHOICES } from "~/features/cmip6/warmingLevels";
import type { LivestockView } from "./livestockView";
import { ANALYSIS_BASELINES, ANALYSIS_SCENARIOS } from "./selection";
import type { WaterView } from "./waterView";

/**
 * The zod schemas of `/api/views/analytics/climate-water` and `/api/views/analytics/climate-livestock`:
 * their queries and answers, for the API description and the tests. The pages use the plain types of
 * `waterView.ts` and `livestockView.ts` and stay free of zod (decision 016).
 */

const yearRange = z.strictObject({ start: z.number().int(), end: z.number().int() });
const nullableNumber = z.number().nullable();

const agreementSchema = z
  .strictObject({ sign: z.union([z.literal(1), z.literal(-1), z.literal(0)]), agree: z.number().int(), count: z.number().int(), robust: z.boolean() })
  .nullable()
  .describe("How many models agree on the sign of their own change (IPCC AR6 simple approach).");

const sourcesSchema = z
  .strictObject({
    kind: z.enum(["sample", "ingested", "mixed"]),
    ingestedRuns: z.array(z.string()),
    sampleRuns: z.number().int().nonnegative(),
    ingestedSources: z.array(z.string()),
    coverage: z.strictObject({ min: z.number(), max: z.number() }).optional(),
    text: z.string(),
  })
  .describe("Where the series behind the view come from: generated sample data, ingested model output, or both.");

const levelWindowsSchema = z
  .strictObject({
    ...levelWindowsFields,
  })
  .describe("At a warming level: the windows of the models that reach it, and those left out.");

const csvSchema = z
  .strictObject({
    header: z.strictObject({
      indicator: z.string(),
      units: z.string(),
      geo: z.string(),
      scenarios: z.array(z.string()),
      models: z.array(z.string()),
      period: z.string(),
      baseline: z.string().optional(),
      view: z.string(),
      sample: z.boolean(),
      method: z.string().optional(),
      agreement: z.string().optional(),
    }),
    columns: z.array(z.string()),
    rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))),
  })
  .describe("The page's download: its header lines (the sources line comes from `sources`), columns and rows.");

const excludedSchema = z.record(z.string(), z.string()).describe("Models left out by the one-source rule (baseline and future from different sources), and why.");

const monthStatsSchema = z.strictObject({ month: z.number().int().min(1).max(12), median: nullableNumber, p10: nullableNumber, p90: nullableNumber });
const cycleSchema = z.array(monthStatsSchema).describe("Per calendar month, the ensemble median and 10th-90th percentiles of the models' means (mm/day).");
const perQuantity = <T extends z.ZodType>(schema: T) => ({ pr: schema, pet: schema, balance: schema });

export const waterViewSchema = z.strictObject({
  sample: z.boolean().describe("True when any value behind the view is generated sample data."),
  sources: sourcesSchema,
  periods: z.array(z.strictObject({ label: z.string(), ...perQuantity(cycleSchema) })).describe("The baseline, then the future window: precipitation, PET and their difference by month."),
  totals: z.array(z.strictObject({ label: z.string(), ...perQuantity(nullableNumber) })).describe("Annual totals of the monthly medians (mm a year), per period."),
  change: z.strictObject(perQuantity(nullableNumber)).describe("The future total minus the baseline total."),
  agreement: z.strictObject(perQuantity(agreementSchema)),
  petMethods: z.string().describe("Which method made each model's PET."),
  excluded: excludedSchema,
  level: z.strictObject({ windows: levelWindowsSchema, counts: z.array(z.strictObject({ label: z.string(), count: z.number().int(), of: z.number().int() })) }).optional(),
  csv: csvSchema,
});

const rangeSchema = z.strictObject({ median: nullableNumber, p10: nullableNumber, p90: nullableNumber });

export const livestockViewSchema = z.strictObject({
  sample: z.boolean().describe("True when any value behind the view is generated sample data."),
  sources: sourcesSchema,
  tables: z
    .array(
      z.strictObject({
        code: z.string().describe("The day count's indicator code, e.g. `thimean68`."),
        threshold: z.number(),
        rows: z.array(z.strictObject({ label: z.string(), baseline: rangeSchema, future: rangeSchema, change: nullableNumber, agreement: agreementSchema })),
      }),
    )
    .describe("Per threshold of the species: days per month, season and year, ensemble median and 10th-90th percentiles, and the median change."),
  excluded: excludedSchema,
  level: z.strictObject({ windows: levelWindowsSchema, count: z.number().int(), of: z.number().int() }).optional(),
  csv: csvSchema,
});

/** The schemas and the views' types say the same thing (checked by the compiler). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const WATER_VIEW_SCHEMA_MATCHES_TYPE: Same<z.infer<typeof waterViewSchema>, WaterView> = true;
export const LIVESTOCK_VIEW_SCHEMA_MATCHES_TYPE: Same<z.infer<typeof livestockViewSchema>, LivestockView> = true;

const place = z.string().min(1).describe("Country (ISO3 code) or river basin (slug); an unknown place is a 404.");
const common = {
  geo: place,
  scenario: z.enum(ANALYSIS_SCENARIOS.map((s) => s.code)).optional().describe("Future scenario; `ssp245` when not given."),
  baseline: z.enum(ANALYSIS_BASELINES.map((b) => b.label)).optional().describe("Baseline years of the historical run; `1995-2014` when not given, and always at a warming level."),
  window: z.enum(WINDOW_CHOICES.map((c) => c.code)).optional().describe("Future 20-year window or global warming level (each model's own window); the last window when not given."),
};

/** The query of the water-balance view; any other parameter is refused (400). */
export const waterViewQuerySchema = z.strictObject(common);

/** The query of the livestock heat-stress view; any other parameter is refused (400). */
export const livestockViewQuerySchema = z.strictObject({
  ...common,
  species: z.enum(THI_SPECIES.map((s) => s.code)).optional().describe("Whose THI thresholds: `dairy` (the default) or `cattle`."),
  thi: z.enum(THI_DEFINITIONS.map((d) => d.code)).optional().describe("Daily THI definition: `mean` (the default) or `max`."),
});
