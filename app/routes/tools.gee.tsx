import { useLoaderData } from "@remix-run/react";
import { ViewerPage } from "~/features/maps/ViewerPage";
import { VIEWER_HANDLE } from "~/features/maps/regions";
import { mapLinks } from "~/features/maps/links";
import { routeMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { viewerLoader } from "~server/api/viewer-routes.server";

export const loader = /* @__PURE__ */ viewerLoader([], "/tools/gee");

/** A map viewer: fixed height, with skip links to its map, legend and layer list. */
export const handle: RouteHandle = VIEWER_HANDLE;
export const links = mapLinks;

export default function ToolsGeeRoute() {
  const { config, layers } = useLoaderData<typeof loader>();
  return (
    <ViewerPage
      path="/tools/gee"
      layers={layers}
      config={config}

      about={<p>Soil type (ISRIC SoilGrids, most probable WRB reference soil group) and cropland extent (ESA WorldCover 2021 land cover). These public services are requested only when their hosts are enabled in the portal&apos;s settings.</p>}
    />
  );
}

export const meta = routeMeta("/tools/gee");
