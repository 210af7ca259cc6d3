import type { Cmip6Model, Geo, Indicator, Scenario } from "~/features/cmip6/schema";
import type { CatalogEntry, ClimateMetadata, Facet, MenuCategory } from "~/features/catalog/schema";
import type { ModelVariables } from "~/features/cmip6/availabilitySchema";
import type { AezModule } from "~/features/pyaez/schema";
import type { ViewerLayer } from "~/features/viewer/schema";
import type { WarmingLevels } from "~/features/cmip6/warmingLevels";

/**
 * The reference endpoints of the /api contract: the ten of spec section 7, and the model-variable
 * availability of the archive and the global warming-level windows of the models. Path under /api, the seed that answers it, and whether its content is
 * illustrative sample data rather than fact.
 */
export const API_LISTS = {
  getGeos: { path: "cmip6/list/geos", seed: "geos", sample: false },
  getIndicators: { path: "cmip6/list/indicators", seed: "indicators", sample: false },
  getCmip6Models: { path: "cmip6/list/cmip6Models", seed: "cmip6Models", sample: false },
  getScenarios: { path: "cmip6/list/scenarios", seed: "scenarios", sample: false },
  getModelVariables: { path: "cmip6/list/model-variables", seed: "modelVariables", sample: false },
  getAezModules: { path: "pyaez/list/modules", seed: "pyaezModules", sample: false },
  getCatalogData: { path: "catalog_data", seed: "catalogData", sample: true },
  getMenuFacets: { path: "menu/facet", seed: "menuFacets", sample: false },
  getMenuCategories: { path: "menu/category", seed: "menuCategories", sample: false },
  getClimateMetadata: { path: "menu/catalog_climate_metadata", seed: "climateMetadata", sample: false },
  getViewerLayers: { path: "viewer/cmip6", seed: "viewerLayers", sample: true },
  getWarmingLevels: { path: "cmip6/list/warming-levels", seed: "warmingLevels", sample: false },
} as const;

export type ApiListName = keyof typeof API_LISTS;

/** What each reference endpoint answers. */
export interface ApiListResults {
  getGeos: Geo[];
  getIndicators: Indicator[];
  getCmip6Models: Cmip6Model[];
  getScenarios: Scenario[];
  getModelVariables: ModelVariables;
  getAezModules: AezModule[];
  getCatalogData: CatalogEntry[];
  getMenuFacets: Facet[];
  getMenuCategories: MenuCategory[];
  getClimateMetadata: ClimateMetadata;
  getViewerLayers: ViewerLayer[];
  getWarmingLevels: WarmingLevels;
}

export const API_LIST_NAMES = Object.keys(API_LISTS) as ApiListName[];

/** Header that marks responses whose content is illustrative sample data. */
export const SAMPLE_DATA_HEADER = "X-Sample-Data";

/** Cache policy of reference data: fresh for five minutes, then served stale while revalidating. */
export const REFERENCE_CACHE_CONTROL = "public, max-age=300, stale-while-revalidate=86400";
