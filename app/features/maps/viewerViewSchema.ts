import * as z from "zod";
import { GEO_TYPES } from "~/features/cmip6/schema";
import { viewerLayerSchema } from "~/features/viewer/schema";
import type { Cmip6ViewerView } from "./viewerView";

/** The view of `/cmip6-viewer` (`/api/views/cmip6-viewer`) as a schema, for the API description. */
const choiceSchema = z.strictObject({
  code: z.string().min(1).describe("The code the URL and the API take."),
  name: z.string().min(1).describe("What the select shows."),
});

export const cmip6ViewerViewSchema = z.strictObject({
  layers: z.array(viewerLayerSchema).describe("The layers of the layer list and its filters (`/api/viewer/cmip6`)."),
  indicators: z.array(choiceSchema).describe("Indicators with annual values, each code once: the choropleth's Indicator select."),
  models: z.array(choiceSchema).describe("The archive's models: the Models select."),
  regions: z.array(choiceSchema.extend({ geotype: z.enum(GEO_TYPES) })).describe("The countries and river basins the choropleth colours."),
  sample: z.boolean().describe("The layers are illustrative sample layers."),
}) satisfies z.ZodType<Cmip6ViewerView>;
