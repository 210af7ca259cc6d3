import { Button } from "@blueprintjs/core";
import maplibregl from "maplibre-gl/dist/maplibre-gl-csp.js";
import maplibreCss from "maplibre-gl/dist/maplibre-gl.css";
import { useEffect, useRef, useState } from "react";
import { TerraDraw, TerraDrawPolygonMode } from "terra-draw";
import { TerraDrawMapLibreGLAdapter } from "terra-draw-maplibre-gl-adapter";
import { baseStyle, BASEMAP_COLORS } from "~/components/map/style";
import { MAPLIBRE_WORKER_URL } from "~/components/map/worker";
import { roundedGeometry, type Geometry } from "./polygon";

// The CSP build has no inline worker: the worker script is served by the portal itself.
maplibregl.setWorkerUrl(MAPLIBRE_WORKER_URL);

interface DrawRegionProps {
  /** The grid's extent: the map opens on it. */
  bounds: { south: number; north: number; west: number; east: number };
  /** A polygon chosen before, shown to start from. */
  initial?: Geometry;
  onDone: (geometry: Geometry) => void;
}

/**
 * A map to draw the region on: MapLibre with the portal's basemap (outlines served by the portal, nothing
 * from elsewhere) and Terra Draw's polygon mode. Loaded only when the user opens it (`RegionField`), so
 * neither library is part of the page's first load.
 */
export default function DrawRegion({ bounds, initial, onDone }: DrawRegionProps) {
  const box = useRef<HTMLDivElement>(null);
  const draw = useRef<TerraDraw | null>(null);
  const [drawn, setDrawn] = useState<Geometry | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (!box.current) return;
    let cancelled = false;
    const map = new maplibregl.Map({
      container: box.current,
      style: baseStyle(),
      bounds: [
        [bounds.west, bounds.south],
        [bounds.east, bounds.north],
      ],
      attributionControl: false,
      dragRotate: false,
    });
    map.addControl(new maplibregl.NavigationControl({ showCompass: false }));
    map.on("load", () => {
      if (cancelled) return;
      map.addLayer({ id: "countries-line", type: "line", source: "countries", paint: { "line-color": BASEMAP_COLORS.border, "line-width": 0.8 } });
      const terra = new TerraDraw({
        adapter: new TerraDrawMapLibreGLAdapter({ map }),
        modes: [new TerraDrawPolygonMode({ keyEvents: { cancel: "Escape", finish: "Enter" } })],
      });
      terra.start();
      if (initial?.type === "Polygon") {
        terra.addFeatures([{ type: "Feature", properties: { mode: "polygon" }, geometry: { type: "Polygon", coordinates: [initial.coordinates[0]] } }]);
      }
      terra.setMode("polygon");
      terra.on("finish", (id) => {
        const feature = terra.getSnapshotFeature(id);
        if (feature?.geometry.type !== "Polygon") return;
        // one polygon at a time: the last one drawn
        terra.removeFeatures(terra.getSnapshot().filter((f) => f.id !== id).map((f) => f.id!));
        setDrawn(roundedGeometry({ type: "Polygon", coordinates: feature.geometry.coordinates as number[][][] }));
      });
      draw.current = terra;
      setReady(true);
    });
    return () => {
      cancelled = true;
      draw.current?.stop();
      draw.current = null;
      map.remove();
    };
    // the map is made once per opening
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className="sacap-od-draw">
      {/* the map library's own sheet, with the library: never part of the page's first load */}
      <link rel="stylesheet" href={maplibreCss} />
      <p className="sacap-od-hint" id="od-draw-help">
        Click on the map to place the corners of your region; click the first corner, or press Enter, to close it. Escape starts again.
        Drawing needs a pointer (mouse, pen or touch): with the keyboard alone, type the region's vertices above, or upload it as a GeoJSON file or a zipped shapefile.
      </p>
      <div ref={box} className="sacap-od-draw__map" role="application" aria-label="Map to draw your region on" aria-describedby="od-draw-help" data-ready={ready || undefined} />
      <div className="sacap-od-draw__actions">
        <Button size="small" intent="primary" text="Use this polygon" disabled={!drawn} onClick={() => drawn && onDone(drawn)} />
        <Button
          size="small"
          text="Clear"
          disabled={!ready}
          onClick={() => {
            draw.current?.clear();
            setDrawn(null);
          }}
        />
      </div>
    </div>
  );
}
