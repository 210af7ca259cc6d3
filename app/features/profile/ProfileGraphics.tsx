import { lazy, Suspense } from "react";
import type { ServerDrawings } from "~/lib/drawings.server";
import { DrawingBox, useServerDrawing } from "~/lib/server-drawing";
import { useHydrated } from "~/lib/use-hydrated";
import { PROFILE_CHART_CONFIG, type ProfileChart } from "./charts";
import { placeMapPath, type ProfilePlace } from "./profile";

const VegaEmbedClient = lazy(() => import("~/features/cmip6/charts/VegaEmbedClient"));

/**
 * A profile chart drawn by the server into the document (decision 022): the markup travels once, in the
 * HTML, and hydration reads it back from there. Shown first in the browser (a navigation from another
 * page), the same specification is drawn by vega.
 */
export function ProfileChartGraphic({ chart, className }: { chart: ProfileChart; className: string }) {
  const drawing = useServerDrawing<ServerDrawings>((draw) => draw.chart(chart.spec, chart.text, { config: PROFILE_CHART_CONFIG }));
  const hydrated = useHydrated();
  if (drawing.html !== null) return <DrawingBox drawing={drawing} className={className} />;
  return (
    <div className={className} role="figure" aria-label={chart.text.title}>
      <p className="sacap-visually-hidden">{chart.text.desc}</p>
      {hydrated ? (
        <Suspense fallback={null}>
          <VegaEmbedClient spec={{ ...chart.spec, config: PROFILE_CHART_CONFIG } as ProfileChart["spec"]} onView={() => undefined} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** The place's locator map: drawn by the server into the document, or its SVG file after a navigation. */
export function PlaceMapGraphic({ place, className }: { place: ProfilePlace; className: string }) {
  const drawing = useServerDrawing<ServerDrawings>((draw) => draw.placeMap(place, { idPrefix: "profile-map" }));
  if (drawing.html !== null) return <DrawingBox drawing={drawing} className={className} />;
  return (
    <div className={className}>
      <img src={placeMapPath(place)} width={320} height={240} alt={`${place.name}${place.type === "Basin" ? " basin" : ""} on a map of South Asia`} />
    </div>
  );
}
