import { api } from "./api";
import { API_LISTS, type ApiListResults } from "./contract";

/** RTK Query endpoints of the ten reference lists; loaders prime them so first renders request nothing. */
export const referenceApi = api.injectEndpoints({
  endpoints: (build) => ({
    getGeos: build.query<ApiListResults["getGeos"], void>({ query: () => API_LISTS.getGeos.path, providesTags: ["Geo"] }),
    getIndicators: build.query<ApiListResults["getIndicators"], void>({
      query: () => API_LISTS.getIndicators.path,
      providesTags: ["Indicator"],
    }),
    getCmip6Models: build.query<ApiListResults["getCmip6Models"], void>({
      query: () => API_LISTS.getCmip6Models.path,
      providesTags: ["Cmip6Model"],
    }),
    getScenarios: build.query<ApiListResults["getScenarios"], void>({
      query: () => API_LISTS.getScenarios.path,
      providesTags: ["Scenario"],
    }),
    getModelVariables: build.query<ApiListResults["getModelVariables"], void>({ query: () => API_LISTS.getModelVariables.path }),
    getWarmingLevels: build.query<ApiListResults["getWarmingLevels"], void>({ query: () => API_LISTS.getWarmingLevels.path }),
    getAezModules: build.query<ApiListResults["getAezModules"], void>({
      query: () => API_LISTS.getAezModules.path,
      providesTags: ["AezModule"],
    }),
    getCatalogData: build.query<ApiListResults["getCatalogData"], void>({
      query: () => API_LISTS.getCatalogData.path,
      providesTags: ["CatalogEntry"],
    }),
    getMenuFacets: build.query<ApiListResults["getMenuFacets"], void>({ query: () => API_LISTS.getMenuFacets.path }),
    getMenuCategories: build.query<ApiListResults["getMenuCategories"], void>({
      query: () => API_LISTS.getMenuCategories.path,
      providesTags: ["MenuCategory"],
    }),
    getClimateMetadata: build.query<ApiListResults["getClimateMetadata"], void>({
      query: () => API_LISTS.getClimateMetadata.path,
    }),
    getViewerLayers: build.query<ApiListResults["getViewerLayers"], void>({
      query: () => API_LISTS.getViewerLayers.path,
      providesTags: ["ViewerLayer"],
    }),
  }),
});

export const {
  useGetGeosQuery,
  useGetIndicatorsQuery,
  useGetCmip6ModelsQuery,
  useGetScenariosQuery,
  useGetAezModulesQuery,
  useGetCatalogDataQuery,
  useGetMenuFacetsQuery,
  useGetMenuCategoriesQuery,
  useGetClimateMetadataQuery,
  useGetViewerLayersQuery,
  useGetModelVariablesQuery,
  useGetWarmingLevelsQuery,
} = referenceApi;
