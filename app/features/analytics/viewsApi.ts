import { api } from "~/store/api";
import { DROUGHT_SCALES } from "../cmip6/droughtQuery";
import { THI_DEFINITIONS, THI_SPECIES } from "../cmip6/livestockHeat";
import { WINDOW_CHOICES } from "../cmip6/warmingLevels";
import type { ClimateCropView } from "./climateCropView";
import type { ClimateVariabilityView } from "./climateVariabilityView";
import type { LivestockView } from "./livestockView";
import type { WaterView } from "./waterView";
import { ANALYSIS_BASELINES, ANALYSIS_SCENARIOS, type AnalysisSelection } from "./selection";

/**
 * The views of the analysis pages (decision 026): what each page shows, built on the server from the
 * series and primed by its loader; later navigations fetch them from `/api/views/analytics/<page>`.
 * A page with a view is one entry here, one in `ANALYSIS_VIEW_FIELDS` and one in the server's builders
 * (server/analytics/views.server.ts).
 */
export interface AnalysisViews {
  "climate-crop": ClimateCropView;
  "climate-variability": ClimateVariabilityView;
  "climate-water": WaterView;
  "climate-livestock": LivestockView;
}
export type AnalysisViewPage = keyof AnalysisViews;

/** A selector of the analysis form besides the place: a parameter of the view endpoints. */
export type AnalysisField = "scenario" | "baseline" | "window" | "scale" | "species" | "thi";

/** The values each parameter accepts, as the selection's URL writes them. */
export const ANALYSIS_FIELD_VALUES: Readonly<Record<AnalysisField, readonly string[]>> = {
  scenario: ANALYSIS_SCENARIOS.map((s) => s.code),
  baseline: ANALYSIS_BASELINES.map((b) => b.label),
  window: WINDOW_CHOICES.map((w) => w.code),
  scale: DROUGHT_SCALES.map(String),
  species: THI_SPECIES.map((s) => s.code),
  thi: THI_DEFINITIONS.map((d) => d.code),
};

/** The selectors each view depends on besides the place (its endpoint's parameters, in this order). */
export const ANALYSIS_VIEW_FIELDS: { readonly [P in AnalysisViewPage]: readonly AnalysisField[] } = {
  "climate-crop": ["scenario", "baseline", "window"],
  "climate-variability": ["scenario", "baseline", "scale"],
  "climate-water": ["scenario", "baseline", "window"],
  "climate-livestock": ["scenario", "baseline", "window", "species", "thi"],
};

/** The path of a page's view endpoint, under /api. */
export const analysisViewPath = (page: AnalysisViewPage) => `views/analytics/${page}`;

/** The argument of a view query: the page and its canonical query string (the place, then every field). */
export interface AnalysisViewArg {
  page: AnalysisViewPage;
  query: string;
}

/** The value of one field of a selection, as its URL parameter writes it. */
export function analysisFieldValue(selection: AnalysisSelection, field: AnalysisField): string {
  switch (field) {
    case "scenario":
      return selection.scenario;
    case "baseline":
      return selection.baseline.label;
    case "window":
      return selection.window.code;
    case "scale":
      return String(selection.scale);
    case "species":
      return selection.species;
    case "thi":
      return selection.thi;
  }
}

/**
 * The view query of a page for a selection: every field the view depends on written out (defaults too), so
 * the loader's primed entry and the page's query are one cache entry.
 */
export function analysisViewArg(page: AnalysisViewPage, selection: AnalysisSelection): AnalysisViewArg {
  const params = new URLSearchParams({ geo: selection.geo });
  for (const field of ANALYSIS_VIEW_FIELDS[page]) params.set(field, analysisFieldValue(selection, field));
  return { page, query: params.toString() };
}

export const analysisViewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAnalysisView: build.query<AnalysisViews[AnalysisViewPage], AnalysisViewArg>({
      query: ({ page, query }) => `${analysisViewPath(page)}?${query}`,
      serializeQueryArgs: ({ endpointName, queryArgs }) => `${endpointName}(${queryArgs.page}?${queryArgs.query})`,
    }),
  }),
});

/**
 * The view of a page for a selection: the one for this selection only (`undefined` while another
 * selection's is still the latest), so a page never shows one selection's numbers under another's labels.
 */
export function useAnalysisView<P extends AnalysisViewPage>(page: P, selection: AnalysisSelection): { data?: AnalysisViews[P]; isError: boolean } {
  const result = analysisViewsApi.useGetAnalysisViewQuery(analysisViewArg(page, selection));
  return { data: result.currentData as AnalysisViews[P] | undefined, isError: result.isError };
}
