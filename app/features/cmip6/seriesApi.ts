import { api } from "~/store/api";
import type { SeriesResponse } from "./series";
import { SERIES_PATHS, seriesQueryString, type SeriesFrequency, type SeriesQuery } from "./seriesQuery";

/** The request of one series query: path and canonical query string. */
export const seriesRequestUrl = (frequency: SeriesFrequency, query: SeriesQuery) =>
  `${SERIES_PATHS[frequency]}?${seriesQueryString(query)}`;

/**
 * Series endpoints. Arguments are cached under their canonical query string, so equal selections
 * written differently (scenario order, `ensemble` or no model) share one cache entry and one request.
 */
export const seriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMonthlySeries: build.query<SeriesResponse, SeriesQuery>({
      query: (query) => seriesRequestUrl("monthly", query),
      serializeQueryArgs: ({ endpointName, queryArgs }) => `${endpointName}(${seriesQueryString(queryArgs)})`,
    }),
    getAnnualSeries: build.query<SeriesResponse, SeriesQuery>({
      query: (query) => seriesRequestUrl("annual", query),
      serializeQueryArgs: ({ endpointName, queryArgs }) => `${endpointName}(${seriesQueryString(queryArgs)})`,
    }),
  }),
});

export const { useGetMonthlySeriesQuery, useGetAnnualSeriesQuery } = seriesApi;
