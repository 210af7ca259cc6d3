import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { CHOROPLETH_PARAMS, meanOf, type ChoroplethResponse } from "../../app/features/maps/choropleth";
import { ENSEMBLE, type SeriesQuery } from "../../app/features/cmip6/seriesQuery";
import { SCENARIO_VALUES, type ScenarioValue } from "../../app/features/cmip6/schema";
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

/**
 * `/api/viewer/choropleth`: the period mean of one indicator, scenario and model (or the ensemble
 * median) for every country or every basin at once, from the series service.
 */
export async function choroplethLoader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const unknown = [...params.keys()].filter((k) => !(CHOROPLETH_PARAMS as readonly string[]).includes(k));
  if (unknown.length) return jsonError(400, `Unknown parameter "${unknown[0]}"`, { details: { allowed: CHOROPLETH_PARAMS } });
  const indicator = params.get("indicator") ?? "";
  const geotype = params.get("geotype") === "Basin" ? "Basin" : "Country";
  const scenario = params.get("scenario") ?? "";
  const model = params.get("model") || ENSEMBLE;
  const start = Number(params.get("start"));
  const end = Number(params.get("end"));
  if (!SCENARIO_VALUES.includes(scenario as ScenarioValue)) {
    return jsonError(400, `Invalid scenario "${scenario}"`, { details: { field: "scenario", allowed: SCENARIO_VALUES } });
  }
  if (!Number.isInteger(start) || !Number.isInteger(end) || start > end) {
    return jsonError(400, "start and end must be years with start <= end", { details: { field: "start" } });
  }
  const { series } = context;
  const geos = series.catalog.geos.filter((g) => g.field_geotype === geotype);
  const values: ChoroplethResponse["values"] = [];
  let info: ChoroplethResponse["indicator"] | undefined;
  let sample = false;
  for (const geo of geos) {
    const query: SeriesQuery = { indicator, geo: geo.field_value, scenario: [scenario as ScenarioValue], start, end };
    if (model !== ENSEMBLE) query.model = [model];
    const parsed = series.parse("annual", new URLSearchParams(toParams(query)));
    if (!parsed.ok) {
      const { message, ...details } = parsed.problem;
      return jsonError(400, message, { details });
    }
    const resolved = series.resolve("annual", parsed.query);
    if (!resolved.ok) return jsonError(404, resolved.message, { details: resolved.details });
    const answer = await series.answer(resolved.value);
    if ("status" in answer) return jsonError(404, answer.message, { details: answer.details });
    info ??= { code: answer.indicator.code, name: answer.indicator.name, units: answer.indicator.units, decimals: answer.indicator.decimals };
    sample ||= answer.sample;
    const block = answer.series[0];
    const raw = model === ENSEMBLE ? block?.stats.median : block?.values[model];
    const mean = raw ? meanOf(raw) : null;
    // one more decimal than the values themselves
    const scale = 10 ** (answer.indicator.decimals + 1);
    values.push({ geo: geo.field_value, name: geo.name, value: mean === null ? null : Math.round(mean * scale) / scale });
  }
  const body: ChoroplethResponse = { indicator: info!, geotype, scenario, model, period: { start, end }, values, sample };
  return new Response(JSON.stringify(body), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

function toParams(query: SeriesQuery): Record<string, string> {
  const out: Record<string, string> = { indicator: query.indicator, geo: query.geo };
  if (query.scenario) out.scenario = query.scenario.join(",");
  if (query.model) out.model = query.model.join(",");
  if (query.start !== undefined) out.start = String(query.start);
  if (query.end !== undefined) out.end = String(query.end);
  return out;
}
