import { createHash } from "node:crypto";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { GRID_API, gridBounds, gridParams, parseGridQuery, parseGridStatistic, type GridProblem, type GridQuery, type GridScale, type GridStatistic } from "../../app/features/grids/grid";
import { parseGridScale } from "../../app/features/grids/scale";
import { SAMPLE_DATA_HEADER } from "../../app/store/contract";
import { fieldGeoTiff, fieldResponse, gridFileName, pointResponse } from "../grids/answers";
import { fieldNetcdf } from "../../app/features/grids/netcdf.server";
import { imageFrame } from "../grids/paint/frame";
import { gridRegions, regionMask } from "../grids/paint/mask";
import { paintField } from "../grids/paint/paint";
import type { GridStore } from "../grids/store";
import type { FairLines } from "../fair-lines.server";
import { LruCache } from "../series/lru";
import { prepareJson, type PreparedJson } from "../services/reference.server";
import { CHOROPLETH_CACHE_CONTROL } from "./maps.server";
import { computeTurn, errorAnswer, etagMatchesHeader, JSON_CONTENT_TYPE, plainAnswers, requestHeaders, toResponse, type PlainAnswer, type RequestHeaders } from "./responses.server";

/**
 * The grid API (`GRID_API`): one statistic of a gridded field as JSON, the statistics of the cell holding a
 * point, the field painted as a PNG for the map, and the field as a GeoTIFF. Every answer: 400 naming the
 * parameter at fault (unknown parameters too), 404 when the store has no such field, a strong ETag from the
 * store's version and the canonical parameters (304 before anything is computed when the client has it),
 * the map answers' cache lifetime, and `X-Sample-Data` when the field is generated sample data.
 * See docs/grids.md, "API and images".
 */

export type GridEndpoint = "field" | "point" | "image" | "geotiff" | "netcdf";

/** The cache lifetime of every grid answer: the choropleth's (the other field answer of the maps). */
export const GRID_CACHE_CONTROL = CHOROPLETH_CACHE_CONTROL;

const SELECTION = ["indicator", "scenario", "season", "window"] as const;
/** The parameters each endpoint accepts (others are refused). */
export const GRID_ENDPOINT_PARAMS: Record<GridEndpoint, readonly string[]> = {
  field: [...SELECTION, "statistic"],
  point: [...SELECTION, "lat", "lon"],
  image: [...SELECTION, "statistic", "scale", "region", "download"],
  geotiff: [...SELECTION, "statistic"],
  // the file holds every statistic; the viewer's link names the one shown
  netcdf: [...SELECTION, "statistic"],
};

export const GRID_CONTENT_TYPES: Record<GridEndpoint, string> = { field: JSON_CONTENT_TYPE, point: JSON_CONTENT_TYPE, image: "image/png", geotiff: "image/tiff; application=geotiff; profile=cloud-optimized", netcdf: "application/x-netcdf" };

/** The header that gives a painted image's bounds (west,south,east,north, degrees). */
export const GRID_BOUNDS_HEADER = "X-Grid-Bounds";

/** What `download` accepts. */
const DOWNLOAD_VALUES = ["1", "0", "true", "false"];

/** A request read and checked: what to compute, the key of its answer. */
interface GridRequest {
  endpoint: GridEndpoint;
  query: GridQuery;
  statistic: GridStatistic;
  scale?: GridScale;
  region?: string;
  download: boolean;
  point?: { lat: number; lon: number };
  /** The canonical parameters (equal selections, equal keys). */
  key: string;
}

const problemAnswer = (problem: GridProblem, value?: string | null) =>
  errorAnswer(problem.status, problem.message, { details: { ...problem.details, ...(value !== undefined && value !== null ? { value } : {}) } });

/** Reads a grid request's parameters: the request, or the 400 naming the first bad one. */
export function readGridRequest(endpoint: GridEndpoint, params: URLSearchParams, store: Pick<GridStore, "axes">): GridRequest | PlainAnswer {
  const accepted = GRID_ENDPOINT_PARAMS[endpoint];
  const unknown = [...params.keys()].find((k) => !accepted.includes(k));
  if (unknown !== undefined) return errorAnswer(400, `Unknown parameter "${unknown}"`, { details: { field: unknown, allowed: accepted } });
  const parsed = parseGridQuery(params);
  if (!parsed.ok) return problemAnswer(parsed.problem, params.get(parsed.problem.details.field));
  const { query } = parsed;
  let statistic: GridStatistic = "change";
  if (endpoint !== "point") {
    const s = parseGridStatistic(params);
    if (!s.ok) return problemAnswer(s.problem, params.get("statistic"));
    statistic = s.statistic;
  }
  const request: GridRequest = { endpoint, query, statistic, download: false, key: "" };
  if (endpoint === "image") {
    const scale = parseGridScale(params.get("scale"));
    if (!scale.ok) return problemAnswer(scale.problem);
    request.scale = scale.scale;
    const region = params.get("region");
    if (region !== null) {
      const { countries, basins } = gridRegions();
      if (![...countries, ...basins].includes(region)) {
        return errorAnswer(400, `Unknown region "${region}": give a country's ISO3 code or a basin's slug`, { details: { field: "region", allowed: [...countries, ...basins], value: region } });
      }
      request.region = region;
    }
    const download = params.get("download");
    if (download !== null && !DOWNLOAD_VALUES.includes(download)) return errorAnswer(400, `Invalid download "${download}"`, { details: { field: "download", allowed: DOWNLOAD_VALUES, value: download } });
    request.download = download === "1" || download === "true";
  }
  if (endpoint === "point") {
    // the bounds are inclusive, as the 400 states them: a point on the outer edge is in the edge cell (`cellOf`)
    const bounds = gridBounds(store.axes);
    for (const [name, min, max] of [
      ["lat", bounds.south, bounds.north],
      ["lon", bounds.west, bounds.east],
    ] as const) {
      const text = params.get(name);
      const value = text === null || text.trim() === "" ? NaN : Number(text);
      if (!Number.isFinite(value) || value < min || value > max) {
        const message = text === null ? `${name} is required` : Number.isFinite(value) ? `${name} ${text} is outside the grid (${min} to ${max})` : `Invalid ${name} "${text}"`;
        return errorAnswer(400, message, { details: { field: name, allowed: { min, max }, ...(text !== null ? { value: text } : {}) } });
      }
    }
    request.point = { lat: Number(params.get("lat")), lon: Number(params.get("lon")) };
  }
  const canonical = gridParams(query, { statistic: endpoint === "point" ? undefined : statistic, scale: request.scale, region: request.region });
  if (request.point) canonical.set("lat", String(request.point.lat)), canonical.set("lon", String(request.point.lon));
  if (request.download) canonical.set("download", "1");
  request.key = `${endpoint}?${canonical}`;
  return request;
}

/** The answers kept, by ETag: the field JSON and the painted images (bytes, bounded). */
const fieldJson = new LruCache<string, PreparedJson & { sample: boolean }>(32 * 1024 * 1024, (p) => p.body.length, "grid-field-json");
const images = new LruCache<string, { png: Uint8Array<ArrayBuffer>; sample: boolean }>(16 * 1024 * 1024, (p) => p.png.length, "grid-images");

/** A strong ETag from the store's version and the request's canonical parameters. */
export const gridEtag = (store: Pick<GridStore, "version">, key: string) => `"${createHash("sha256").update(`${store.version()}\n${key}`).digest("base64url").slice(0, 27)}"`;

/**
 * The answer of a grid endpoint. What is not kept (a field to read and compute, an image to paint: main-thread
 * work of up to seconds) waits for the client's turn in `lines` when given: the gridded fields' lines
 * (`GRID_ADMISSION`; a resource route's loader already has its page turn, and passes none).
 */
export async function gridAnswer(store: GridStore, endpoint: GridEndpoint, params: URLSearchParams, request: RequestHeaders, lines?: FairLines): Promise<PlainAnswer> {
  const read = readGridRequest(endpoint, params, store);
  if ("status" in read) return read;
  const etag = gridEtag(store, read.key);
  const headers: Record<string, string> = { ETag: etag, "Cache-Control": GRID_CACHE_CONTROL };
  if (endpoint === "image") headers[GRID_BOUNDS_HEADER] = boundsHeader(store);
  if (etagMatchesHeader(request.ifNoneMatch, etag)) return { status: 304, headers, body: null };

  const answer = (body: string | Uint8Array<ArrayBuffer>, sample: boolean, extra: Record<string, string> = {}): PlainAnswer => ({
    status: 200,
    headers: { "Content-Type": GRID_CONTENT_TYPES[endpoint], ...headers, ...(sample ? { [SAMPLE_DATA_HEADER]: "true" } : {}), ...extra },
    body,
  });
  const attachment = (name: string) => ({ "Content-Disposition": `attachment; filename="${name}"` });

  // a painted image or a field answer kept: no field read
  if (endpoint === "image") {
    const kept = images.get(etag);
    if (kept) return answer(kept.png, kept.sample, read.download ? attachment(`${gridFileName(read.query, read.statistic, read.region)}.png`) : {});
  }
  if (endpoint === "field") {
    const kept = fieldJson.get(etag);
    if (kept) return answer(kept.body, kept.sample);
  }

  const turn = lines ? await computeTurn(lines, request.client ?? "", "gridded fields") : { end: () => {} };
  if ("status" in turn) return turn;
  try {
    return await computedGridAnswer(store, read, etag, answer, attachment);
  } finally {
    turn.end();
  }
}

/** A grid answer that nothing kept holds: the field read (or computed) and the endpoint's answer made from it. */
async function computedGridAnswer(
  store: GridStore,
  read: GridRequest,
  etag: string,
  answer: (body: string | Uint8Array<ArrayBuffer>, sample: boolean, extra?: Record<string, string>) => PlainAnswer,
  attachment: (name: string) => Record<string, string>,
): Promise<PlainAnswer> {
  const { endpoint } = read;
  const field = await store.field(read.query);
  if (!field || field.models.length === 0) {
    // a field no model has values for (at a warming level none reaches, say) has no data either
    const { indicator, scenario, season, window } = read.query;
    const excluded = field?.excluded.length ? { excluded: field.excluded } : {};
    return errorAnswer(404, `No gridded field for ${indicator}, ${scenario}, ${season}, ${window}${field ? ": no model has values for it" : ""}`, { details: { indicator, scenario, season, window, ...excluded } });
  }
  switch (endpoint) {
    case "field": {
      const prepared = { ...prepareJson(fieldResponse(field, read.statistic)), sample: field.sample };
      fieldJson.set(etag, prepared);
      return answer(prepared.body, field.sample);
    }
    case "point":
      return answer(JSON.stringify(pointResponse(field, read.point!.lat, read.point!.lon)), field.sample);
    case "image": {
      const frame = imageFrame(field.axes);
      const painted = paintField(field, read.statistic, frame, regionMask(read.region, frame)!, read.scale);
      images.set(etag, { png: painted.png, sample: field.sample });
      return answer(painted.png, field.sample, read.download ? attachment(`${gridFileName(read.query, read.statistic, read.region)}.png`) : {});
    }
    case "geotiff":
      return answer(fieldGeoTiff(field, read.statistic), field.sample, attachment(`${gridFileName(read.query, read.statistic)}.tif`));
    case "netcdf":
      return answer(await fieldNetcdf(field), field.sample, attachment(`${gridFileName(read.query)}.nc`));
  }
}

/**
 * A process's first painted image loads the NetCDF library and rasterises the outlines (0.6-0.8 s on a
 * 2-core machine): with field files, one is painted at start, in the background, so no visitor waits for it.
 */
export function warmGridImages(store: GridStore): void {
  const file = store.firstFile?.();
  if (!file) return;
  setTimeout(() => void gridAnswer(store, "image", new URLSearchParams(file), { ifNoneMatch: null, acceptEncoding: null }).catch(() => {}), 0).unref();
}

/** "west,south,east,north" of the grid: the edges of every painted image (`gridBounds`). */
export function boundsHeader(store: Pick<GridStore, "axes">): string {
  const { west, south, east, north } = gridBounds(store.axes);
  return [west, south, east, north].join(",");
}

/** Loader of a grid endpoint's resource route. */
export function gridLoader(endpoint: GridEndpoint) {
  return async ({ request, context }: LoaderFunctionArgs) =>
    toResponse(await gridAnswer(context.grids, endpoint, new URL(request.url).searchParams, requestHeaders(request, context.clientAddress)));
}

/** The path of each endpoint. */
export const GRID_ENDPOINT_PATHS: Record<GridEndpoint, string> = { field: GRID_API.field, point: GRID_API.point, image: GRID_API.image, geotiff: GRID_API.geotiff, netcdf: GRID_API.netcdf };

/**
 * The grid endpoints answered by Express before the Remix handler, with the same answers as their resource
 * routes (`gridAnswer`): a kept image or field then costs little more than sending its bytes.
 */
export function gridEndpoints(store: GridStore, lines: FairLines) {
  const byPath = new Map<string, GridEndpoint>(Object.entries(GRID_ENDPOINT_PATHS).map(([endpoint, path]) => [path, endpoint as GridEndpoint]));
  return plainAnswers((path, url, headers) => {
    const endpoint = byPath.get(path);
    return endpoint && gridAnswer(store, endpoint, new URL(url, "http://localhost").searchParams, headers, lines);
  });
}
