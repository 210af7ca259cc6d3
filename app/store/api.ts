import { createApi, fetchBaseQuery } from "@reduxjs/toolkit/query/react";

/** Reference lists stay fresh for five minutes, as the /api Cache-Control says. */
export const API_CACHE_SECONDS = 300;

/**
 * The one RTK Query API of the portal (base URL /api). Features add their endpoints with
 * `api.injectEndpoints` in their own folder.
 */
export const api = createApi({
  reducerPath: "api",
  baseQuery: fetchBaseQuery({ baseUrl: "/api" }),
  keepUnusedDataFor: API_CACHE_SECONDS,
  tagTypes: ["Geo", "Indicator", "Cmip6Model", "Scenario", "AezModule", "CatalogEntry", "MenuCategory", "ViewerLayer"],
  endpoints: () => ({}),
});
