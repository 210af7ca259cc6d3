import { useLoaderData } from "@remix-run/react";
import { ViewerPage } from "~/features/maps/ViewerPage";
import { VIEWER_HANDLE } from "~/features/maps/regions";
import { mapLinks } from "~/features/maps/links";
import { routeMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { viewerLoader } from "~server/api/viewer-routes.server";

export const loader = /* @__PURE__ */ viewerLoader([], "/lhasa");

/** A map viewer: fixed height, with skip links to its map, legend and layer list. */
export const handle: RouteHandle = VIEWER_HANDLE;
export const links = mapLinks;

export default function LhasaRoute() {
  const { config, layers } = useLoaderData<typeof loader>();
  return (
    <ViewerPage
      path="/lhasa"
      layers={layers}
      config={config}

      about={<p>Landslides: NASA&apos;s global landslide susceptibility map and the LHASA 2 nowcast of landslide hazard, which combines susceptibility with recent rainfall.</p>}
    />
  );
}

export const meta = routeMeta("/lhasa");
