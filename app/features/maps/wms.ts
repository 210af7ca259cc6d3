import type { Tile } from "~/features/viewer/schema";
import type { MapConfig } from "./config";

/** The placeholder MapLibre and Mapbox replace with each tile's bounds in Web Mercator metres. */
export const BBOX_PLACEHOLDER = "{bbox-epsg-3857}";

export type TileAvailability = { ok: true; url: string } | { ok: false; reason: string };

/**
 * Where a tile's WMS endpoint lives. Seed URLs are either absolute https URLs or paths on the map server
 * a deployment provides (`/thredds/...`): a path is only usable when `baseUrl` names that server, and an
 * absolute URL only when its host is that server or one of `externalHosts`. So by default nothing is
 * requested from another host.
 */
export function resolveTileEndpoint(tileUrl: string, config: Pick<MapConfig, "baseUrl" | "externalHosts">): TileAvailability {
  if (tileUrl.startsWith("/")) {
    if (!config.baseUrl) return { ok: false, reason: "No map server is configured for this layer (WMS_BASE_URL)." };
    return { ok: true, url: `${config.baseUrl.replace(/\/$/, "")}${tileUrl}` };
  }
  const url = new URL(tileUrl);
  const base = config.baseUrl ? new URL(config.baseUrl).host : undefined;
  if (url.host !== base && !config.externalHosts.includes(url.host)) {
    return { ok: false, reason: `External service ${url.host} is off (WMS_EXTERNAL_HOSTS).` };
  }
  return { ok: true, url: url.href };
}

/**
 * A WMS 1.3.0 GetMap URL template for a raster source: 256 px tiles in EPSG:3857 with the bounding box
 * left as `{bbox-epsg-3857}` (the map fills it in per tile). Keeps parameters already in the endpoint.
 */
export function getMapUrl(endpoint: string, tile: Pick<Tile, "layers" | "styles" | "format" | "transparent" | "colorscalerange">, size = 256): string {
  const [path, existing = ""] = endpoint.split("?");
  const params = new URLSearchParams(existing);
  const set = (k: string, v: string) => {
    // WMS parameter names are case-insensitive: replace any spelling already there
    for (const key of [...params.keys()]) if (key.toLowerCase() === k.toLowerCase()) params.delete(key);
    params.set(k, v);
  };
  set("SERVICE", "WMS");
  set("VERSION", "1.3.0");
  set("REQUEST", "GetMap");
  set("LAYERS", tile.layers);
  set("STYLES", tile.styles);
  set("FORMAT", tile.format);
  set("TRANSPARENT", tile.transparent ? "TRUE" : "FALSE");
  set("CRS", "EPSG:3857");
  set("WIDTH", String(size));
  set("HEIGHT", String(size));
  set("COLORSCALERANGE", tile.colorscalerange);
  // the placeholder must stay literal (URLSearchParams would encode its braces)
  return `${path}?${params.toString()}&BBOX=${BBOX_PLACEHOLDER}`;
}

/** The tile URL template of a seed tile (WMS GetMap, or a TMS template as given), or why it is unavailable. */
export function tileTemplate(tile: Tile, config: Pick<MapConfig, "baseUrl" | "externalHosts">): TileAvailability {
  const endpoint = resolveTileEndpoint(tile.url, config);
  if (!endpoint.ok) return endpoint;
  return { ok: true, url: tile.tms ? endpoint.url : getMapUrl(endpoint.url, tile) };
}

/**
 * A WMS 1.3.0 GetLegendGraphic URL of a seed tile (MapServer needs SLD_VERSION; ncWMS reads
 * COLORSCALERANGE), or why it is unavailable. A TMS template has none.
 */
export function legendUrl(tile: Tile, config: Pick<MapConfig, "baseUrl" | "externalHosts">): TileAvailability {
  if (tile.tms) return { ok: false, reason: "A tile template has no legend service." };
  const endpoint = resolveTileEndpoint(tile.url, config);
  if (!endpoint.ok) return endpoint;
  const [path, existing = ""] = endpoint.url.split("?");
  const params = new URLSearchParams(existing);
  for (const key of [...params.keys()]) if (/^(service|version|request|layers?|styles?|format|sld_version|colorscalerange)$/i.test(key)) params.delete(key);
  params.set("SERVICE", "WMS");
  params.set("VERSION", "1.3.0");
  params.set("REQUEST", "GetLegendGraphic");
  params.set("LAYER", tile.layers);
  params.set("STYLE", tile.styles);
  params.set("FORMAT", "image/png");
  params.set("SLD_VERSION", "1.1.0");
  params.set("COLORSCALERANGE", tile.colorscalerange);
  return { ok: true, url: `${path}?${params}` };
}
