import { imagePlacement } from "./imageLayer";
import type { ImageOverlay, MapLabel, RegionFill } from "./types";
import { drawingPixel, type LonLat } from "./viewport";

/**
 * The server's drawing of a map (app/features/maps/mapSvg.server.ts) and what the browser changes in it
 * while it stands in for the map: fills, hatching, the selected outline, the basins, the labels and the
 * accessible name follow the page's state on the drawing's own elements (found by class and `data-code`),
 * so a new indicator or period recolours the drawing without loading the map library. The rules here are
 * the server's too: the markup it sends is this module's answer for the first state.
 */

export const DRAWING_CLASS = {
  root: "sacap-mapsvg",
  /**
   * The choropleth's region fills of one geotype (`data-geotype`), each `data-code`. The states and
   * provinces' group also draws their outlines, and is in a drawing made while the choropleth colours
   * them only (their outlines weigh as much as the rest of the map).
   */
  regions: "sacap-mapsvg__regions",
  /** River basins: their fills and dashed outlines. */
  basins: "sacap-mapsvg__basins",
  /** Hatching over regions of low model agreement, one element per region, shown or not. */
  hatch: "sacap-mapsvg__hatch",
  /** The selected region's outline, one element per region, shown or not. */
  selected: "sacap-mapsvg__selected",
  labels: "sacap-mapsvg__labels",
  /** Pictures laid over the basemap (`imageLayer.tsx`), one `<image>` each. */
  images: "sacap-mapsvg__images",
} as const;

/** What the drawing shows beyond the basemap: the canvas's own props. */
export interface DrawingState {
  fill?: RegionFill;
  images?: ImageOverlay[];
  selected?: string;
  showBasins?: boolean;
  labels?: MapLabel[];
  /** The accessible name and description (the drawing's `<title>` and `<desc>`). */
  title: string;
  desc: string;
}

/** Regions without a colour are transparent, as on the map (and still answer the pointer). */
export const NO_FILL = "none";

export const regionFill = (state: DrawingState, geotype: string, code: string) =>
  (state.fill?.geotype === geotype && state.fill.colors[code]) || NO_FILL;
/**
 * The regions the drawing lays over the fills, by code: hatched (low model agreement) and outlined (the
 * selection), both of the choropleth's geotype (countries without one). Only these are in the drawing's
 * hatch and selection groups, each a `<use>` of its region's outline (nothing else: they take no pointer):
 * a drawing of 148 states and provinces does not carry 296 hidden copies.
 */
export function overlayCodes(state: DrawingState): { geotype: string; hatched: string[]; selected: string[] } {
  return { geotype: state.fill?.geotype ?? "Country", hatched: state.fill?.hatched ?? [], selected: state.selected ? [state.selected] : [] };
}
export const regionsShown = (state: DrawingState, geotype: string) => state.fill?.geotype === geotype;
export const basinsShown = (state: DrawingState) => Boolean(state.showBasins || state.fill?.geotype === "Basin");

/**
 * The drawing has no shapes of the regions the choropleth colours (states and provinces switched on after
 * a page drawn without them): only the map library can show them.
 */
export const drawingLacks = (svg: SVGSVGElement, state: DrawingState) =>
  state.fill !== undefined && svg.querySelector(`.${DRAWING_CLASS.regions}[data-geotype="${state.fill.geotype}"]`) === null;

/** Label positions in the drawing of a view, rounded as the server writes them. */
export function labelPositions(labels: readonly MapLabel[], center: LonLat, zoom: number) {
  return labels.map((l) => {
    const [x, y] = drawingPixel(l.at, center, zoom);
    return { name: l.name, x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 };
  });
}

const show = (element: Element, on: boolean) => {
  if (on) element.removeAttribute("display");
  else element.setAttribute("display", "none");
};

/**
 * Brings the drawing in the document to `state`: only attributes that differ are written. `view` is the
 * centre and zoom it was drawn at (labels are placed in its pixels).
 */
export function restyleDrawing(svg: SVGSVGElement, state: DrawingState, view: { center: LonLat; zoom: number }) {
  const set = (element: Element, name: string, value: string) => {
    if (element.getAttribute(name) !== value) element.setAttribute(name, value);
  };
  for (const group of svg.querySelectorAll(`.${DRAWING_CLASS.regions}`)) {
    const geotype = group.getAttribute("data-geotype") ?? "";
    // basins show as a whole (their outlines with them)
    if (geotype !== "Basin") show(group, regionsShown(state, geotype));
    for (const region of group.querySelectorAll("[data-code]")) set(region, "fill", regionFill(state, geotype, region.getAttribute("data-code")!));
  }
  for (const basins of svg.querySelectorAll(`.${DRAWING_CLASS.basins}`)) show(basins, basinsShown(state));
  // the hatched and selected regions: a `<use>` of each one's outline, in the order of the state
  const overlays = overlayCodes(state);
  const hrefs = new Map(
    [...svg.querySelectorAll(`.${DRAWING_CLASS.regions}[data-geotype="${overlays.geotype}"] [data-code]`)].map((e) => [e.getAttribute("data-code"), e.getAttribute("href")]),
  );
  for (const [name, codes] of [
    [DRAWING_CLASS.hatch, overlays.hatched],
    [DRAWING_CLASS.selected, overlays.selected],
  ] as const) {
    const group = svg.querySelector(`.${name}`);
    if (!group) continue;
    const wanted = codes.flatMap((code) => hrefs.get(code) ?? []);
    const current = [...group.children].map((e) => e.getAttribute("href") ?? "");
    if (current.join("|") !== wanted.join("|")) {
      group.replaceChildren(
        ...wanted.map((href) => {
          const use = document.createElementNS("http://www.w3.org/2000/svg", "use");
          use.setAttribute("href", href);
          return use;
        }),
      );
    }
  }

  const images = svg.querySelector(`.${DRAWING_CLASS.images}`);
  if (images) {
    const wanted = (state.images ?? []).map((image) => imagePlacement(image, view.center, view.zoom));
    const attributes = (p: ReturnType<typeof imagePlacement>) => ({ href: p.href, x: String(p.x), y: String(p.y), width: String(p.width), height: String(p.height), opacity: String(p.opacity) });
    const key = (list: Record<string, string>[]) => JSON.stringify(list);
    const current = [...images.children].map((e) => Object.fromEntries(["href", "x", "y", "width", "height", "opacity"].map((n) => [n, e.getAttribute(n) ?? ""])));
    if (key(current) !== key(wanted.map(attributes))) {
      images.replaceChildren(
        ...wanted.map((p) => {
          const image = document.createElementNS("http://www.w3.org/2000/svg", "image");
          for (const [name, value] of Object.entries(attributes(p))) image.setAttribute(name, value);
          image.setAttribute("preserveAspectRatio", "none");
          return image;
        }),
      );
    }
  }

  const labels = svg.querySelector(`.${DRAWING_CLASS.labels}`);
  if (labels) {
    const wanted = labelPositions(state.labels ?? [], view.center, view.zoom);
    const key = (items: { name: string; x: number | string; y: number | string }[]) => items.map((l) => `${l.name}@${l.x},${l.y}`).join("|");
    const current = [...labels.children].map((t) => ({ name: t.textContent ?? "", x: Number(t.getAttribute("x")), y: Number(t.getAttribute("y")) }));
    if (key(current) !== key(wanted)) {
      labels.replaceChildren(
        ...wanted.map(({ name, x, y }) => {
          const text = document.createElementNS("http://www.w3.org/2000/svg", "text");
          text.setAttribute("x", String(x));
          text.setAttribute("y", String(y));
          text.textContent = name;
          return text;
        }),
      );
    }
  }
  const title = svg.querySelector(":scope > title");
  if (title && title.textContent !== state.title) title.textContent = state.title;
  const desc = svg.querySelector(":scope > desc");
  if (desc && desc.textContent !== state.desc) desc.textContent = state.desc;
}

/** Codes of the regions of a geotype the drawing shows inside `viewport` (the slot's box on screen). */
export function regionsInDrawing(svg: SVGSVGElement, geotype: string, viewport: DOMRect): string[] {
  const codes = new Set<string>();
  for (const region of svg.querySelectorAll(`.${DRAWING_CLASS.regions}[data-geotype="${geotype}"] [data-code]`)) {
    const box = region.getBoundingClientRect();
    if (box.width > 0 && box.right > viewport.left && box.left < viewport.right && box.bottom > viewport.top && box.top < viewport.bottom) {
      codes.add(region.getAttribute("data-code")!);
    }
  }
  return [...codes];
}
