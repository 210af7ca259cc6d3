import { useLoaderData } from "@remix-run/react";
import { ViewerPage } from "~/features/maps/ViewerPage";
import { mapLinks } from "~/features/maps/links";
import { routeMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { useGetViewerLayersQuery } from "~/store/reference";
import { viewerLoader } from "../../server/api/viewer-routes.server";

export const loader = viewerLoader(["getViewerLayers", "getGeos", "getIndicators", "getCmip6Models"], () => [], { choropleth: true });

export const handle: RouteHandle = { fixedHeight: true };
export const links = mapLinks;

export default function Cmip6ViewerRoute() {
  const { config } = useLoaderData<typeof loader>();
  const layers = useGetViewerLayersQuery().data ?? [];
  return (
    <ViewerPage
      path="/cmip6-viewer"
      layers={layers}
      config={config}
      filters
      choropleth
      about={
        <p>
          The choropleth shows each country&apos;s or river basin&apos;s climatology over the chosen period from the CMIP6 series
          of the portal: one model&apos;s mean of the annual values, or the ensemble median of the models&apos; means (every model
          the archive has the variable for), left empty with fewer than 90 % of the period&apos;s years. The layers are gridded climatologies and
          projections (World Bank CCKP, MSWEP, CHIRPS, ERA5-Land, RIMES) served as WMS by the portal&apos;s map server. Basin
          outlines are approximate.
        </p>
      }
    />
  );
}

export const meta = routeMeta("/cmip6-viewer");
