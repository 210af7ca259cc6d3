import { api } from "~/store/api";
import { DEFAULT_DROUGHT_SCALE } from "../cmip6/droughtQuery";
import type { LivestockView } from "./livestockView";
import { analysisQueryString, DEFAULT_THI_DEFINITION, DEFAULT_THI_SPECIES, type AnalysisSelection } from "./selection";
import type { WaterView } from "./waterView";

/**
 * The views of the water-balance and livestock heat-stress pages (decision 026), under
 * `/api/views/analytics/…`. The argument is the view's query string: the selection's fields the page reads,
 * defaults left out (`analysisQueryString`), so the entry a page's loader primes and the one its component
 * asks for are the same.
 */

export const WATER_VIEW_PATH = "views/analytics/climate-water";
export const LIVESTOCK_VIEW_PATH = "views/analytics/climate-livestock";

/** The water page reads the place, scenario, baseline and window. */
export const waterViewArg = (s: AnalysisSelection) =>
  analysisQueryString({ ...s, scale: DEFAULT_DROUGHT_SCALE.monthly, species: DEFAULT_THI_SPECIES, thi: DEFAULT_THI_DEFINITION });
/** The livestock page reads the species and the THI definition besides. */
export const livestockViewArg = (s: AnalysisSelection) => analysisQueryString({ ...s, scale: DEFAULT_DROUGHT_SCALE.monthly });

export const waterLivestockApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWaterView: build.query<WaterView, string>({ query: (arg) => `${WATER_VIEW_PATH}?${arg}` }),
    getLivestockView: build.query<LivestockView, string>({ query: (arg) => `${LIVESTOCK_VIEW_PATH}?${arg}` }),
  }),
});

export const { useGetWaterViewQuery, useGetLivestockViewQuery } = waterLivestockApi;
