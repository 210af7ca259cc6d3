import { useLoaderData } from "@remix-run/react";
import { ViewerPage } from "~/features/maps/ViewerPage";
import { VIEWER_HANDLE } from "~/features/maps/regions";
import { mapLinks } from "~/features/maps/links";
import { routeMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { viewerLoader } from "~server/api/viewer-routes.server";

export const loader = /* @__PURE__ */ viewerLoader([], "/isimip");

/** A map viewer: fixed height, with skip links to its map, legend and layer list. */
export const handle: RouteHandle = VIEWER_HANDLE;
export const links = mapLinks;

export default function IsimipRoute() {
  const { config, layers } = useLoaderData<typeof loader>();
  return (
    <ViewerPage
      path="/isimip"
      layers={layers}
      config={config}
      timeSteps
      about={<p>Water yield projections: change in total runoff (%) from the ISIMIP3b global hydrological models against 1995-2014, for two scenarios and two future windows.</p>}
    />
  );
}

export const meta = routeMeta("/isimip");
