import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { parseAnalysisSelection, type AnalysisSelection } from "../../app/features/analytics/selection";
import type { SeriesFrequency, SeriesQuery } from "../../app/features/cmip6/seriesQuery";
import type { WarmingLevels } from "../../app/features/cmip6/warmingLevels";
import type { ApiCacheEntry } from "../../app/store/prime";

/**
 * Loader of the ENSO analysis: the ONI table, which of the observed series exist for the place (`observed`,
 * in the order of `observedQueries`), and the primed series: the observed ones that exist and the
 * historical runs beside them (for their bias). Without observations nothing of the models is primed: the
 * page shows no model composite. A client navigation (a `_data` request) gets the table and the list only:
 * its series come through the cache.
 */
export function ensoLoader(
  observedQueries: (selection: AnalysisSelection) => { frequency: SeriesFrequency; query: SeriesQuery }[],
  historicalQueries: (selection: AnalysisSelection) => { frequency: SeriesFrequency; query: SeriesQuery }[],
) {
  return async ({ request, context }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const selection = parseAnalysisSelection(url.searchParams, context.series.catalog.geos);
    // an observed series that does not exist answers 404: its entry is undefined
    const observedEntries = await Promise.all(observedQueries(selection).map(({ frequency, query }) => context.series.cacheEntry(frequency, query)));
    const observed = observedEntries.map((e) => e !== undefined);
    if (url.searchParams.has("_data")) return json({ apiCache: [] as ApiCacheEntry[], oni: context.oni, observed });
    const history = historicalQueries(selection);
    const historical = await Promise.all(history.map(({ frequency, query }, i) => (observed[i] ? context.series.cacheEntry(frequency, query) : undefined)));
    const apiCache: ApiCacheEntry[] = [
      ...context.reference.cacheEntries(["getGeos", "getModelVariables", "getWarmingLevels"]),
      ...[...observedEntries, ...historical].filter((e): e is ApiCacheEntry => e !== undefined),
    ];
    return json({ apiCache, oni: context.oni, observed });
  };
}
