import { json, type LoaderFunctionArgs } from "@remix-run/node";
import type { ApiListName } from "../../app/store/contract";
import type { ViewerLayer } from "../../app/features/viewer/schema";

/**
 * Loader of a viewer page: the reference lists it reads (primed into the RTK Query cache), the map
 * settings, and the page's layers: those of `seeds/viewer-pages.json` for `page`, or the CMIP6 layer
 * seed filtered by `select`. The page seed is imported on demand so its schema stays out of the browser.
 */
export function viewerLoader(lists: ApiListName[], select: ((all: ViewerLayer[]) => ViewerLayer[]) | string = () => []) {
  return async ({ context }: LoaderFunctionArgs) => {
    const all = context.reference.list("getViewerLayers") as ViewerLayer[];
    const layers = typeof select === "string" ? (await import("./viewer-pages.server")).pageLayers(select) : select(all);
    return json({ apiCache: context.reference.cacheEntries(lists), config: { baseUrl: context.env.WMS_BASE_URL, externalHosts: context.env.WMS_EXTERNAL_HOSTS, mapboxToken: context.env.MAPBOX_ACCESS_TOKEN }, layers });
  };
}
