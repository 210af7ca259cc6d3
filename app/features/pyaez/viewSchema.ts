import * as z from "zod";
import { aezChildSchema } from "./schema";
import { ALL_MODULES, type AezView } from "./view";

/** The view of /pyaez (`/api/views/pyaez`) as a schema, for the API description. */
const mapByNameSchema = z.strictObject({
  id: z.string().describe("The map's id, e.g. 3.2."),
  name: z.string().min(1),
});

export const aezViewSchema = z.strictObject({
  modules: z
    .array(
      z.strictObject({
        id: z.string(),
        name: z.string().min(1),
        val: z.string(),
        route: z.string(),
        child: z.array(z.union([aezChildSchema, mapByNameSchema])).describe("The open modules' maps in full, the others' by id and name."),
      }),
    )
    .describe("Every module of `/api/pyaez/list/modules`, in its order."),
  open: z.array(z.string()).describe("The ids of the modules whose maps are in full."),
}) satisfies z.ZodType<AezView>;

/** `/api/views/pyaez`'s parameter: a module's id, or `all`; without it the first module with maps. */
export const aezViewQuerySchema = (moduleIds: readonly string[]) =>
  z.strictObject({
    module: z
      .enum([ALL_MODULES, ...moduleIds])
      .optional()
      .describe("The module whose maps are in full (`all`: every module); without it, the first module with maps."),
  });
