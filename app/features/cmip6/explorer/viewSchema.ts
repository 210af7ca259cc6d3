import * as z from "zod";

/** The JSON of the explorer's view (`ExplorerPageView`, view.ts), as the API description states it. */
export const explorerViewSchema = z.strictObject({
  query: z.string().describe("The selection's canonical query string, then the dense table's parameters."),
  results: z
    .looseObject({
    indicator: z.looseObject({ code: z.string(), name: z.string(), units: z.string(), decimals: z.number().int() }),
    geo: z.looseObject({ code: z.string(), name: z.string() }),
    origin: z.looseObject({ kind: z.enum(["sample", "ingested", "mixed"]), text: z.string() }),
    sample: z.boolean().describe("Whether any number (or any baseline behind one) is generated sample data."),
    chart: z
      .looseObject({ label: z.string(), kind: z.enum(["series", "change", "cycle"]), labels: z.looseObject({ title: z.string() }), summary: z.string() })
      .describe("What the chart draws: per scenario the years with the ensemble median and p10-p90 (and each model's values with `members=1`), or the annual cycle's points."),
    fileName: z.string(),
    header: z.looseObject({ indicator: z.string(), units: z.string(), geo: z.string(), sample: z.boolean() }).describe("The header of the series downloads."),
    scenarioNames: z.record(z.string(), z.string()),
    windows: z.looseObject({
      rows: z.array(
        z.looseObject({
          scenario: z.string(),
          code: z.string(),
          window: z.string(),
          median: z.number().nullable(),
          ingestedModels: z.number().int().min(0).describe("The models counted whose values were ingested: an index into `modelLists`."),
          sampleModels: z.number().int().min(0).describe("The models counted whose values are generated sample data: an index into `modelLists`."),
        }),
      ),
      modelLists: z.array(z.array(z.string())).describe("The lists of models the rows count, each list once."),
      decimals: z.number().int(),
      baseline: z.string(),
    }),
    table: z.looseObject({ models: z.array(z.string()), initial: z.looseObject({ pageRows: z.array(z.looseObject({})), page: z.number().int(), pageCount: z.number().int(), total: z.number().int() }) }).describe("The dense table's page for the query's table state."),
    series: z.looseObject({ annual: z.looseObject({}), baseline: z.looseObject({}) }).describe("The series queries behind the view (`/api/cmip6/annual`, `/api/cmip6/v1/monthly`): every value, on demand."),
    })
    .nullable()
    .describe("What the chart views show; null with `view=spread`."),
  spread: z
    .looseObject({
      place: z.string(),
      modelCount: z.number().int(),
      origin: z.looseObject({ kind: z.enum(["sample", "ingested", "mixed"]), text: z.string() }),
      spread: z.looseObject({
        points: z.array(z.strictObject({ model: z.string(), temperature: z.number(), precipitation: z.number() })),
        missing: z.array(z.string()),
      }),
    })
    .optional()
    .describe("With `view=spread`: each model's change in mean temperature (°C) and in precipitation (% of its own 1995-2014 mean), the models without both, and the warming level's windows (`levels`) at a level."),
});
