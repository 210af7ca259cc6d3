import * as z from "zod";
import { yearRangeSchema } from "~/features/cmip6/levelWindowsSchema";
import { GRID_INDICATORS, GRID_SCALE_RULE, GRID_SCENARIOS, GRID_SEASONS, GRID_STATISTICS, GRID_WINDOWS, type GridFieldResponse, type GridPointResponse } from "./grid";

/**
 * The zod schemas of the grid API (`GRID_API`): its queries and its JSON answers, for the API description
 * and the tests. The viewer uses the plain types of `grid.ts` and stays free of zod (decision 016).
 */

const indicatorSchema = z.strictObject({ code: z.string(), name: z.string(), units: z.string(), decimals: z.number().int().nonnegative() });

const windowSchema = z.strictObject({
  code: z.string().describe("`2040-2059` or a warming level `gwl:2.0`."),
  label: z.string(),
  kind: z.enum(["years", "gwl"]),
  start: z.number().int().optional().describe("A window of years: its first year."),
  end: z.number().int().optional().describe("A window of years: its last year."),
  windows: z.record(z.string(), yearRangeSchema).optional().describe("A warming level: each model's 20-year window."),
});

export const gridAxesSchema = z.strictObject({
  lat0: z.number().describe("Centre of the southernmost row, degrees north."),
  lon0: z.number().describe("Centre of the westernmost column, degrees east."),
  dlat: z.number().positive(),
  dlon: z.number().positive(),
  rows: z.number().int().positive(),
  columns: z.number().int().positive(),
});

const provenance = {
  agreementRule: z.string().describe("The rule of the agreement share, in words (IPCC AR6 simple approach)."),
  method: z.string().describe("How the values were computed, with the standard it follows."),
  source: z.string().describe("Where the values come from."),
  version: z.string().describe("The store's version of the field (changes when its data change)."),
  sample: z.boolean().describe("True when the values are generated sample data."),
};

export const gridFieldResponseSchema = z.strictObject({
  indicator: indicatorSchema,
  scenario: z.string(),
  season: z.enum(GRID_SEASONS),
  window: windowSchema,
  baseline: z.string().describe("The baseline of every change: 1995-2014."),
  statistic: z.enum(GRID_STATISTICS),
  units: z.string().describe('The indicator\'s units, or "1" for the agreement share.'),
  axes: gridAxesSchema,
  values: z
    .array(z.number().nullable())
    .describe("One value per cell, row-major from the south-west corner (rows south to north, columns west to east), rounded to the indicator's decimals + 1 (agreement: 3 decimals); null: no value (sea)."),
  range: z
    .strictObject({ min: z.number().nullable(), max: z.number().nullable(), p2: z.number().nullable(), p98: z.number().nullable() })
    .describe("The values' minimum, maximum, 2nd and 98th percentiles (the painted image's colour scale is fitted to them)."),
  models: z.array(z.string()),
  excluded: z.array(z.strictObject({ model: z.string(), reason: z.string() })).describe("Models left out by the one-source rule, and why."),
  ...provenance,
});

export const gridPointResponseSchema = z.strictObject({
  indicator: indicatorSchema,
  scenario: z.string(),
  season: z.enum(GRID_SEASONS),
  window: windowSchema,
  baseline: z.string(),
  point: z.strictObject({ lat: z.number(), lon: z.number() }),
  cell: z.strictObject({
    row: z.number().int().nonnegative(),
    column: z.number().int().nonnegative(),
    lat: z.number(),
    lon: z.number(),
    bounds: z.strictObject({ south: z.number(), west: z.number(), north: z.number(), east: z.number() }),
  }),
  values: z.strictObject({
    baseline: z.number().nullable(),
    future: z.number().nullable(),
    change: z.number().nullable(),
    p10: z.number().nullable(),
    p90: z.number().nullable(),
    agreement: z
      .strictObject({
        share: z.number().min(0).max(1),
        agree: z.number().int().nonnegative(),
        count: z.number().int().nonnegative(),
        sign: z.union([z.literal(1), z.literal(-1), z.literal(0)]),
        robust: z.boolean(),
      })
      .nullable(),
  }),
  note: z.string().optional().describe("Why the values are null when they are (a sea cell)."),
  models: z.array(z.string()),
  units: z.string(),
  ...provenance,
});

/** The schemas and the answers' types say the same thing (checked by the compiler). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const GRID_FIELD_SCHEMA_MATCHES_TYPE: Same<z.infer<typeof gridFieldResponseSchema>, GridFieldResponse> = true;
export const GRID_POINT_SCHEMA_MATCHES_TYPE: Same<z.infer<typeof gridPointResponseSchema>, GridPointResponse> = true;

const selection = {
  indicator: z.enum(GRID_INDICATORS).describe("Indicator with a gridded field.").meta({ examples: ["tas"] }),
  scenario: z.enum(GRID_SCENARIOS).default("ssp245").describe("Projection scenario."),
  season: z.enum(GRID_SEASONS).default("annual").describe("`annual`, or a season (DJF, MAM, JJA, SON) for indicators with monthly values (tas, tasmax, tasmin, pr, txx, tnn, rx1day, rx5day)."),
  window: z
    .enum(GRID_WINDOWS.map((w) => w.code) as [string, ...string[]])
    .default("2040-2059")
    .describe("A 20-year window, or a global warming level (each model's own window; ssp245 and ssp585)."),
};
const statistic = z.enum(GRID_STATISTICS).default("change").describe("`change` (ensemble median), `p10`, `p90`, `baseline`, `future` or `agreement` (share of models with the majority sign).");

export const gridFieldQuerySchema = z.strictObject({ ...selection, statistic });
export const gridPointQuerySchema = z.strictObject({
  ...selection,
  lat: z.number().describe("Latitude, degrees north, inside the grid (5 to 40).").meta({ examples: [27.7] }),
  lon: z.number().describe("Longitude, degrees east, inside the grid (60 to 100).").meta({ examples: [85.3] }),
});
export const gridImageQuerySchema = z.strictObject({
  ...selection,
  statistic,
  scale: z.string().regex(/^-?[\d.]+(e-?\d+)?,-?[\d.]+(e-?\d+)?$/).optional().describe(`The colour scale's range instead of the one fitted to the field: ${GRID_SCALE_RULE} (so the legend has a handful of breaks).`),
  region: z.string().optional().describe("A country's ISO3 code or a basin's slug: the image is clipped to its outline (default: the eight countries)."),
  download: z.enum(["1", "0", "true", "false"]).optional().describe("`1`: sent as an attachment with a descriptive file name."),
});
export const gridGeotiffQuerySchema = z.strictObject({ ...selection, statistic });
