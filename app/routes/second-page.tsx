import { useLoaderData } from "@remix-run/react";
import { ViewerPage } from "~/features/maps/ViewerPage";
import { VIEWER_HANDLE } from "~/features/maps/regions";
import { mapLinks } from "~/features/maps/links";
import { routeMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { viewerLoader } from "~server/api/viewer-routes.server";

export const loader = /* @__PURE__ */ viewerLoader([], (all) => all.filter((l) => l.filter.type === "decadal"));

/** A map viewer: fixed height, with skip links to its map, legend and layer list. */
export const handle: RouteHandle = VIEWER_HANDLE;
export const links = mapLinks;

export default function SecondPageRoute() {
  const { config, layers } = useLoaderData<typeof loader>();
  return (
    <ViewerPage
      path="/second-page"
      layers={layers}
      config={config}
      timeSteps
      about={<p>Decadal rainfall: annual precipitation totals per decade (1980-89 to 2020-23) from MSWEP, CHIRPS and ERA5-Land. Choose a decade with the time step.</p>}
    />
  );
}

export const meta = routeMeta("/second-page");
