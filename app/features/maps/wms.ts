import type { Tile } from "~/features/viewer/schema";

/** The placeholder MapLibre and Mapbox replace with each tile's bounds in Web Mercator metres. */
export const BBOX_PLACEHOLDER = "{bbox-epsg-3857}";

export type TileAvailability = { ok: true; url: string } | { ok: false; reason: string };

/**
 * Where a tile's WMS endpoint lives. Seed URLs are either absolute https URLs or paths on the map server
 * a deployment provides (`/thredds/...`): a path is only usable when `wmsBaseUrl` names that server.
 * An absolute URL is only used when its host is the configured map server, so that by default nothing
 * is requested from another host.
 */
export function resolveTileEndpoint(tileUrl: string, wmsBaseUrl: string | undefined): TileAvailability {
  if (!wmsBaseUrl) return { ok: false, reason: "No map server is configured for this layer (WMS_BASE_URL)." };
  const base = new URL(wmsBaseUrl);
  if (tileUrl.startsWith("/")) {
    const prefix = base.href.replace(/\/$/, "");
    return { ok: true, url: `${prefix}${tileUrl}` };
  }
  const url = new URL(tileUrl);
  if (url.host !== base.host) return { ok: false, reason: `The layer's server (${url.host}) is not the configured map server.` };
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
export function tileTemplate(tile: Tile, wmsBaseUrl: string | undefined): TileAvailability {
  const endpoint = resolveTileEndpoint(tile.url, wmsBaseUrl);
  if (!endpoint.ok) return endpoint;
  return { ok: true, url: tile.tms ? endpoint.url : getMapUrl(endpoint.url, tile) };
}
