import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { RoutePage } from "~/components/RoutePage";
import { Explorer } from "~/features/cmip6/explorer/Explorer";
import { baselineQuery, cycleQuery, cycleWindow, levelsQuery, parseSelection } from "~/features/cmip6/explorer/selection";
import { spreadQueries, spreadRequest } from "~/features/cmip6/spread/spread";
import { PROJECTION_WINDOWS } from "~/features/cmip6/periods";
import { ReferenceLists } from "~/features/cmip6/ReferenceLists";
import { seriesIndicator } from "~/features/cmip6/seriesQuery";
import { routeMeta } from "~/lib/meta";
import { referenceClientLoader } from "~/store/client-loader";
import { OBSERVED_VARIABLES, observationsQuery } from "~/features/observations/ObservationsNote";
import { hasObservations } from "../../server/series/observed-query";
import type { ApiListName } from "~/store/contract";
import type { ApiCacheEntry } from "~/store/prime";

const LISTS: ApiListName[] = ["getIndicators", "getGeos", "getScenarios", "getCmip6Models", "getWarmingLevels"];

/**
 * Reads the selection from the URL (unknown values fall back to defaults) and primes the cache with the
 * reference lists and the series the page draws, so the first load requests nothing from /api.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { series, reference } = context;
  const selection = parseSelection(new URL(request.url).searchParams, series.catalog);
  const entries: (ApiCacheEntry | undefined)[] = [...reference.cacheEntries(LISTS)];
  const table = reference.list("getWarmingLevels");
  if (selection.view === "spread") {
    // the model-selection view draws from the temperature and precipitation series of the whole ensemble
    const spread = spreadQueries(spreadRequest(selection), table);
    entries.push(await series.cacheEntry(spread.frequency, spread.temperature), await series.cacheEntry(spread.frequency, spread.precipitation));
    return json({ apiCache: entries.filter((e): e is ApiCacheEntry => e !== undefined) });
  }
  const main = await series.cacheEntry("annual", selection.query);
  // the observations of the indicator and place, where some were ingested (their absence is a 404: no entry)
  if (hasObservations(series.store) && selection.query.indicator && selection.query.geo && OBSERVED_VARIABLES.includes(selection.query.indicator)) {
    entries.push(await series.cacheEntry("annual", observationsQuery(selection.query.indicator, selection.query.geo)));
  }
  entries.push(main, await series.cacheEntry("annual", baselineQuery(selection)));
  const levels = levelsQuery(selection, table);
  if (levels) entries.push(await series.cacheEntry("annual", levels));
  if (selection.view === "cycle" && seriesIndicator(series.catalog.indicators, selection.query.indicator, "monthly")) {
    const end = (main?.value as { period?: { end: number } } | undefined)?.period?.end ?? selection.query.end ?? 2100;
    entries.push(await series.cacheEntry("monthly", cycleQuery(selection, cycleWindow(selection, PROJECTION_WINDOWS, end))));
  }
  return json({ apiCache: entries.filter((e): e is ApiCacheEntry => e !== undefined) });
}

export const clientLoader = referenceClientLoader(LISTS);

export default function Cmip6DataRoute() {
  return (
    <RoutePage path="/cmip6-data">
      <Explorer />
      <ReferenceLists />
    </RoutePage>
  );
}

export const meta = routeMeta("/cmip6-data");
