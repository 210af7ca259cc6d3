import mapboxgl from "mapbox-gl";
import { Layer, Map, Marker, NavigationControl, Source } from "react-map-gl/mapbox";
import { makeCanvas } from "./canvas-core";

/** The Mapbox renderer, loaded only when a Mapbox access token is configured. */
export default function MapboxCanvas(props: Parameters<ReturnType<typeof makeCanvas>>[0]) {
  return <Canvas {...props} />;
}

const Canvas = makeCanvas({ Map, Source, Layer, Marker, NavigationControl, mapLib: mapboxgl });
