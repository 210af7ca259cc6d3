import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { parseAnalysisSelection, type AnalysisSelection } from "../../app/features/analytics/selection";
import type { SeriesFrequency, SeriesQuery } from "../../app/features/cmip6/seriesQuery";
import type { WarmingLevels } from "../../app/features/cmip6/warmingLevels";
import type { ApiCacheEntry } from "../../app/store/prime";

/**
 * Loader of an analysis page: reads the selection from the URL and primes the cache with the geo list,
 * the model-variable availability (for the method notes), the warming-level table (the window choice
 * offers the levels) and every series the analysis draws, so the first load requests nothing from /api.
 */
export function analysisLoader(queries: (selection: AnalysisSelection, levels: WarmingLevels) => { frequency: SeriesFrequency; query: SeriesQuery }[]) {
  return async ({ request, context }: LoaderFunctionArgs) => {
    const selection = parseAnalysisSelection(new URL(request.url).searchParams, context.series.catalog.geos);
    const levels = context.reference.list("getWarmingLevels");
    const series = await Promise.all(queries(selection, levels).map(({ frequency, query }) => context.series.cacheEntry(frequency, query)));
    const apiCache: ApiCacheEntry[] = [...context.reference.cacheEntries(["getGeos", "getModelVariables", "getWarmingLevels"]), ...series.filter((e): e is ApiCacheEntry => e !== undefined)];
    return json({ apiCache });
  };
}

/**
 * Loader of the ENSO analysis: the ONI table with the primed series. A client navigation (a `_data`
 * request) gets the table only: its series come through the cache.
 */
export function ensoLoader(queries: (selection: AnalysisSelection, levels: WarmingLevels) => { frequency: SeriesFrequency; query: SeriesQuery }[]) {
  const primed = analysisLoader(queries);
  return async (args: LoaderFunctionArgs) => {
    if (new URL(args.request.url).searchParams.has("_data")) return json({ apiCache: [] as ApiCacheEntry[], oni: args.context.oni });
    const data = (await (await primed(args)).json()) as { apiCache: ApiCacheEntry[] };
    return json({ ...data, oni: args.context.oni });
  };
}
