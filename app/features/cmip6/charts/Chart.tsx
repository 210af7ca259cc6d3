import { Button, ButtonGroup } from "@blueprintjs/core";
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import type { Result } from "vega-embed";
import type { TopLevelSpec } from "vega-lite";
import { CHART_HEIGHT } from "./specs";

const VegaEmbedClient = lazy(() => import("./VegaEmbedClient"));

/** Height of the chart slot: the plot, its title, subtitle and legend. The server renders the same box. */
export const CHART_SLOT_HEIGHT = CHART_HEIGHT + 40;

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

/**
 * A vega-lite chart in a fixed-size slot. The server (and a browser without JavaScript) renders the slot
 * with a textual summary; in the browser the renderer loads lazily into the same box, so nothing moves.
 */
export function Chart({ label, spec, fileName, summary, onModelClick }: ChartProps) {
  const [mounted, setMounted] = useState(false);
  const [view, setView] = useState<Result["view"] | null>(null);
  useEffect(() => setMounted(true), []);
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

  const download = async (type: "png" | "svg") => {
    if (!view) return;
    const url = await view.toImageURL(type, type === "png" ? 2 : 1);
    const link = document.createElement("a");
    link.href = url;
    link.download = `${fileName}.${type}`;
    document.body.append(link);
    link.click();
    link.remove();
  };

  return (
    <figure className="sacap-chart" aria-label={label}>
      <div className="sacap-chart__slot" style={{ height: CHART_SLOT_HEIGHT }}>
        {mounted ? (
          <Suspense fallback={<p className="sacap-chart__summary">{summary}</p>}>
            <VegaEmbedClient spec={spec} onView={setView} />
          </Suspense>
        ) : (
          <p className="sacap-chart__summary">{summary}</p>
        )}
      </div>
      <figcaption className="sacap-chart__caption">
        {mounted ? <span className="sacap-visually-hidden">{summary}</span> : null}
        <ButtonGroup variant="minimal">
          <Button icon="download" text="PNG" disabled={!view} onClick={() => void download("png")} aria-label={`Download ${label} as PNG`} />
          <Button icon="download" text="SVG" disabled={!view} onClick={() => void download("svg")} aria-label={`Download ${label} as SVG`} />
        </ButtonGroup>
      </figcaption>
    </figure>
  );
}
