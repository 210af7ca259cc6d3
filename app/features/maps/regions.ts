import type { RouteHandle } from "~/lib/route-handle";

/**
 * The map viewer's regions, each an element id with `tabIndex={-1}`: the map's slot (focus given to it goes
 * on to the map itself, app/components/map/MapView.tsx), the legend over the map and the "Layers" heading.
 * Before the map come the choropleth's form, the filter selects and three controls for each layer (on the
 * CMIP6 viewer some hundred Tab stops): the skip links and the key below reach it in a few key presses.
 */
export const VIEWER_REGIONS = { map: "viewer-map", legend: "viewer-legend", layers: "viewer-layers" } as const;

/**
 * The route handle of every map viewer page: fixed height (the page does not scroll, its panes do) and
 * skip links to the map, the legend and the layer list, right after "Skip to content" (app/root.tsx), as
 * plain fragment links that work without JavaScript.
 */
export const VIEWER_HANDLE: RouteHandle = {
  fixedHeight: true,
  skipLinks: [
    { href: `#${VIEWER_REGIONS.map}`, label: "Skip to the map" },
    { href: `#${VIEWER_REGIONS.legend}`, label: "Skip to the legend" },
    { href: `#${VIEWER_REGIONS.layers}`, label: "Skip to the layer list" },
  ],
};

/** The key that focuses the map on a viewer page (listed by `?` and in the user guide's shortcuts). */
export const FOCUS_MAP_KEY = "m";
