import * as vega from "vega";
import { compile, type Config, type TopLevelSpec } from "vega-lite";
import { svgLabel } from "~/lib/svg-label";
import { compactSvg } from "./compactSvg";

/**
 * Vega-Lite specifications drawn on the server into SVG strings, from the same specification the browser's
 * interactive view renders: the chart is in the document before any script and without JavaScript. Vega
 * runs without a canvas (renderer "none"); a specification with inline data evaluates synchronously, so a
 * React render can draw it in place. Vega stays in server modules. The markup is compacted (`compactSvg`):
 * the same marks at a tenth of a pixel, in fewer bytes.
 */

export interface DrawText {
  /** The chart's accessible name (its `<title>`). */
  title: string;
  /** What it shows in words (its `<desc>`). */
  desc: string;
  /** Prefix of the ids of the title and description (unique on the page). */
  idPrefix: string;
}

export interface DrawOptions {
  /** Width of a specification whose width is "container" (the browser's view fits its box). @default 640 */
  containerWidth?: number;
  /** Vega-Lite configuration merged over the specification's own. */
  config?: Config;
}

/**
 * Text widths for layout (axis offsets, legend columns, the drawing's size). Without a canvas Vega guesses
 * 0.8 em per character, which leaves wide margins; these are the advance widths of Public Sans (and close to
 * those of the system sans-serif faces) by class of character, in em. Vega reads a replaced
 * `textMetrics.width` as its text measure.
 */
function textWidth(item: { fontSize?: number; fontWeight?: number | string }, text: unknown): number {
  const size = item.fontSize ?? 11;
  const bold = Number(item.fontWeight) >= 600 || item.fontWeight === "bold" ? 1.03 : 1;
  let em = 0;
  for (const ch of String(text ?? "").trim()) em += /[ .,:;'|!()[\]iljtfr-]/.test(ch) ? 0.3 : /[mwMW%@]/.test(ch) ? 0.9 : /[A-Z]/.test(ch) ? 0.68 : 0.58;
  return em * size * bold;
}
(vega as unknown as { textMetrics: { width: typeof textWidth } }).textMetrics.width = textWidth;


type HeadlessRenderer = { initialize(el: null, w: number, h: number, origin: [number, number], scale: number): HeadlessRenderer; background(c: unknown): HeadlessRenderer; render(scene: unknown): HeadlessRenderer; svg(): string };
type ViewInternals = { _viewWidth: number; _viewHeight: number; _origin: [number, number]; _scenegraph: { root: unknown }; _pending?: unknown };

/**
 * Draws a Vega-Lite specification into an SVG string, synchronously. The drawing is one image, named by its
 * title and description (the marks' own ARIA roles go); its size is its viewBox, so CSS scales it.
 */
export function drawChartSvg(spec: TopLevelSpec, text: DrawText, options: DrawOptions = {}): string {
  const sized = (spec as { width?: unknown }).width === "container" ? { ...spec, width: options.containerWidth ?? 640 } : spec;
  const config = options.config ? { ...(spec as { config?: Config }).config, ...options.config } : (spec as { config?: Config }).config;
  const view = new vega.View(vega.parse(compile({ ...sized, config } as TopLevelSpec).spec), { renderer: "none" });
  try {
    // inline data and no asynchronous operators: the dataflow runs to its end in this call
    view.run();
    const internals = view as unknown as ViewInternals;
    if (internals._pending) throw new Error("The chart's data did not evaluate synchronously (data from a URL?)");
    const padding = view.padding() as { left: number; right: number; top: number; bottom: number };
    const width = Math.max(0, internals._viewWidth + padding.left + padding.right);
    const height = Math.max(0, internals._viewHeight + padding.top + padding.bottom);
    const Renderer = (vega.renderModule as unknown as (name: string) => { headless: new (loader: unknown) => HeadlessRenderer })("svg").headless;
    const svg = compactSvg(
      new Renderer(view.loader())
        .initialize(null, width, height, [padding.left + internals._origin[0], padding.top + internals._origin[1]], 1)
        .background(view.background())
        .render(internals._scenegraph.root)
        .svg()
        .replace(/ (?:role="graphics-[a-z]+"|aria-roledescription="[^"]*"|aria-label="[^"]*")/g, ""),
    );
    const label = svgLabel(text.idPrefix, text.title, text.desc);
    return svg.replace(/^<svg([^>]*) class="marks"([^>]*)>/, (_, before: string, after: string) => `<svg${before} class="marks sacap-chart-svg"${after} preserveAspectRatio="xMinYMin meet" ${label.attributes}>${label.elements}`);
  } finally {
    view.finalize();
  }
}
