import type { LinksFunction } from "@remix-run/node";
import maplibreHref from "maplibre-gl/dist/maplibre-gl.css";
import mapsHref from "../../../styles/maps.css";

/** Stylesheets of the map pages only. */
export const mapLinks: LinksFunction = () => [
  { rel: "stylesheet", href: maplibreHref },
  { rel: "stylesheet", href: mapsHref },
];
