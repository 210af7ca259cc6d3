import type { LoaderFunctionArgs } from "@remix-run/node";
import { SERIES_CACHE_CONTROL } from "../../app/features/cmip6/series";
import { SERIES_FREQUENCIES, SERIES_PATHS, type SeriesFrequency } from "../../app/features/cmip6/seriesQuery";
import { SAMPLE_DATA_HEADER } from "../../app/store/contract";
import { preferredEncoding } from "../encoding.server";
import { forClient } from "../client-scope.server";
import { admittedLines, type Admission } from "../fair-lines.server";
import type { SeriesService } from "../series/service.server";
import { computeTurn, errorAnswer, etagMatchesHeader, plainAnswers, preparedAnswer, requestHeaders, toResponse, type PlainAnswer, type RequestHeaders } from "./responses.server";

/**
 * Computations of one client handed to the workers at once; its further ones wait in its own line, so a
 * client asking many series does not hold up the others (the workers take turns between clients).
 */
export const SERIES_PER_CLIENT = 2;
/** Computations one client may have waiting in its line; more are refused (429) until some are done. */
export const SERIES_CLIENT_QUEUE = 16;
/**
 * Computations handed to the workers at once over all clients (the workers take them client by client), and
 * the longest one waits for its turn before it is turned away (503 with Retry-After).
 */
export const SERIES_ADMISSION: Admission = { capacity: 8, maxWaitMs: 1500 };

const lines = admittedLines(SERIES_PER_CLIENT, SERIES_CLIENT_QUEUE, SERIES_ADMISSION);

/**
 * The answer of a series endpoint (`/api/cmip6/v1/monthly`, `/api/cmip6/annual`): 400 naming the parameter
 * and its allowed values for a bad query, 404 for a valid one without data, else the answer with a strong
 * ETag (304 when the client has it; the ETag is known before any data is computed), compressed once per
 * distinct answer when the client accepts it.
 */
export async function seriesAnswer(
  series: SeriesService,
  frequency: SeriesFrequency,
  params: URLSearchParams,
  request: RequestHeaders,
): Promise<PlainAnswer> {
  const parsed = series.parse(frequency, params);
  if (!parsed.ok) {
    const { message, ...details } = parsed.problem;
    return errorAnswer(400, message, { details });
  }
  const resolved = series.resolve(frequency, parsed.query);
  if (!resolved.ok) return errorAnswer(404, resolved.message, { details: resolved.details });

  // the ETag is known before the answer is computed: a client that has it costs no computation
  const headers: Record<string, string> = { "Cache-Control": SERIES_CACHE_CONTROL, Vary: "Accept-Encoding" };
  if (etagMatchesHeader(request.ifNoneMatch, resolved.value.etag)) return { status: 304, headers: { ETag: resolved.value.etag, ...headers }, body: null };
  const encoding = preferredEncoding(request.acceptEncoding);
  let prepared: Awaited<ReturnType<SeriesService["json"]>>;
  if (series.isCached(resolved.value)) prepared = await series.json(resolved.value, encoding);
  else {
    // a series not computed yet costs a worker's time: each client in its own line, bounded
    const client = request.client ?? "";
    const turn = await computeTurn(lines, client, "series");
    if ("status" in turn) return turn;
    try {
      prepared = await forClient(client, () => series.json(resolved.value, encoding), lines.isLong(client));
    } finally {
      turn.end();
    }
  }
  if ("status" in prepared) return errorAnswer(404, prepared.message, { details: prepared.details });
  if (prepared.sample) headers[SAMPLE_DATA_HEADER] = "true";
  return preparedAnswer(prepared, request, headers, (encoding) => series.encode(prepared, encoding));
}

/** Loader of a series endpoint's resource route. */
export function seriesLoader(frequency: SeriesFrequency) {
  return async ({ request, context }: LoaderFunctionArgs) =>
    toResponse(await seriesAnswer(context.series, frequency, new URL(request.url).searchParams, requestHeaders(request, context.clientAddress)));
}

/**
 * The series endpoints answered by Express before the Remix handler, with the same answers as their
 * resource routes (`seriesAnswer`): a cached series then costs little more than sending its bytes.
 */
export function seriesEndpoints(series: SeriesService) {
  const byPath = new Map<string, SeriesFrequency>(SERIES_FREQUENCIES.map((f) => [`/api/${SERIES_PATHS[f]}`, f]));
  return plainAnswers((path, url, headers) => {
    const frequency = byPath.get(path);
    return frequency && seriesAnswer(series, frequency, new URL(url, "http://localhost").searchParams, headers);
  });
}
