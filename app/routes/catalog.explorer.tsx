import { useLoaderData } from "@remix-run/react";
import { ViewerPage } from "~/features/maps/ViewerPage";
import { VIEWER_HANDLE } from "~/features/maps/regions";
import { mapLinks } from "~/features/maps/links";
import { routeMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { viewerLoader } from "~server/api/viewer-routes.server";

export const loader = /* @__PURE__ */ viewerLoader([], (all) => all.filter((l) => ["era5_land", "mswep", "chirps"].includes(l.filter.source)));

/** A map viewer: fixed height, with skip links to its map, legend and layer list. */
export const handle: RouteHandle = VIEWER_HANDLE;
export const links = mapLinks;

export default function CatalogExplorerRoute() {
  const { config, layers } = useLoaderData<typeof loader>();
  return (
    <ViewerPage
      path="/catalog/explorer"
      layers={layers}
      config={config}
      filters
      about={<p>Climate reanalysis and precipitation sources: ERA5-Land reanalysis temperature and precipitation, MSWEP and CHIRPS precipitation. Filter by source, variable and period.</p>}
    />
  );
}

export const meta = routeMeta("/catalog/explorer");
