import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { LoaderFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { CHOROPLETH_PARAMS } from "../../app/features/maps/choropleth";
import { REFERENCE_CACHE_CONTROL } from "../../app/store/contract";
import { prepareJson, type PreparedJson, type ReferenceService } from "../services/reference.server";
import { choropleth, choroplethQueryFromParams } from "./choropleth.server";
import { cachedJson, cachedJsonOf, jsonError } from "./responses.server";
import { shippedGeoDir } from "../places/outlines.server";
import { DE_FACTO, disputedAreas, parseWorldview, worldviewDrawing } from "../places/worldview.server";
import { cmip6ViewerView } from "./viewer-views.server";

export const GEO_LAYERS = ["countries", "basins", "states"] as const;
export type GeoLayer = (typeof GEO_LAYERS)[number];
export const GEO_CACHE_CONTROL = "public, max-age=86400";
export const CHOROPLETH_CACHE_CONTROL = "public, max-age=3600";

const position = z.tuple([z.number().min(-180).max(360), z.number().min(-90).max(90)]);
const ring = z.array(position).min(4);

/**
 * What `/api/geo/:name` answers (`seeds/geo/<name>.json`): a GeoJSON FeatureCollection in WGS 84
 * longitude-latitude degrees; countries carry `iso3` (null for neighbours drawn for context), basins `code`.
 */
export const geoLayerSchema = z.looseObject({
  type: z.literal("FeatureCollection"),
  source: z.string().describe("Where the outlines come from."),
  approximate: z.boolean().optional().describe("Basins: outlines drawn by hand, good to about half a degree."),
  features: z.array(
    z.strictObject({
      type: z.literal("Feature"),
      id: z.union([z.number(), z.string()]),
      properties: z.looseObject({
        name: z.string(),
        iso3: z.string().nullable().optional(),
        code: z.string().optional(),
      }),
      geometry: z.discriminatedUnion("type", [
        z.strictObject({ type: z.literal("Polygon"), coordinates: z.array(ring) }),
        z.strictObject({ type: z.literal("MultiPolygon"), coordinates: z.array(z.array(ring)) }),
      ]),
    }),
  ),
});

const geoCache = new Map<string, { body: string; etag: string }>();

/**
 * The GeoJSON of a basemap layer (`seeds/geo/<name>.json`), read once; the countries from the deployment's
 * point of view on the disputed areas (`WORLDVIEW`, server/places/worldview.server.ts), so that the maps drawn
 * from it (the viewers' and the profiles') show the outlines the area means were computed over.
 */
export function geoJson(name: GeoLayer): { body: string; etag: string } {
  const worldview = parseWorldview(process.env.WORLDVIEW);
  const key = `${name}:${worldview}`;
  let entry = geoCache.get(key);
  if (!entry) {
    const geoDir = shippedGeoDir();
    let body = readFileSync(path.join(geoDir, `${name}.json`), "utf8");
    if (name === "countries" && worldview !== DE_FACTO) body = JSON.stringify(worldviewDrawing(JSON.parse(body), worldview, disputedAreas(geoDir)));
    entry = { body, etag: `"${createHash("sha256").update(body).digest("hex").slice(0, 20)}"` };
    geoCache.set(key, entry);
  }
  return entry;
}

/** `/api/geo/:name`: basemap outlines with a day's cache lifetime and an ETag. */
export function geoLoader({ request, params }: LoaderFunctionArgs) {
  const name = params.name as GeoLayer;
  if (!GEO_LAYERS.includes(name)) return jsonError(404, `No geometry named "${params.name}"`, { details: { allowed: GEO_LAYERS } });
  return cachedJson(request, geoJson(name), { "Cache-Control": GEO_CACHE_CONTROL, "Content-Type": "application/geo+json" });
}

/**
 * `/api/viewer/choropleth`: the period mean of one indicator, scenario and model (the ensemble median, or
 * the median of a comma list of models) for every country or every basin at once, over a 20-year window,
 * a global warming level (`window`) or `start`-`end`; projections with the change from 1995-2014. The
 * answer carries an ETag (304 when the client has it) and `X-Sample-Data` when any value is generated.
 */
export async function choroplethLoader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const unknown = [...params.keys()].find((k) => !(CHOROPLETH_PARAMS as readonly string[]).includes(k));
  if (unknown !== undefined) return jsonError(400, `Unknown parameter "${unknown}"`, { details: { field: unknown, allowed: CHOROPLETH_PARAMS } });
  const answer = await choropleth(context.series, context.reference.list("getWarmingLevels"), choroplethQueryFromParams(params));
  if ("status" in answer) return jsonError(answer.status, answer.message, { details: answer.details });
  return cachedJsonOf(request, prepareJson(answer), CHOROPLETH_CACHE_CONTROL, answer.sample);
}

const preparedViews = new WeakMap<ReferenceService, PreparedJson>();

/** `/api/views/cmip6-viewer`: the view the page primes, as JSON with the reference lists' caching; it takes no parameter. */
export function cmip6ViewerViewLoader({ request, context }: LoaderFunctionArgs) {
  const unknown = [...new URL(request.url).searchParams.keys()][0];
  if (unknown !== undefined) return jsonError(400, `Unknown parameter "${unknown}"`, { details: { field: unknown, allowed: [] } });
  const view = cmip6ViewerView(context.reference);
  let prepared = preparedViews.get(context.reference);
  if (!prepared) preparedViews.set(context.reference, (prepared = prepareJson(view)));
  return cachedJsonOf(request, prepared, REFERENCE_CACHE_CONTROL, view.sample);
}
