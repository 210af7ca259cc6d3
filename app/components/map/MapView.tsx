import { lazy, Suspense, useEffect, useState } from "react";
import type { MapCanvasProps } from "./types";

const MaplibreCanvas = lazy(() => import("./MaplibreCanvas"));
const MapboxCanvas = lazy(() => import("./MapboxCanvas"));

/**
 * The portal's one map. The server renders an empty slot of the final size; in the browser the renderer
 * loads lazily into it (MapLibre, or Mapbox when an access token is configured), so nothing shifts and
 * pages without a map never load a map library.
 */
export function MapView(props: MapCanvasProps & { className?: string }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const Canvas = props.mapboxToken ? MapboxCanvas : MaplibreCanvas;
  const placeholder = <div className="sacap-map__placeholder">Loading map…</div>;
  return (
    <div className={["sacap-map", props.className].filter(Boolean).join(" ")} data-testid="map-slot">
      {mounted ? <Suspense fallback={placeholder}>
          <Canvas {...props} />
        </Suspense> : placeholder}
    </div>
  );
}
