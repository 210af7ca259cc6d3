import type { TopLevelSpec } from "vega-lite";
import { operationsMarkup } from "~/features/api-docs/operations.server";
import { drawChartSvg, type DrawOptions, type DrawText } from "~/features/cmip6/charts/draw.server";
import { drawMapSvg, type MapDrawingInput } from "~/features/maps/mapSvg.server";
import type { ProfilePlace } from "~/features/profile/profile";
import { placeMapSvg, type PlaceMapOptions } from "~/features/profile/placeMap.server";

/**
 * The drawing functions the server gives its render (app/lib/server-drawing.tsx): what a component asks the
 * server to draw into the document. Drawings are kept for reuse by their inputs (the same chart on the next
 * request of the same view), within a bound on the markup kept.
 */
export interface ServerDrawings {
  chart(spec: TopLevelSpec, text: DrawText, options?: DrawOptions): string;
  /** The viewers' map of a view (centre, zoom, fills, selection) as the interactive map would draw it. */
  map(input: MapDrawingInput): string;
  /** A place profile's locator map. */
  placeMap(place: ProfilePlace, options?: PlaceMapOptions): string;
  /** The API page's endpoint sections, from the description its loader kept under `key` (null if none is). */
  apiOperations(key: string): string | null;
}

const MAX_KEPT_CHARS = 16 * 1024 * 1024;
const kept = new Map<string, string>();
let keptChars = 0;

function remember(key: string, draw: () => string): string {
  const found = kept.get(key);
  if (found !== undefined) {
    // most recently used last
    kept.delete(key);
    kept.set(key, found);
    return found;
  }
  const value = draw();
  kept.set(key, value);
  keptChars += value.length + key.length;
  for (const [oldKey, oldValue] of kept) {
    if (keptChars <= MAX_KEPT_CHARS) break;
    kept.delete(oldKey);
    keptChars -= oldValue.length + oldKey.length;
  }
  return value;
}

export const serverDrawings: ServerDrawings = {
  chart: (spec, text, options) => remember(JSON.stringify(["chart", spec, text, options ?? null]), () => drawChartSvg(spec, text, options)),
  map: (input) => remember(JSON.stringify(["map", input]), () => drawMapSvg(input)),
  placeMap: (place, options) => remember(JSON.stringify(["placeMap", place, options ?? null]), () => placeMapSvg(place, options)),
  apiOperations: (key) => operationsMarkup(key),
};
