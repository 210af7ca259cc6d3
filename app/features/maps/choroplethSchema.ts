import * as z from "zod";
import { SCENARIO_VALUES } from "~/features/cmip6/scenarios";
import { levelWindowsFields, yearRangeSchema as yearRange } from "~/features/cmip6/levelWindowsSchema";
import { WINDOW_PATTERN } from "~/features/cmip6/seriesQuerySchema";
import { CHOROPLETH_GEOTYPES, CHOROPLETH_PARAMS, type ChoroplethGeotype, type ChoroplethResponse } from "./choropleth";

/**
 * The zod schemas of `/api/viewer/choropleth`: its query and its answer, for the API description and the
 * tests. The map page itself uses the plain types of `choropleth.ts` and stays free of zod (decision 016).
 */


const agreementSchema = z.strictObject({
  sign: z.union([z.literal(1), z.literal(-1), z.literal(0)]),
  agree: z.number().int().nonnegative(),
  count: z.number().int().nonnegative(),
  robust: z.boolean(),
});

export const choroplethValueSchema = z.strictObject({
  geo: z.string().describe("Geo code: ISO3 for a country, slug for a basin, ISO 3166-2 for a state or province (`IN-UP`)."),
  name: z.string(),
  value: z.number().nullable().describe("The period's climatology (the ensemble median of the models' means); null without data or with fewer than 90 % of the years."),
  models: z.number().int().nonnegative().describe("Models the value comes from."),
  incomplete: z.string().optional().describe('Why there is no value although some years have data ("incomplete: 1 of 20 years").'),
  missing: z
    .string()
    .optional()
    .describe("Why there is no value at all: no series of the place for the selection (a place the models' grid does not reach, such as the Maldives' southern atolls)."),
  change: z.number().nullable().optional().describe("Projections only: the median of the models' changes from their own 1995-2014 climatology."),
  agreement: agreementSchema.nullable().optional().describe("Projections only: how many models agree on the sign of the change (IPCC AR6 simple approach)."),
  excluded: z
    .array(z.strictObject({ model: z.string(), reason: z.string() }))
    .optional()
    .describe('Models with data left out by the one-source rule (window and baseline from different sources), and why ("baseline not ingested").'),
});

const yearsWindowSchema = z.strictObject({
  kind: z.literal("years"),
  code: z.string(),
  label: z.string(),
  start: z.number().int(),
  end: z.number().int(),
});

const levelWindowSchema = z.strictObject({
  kind: z.literal("gwl"),
  code: z.string(),
  label: z.string(),
  models: z.number().int().nonnegative().describe("Models with a window at the level."),
  of: z.number().int().nonnegative().describe("Models asked for."),
  text: z.string(),
  note: z.string(),
  ...levelWindowsFields,
});

export const choroplethResponseSchema = z.strictObject({
  indicator: z.strictObject({ code: z.string(), name: z.string(), units: z.string(), decimals: z.number().int().nonnegative() }),
  geotype: z.enum(CHOROPLETH_GEOTYPES as [ChoroplethGeotype, ...ChoroplethGeotype[]]),
  scenario: z.string(),
  model: z.string().describe("`ensemble`, one model, or a comma list of models."),
  period: yearRange.describe("The years the values span (at a warming level, from the first model's window to the last one's)."),
  window: z.discriminatedUnion("kind", [yearsWindowSchema, levelWindowSchema]),
  baseline: z.string().optional().describe("Projections: the baseline of `change`."),
  agreementRule: z.string().optional().describe("Projections: the rule of `agreement`, in words."),
  values: z.array(choroplethValueSchema),
  sample: z.boolean().describe("True when any value is generated sample data."),
});

/** The schema and the answer's type say the same thing (checked by the compiler). */
type Inferred = z.infer<typeof choroplethResponseSchema>;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const CHOROPLETH_SCHEMA_MATCHES_TYPE: Same<Inferred, ChoroplethResponse> = true;

/** The query of `/api/viewer/choropleth`; any other parameter is refused (400). */
export const choroplethQuerySchema = z.strictObject({
  indicator: z.string().min(1).describe("Indicator code (`field_value`) with annual values, e.g. `tas`, `pr`, `fd`.").meta({ examples: ["tas"] }),
  geotype: z
    .enum(CHOROPLETH_GEOTYPES as [ChoroplethGeotype, ...ChoroplethGeotype[]])
    .default("Country")
    .describe("Which regions: the eight countries, the 16 river basins, or the countries' 148 states and provinces (`State`)."),
  scenario: z.enum(SCENARIO_VALUES).describe("Scenario; warming levels need `ssp245` or `ssp585`."),
  model: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.,-]*$/)
    .default("ensemble")
    .describe("`ensemble` (the median over every model), one model id, or a comma list of model ids (the median over those)."),
  window: z
    .string()
    .regex(WINDOW_PATTERN)
    .optional()
    .describe("The period: a range of years `2040-2059` or a global warming level `gwl:1.5`, `gwl:2.0`, `gwl:3.0`, `gwl:4.0` (each model's own window). Give `window` or `start` and `end`."),
  start: z.number().int().optional().describe("First year, with `end`, instead of `window`."),
  end: z.number().int().optional().describe("Last year, with `start`, instead of `window`."),
});

/** The parameter names the schema describes, in the order the route accepts them. */
export const CHOROPLETH_QUERY_KEYS = Object.keys(choroplethQuerySchema.shape) as (typeof CHOROPLETH_PARAMS)[number][];
