import { SERIES_PARAMS } from "~/features/cmip6/seriesQuery";
import { FILTER_KEYS } from "~/features/maps/filters";
import { MAP_STATE_PARAMS } from "~/features/maps/mapState";

/**
 * The query parameters the portal's pages read (in their loaders or while rendering), by name. A page
 * ignores any other parameter, so an address is the same page without them: the document cache keys and
 * renders a page by its address without unknown parameters (`canonicalAddress`), and a junk parameter can
 * neither bypass it nor fill it. A parser that reads a new parameter adds its name here (a unit test
 * checks the literal names read in `app/` and `server/`).
 */
export const PAGE_PARAMETERS: ReadonlySet<string> = new Set<string>([
  // CMIP6 explorer, compare, analyses, entry charts (`parseSelection`, `parseAnalysisSelection`, `entrySeriesView`)
  ...SERIES_PARAMS,
  ...["baseline", "view", "members", "ssp", "subset", "compare", "periods", "species", "thi"],
  // map viewers: layer filters, choropleth selection, map state, time step
  ...FILTER_KEYS,
  ...["years", "scen", "smin", "smax", "mod", "show", "geotype", "t"],
  // the map viewer's gridded field (`readGridChoice`: the grid API's parameters beside geotype=Grid; the
  // others are the series' own names)
  "statistic",
  // a viewer's whole layer list (`ALL_LAYERS_PARAM`), the AEZ page's open module (`OPEN_MODULE_PARAM`)
  ...["layers", "module"],
  ...MAP_STATE_PARAMS,
  // catalogue's opened entry, CKAN viewer, a form's thank-you reference, Remix's index marker
  ...["entry", "dataset", "resource", "ref", "index"],
  // a place profile's change tables with every indicator
  "rows",
  // the explorer's reference list of every indicator with its definition (`INDICATOR_LIST_PARAM`)
  "indicators",
  // the on-demand index page (`app/features/ondemand/form.ts`): the index, its parameters (the names of
  // `ONDEMAND_INDICES`' parameters, a test in server/ondemand checks them), the months, the region as a
  // grid cell or a polygon, and the job shown
  ...["process", "variable", "threshold", "minDays", "base", "months", "cell", "polygon", "job"],
]);

/** A data table's state (`parseTableState`), optionally behind the table's prefix (`csv.`, `t.`). */
const TABLE_PARAMETER = /^(?:[a-z]+\.)?(?:q|sort|page|size|cols|(?:f|in)\..+)$/;

export function isPageParameter(name: string): boolean {
  return PAGE_PARAMETERS.has(name) || TABLE_PARAMETER.test(name);
}

/**
 * The address (path and query, as in a request line) without the parameters no page reads, keeping the
 * others as they were written and in their order.
 */
export function canonicalAddress(address: string): string {
  const mark = address.indexOf("?");
  if (mark < 0) return address;
  const kept = address
    .slice(mark + 1)
    .split("&")
    .filter((pair) => pair !== "" && isPageParameter(decodedName(pair.split("=", 1)[0])));
  return kept.length ? `${address.slice(0, mark)}?${kept.join("&")}` : address.slice(0, mark);
}

/** A parameter's name as URLSearchParams reads it; one that cannot be decoded is no page's. */
function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replaceAll("+", " "));
  } catch {
    return "";
  }
}
