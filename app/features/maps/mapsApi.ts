import { api } from "~/store/api";
import { choroplethQueryString, type ChoroplethQuery, type ChoroplethResponse } from "./choropleth";
import type { Cmip6ViewerView } from "./viewerView";

/**
 * Per-region period means for the map choropleth (`/api/viewer/choropleth`), and the view of
 * `/cmip6-viewer` (`/api/views/cmip6-viewer`: its layers, selects and regions; decision 026).
 */
export const mapsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getChoropleth: build.query<ChoroplethResponse, ChoroplethQuery>({
      query: (q) => `viewer/choropleth?${choroplethQueryString(q)}`,
      serializeQueryArgs: ({ endpointName, queryArgs }) => `${endpointName}(${choroplethQueryString(queryArgs)})`,
    }),
    getCmip6ViewerView: build.query<Cmip6ViewerView, void>({
      query: () => "views/cmip6-viewer",
    }),
  }),
});

export const { useGetChoroplethQuery, useGetCmip6ViewerViewQuery } = mapsApi;
