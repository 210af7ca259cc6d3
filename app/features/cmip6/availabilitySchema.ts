import * as z from "zod";
import { ARCHIVE_VARIABLES } from "./availability";

/**
 * Which model-variable pairs the archive lacks (`seeds/model-variables.json`, `GET
 * /api/cmip6/list/model-variables`), with its source. Every other pair of a listed model and variable exists.
 * A module of its own: the availability rules run in the browser, and a zod schema made when a module loads
 * would bring zod into every page that shows an availability note.
 */
export const modelVariablesSchema = z.strictObject({
  archive: z.string().min(1),
  source: z.string().min(1),
  missing: z.record(z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/), z.array(z.enum(ARCHIVE_VARIABLES)).min(1)),
});
export type ModelVariables = z.infer<typeof modelVariablesSchema>;
