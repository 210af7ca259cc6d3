import { json, type LoaderFunctionArgs } from "@remix-run/node";
import type { ApiListName } from "../../app/store/contract";
import type { ViewerLayer } from "../../app/features/viewer/schema";
import type { Geo } from "../../app/features/cmip6/schema";
import { choroplethQueryOf, readChoropleth } from "../../app/features/maps/choropleth";
import type { ApiCacheEntry } from "../../app/store/prime";
import { gridIndicatorsOf, readGridChoice, showsGrid, summaryArg } from "../../app/features/grids/gridChoice";
import { summaryOfResponse } from "../../app/features/grids/gridSummary";
import { fieldResponse } from "../grids/answers";
import { cmip6ViewerView, cmip6ViewerViewEntry } from "./viewer-views.server";

/**
 * Loader of a viewer page: the reference lists it reads (primed into the RTK Query cache), the map
 * settings, and the page's layers: those of `seeds/viewer-pages.json` for `page`, or the CMIP6 layer
 * seed filtered by `select`. The page seed is imported on demand so its schema stays out of the browser.
 * With `choropleth` (/cmip6-viewer) it primes the page's view (its layers, selects and regions,
 * `viewer-views.server.ts`) and the map's values for the URL's selection instead of the lists: the
 * regions' values, or with `geotype=Grid` the gridded field's summary (its legend: units, models, range;
 * the field itself is the image the page links, not primed), and the lines on the states' outlines
 * (`outlines`: source, licence, the countries whose units are not today's) the map's notes say.
 */
export function viewerLoader(
  lists: ApiListName[],
  select: ((all: ViewerLayer[]) => ViewerLayer[]) | string = () => [],
  options: { choropleth?: boolean } = {},
) {
  return async ({ context, request }: LoaderFunctionArgs) => {
    const all = context.reference.list("getViewerLayers") as ViewerLayer[];
    const layers = typeof select === "string" ? (await import("./viewer-pages.server")).pageLayers(select) : select(all);
    const apiCache: ApiCacheEntry[] = context.reference.cacheEntries(lists);
    // the sources of the states' outlines, which the page says under the map when it colours them
    let outlines: string[] = [];
    if (options.choropleth) {
      apiCache.push(cmip6ViewerViewEntry(context.reference));
      const countries = (context.reference.list("getGeos") as Geo[]).filter((g) => g.field_geotype === "Country").map((g) => ({ code: g.field_value, name: g.name }));
      outlines = (await import("../places/outlines.server")).adminSourceLines(countries);
      const params = new URL(request.url).searchParams;
      if (showsGrid(params)) {
        const grid = readGridChoice(params, gridIndicatorsOf(cmip6ViewerView(context.reference).indicators).map((i) => i.code));
        const set = await context.grids.field(grid.query);
        // without the field the legend says so at once
        apiCache.push({ endpointName: "getGridSummary", arg: summaryArg(grid), value: set ? summaryOfResponse(fieldResponse(set, grid.statistic)) : null });
        return json({ apiCache, config: mapConfig(context), layers, outlines });
      }
      // the region values of the URL's selection, so the region list has them in the server HTML
      const known = context.series.catalog.models.map((m) => m.field_value);
      const query = choroplethQueryOf(readChoropleth(params, known));
      const value = await (await import("./choropleth.server")).choropleth(context.series, context.reference.list("getWarmingLevels"), query);
      if (!("status" in value)) apiCache.push({ endpointName: "getChoropleth", arg: query, value });
    }
    return json({ apiCache, config: mapConfig(context), layers, outlines });
  };
}

const mapConfig = (context: LoaderFunctionArgs["context"]) => ({
  baseUrl: context.env.WMS_BASE_URL,
  externalHosts: context.env.WMS_EXTERNAL_HOSTS,
  mapboxToken: context.env.MAPBOX_ACCESS_TOKEN,
});
