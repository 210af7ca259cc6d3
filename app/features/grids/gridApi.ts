import { api } from "~/store/api";
import { GRID_API, type GridFieldResponse, type GridPointResponse } from "./grid";
import { summaryOfResponse, type GridSummary } from "./gridSummary";

/** A grid API path relative to the API's base URL (`/api`). */
const relative = (path: string) => path.replace(/^\/api\//, "");

/**
 * The map viewer's grid requests. `getGridSummary` takes the field's parameters (`gridParams(...)` as a
 * string, without the scale) and keeps the field answer without its values (the picture is the image);
 * `getGridPoint` takes the same parameters with `lat` and `lon`.
 */
export const gridApi = api.injectEndpoints({
  endpoints: (build) => ({
    // null: the store has no such field (what the page's loader primes then; a later request answers 404)
    getGridSummary: build.query<GridSummary | null, string>({
      query: (params) => `${relative(GRID_API.field)}?${params}`,
      transformResponse: (response: GridFieldResponse) => summaryOfResponse(response),
    }),
    getGridPoint: build.query<GridPointResponse, string>({
      query: (params) => `${relative(GRID_API.point)}?${params}`,
    }),
  }),
});

export const { useGetGridSummaryQuery, useGetGridPointQuery } = gridApi;
