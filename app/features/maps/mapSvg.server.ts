import type { Position } from "geojson";
import {
  basinsShown,
  DRAWING_CLASS,
  labelPositions,
  overlayCodes,
  regionFill,
  regionsShown,
  type DrawingState,
} from "~/components/map/drawing";
import { imagePlacement } from "~/components/map/imageLayer";
import { BASEMAP_COLORS, graticule } from "~/components/map/style";
import { DRAWING_SIZE, drawingPixel, type LonLat } from "~/components/map/viewport";
import { escapeXml, svgLabel } from "~/lib/svg-label";
import { bounds, geography, outline, overlaps, polygons, ringArea, round, type Area, type Box } from "./geometry.server";

/**
 * The viewers' map drawn on the server as SVG: what the interactive map (app/components/map/canvas-core.tsx)
 * draws at the URL's centre and zoom, in its projection (Web Mercator, 512 px tiles) and colours: water,
 * graticule, land, the choropleth's fills (opacity 0.85; the states and provinces with their outlines, when
 * they are what it colours), country borders, basins with dashed outlines, hatching where the models
 * disagree, the selected region's outline and the country names. It covers
 * DRAWING_SIZE around the centre at 1 CSS px per map pixel, so where the drawing meets its slot every place
 * is where the map will put it. Region elements carry `data-code`; the browser restyles them as the page's
 * state changes (app/components/map/drawing.ts) until the map library replaces the drawing.
 */

export interface MapDrawingInput extends DrawingState {
  center: LonLat;
  zoom: number;
  /** Prefix of the ids inside the drawing (unique on the page). */
  idPrefix: string;
}

/** Outlines are simplified to within this many pixels, their points at 0.1 px. */
const FINE = { tolerance: 0.5, decimals: 1 } as const;
/**
 * A drawing of the states and provinces has every outline to within 2 px, at whole pixels: 148 more
 * outlines (their shared borders drawn twice) within the page's document budget (decision 026), and
 * country borders that meet the states' as closely as the states meet each other. The drawing is then
 * some 30 KB at the default view (the states' outlines some 10 KB, the countries' 6 KB), less than a
 * drawing of the countries, and looks the same at the map's scale.
 */
const COARSE = { tolerance: 2, decimals: 0 } as const;
const FILL_OPACITY = 0.85;

interface Shape {
  href: string;
  code: string | null;
  focus: boolean;
}

/** The outlines of a view, kept for the next drawing of the same view (other colours, another selection). */
const kept = new Map<string, { defs: string[]; countryShapes: Shape[]; basinShapes: Shape[]; stateShapes: Shape[] }>();
const KEPT_VIEWS = 32;

function shapesOf(center: LonLat, zoom: number, p: string, withBasins: boolean, withStates: boolean) {
  const key = JSON.stringify([center, zoom, p, withBasins, withStates]);
  const found = kept.get(key);
  if (found) return found;
  const { countries, basins, states } = geography();
  const toPixel = (point: Position) => drawingPixel(point, center, zoom);
  const frame = drawingFrame();
  const inView = (area: Area) => overlaps(bounds([area], toPixel), frame);
  const defs: string[] = [];
  const detail = withStates ? COARSE : FINE;
  const shapes = (areas: Area[], kind: "c" | "b" | "s", codeOf: (a: Area) => string | null): Shape[] =>
    areas.flatMap((area, i) => {
      if (!inView(area)) return [];
      const code = codeOf(area);
      // a region keeps its islands however small (the Maldives), as the map draws them; in a drawing of the
      // states a region of which nothing would show (an atoll) keeps its largest island (all of them if that
      // one is a speck), and the others' islands under a pixel are left out
      const draw = (shape: Area, keepSmall: boolean) => outline(shape, toPixel, frame, { ...detail, relative: true, keepSmall }).d;
      const d = !withStates ? draw(area, code !== null) : draw(area, false) || (code !== null ? draw(largestIsland(area, toPixel), true) || draw(area, true) : "");
      if (!d) return [];
      const id = `${p}-${kind}${i}`;
      defs.push(`<path id="${id}" d="${d}"/>`);
      return [{ href: `#${id}`, code, focus: area.properties.focus === true }];
    });
  const codeProperty = (name: string) => (a: Area) => (typeof a.properties[name] === "string" ? (a.properties[name] as string) : null);
  const countryShapes = shapes(countries, "c", codeProperty("iso3"));
  const basinShapes = withBasins ? shapes(basins, "b", codeProperty("code")) : [];
  const stateShapes = withStates ? shapes(states, "s", codeProperty("code")) : [];
  const value = { defs, countryShapes, basinShapes, stateShapes };
  kept.set(key, value);
  if (kept.size > KEPT_VIEWS) kept.delete(kept.keys().next().value!);
  return value;
}

/** An area's polygon of the largest outer ring in pixels, as an area of its own. */
function largestIsland(area: Area, toPixel: (p: Position) => [number, number]): Area {
  const sized = polygons(area).map((polygon) => ({ polygon, size: ringArea(polygon[0].map(toPixel)) }));
  const largest = sized.reduce((a, b) => (b.size > a.size ? b : a));
  return { ...area, geometry: { type: "Polygon", coordinates: largest.polygon } };
}

/** The drawn area, a little larger than the drawing, so clipped edges (and their strokes) stay out of sight. */
const drawingFrame = (): Box => [-4, -4, DRAWING_SIZE.width + 4, DRAWING_SIZE.height + 4];

/** The map of a view as an SVG string. */
export function drawMapSvg(input: MapDrawingInput): string {
  const { center, zoom, idPrefix: p } = input;
  const { width, height } = DRAWING_SIZE;
  const toPixel = (point: Position) => drawingPixel(point, center, zoom);
  const c = BASEMAP_COLORS;
  // the choropleth's regions: countries with a code and basins (the page can switch between them without
  // the map library), or the states and provinces alone (a switch to or from them loads it: their drawing
  // is as heavy as the page may carry)
  const withStates = input.fill?.geotype === "State";
  const withBasins = Boolean((input.fill && !withStates) || input.showBasins);

  const { defs, countryShapes, basinShapes, stateShapes } = shapesOf(center, zoom, p, withBasins, withStates);
  const use = (s: { href: string }, attributes = "") => `<use href="${s.href}"${attributes}/>`;
  const hidden = (shown: boolean) => (shown ? "" : ` display="none"`);
  const coded = <T extends { code: string | null }>(list: T[]) => list.filter((s): s is T & { code: string } => s.code !== null);
  // the hatched and selected regions of the choropleth's geotype, as `restyleDrawing` writes them
  const overlays = overlayCodes(input);
  const shapesByCode = new Map(coded({ Country: countryShapes, Basin: basinShapes, State: stateShapes }[overlays.geotype] ?? []).map((s) => [s.code, s]));
  const overlay = (codes: string[]) =>
    codes
      .flatMap((code) => {
        const shape = shapesByCode.get(code);
        return shape ? [use(shape)] : [];
      })
      .join("");

  const label = svgLabel(p, input.title, input.desc);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" preserveAspectRatio="xMidYMid slice" ${label.attributes} class="${DRAWING_CLASS.root}">`,
    label.elements,
    `<defs><pattern id="${p}-hatch" width="8" height="8" patternUnits="userSpaceOnUse"><path d="M-1 1.5 1.5-1M-1 9.5 9.5-1M7 9.5 9.5 7" stroke="#222" stroke-opacity=".86" stroke-width="1.4"/></pattern>`,
  ];
  const body: string[] = [
    `<rect class="sacap-mapsvg__water" width="${width}" height="${height}" fill="${c.water}"/>`,
    graticulePath(toPixel, drawingFrame()),
    `<g class="sacap-mapsvg__land" fill="${c.land}">${countryShapes
      .filter((s) => !s.focus)
      .map((s) => use(s))
      .join("")}</g>`,
    `<g class="sacap-mapsvg__focus" fill="${c.focusLand}">${countryShapes
      .filter((s) => s.focus)
      .map((s) => use(s))
      .join("")}</g>`,
    // pictures over the land (a painted gridded field), under the choropleth and the borders
    `<g class="${DRAWING_CLASS.images}" pointer-events="none">${(input.images ?? [])
      .map((image) => imagePlacement(image, center, zoom))
      .map((i) => `<image href="${escapeXml(i.href)}" x="${i.x}" y="${i.y}" width="${i.width}" height="${i.height}" opacity="${i.opacity}" preserveAspectRatio="none"/>`)
      .join("")}</g>`,
  ];
  if (input.fill && !withStates) {
    body.push(
      `<g class="${DRAWING_CLASS.regions}" data-geotype="Country" fill-opacity="${FILL_OPACITY}" pointer-events="visibleFill"${hidden(regionsShown(input, "Country"))}>${coded(countryShapes)
        .map((s) => use(s, ` data-code="${escapeXml(s.code)}" fill="${regionFill(input, "Country", s.code)}"`))
        .join("")}</g>`,
    );
  }
  if (withStates) {
    // their outlines are the fills' stroke, under the country borders
    body.push(
      `<g class="${DRAWING_CLASS.regions}" data-geotype="State" fill-opacity="${FILL_OPACITY}" stroke="${c.border}" stroke-width=".35" pointer-events="visibleFill"${hidden(regionsShown(input, "State"))}>${coded(stateShapes)
        .map((s) => use(s, ` data-code="${escapeXml(s.code)}" fill="${regionFill(input, "State", s.code)}"`))
        .join("")}</g>`,
    );
  }
  body.push(`<g class="sacap-mapsvg__borders" fill="none" stroke="${c.border}" stroke-width=".7">${countryShapes.map((s) => use(s)).join("")}</g>`);
  if (withBasins) {
    body.push(
      `<g class="${DRAWING_CLASS.basins}"${hidden(basinsShown(input))}>`,
      input.fill
        ? `<g class="${DRAWING_CLASS.regions}" data-geotype="Basin" fill-opacity="${FILL_OPACITY}" pointer-events="visibleFill">${coded(basinShapes)
            .map((s) => use(s, ` data-code="${escapeXml(s.code)}" fill="${regionFill(input, "Basin", s.code)}"`))
            .join("")}</g>`
        : "",
      `<g fill="none" stroke="${c.basin}" stroke-dasharray="3 1">${basinShapes.map((s) => use(s)).join("")}</g>`,
      `</g>`,
    );
  }
  if (input.fill) {
    body.push(
      `<g class="${DRAWING_CLASS.hatch}" fill="url(#${p}-hatch)" pointer-events="none">${overlay(overlays.hatched)}</g>`,
      `<g class="${DRAWING_CLASS.selected}" fill="none" stroke="${c.selected}" stroke-width="3" stroke-linejoin="round" pointer-events="none">${overlay(overlays.selected)}</g>`,
    );
  }
  // the map's HTML labels: 11 px, bold, dark with a white halo (styles/maps.css .sacap-map__label)
  body.push(
    `<g class="${DRAWING_CLASS.labels}" aria-hidden="true" font-size="11" font-weight="600" text-anchor="middle" dominant-baseline="central" fill="#2b2b2b" stroke="#fff" stroke-width="2.5" stroke-linejoin="round" paint-order="stroke" pointer-events="none">${labelPositions(
      input.labels ?? [],
      center,
      zoom,
    )
      .map(({ name, x, y }) => `<text x="${x}" y="${y}">${escapeXml(name)}</text>`)
      .join("")}</g>`,
  );
  return [...parts, ...defs, "</defs>", ...body, "</svg>"].join("");
}

/** The map's graticule (every 10°, dashed) as one path of straight lines: meridians and parallels are straight in Web Mercator. */
function graticulePath(toPixel: (p: Position) => [number, number], [x0, y0, x1, y1]: Box): string {
  let d = "";
  for (const line of graticule().features) {
    const points = line.geometry.coordinates.map(toPixel);
    const [a, b] = [points[0], points[points.length - 1]];
    const vertical = Math.abs(a[0] - b[0]) < 0.01;
    if (vertical ? a[0] < x0 || a[0] > x1 : a[1] < y0 || a[1] > y1) continue;
    if (vertical) {
      const top = Math.max(y0, Math.min(a[1], b[1]));
      const bottom = Math.min(y1, Math.max(a[1], b[1]));
      if (top < bottom) d += `M${round(a[0])} ${round(top)}V${round(bottom)}`;
    } else {
      const left = Math.max(x0, Math.min(a[0], b[0]));
      const right = Math.min(x1, Math.max(a[0], b[0]));
      if (left < right) d += `M${round(left)} ${round(a[1])}H${round(right)}`;
    }
  }
  return d ? `<path class="sacap-mapsvg__graticule" d="${d}" fill="none" stroke="${BASEMAP_COLORS.graticule}" stroke-width=".5" stroke-dasharray="1 1"/>` : "";
}
