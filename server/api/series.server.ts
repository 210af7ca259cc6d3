import type { LoaderFunctionArgs } from "@remix-run/node";
import { SERIES_CACHE_CONTROL } from "../../app/features/cmip6/series";
import type { SeriesFrequency } from "../../app/features/cmip6/seriesQuery";
import { SAMPLE_DATA_HEADER } from "../../app/store/contract";
import { cachedJson, etagMatches, jsonError } from "./responses.server";

/**
 * Loader of a series endpoint (`/api/cmip6/v1/monthly`, `/api/cmip6/annual`): 400 naming the parameter
 * and its allowed values for a bad query, 404 for a valid one without data, else the answer with a strong
 * ETag (304 when the client has it; the ETag is known before any data is computed).
 */
export function seriesLoader(frequency: SeriesFrequency) {
  return async ({ request, context }: LoaderFunctionArgs) => {
    const { series } = context;
    const parsed = series.parse(frequency, new URL(request.url).searchParams);
    if (!parsed.ok) {
      const { message, ...details } = parsed.problem;
      return jsonError(400, message, { details });
    }
    const resolved = series.resolve(frequency, parsed.query);
    if (!resolved.ok) return jsonError(404, resolved.message, { details: resolved.details });

    const headers: Record<string, string> = { "Cache-Control": SERIES_CACHE_CONTROL };
    if (etagMatches(request, resolved.value.etag)) {
      return new Response(null, { status: 304, headers: { ETag: resolved.value.etag, ...headers } });
    }
    const prepared = await series.json(resolved.value);
    if ("status" in prepared) return jsonError(404, prepared.message, { details: prepared.details });
    if (prepared.sample) headers[SAMPLE_DATA_HEADER] = "true";
    return cachedJson(request, prepared, headers);
  };
}
