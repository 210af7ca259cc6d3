import { useLoaderData } from "@remix-run/react";
import { ViewerPage } from "~/features/maps/ViewerPage";
import { VIEWER_HANDLE } from "~/features/maps/regions";
import { mapLinks } from "~/features/maps/links";
import { routeMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { viewerLoader } from "~server/api/viewer-routes.server";

export const loader = /* @__PURE__ */ viewerLoader([], "/glofas");

/** A map viewer: fixed height, with skip links to its map, legend and layer list. */
export const handle: RouteHandle = VIEWER_HANDLE;
export const links = mapLinks;

export default function GlofasRoute() {
  const { config, layers } = useLoaderData<typeof loader>();
  return (
    <ViewerPage
      path="/glofas"
      layers={layers}
      config={config}
      timeSteps
      about={<p>Global Flood Awareness System (GloFAS, Copernicus Emergency Management Service): forecast river discharge shown as the return period it exceeds, one map per month. The layers come from the portal&apos;s map server.</p>}
    />
  );
}

export const meta = routeMeta("/glofas");
