import * as z from "zod";
import { WARMING_LEVELS } from "./warmingLevels";

/**
 * The zod shape of a warming level's model windows (`LevelWindows` of ./warmingLevels.ts) as the API
 * answers carry them (the choropleth, the analysis views), for the API description and the tests. Pages use
 * the plain types and stay free of zod (decision 016).
 */
export const yearRangeSchema = z.strictObject({ start: z.number().int(), end: z.number().int() });

export const levelWindowsFields = {
  level: z.literal(WARMING_LEVELS),
  scenario: z.string(),
  periods: z.record(z.string(), yearRangeSchema).describe("Each model's 20-year window at the level."),
  notReached: z.array(z.string()),
  notInTable: z.array(z.string()),
  otherMember: z.array(z.strictObject({ model: z.string(), member: z.string(), tableMember: z.string() })),
  table: z
    .strictObject({ version: z.string(), licence: z.string() })
    .optional()
    .describe("The version (its date) and licence of the warming-level table the windows come from."),
};
