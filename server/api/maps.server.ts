import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { cachedJson, jsonError } from "./responses.server";

export const GEO_LAYERS = ["countries", "basins"] as const;
export type GeoLayer = (typeof GEO_LAYERS)[number];
export const GEO_CACHE_CONTROL = "public, max-age=86400";

const geoCache = new Map<GeoLayer, { body: string; etag: string }>();

/** The GeoJSON of a basemap layer (`seeds/geo/<name>.json`), read once. */
export function geoJson(name: GeoLayer): { body: string; etag: string } {
  let entry = geoCache.get(name);
  if (!entry) {
    const body = readFileSync(path.resolve(process.cwd(), "seeds", "geo", `${name}.json`), "utf8");
    entry = { body, etag: `"${createHash("sha256").update(body).digest("hex").slice(0, 20)}"` };
    geoCache.set(name, entry);
  }
  return entry;
}

/** `/api/geo/:name`: basemap outlines with a day's cache lifetime and an ETag. */
export function geoLoader({ request, params }: LoaderFunctionArgs) {
  const name = params.name as GeoLayer;
  if (!GEO_LAYERS.includes(name)) return jsonError(404, `No geometry named "${params.name}"`, { details: { allowed: GEO_LAYERS } });
  return cachedJson(request, geoJson(name), { "Cache-Control": GEO_CACHE_CONTROL, "Content-Type": "application/geo+json" });
}
