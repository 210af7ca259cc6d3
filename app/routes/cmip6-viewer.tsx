import { useLoaderData } from "@remix-run/react";
import { ViewerPage } from "~/features/maps/ViewerPage";
import { VIEWER_HANDLE } from "~/features/maps/regions";
import { mapLinks } from "~/features/maps/links";
import { QueryState } from "~/components/QueryState";
import type { MapConfig } from "~/features/maps/config";
import type { Cmip6ViewerView } from "~/features/maps/viewerView";
import { routeMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { useGetCmip6ViewerViewQuery } from "~/features/maps/mapsApi";
import { viewerLoader } from "~server/api/viewer-routes.server";

/** The page's view (layers, selects, regions) and the map's values, primed (decision 026). */
export const loader = /* @__PURE__ */ viewerLoader([], () => [], { choropleth: true });

/** A map viewer: fixed height, with skip links to its map, legend and layer list. */
export const handle: RouteHandle = VIEWER_HANDLE;
export const links = mapLinks;

export default function Cmip6ViewerRoute() {
  const { config, outlines } = useLoaderData<typeof loader>();
  // primed on a first load; after a navigation in the portal the page waits for it (its state starts from it)
  const view = useGetCmip6ViewerViewQuery();
  return (
    <QueryState what="map viewer" data={view.data} isError={view.isError}>
      {(data) => <Cmip6Viewer view={data} config={config} outlines={outlines} />}
    </QueryState>
  );
}

function Cmip6Viewer({ view, config, outlines }: { view: Cmip6ViewerView; config: MapConfig; outlines: string[] }) {
  return (
    <ViewerPage
      path="/cmip6-viewer"
      layers={view.layers}
      config={config}
      filters
      choropleth={view}
      outlines={outlines}
      about={
        <>
          <p>
            The choropleth shows the climatology of each country, river basin, or state and province over the chosen period
            from the CMIP6 series of the portal: one model&apos;s mean of the annual values, or the median of the models&apos; means (every model the
            archive has the variable for, or the models of a named subset), left empty with fewer than 90 % of the period&apos;s
            years.
          </p>
          <p>
            A global warming level (+1.5, +2, +3 or +4 °C above 1850-1900, under SSP2-4.5 or SSP5-8.5) takes each model over
            its own 20 years in which its global warming first exceeds the level, as the IPCC AR6 Atlas takes warming levels
            (windows from the table of Hauser et al., doi:10.5281/zenodo.3591806, licence CC BY-SA 4.0; the map&apos;s notes
            name its version); models that do not reach the level are left out and named. &quot;Change from
            1995-2014&quot; shows the median of the models&apos; changes from their own 1995-2014 climatology; regions where fewer
            than 80 % of the models agree on the sign of the change are hatched (the IPCC AR6 simple approach), and the region
            list says the agreement in words.
          </p>
          <p>
            &quot;Grid (0.25° cells)&quot; paints the same statistics per grid cell: for each model its change from its own
            1995-2014 mean, then the ensemble median, 10th and 90th percentiles and the share of models agreeing on the sign
            (IPCC AR6 WGI Atlas methods; hatched where fewer than 80 % agree), for a 20-year window or a warming level, a
            scenario and a season. Click a cell, or focus the map and use the arrow keys and Enter, to read its values; the
            legend links the field as NetCDF (CF-1.8), GeoTIFF and PNG.
          </p>
          <p>
            The layers are gridded climatologies and projections (World Bank CCKP, MSWEP, CHIRPS, ERA5-Land, RIMES) served as
            WMS by the portal&apos;s map server. Basin outlines are approximate; the notes under the map name the source of the
            states&apos; and provinces&apos; outlines and the countries whose units are not today&apos;s.
          </p>
        </>
      }
    />
  );
}

export const meta = routeMeta("/cmip6-viewer");
