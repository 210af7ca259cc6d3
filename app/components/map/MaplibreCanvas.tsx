import maplibregl from "maplibre-gl/dist/maplibre-gl-csp.js";
import { Layer, Map, Marker, NavigationControl, Source } from "react-map-gl/maplibre";
import { makeCanvas } from "./canvas-core";
import { MAPLIBRE_WORKER_URL } from "./worker";

// The CSP build has no inline worker: the worker script is served by the portal itself.
maplibregl.setWorkerUrl(MAPLIBRE_WORKER_URL);

export default makeCanvas({ Map, Source, Layer, Marker, NavigationControl, mapLib: maplibregl });
