import type { Position } from "geojson";
import { bounds, geography, mercator, outline, overlaps, round, union, type Area, type Box, type Point } from "~/features/maps/geometry.server";
import { BASEMAP_COLORS } from "~/components/map/style";
import { svgLabel } from "~/lib/svg-label";
import type { ProfilePlace } from "./profile";
import { placeKindText } from "~/features/places/places";
import { addedOutline } from "~server/places/added.server";

/**
 * A small locator map of a place, drawn on the server as an SVG string: the countries around South Asia,
 * the eight focus countries in a stronger fill, and the place (a country, a river basin, a state or
 * province from the simplified drawing of `seeds/geo/states.json`, a disputed area, or a place the
 * operator's ingest added, from its own outline) highlighted.
 * Web Mercator like the interactive map, fitted to the focus countries (and the place, when it reaches
 * beyond them). Colours are classes with inline defaults, so the file also reads by itself (data pack);
 * styles/profile-graphics.css recolours it for the dark theme and print.
 */

export interface PlaceMapOptions {
  width?: number;
  height?: number;
  /** Prefix of the ids of the title and description (unique on the page). */
  idPrefix?: string;
}

/** `State or province of India` → `state or province of India`: a kind inside a sentence, names kept. */
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** Room around the fitted extent, in pixels. */
const PADDING = 12;
/** Outlines are simplified to within this many pixels. */
const TOLERANCE = 0.5;
/** Below this projected area (px²) the place also gets a ring, so it shows at this size. */
const SMALL_AREA = 150;

/** The locator map of a place as an SVG string (about 320×240, a few KB). */
export function placeMapSvg(place: ProfilePlace, options: PlaceMapOptions = {}): string {
  const { width = 320, height = 240, idPrefix = `placemap-${place.slug}` } = options;
  const { countries, basins, states, disputed } = geography();
  const isBasin = place.type === "Basin";
  const isState = place.type === "State" || place.type === "Disputed";
  const layer = isBasin ? basins : place.type === "State" ? states : place.type === "Disputed" ? disputed : null;
  const added = place.added ? addedOutline(place.code) : undefined;
  const area =
    (added
      ? ({ type: "Feature", properties: { code: place.code }, geometry: added } as unknown as Area)
      : layer
        ? layer.find((f) => f.properties.code === place.code)
        : countries.find((c) => c.properties.iso3 === place.code)) ?? null;

  // the view: the focus countries, and the whole place when it reaches beyond them
  const focus = countries.filter((c) => c.properties.focus === true);
  let extent = bounds(focus);
  if (area) extent = union(extent, bounds([area]));
  const scale = Math.min((width - 2 * PADDING) / (extent[2] - extent[0]), (height - 2 * PADDING) / (extent[3] - extent[1]));
  const dx = (width - scale * (extent[2] - extent[0])) / 2;
  const dy = (height - scale * (extent[3] - extent[1])) / 2;
  const toScreen = ([x, y]: Point): Point => [dx + (x - extent[0]) * scale, height - dy - (y - extent[1]) * scale];
  const toPixel = (p: Position) => toScreen(mercator(p));
  // clip a little outside the frame, so clipped edges (and their strokes) stay out of sight
  const frame: Box = [-2, -2, width + 2, height + 2];
  const view: Box = [extent[0] - dx / scale, extent[1] - dy / scale, extent[2] + dx / scale, extent[3] + dy / scale];

  /** A path's `d` and its drawn area (px²); rings that vanish at this size are dropped, except the place's. */
  const draw = (feature: Area, keepSmall = false) => outline(feature, toPixel, frame, { tolerance: TOLERANCE, keepSmall });
  const paths = (features: Area[]) =>
    features
      .filter((f) => f !== area && overlaps(bounds([f]), view))
      .map((f) => draw(f).d)
      .filter(Boolean)
      .map((d) => `<path d="${d}"/>`)
      .join("");

  const c = BASEMAP_COLORS;
  const approximate = isBasin && area?.properties.approximate === true;
  const label = svgLabel(
    idPrefix,
    isBasin ? `${place.name} basin on a map of South Asia` : `${place.name} on a map of South Asia`,
    (isBasin
      ? `The ${place.name} river basin${approximate ? " (approximate outline)" : ""}, highlighted over the countries of South Asia.`
      : isState
        ? `${place.name}, a ${lowerFirst(placeKindText(place))}, highlighted over the countries of South Asia.`
        : `${place.name}, a country of South Asia, highlighted among its neighbours.`) + (area ? "" : " Its outline is not available."),
  );
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" ${label.attributes} class="sacap-placemap">`,
    label.elements,
    `<g stroke-width="0.5" stroke-linejoin="round">`,
    `<g class="sacap-placemap__land" fill="${c.land}" stroke="${c.border}">${paths(countries.filter((f) => f.properties.focus !== true))}</g>`,
    `<g class="sacap-placemap__focus" fill="${c.focusLand}" stroke="${c.border}">${paths(focus)}</g>`,
    `</g>`,
  ];
  if (area) {
    const { d, size } = draw(area, true);
    const accent = isBasin ? c.basin : c.selected;
    parts.push(
      `<path class="sacap-placemap__place${isBasin ? " sacap-placemap__basin" : ""}" d="${d}" fill="${accent}" fill-opacity="0.35" stroke="${accent}" stroke-width="1.2" stroke-linejoin="round"/>`,
    );
    if (size < SMALL_AREA) {
      // a ring around a place too small to see at this size (Maldives, Bhutan, small basins)
      const box = bounds([area]);
      const [x0, y0] = toScreen([box[0], box[3]]);
      const [x1, y1] = toScreen([box[2], box[1]]);
      const r = Math.min(26, Math.max(7, Math.max(x1 - x0, y1 - y0) / 2 + 4));
      parts.push(
        `<circle class="sacap-placemap__marker" cx="${round((x0 + x1) / 2)}" cy="${round((y0 + y1) / 2)}" r="${round(r)}" fill="none" stroke="${accent}" stroke-width="1.5"/>`,
      );
    }
  }
  parts.push("</svg>");
  return parts.join("");
}
