import * as z from "zod";
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
  regions: z
    .strictObject({
      Country: z.array(choiceSchema).describe("The countries."),
      Basin: z.array(choiceSchema).describe("The river basins."),
      State: z.record(z.string(), z.array(choiceSchema)).describe("The states and provinces, by their country (ISO3)."),
    })
    .describe("The regions the choropleth colours, by kind (the `geotype` of `/api/viewer/choropleth`)."),
  sample: z.boolean().describe("The layers are illustrative sample layers."),
}) satisfies z.ZodType<Cmip6ViewerView>;
