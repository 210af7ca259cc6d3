import { api } from "~/store/api";
import type { ExplorerPageView } from "./view";

/** The explorer's view of a selection (decision 026), by its argument (`explorerViewArg`): primed by the loader, fetched after. */
export const explorerApi = api.injectEndpoints({
  endpoints: (build) => ({
    getExplorerView: build.query<ExplorerPageView, string>({
      query: (arg) => `/views/cmip6-data${arg ? `?${arg}` : ""}`,
    }),
  }),
});

export const { useGetExplorerViewQuery } = explorerApi;
