import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { RoutePage } from "~/components/RoutePage";
import { Explorer } from "~/features/cmip6/explorer/Explorer";
import { parseSelection } from "~/features/cmip6/explorer/selection";
import { explorerViewEntry } from "~/features/cmip6/explorer/view.server";
import { ReferenceLists } from "~/features/cmip6/ReferenceLists";
import { routeMeta } from "~/lib/meta";
import { referenceClientLoader } from "~/store/client-loader";
import { OBSERVED_VARIABLES, observationsQuery } from "~/features/observations/ObservationsNote";
import { hasObservations } from "~server/series/observed-query";
import type { ApiListName } from "~/store/contract";
import type { ApiCacheEntry } from "~/store/prime";

/** The lists every view reads (the form and the reference tables). */
const LISTS: ApiListName[] = ["getIndicators", "getGeos", "getScenarios", "getCmip6Models"];

/**
 * Reads the selection from the URL (unknown values fall back to defaults) and primes the cache with the
 * reference lists and what the page shows: the view of the selection (decision 026), the model-selection
 * view's points among them. The first load requests nothing from /api.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { series, reference } = context;
  const params = new URL(request.url).searchParams;
  const selection = parseSelection(params, series.catalog);
  const entries: (ApiCacheEntry | undefined)[] = [...reference.cacheEntries(LISTS)];
  // the observations of the indicator and place, where some were ingested (their absence is a 404: no entry)
  if (selection.view !== "spread" && hasObservations(series.store) && selection.query.indicator && selection.query.geo && OBSERVED_VARIABLES.includes(selection.query.indicator)) {
    entries.push(await series.cacheEntry("annual", observationsQuery(selection.query.indicator, selection.query.geo)));
  }
  entries.push(await explorerViewEntry(context, params));
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
