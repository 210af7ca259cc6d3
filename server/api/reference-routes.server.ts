import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { API_LISTS, REFERENCE_CACHE_CONTROL, SAMPLE_DATA_HEADER, type ApiListName } from "../../app/store/contract";
import { cachedJson } from "./responses.server";

/** Loader of one reference endpoint: the seed as JSON, cacheable, revalidated by ETag. Query parameters are ignored. */
export function listLoader(name: ApiListName) {
  return ({ request, context }: LoaderFunctionArgs) => {
    const headers: Record<string, string> = { "Cache-Control": REFERENCE_CACHE_CONTROL };
    if (API_LISTS[name].sample) headers[SAMPLE_DATA_HEADER] = "true";
    return cachedJson(request, context.reference.json(name), headers);
  };
}

/**
 * Loader of a screen that needs reference lists: hands them to the page as RTK Query cache entries, so
 * the server render and the hydration both find them in the cache and the browser requests nothing.
 */
export function primedLoader(names: ApiListName[]) {
  return ({ context }: LoaderFunctionArgs) => json({ apiCache: context.reference.cacheEntries(names) });
}
