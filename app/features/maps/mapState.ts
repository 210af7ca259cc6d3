/**
 * The map's state in the URL: centre (`c=lon,lat`), zoom (`z`), visible layers as positions in the page's
 * layer list in drawing order (`l=3,0`), opacities (`o=3:0.5`), layer order (`ord=2,0,1`, when changed)
 * and the selected region (`r=NPL`). Positions, not ids: layer ids repeat in the seeds.
 */
export interface MapState {
  center: [number, number];
  zoom: number;
  /** Positions of the visible layers, bottom first. */
  layers: number[];
  /** Opacity (0-1) per layer position; absent means 1. */
  opacity: Record<number, number>;
  /** Drawing order of all layers (positions, bottom first); empty means the list order. */
  order: number[];
  region?: string;
}

export const DEFAULT_CENTER: [number, number] = [78, 23];
export const DEFAULT_ZOOM = 3.4;
export const MAP_STATE_PARAMS = ["c", "z", "l", "o", "ord", "r"] as const;

export const defaultMapState = (): MapState => ({ center: [...DEFAULT_CENTER], zoom: DEFAULT_ZOOM, layers: [], opacity: {}, order: [] });

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

function positions(text: string | null, count: number): number[] {
  if (!text) return [];
  const seen = new Set<number>();
  for (const part of text.split(",")) {
    const n = Number(part);
    if (part !== "" && Number.isInteger(n) && n >= 0 && n < count) seen.add(n);
  }
  return [...seen];
}

/** Reads the state; anything malformed or out of range falls back to the default. */
export function decodeMapState(params: URLSearchParams, layerCount: number): MapState {
  const state = defaultMapState();
  const c = params.get("c")?.split(",").map(Number);
  if (c && c.length === 2 && c.every(Number.isFinite)) state.center = [clamp(c[0], -180, 180), clamp(c[1], -85, 85)];
  const z = Number(params.get("z"));
  if (params.get("z") && Number.isFinite(z)) state.zoom = clamp(z, 0, 18);
  state.layers = positions(params.get("l"), layerCount);
  for (const part of (params.get("o") ?? "").split(",")) {
    const [pos, value] = part.split(":").map(Number);
    if (Number.isInteger(pos) && pos >= 0 && pos < layerCount && Number.isFinite(value)) state.opacity[pos] = clamp(value, 0, 1);
  }
  const order = positions(params.get("ord"), layerCount);
  if (order.length === layerCount) state.order = order;
  const r = params.get("r");
  if (r && /^[A-Za-z0-9-]{2,40}$/.test(r)) state.region = r;
  return state;
}

/** Writes the state into `params`, leaving defaults out so a plain page URL stays plain. */
export function encodeMapState(params: URLSearchParams, state: MapState): URLSearchParams {
  for (const key of MAP_STATE_PARAMS) params.delete(key);
  if (state.center[0] !== DEFAULT_CENTER[0] || state.center[1] !== DEFAULT_CENTER[1]) {
    params.set("c", `${round(state.center[0], 3)},${round(state.center[1], 3)}`);
  }
  if (state.zoom !== DEFAULT_ZOOM) params.set("z", String(round(state.zoom, 2)));
  if (state.layers.length) params.set("l", state.layers.join(","));
  const opacity = Object.entries(state.opacity)
    .filter(([, v]) => v !== 1)
    .map(([k, v]) => `${k}:${round(v, 2)}`);
  if (opacity.length) params.set("o", opacity.join(","));
  if (state.order.length && state.order.some((p, i) => p !== i)) params.set("ord", state.order.join(","));
  if (state.region) params.set("r", state.region);
  return params;
}

/** Drawing order of all positions: the stored order, or the list order. */
export function drawOrder(state: MapState, count: number): number[] {
  return state.order.length === count ? state.order : Array.from({ length: count }, (_, i) => i);
}
