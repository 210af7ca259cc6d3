import { useCallback, useEffect, useMemo, useRef, useState, type ComponentType } from "react";
import { ImageLayers } from "./imageLayer";
import { baseStyle, BASEMAP_COLORS, GEO_URLS } from "./style";
import type { MapCanvasProps, RegionGeotype } from "./types";

/* The parts of react-map-gl this canvas uses; the maplibre and mapbox entry points both provide them. */
/* eslint-disable @typescript-eslint/no-explicit-any */
export interface MapLibrary {
  Map: ComponentType<any>;
  Source: ComponentType<any>;
  Layer: ComponentType<any>;
  Marker: ComponentType<any>;
  NavigationControl: ComponentType<any>;
  mapLib: unknown;
  /** Extra options of the renderer (access token for mapbox). */
  options?: Record<string, unknown>;
}

/**
 * Each kind of region the map colours: the source it is drawn from, the layer the pointer finds it in, and
 * the property that holds its code. The states and provinces are a source of their own, added only while
 * the map colours them (their outlines are loaded then).
 */
const REGION_LAYERS: Record<RegionGeotype, { source: string; fill: string; property: string }> = {
  Country: { source: "countries", fill: "countries-fill", property: "iso3" },
  Basin: { source: "basins", fill: "basins-fill", property: "code" },
  State: { source: "states", fill: "states-fill", property: "code" },
};
const FILL_LAYERS = Object.values(REGION_LAYERS).map((r) => r.fill);

/** The region code of a feature the pointer found. */
function featureCode(feature: { layer?: { id?: string }; properties?: Record<string, unknown> } | undefined): string | null {
  const kind = Object.values(REGION_LAYERS).find((r) => r.fill === feature?.layer?.id);
  const code = kind ? feature?.properties?.[kind.property] : undefined;
  return typeof code === "string" ? code : null;
}

function matchColor(property: string, colors: Record<string, string>, fallback: string): unknown {
  const pairs = Object.entries(colors).flat();
  return pairs.length ? ["match", ["get", property], ...pairs, fallback] : fallback;
}

/** The image of hatched regions: dark diagonal lines on transparency, made here (nothing downloaded). */
export const HATCH_IMAGE = "sacap-hatch";
export function hatchImage(size = 8): { width: number; height: number; data: Uint8Array } {
  const data = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      // lines from lower left to upper right, continuous across tiles of the pattern
      if ((x + y + 1) % size > 1) continue;
      data.set([34, 34, 34, 220], (y * size + x) * 4);
    }
  }
  return { width: size, height: size, data };
}

/** The map canvas on one renderer: basemap, rasters, choropleth, hover and selection. */
export function makeCanvas(lib: MapLibrary) {
  const { Map, Source, Layer, Marker, NavigationControl } = lib;
  return function MapCanvas(props: MapCanvasProps) {
    const { center, zoom, onMove, rasters, images, fill, showBasins, selected, onHover, onSelect, onRasterError, labels, label, handleRef } = props;
    const mapRef = useRef<any>(null);
    const style = useMemo(() => baseStyle() as any, []);
    const errorRef = useRef(onRasterError);
    errorRef.current = onRasterError;
    const loadRef = useRef(props.onLoad);
    loadRef.current = props.onLoad;

    useEffect(() => {
      if (!handleRef) return;
      handleRef.current = {
        toPng: () =>
          new Promise((resolve) => {
            const map = mapRef.current?.getMap();
            map.once("render", () => resolve(map.getCanvas().toDataURL("image/png")));
            map.triggerRepaint();
          }),
        regionsInView: (geotype) => {
          const map = mapRef.current?.getMap();
          if (!map) return [];
          const { fill, property } = REGION_LAYERS[geotype];
          if (!map.getLayer(fill)) return [];
          const features: { properties?: Record<string, unknown> }[] = map.queryRenderedFeatures(undefined, { layers: [fill] });
          return [...new Set(features.map((f) => f.properties?.[property]).filter((c): c is string => typeof c === "string"))];
        },
      };
    }, [handleRef]);

    const [hatchReady, setHatchReady] = useState(false);
    const onLoad = useCallback(() => {
      const map = mapRef.current?.getMap();
      map?.getCanvas().setAttribute("aria-label", label);
      if (map && !map.hasImage(HATCH_IMAGE)) map.addImage(HATCH_IMAGE, hatchImage(), { pixelRatio: 1 });
      setHatchReady(true);
    }, [label]);
    // loaded for the reader once the layers added at load (hatching) have drawn: the next idle map
    useEffect(() => {
      const map = mapRef.current?.getMap();
      if (!hatchReady || !map) return;
      const done = () => loadRef.current?.();
      map.once("idle", done);
      map.triggerRepaint();
      return () => map.off("idle", done);
    }, [hatchReady]);
    // from the map's creation on: a layer switched on before the map has loaded may fail before it does
    const onError = useCallback((e: { sourceId?: string; error?: unknown }) => {
      if (e.sourceId?.startsWith("raster-")) errorRef.current?.(e.sourceId.slice("raster-".length));
      // other errors are logged, as the map component does when no handler is given
      else console.error(e.error);
    }, []);

    const fillOf = (geotype: RegionGeotype) => (fill?.geotype === geotype ? matchColor(REGION_LAYERS[geotype].property, fill.colors, "rgba(0,0,0,0)") : "rgba(0,0,0,0)");
    // the selection and the hatching are of the choropleth's regions (countries without one)
    const regions = REGION_LAYERS[fill?.geotype ?? "Country"];

    return (
      <Map
        ref={mapRef}
        mapLib={lib.mapLib}
        {...lib.options}
        {...(props.mapboxToken ? { mapboxAccessToken: props.mapboxToken } : {})}
        initialViewState={{ longitude: center[0], latitude: center[1], zoom }}
        longitude={center[0]}
        latitude={center[1]}
        zoom={zoom}
        onMove={(e: any) => onMove?.([e.viewState.longitude, e.viewState.latitude], e.viewState.zoom)}
        mapStyle={style}
        style={{ width: "100%", height: "100%" }}
        attributionControl={false}
        preserveDrawingBuffer
        canvasContextAttributes={{ preserveDrawingBuffer: true }}
        dragRotate={false}
        touchPitch={false}
        interactiveLayerIds={FILL_LAYERS}
        onLoad={onLoad}
        onError={onError}
        onMouseMove={(e: any) => onHover?.(featureCode(e.features?.[0]))}
        onMouseLeave={() => onHover?.(null)}
        onClick={(e: any) => {
          const code = featureCode(e.features?.[0]);
          if (code) onSelect?.(code);
        }}
      >
        <NavigationControl position="top-right" showCompass={false} />
        {rasters.map((r) => (
          <Source key={r.key} id={`raster-${r.key}`} type="raster" tiles={r.tiles} tileSize={256} attribution={r.attribution}>
            <Layer id={`raster-layer-${r.key}`} type="raster" paint={{ "raster-opacity": r.opacity }} beforeId="countries-lines" />
          </Source>
        ))}
        <ImageLayers images={images ?? []} Source={Source} Layer={Layer} />
        <Layer id="countries-choropleth" type="fill" source="countries" paint={{ "fill-color": fillOf("Country") as any, "fill-opacity": 0.85 }} />
        <Layer id="countries-lines" type="line" source="countries" paint={{ "line-color": BASEMAP_COLORS.border, "line-width": 0.7 }} />
        {fill?.geotype === "State" && (
          <Source id="states" type="geojson" data={GEO_URLS.states}>
            <Layer id="states-fill" type="fill" beforeId="countries-lines" paint={{ "fill-color": fillOf("State") as any, "fill-opacity": 0.85 }} />
            <Layer id="states-lines" type="line" beforeId="countries-lines" paint={{ "line-color": BASEMAP_COLORS.border, "line-width": 0.35 }} />
          </Source>
        )}
        <Layer
          id="basins-fill"
          type="fill"
          source="basins"
          layout={{ visibility: showBasins || fill?.geotype === "Basin" ? "visible" : "none" }}
          paint={{ "fill-color": fillOf("Basin") as any, "fill-opacity": 0.85 }}
        />
        <Layer
          id="basins-lines"
          type="line"
          source="basins"
          layout={{ visibility: showBasins || fill?.geotype === "Basin" ? "visible" : "none" }}
          paint={{ "line-color": BASEMAP_COLORS.basin, "line-width": 1, "line-dasharray": [3, 1] }}
        />
        {hatchReady && fill?.hatched && (
          <Layer
            key={fill.geotype}
            id={`hatched-${fill.geotype}`}
            type="fill"
            beforeId="selected-line"
            source={regions.source}
            filter={["in", ["get", regions.property], ["literal", fill.hatched]]}
            paint={{ "fill-pattern": HATCH_IMAGE }}
          />
        )}
        <Layer
          key={regions.source}
          id="selected-line"
          type="line"
          source={regions.source}
          filter={["==", ["get", regions.property], selected ?? ""]}
          paint={{ "line-color": BASEMAP_COLORS.selected, "line-width": 3 }}
        />
        {labels?.map((l) => (
          <Marker key={l.code} longitude={l.at[0]} latitude={l.at[1]} anchor="center">
            <span className="sacap-map__label" aria-hidden="true">
              {l.name}
            </span>
          </Marker>
        ))}
      </Map>
    );
  };
}
