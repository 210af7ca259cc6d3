import { api } from "~/store/api";
import { choroplethQueryString, type ChoroplethQuery, type ChoroplethResponse } from "./choropleth";

/** Per-region period means for the map choropleth (`/api/viewer/choropleth`). */
export const mapsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getChoropleth: build.query<ChoroplethResponse, ChoroplethQuery>({
      query: (q) => `viewer/choropleth?${choroplethQueryString(q)}`,
      serializeQueryArgs: ({ endpointName, queryArgs }) => `${endpointName}(${choroplethQueryString(queryArgs)})`,
    }),
  }),
});

export const { useGetChoroplethQuery } = mapsApi;
