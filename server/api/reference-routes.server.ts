import { json, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import { API_LISTS, REFERENCE_CACHE_CONTROL, SAMPLE_DATA_HEADER, type ApiListName } from "../../app/store/contract";
import type { ReferenceService } from "../services/reference.server";
import { preparedAnswer, requestHeaders, toResponse, type PlainAnswer, type RequestHeaders } from "./responses.server";

/**
 * The answer of one reference endpoint: the seed as JSON, cacheable, revalidated by ETag, sent from its
 * copy compressed once when the client accepts it. Query parameters are ignored.
 */
export function listAnswer(reference: ReferenceService, name: ApiListName, request: RequestHeaders): PlainAnswer {
  const headers: Record<string, string> = { "Cache-Control": REFERENCE_CACHE_CONTROL, Vary: "Accept-Encoding" };
  if (API_LISTS[name].sample) headers[SAMPLE_DATA_HEADER] = "true";
  return preparedAnswer(reference.json(name), request, headers, (encoding) => reference.encode(name, encoding));
}

/** Loader of a reference endpoint's resource route. */
export function listLoader(name: ApiListName) {
  return ({ request, context }: LoaderFunctionArgs) => toResponse(listAnswer(context.reference, name, requestHeaders(request)));
}

/**
 * Loader of a screen that needs reference lists: hands them to the page as RTK Query cache entries, so
 * the server render and the hydration both find them in the cache and the browser requests nothing.
 * `more` adds the screen's own data from the services (the AEZ browser's inline map).
 */
export function primedLoader<More extends object = object>(names: ApiListName[], more?: (context: AppLoadContext) => More) {
  return ({ context }: LoaderFunctionArgs) => json({ ...more?.(context), apiCache: context.reference.cacheEntries(names) });
}
