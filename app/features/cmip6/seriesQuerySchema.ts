import * as z from "zod";
import { OBSERVED } from "../observations/ids";
import { SEASON_CODES } from "./periods";
import {
  catalogYears,
  ENSEMBLE,
  seriesIndicatorCodes,
  seriesParamsFor,
  SERIES_PATHS,
  type SeriesCatalog,
  type SeriesFrequency,
  type SeriesParam,
} from "./seriesQuery";
import { WARMING_LEVELS, WINDOW_CHOICES } from "./warmingLevels";
import { DEFAULT_DROUGHT_SCALE, DROUGHT_ANNUAL_RULE, DROUGHT_SCALES_OF } from "./droughtQuery";

/**
 * The series query as a zod schema, for the API description and the tests. The parser the server and the
 * browser share (`parseSeriesQuery`) stays free of zod (decision 016); this schema is built from the same
 * catalogue and constants, and `seriesQuerySchema.test.ts` holds the two together (the same parameters,
 * the same allowed values as the parser's 400 answers name).
 */

const level = (l: number) => (Number.isInteger(l) ? `${l}(?:\\.0+)?` : `${String(l).replace(".", "\\.")}0*`);

/** What `window` accepts: a range of years, or `gwl:` and a level of `WARMING_LEVELS` (`gwl:2` is `gwl:2.0`). */
export const WINDOW_PATTERN = new RegExp(`^(?:\\d{4}-\\d{4}|gwl:(?:${WARMING_LEVELS.map(level).join("|")}))$`);

/** The query of `/api/cmip6/v1/monthly` or `/api/cmip6/annual`, with the catalogue's codes as enums. */
export function seriesQuerySchema(catalog: SeriesCatalog, frequency: SeriesFrequency) {
  const years = catalogYears(catalog);
  const yearOf = (which: string) =>
    z
      .number()
      .int()
      .min(years.start)
      .max(years.end)
      .optional()
      .describe(`${which} year; absent: the ${which.toLowerCase()} year of the chosen scenarios.`);
  const shape = {
    indicator: z
      .enum(seriesIndicatorCodes(catalog.indicators, frequency))
      .describe(
        `Indicator code (\`field_value\` of \`/api/cmip6/list/indicators\`) with values at this frequency. A code of the other series path is a 404 naming it (\`details.paths\`).`,
      ),
    geo: z.enum(catalog.geos.map((g) => g.field_value)).describe("Geo code: ISO3 for a country (`NPL`), slug for a river basin (`amu-darya`)."),
    scenario: z
      .array(z.enum([...catalog.scenarios.map((s) => s.field_value), ...(catalog.observations ? [OBSERVED] : [])]))
      .min(1)
      .optional()
      .describe(
        "One or more scenarios, comma-separated or repeated. Absent: every scenario with years in the period. `observed` (observational datasets ingested by the operator) is asked alone, never with model scenarios; without ingested observations it is a 404.",
      ),
    model: z
      .array(z.enum([ENSEMBLE, ...catalog.models.map((m) => m.field_value), ...(catalog.observations ?? [])]))
      .min(1)
      .default([ENSEMBLE])
      .describe(
        "One or more model ids, comma-separated or repeated, or `ensemble` alone. Absent or `ensemble`: every model the archive has the indicator's variables for, with `ensemble: true` in the answer. With `scenario=observed`: observational dataset ids (" +
          (catalog.observations ?? []).join(", ") +
          "), absent for every one ingested; a dataset id with a model scenario, or a model with `observed`, is a 400.",
      ),
    start: yearOf("First"),
    end: yearOf("Last"),
    month: z.number().int().min(1).max(12).optional().describe("One calendar month of each year (1-12); not with `season`."),
    season: z
      .enum(SEASON_CODES)
      .optional()
      .describe("A season of each year, labelled with the year it ends in: `DJF`, `MAM`, `JJA`, `SON`, `JJAS` (kharif), `NDJFM` (rabi); not with `month`."),
    scale: z
      .literal(DROUGHT_SCALES_OF[frequency])
      .optional()
      .describe(
        frequency === "monthly"
          ? `SPI and SPEI only: accumulation scale in months, 1, 3, 6 or 12; absent: ${DEFAULT_DROUGHT_SCALE.monthly} (WMO-No. 1090's agricultural drought scale). A scale with another indicator is a 400.`
          : `SPI and SPEI only: 12, the default and the one value (${DROUGHT_ANNUAL_RULE}). Another value, or a scale with another indicator, is a 400.`,
      ),
    window: z
      .string()
      .regex(WINDOW_PATTERN)
      .optional()
      .describe(
        `A period statistic to add as \`windows\`: a range of years within ${years.start}-${years.end} (such as \`2040-2059\`) or a global warming level (${WINDOW_CHOICES.filter((c) => c.kind === "gwl")
          .map((c) => `\`${c.code}\``)
          .join(", ")}), each model's own 20-year window. A warming level asked of the historical run alone is a 400.`,
      )
      .meta({ examples: WINDOW_CHOICES.map((c) => c.code) }),
  } satisfies Record<SeriesParam, z.ZodType>;
  const accepted = seriesParamsFor(frequency);
  const picked = Object.fromEntries(accepted.map((name) => [name, shape[name]])) as Partial<typeof shape>;
  return z.strictObject(picked).describe(`Query of /api/${SERIES_PATHS[frequency]}: any other parameter is a 400.`);
}
