import * as z from "zod";

/** The JSON of a profile's view (`ProfileView`, view.ts), as the API description states it. */
const ensemble = z.strictObject({ median: z.number().nullable(), p10: z.number().nullable(), p90: z.number().nullable(), count: z.number().int() });
const agreement = z.looseObject({ sign: z.number(), agree: z.number().int(), count: z.number().int(), robust: z.boolean() });
const cell = z.strictObject({
  median: z.number().nullable(),
  p10: z.number().nullable(),
  p90: z.number().nullable(),
  agreement: agreement.nullable(),
  incomplete: z.string().optional(),
});

export const profileViewSchema = z.strictObject({
  place: z.strictObject({ code: z.string(), name: z.string(), type: z.enum(["Country", "Basin", "State", "Disputed"]), country: z.string().optional(), slug: z.string(), status: z.string().optional() }),
  version: z.string(),
  baseline: z.strictObject({ start: z.number().int(), end: z.number().int(), label: z.string() }),
  scenarios: z.array(z.strictObject({ code: z.string(), name: z.string() })),
  choices: z.array(z.strictObject({ code: z.string(), label: z.string(), kind: z.enum(["years", "gwl"]) })),
  rows: z
    .array(
      z.strictObject({
        code: z.string(),
        name: z.string(),
        units: z.string(),
        decimals: z.number().int(),
        category: z.string(),
        baseline: z.number().nullable(),
        changes: z.record(z.string(), z.record(z.string(), cell)).describe("By scenario code, then by window code (`2080-2099`, `gwl:2.0`)."),
      }),
    )
    .describe("The rows of the change tables: the first ones, or every indicator with `rows=all`. Numbers are rounded to `decimals` (period statistics: one more than the indicator's values); the page writes them with fewer, the decimals a reader can use."),
  rowCount: z.number().int().describe("Indicators of the whole profile."),
  allRows: z.boolean(),
  models: z.number().int(),
  cycle: z.array(z.strictObject({ code: z.string(), name: z.string(), units: z.string(), decimals: z.number().int(), months: z.array(ensemble).length(12) })),
  levels: z.array(z.strictObject({ scenario: z.string(), code: z.string(), count: z.number().int(), of: z.number().int(), text: z.string(), method: z.string() })),
  origin: z.looseObject({ kind: z.enum(["sample", "ingested", "mixed"]), text: z.string() }),
  sample: z.boolean().describe("Whether any number is generated sample data."),
  signals: z.array(z.string()),
  methods: z.array(z.string()),
  url: z.string().describe("The page's address (the citation)."),
  outline: z.string().describe("Where the place's outline comes from, its licence and how current it is."),
});
