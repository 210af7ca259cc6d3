import type { LinksFunction } from "@remix-run/node";
import mapsHref from "../../../styles/maps.css";

/**
 * Stylesheets of the map pages only. The map library's own stylesheet is linked when the library loads
 * (app/components/map/MapView.tsx): the server-drawn map before it needs none.
 */
export const mapLinks: LinksFunction = () => [{ rel: "stylesheet", href: mapsHref }];
