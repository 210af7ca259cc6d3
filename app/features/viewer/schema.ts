import * as z from "zod";
import { SCENARIO_VALUES } from "../cmip6/schema";

/**
 * Map viewer layers: each is one or more WMS tile sources plus the filter values the viewer's
 * selectors match against. Several layers may share an id (one id per map slot, e.g. one
 * climatology period shown for temperature or for precipitation).
 */

/** The sources of the shipped layer seed. */
export const VIEWER_SOURCES = ["wb", "mswep", "chirps", "era5_land", "rimes"] as const;
/**
 * Every source a layer may name: the seed's, and `sacap`, the portal's own gridded change maps served by the
 * operator's MapServer (`npm run grids -- mapfile --layers`, registered with WMS_LAYERS_FILE).
 */
export const LAYER_SOURCES = [...VIEWER_SOURCES, "sacap"] as const;
export const viewerSourceSchema = z.enum(LAYER_SOURCES);
export type ViewerSource = z.infer<typeof viewerSourceSchema>;

export const LAYER_TYPES = ["climatology", "projection", "decadal"] as const;
export const LAYER_AGGREGATIONS = ["annual", "seasonal", "monthly"] as const;

/** "min,max" as WMS COLORSCALERANGE expects it, e.g. "-50,55". */
export const colorScaleRangeSchema = z
  .string()
  .regex(/^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/, "expected min,max such as -50,55")
  .refine((v) => {
    const [min, max] = v.split(",").map(Number);
    return min < max;
  }, "min must be less than max");

export const tileSchema = z.strictObject({
  /** WMS endpoint: an absolute https URL or a path on the portal's own map server. */
  url: z.string().regex(/^(https:\/\/[^\s]+|\/[^\s]*)$/, "expected an https URL or an absolute path"),
  visible: z.boolean(),
  format: z.enum(["image/png", "image/jpeg"]),
  /** WMS LAYERS parameter: the variable inside the dataset. */
  layers: z.string().min(1),
  /** WMS STYLES parameter, e.g. "default-scalar/x-Rainbow". */
  styles: z.string(),
  transparent: z.boolean(),
  colorscalerange: colorScaleRangeSchema,
  attribution: z.string().min(1),
  /** Display name of the layer. */
  name: z.string().min(1),
  /** True when the URL is a TMS tile template rather than a WMS endpoint. */
  tms: z.boolean(),
});
export type Tile = z.infer<typeof tileSchema>;

export const layerFilterSchema = z.strictObject({
  source: viewerSourceSchema,
  category: z.string().min(1),
  collection: z.string().min(1),
  type: z.enum(LAYER_TYPES),
  variable: z.string().min(1),
  /** Model id, "ensemble" for a multi-model statistic, null for observations. */
  model: z.string().min(1).nullable(),
  scenario: z.enum(SCENARIO_VALUES).nullable(),
  sector: z.string().min(1),
  /** Years covered: "1991-2020", "2040-2059" or a decade such as "2000-09"; or a global warming level ("gwl:2.0"). */
  period: z.string().regex(/^(\d{4}-(\d{4}|\d{2})|gwl:\d\.\d)$/, "expected a period such as 1991-2020 or 2000-09, or a warming level such as gwl:2.0"),
  aggregation: z.enum(LAYER_AGGREGATIONS),
});
export type LayerFilter = z.infer<typeof layerFilterSchema>;

export const viewerLayerSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "expected a lowercase slug id"),
  tiles: z.array(tileSchema).min(1),
  filter: layerFilterSchema,
});
export const viewerLayerListSchema = z.array(viewerLayerSchema);
export type ViewerLayer = z.infer<typeof viewerLayerSchema>;
