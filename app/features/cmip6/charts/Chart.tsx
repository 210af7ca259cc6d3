import { Button, ButtonGroup } from "@blueprintjs/core";
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { Result } from "vega-embed";
import type { TopLevelSpec } from "vega-lite";
import type { ServerDrawings } from "~/lib/drawings.server";
import { DrawingBox, useServerDrawing } from "~/lib/server-drawing";
import { useHydrated } from "~/lib/use-hydrated";
import { CHART_HEIGHT } from "./specs";

const VegaEmbedClient = lazy(() => import("./VegaEmbedClient"));

/** Height of the chart slot: the plot, its title, subtitle and legend. The server renders the same box. */
export const CHART_SLOT_HEIGHT = CHART_HEIGHT + 40;
/**
 * The widths the server draws a chart of the container's width at: the box of a wide screen and that of a
 * phone (styles/app.css shows the one that fits); the drawing scales to its box.
 */
export const SERVER_CHART_WIDTHS = { wide: 680, narrow: 360 } as const;

interface ChartProps {
  /** Accessible name of the figure. */
  label: string;
  spec: TopLevelSpec;
  /** File name of downloads, without extension. */
  fileName: string;
  /** What the chart shows in words: rendered on the server and read by screen readers. */
  summary: ReactNode;
  /** Called with the data of a clicked mark that names a model (a point of the model-selection scatter). */
  onModelClick?: (model: string) => void;
}

/** The specification's text, kept per object: a changed specification is told from a re-rendered one. */
const specTexts = new WeakMap<object, string>();
function specText(spec: TopLevelSpec): string {
  let text = specTexts.get(spec);
  if (text === undefined) specTexts.set(spec, (text = JSON.stringify(spec)));
  return text;
}

/**
 * A vega-lite chart in a fixed-size slot. The server draws it into the document as SVG from the same
 * specification (app/lib/server-drawing.tsx), so it is there before any script and without JavaScript. Vega
 * loads only when the chart is used (a pointer over it, focus inside it, a key, an export) or when the
 * specification changes in the browser; its interactive view then takes the drawing's place in the same box.
 */
export function Chart({ label, spec, fileName, summary, onModelClick }: ChartProps) {
  const description = typeof summary === "string" ? summary : label;
  const drawing = useServerDrawing<ServerDrawings>((draw, id) =>
    (Object.keys(SERVER_CHART_WIDTHS) as (keyof typeof SERVER_CHART_WIDTHS)[])
      .map((size) => `<div class="sacap-chart__${size}">${draw.chart(spec, { title: label, desc: description, idPrefix: `${id}${size}` }, { containerWidth: SERVER_CHART_WIDTHS[size] })}</div>`)
      .join(""),
  );
  const hydrated = useHydrated();
  const [wanted, setWanted] = useState(false);
  const [view, setView] = useState<Result["view"] | null>(null);
  const pendingExport = useRef<"png" | "svg" | null>(null);
  // the specification the server drew, against the one shown now
  const [drawnSpec] = useState(spec);
  const stale = useMemo(() => spec !== drawnSpec && specText(spec) !== specText(drawnSpec), [spec, drawnSpec]);
  const live = hydrated && (wanted || stale || drawing.html === null);
  const showDrawing = drawing.html !== null && !stale && !view;

  const onModel = useRef(onModelClick);
  onModel.current = onModelClick;
  useEffect(() => {
    if (!view) return;
    const handler = (_event: unknown, item: unknown) => {
      const model = (item as { datum?: { model?: unknown } } | null | undefined)?.datum?.model;
      if (typeof model === "string") onModel.current?.(model);
    };
    view.addEventListener("click", handler);
    return () => {
      view.removeEventListener("click", handler);
    };
  }, [view]);

  const download = async (activeView: Result["view"], type: "png" | "svg") => {
    const url = await activeView.toImageURL(type, type === "png" ? 2 : 1);
    const link = document.createElement("a");
    link.href = url;
    link.download = `${fileName}.${type}`;
    document.body.append(link);
    link.click();
    link.remove();
  };
  // an export asked for before the view was there runs once it is
  useEffect(() => {
    if (!view || !pendingExport.current) return;
    const type = pendingExport.current;
    pendingExport.current = null;
    void download(view, type);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view]);
  const requestExport = (type: "png" | "svg") => {
    if (view) return void download(view, type);
    pendingExport.current = type;
    setWanted(true);
  };
  const wake = () => {
    if (!wanted) setWanted(true);
  };

  return (
    <figure className="sacap-chart" aria-label={label} onPointerEnter={wake} onPointerDown={wake} onFocus={wake} onKeyDown={wake}>
      <div className="sacap-chart__slot" style={{ height: CHART_SLOT_HEIGHT }}>
        {live ? (
          <Suspense fallback={null}>
            <VegaEmbedClient spec={spec} onView={setView} />
          </Suspense>
        ) : null}
        {showDrawing ? <DrawingBox drawing={drawing} className="sacap-chart__drawing" /> : null}
        {!showDrawing && !view ? <p className="sacap-chart__summary">{summary}</p> : null}
      </div>
      <figcaption className="sacap-chart__caption">
        {view || (showDrawing && typeof summary !== "string") ? <span className="sacap-visually-hidden">{summary}</span> : null}
        <ButtonGroup variant="minimal">
          <Button icon="download" text="PNG" disabled={!hydrated} onClick={() => requestExport("png")} aria-label={`Download ${label} as PNG`} />
          <Button icon="download" text="SVG" disabled={!hydrated} onClick={() => requestExport("svg")} aria-label={`Download ${label} as SVG`} />
        </ButtonGroup>
      </figcaption>
    </figure>
  );
}
