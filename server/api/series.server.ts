import type { LoaderFunctionArgs } from "@remix-run/node";
import { SERIES_CACHE_CONTROL } from "../../app/features/cmip6/series";
import type { SeriesFrequency } from "../../app/features/cmip6/seriesQuery";
import { SAMPLE_DATA_HEADER } from "../../app/store/contract";
import { SERIES_ENCODINGS, type SeriesEncoding } from "../series/service.server";
import { cachedJson, etagMatches, JSON_CONTENT_TYPE, jsonError } from "./responses.server";

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
    const encoding = preferredEncoding(request.headers.get("Accept-Encoding"));
    if (!encoding) return cachedJson(request, prepared, headers);
    const body = series.encode(prepared, encoding);
    return new Response(body, {
      status: 200,
      headers: { "Content-Type": JSON_CONTENT_TYPE, "Content-Encoding": encoding, "Content-Length": String(body.length), ETag: prepared.etag, ...headers },
    });
  };
}

/** Brotli when the client takes it, else gzip, else none (q=0 refuses an encoding). */
export function preferredEncoding(acceptEncoding: string | null): SeriesEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const wildcard = accepted.get("*");
  return SERIES_ENCODINGS.find((e) => (accepted.get(e) ?? wildcard ?? 0) > 0);
}
